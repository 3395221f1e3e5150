//go:build !js

package locale

import (
	"io/fs"
	"sort"
)

// PageTexts returns the words of the pages' catalogs (locale/pages) in
// the Localizer's language, by id: the literal pieces of each text
// between its arguments, of every plural form ("Record deal " of
// "Record deal {{.N}}"). A test of the pages reads them to find words
// of one language left on a page in another; the referee's own
// catalogs (tag.json) are not among them.
func (l *Localizer) PageTexts() (map[string][]string, error) {
	out := map[string][]string{}
	for _, fsys := range moreCatalogs {
		names, err := fs.Glob(fsys, "*/*."+l.lang.Tag+".json")
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			data, err := fs.ReadFile(fsys, name)
			if err != nil {
				return nil, err
			}
			c, err := parseCatalog(data)
			if err != nil {
				return nil, err
			}
			for id, e := range c {
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
	}
	return out, nil
}
