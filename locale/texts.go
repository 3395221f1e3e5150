//go:build !js

package locale

import "sort"

// PageTexts returns the words of the pages' catalogs (locale/pages) in
// the Localizer's language, by id: the literal pieces of each text
// between its arguments, of every plural form ("Record deal " of
// "Record deal {{.N}}"). A test of the pages reads them to find words
// of one language left on a page in another; the referee's own
// catalogs (tag.json) are not among them.
func (l *Localizer) PageTexts() (map[string][]string, error) {
	out := map[string][]string{}
	more, err := pageCatalogs(l.lang.Tag)
	if err != nil {
		return nil, err
	}
	for _, m := range more {
		for id, e := range m.texts {
			forms := make([]string, 0, len(e.forms))
			for form := range e.forms {
				forms = append(forms, form)
			}
			sort.Strings(forms)
			for _, form := range forms {
				for _, s := range e.forms[form] {
					if s.text != "" {
						out[id] = append(out[id], s.text)
					}
				}
			}
		}
	}
	return out, nil
}
