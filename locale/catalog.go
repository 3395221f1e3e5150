package locale

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// The catalogs are go-i18n's JSON message files, one per language
// (en.json, de.json, ...), so that its goi18n tool can merge them for a
// translator. An entry is a text, or an object of plural forms (CLDR's
// categories zero, one, two, few, many, other) chosen by the message's
// Count argument, with an optional description for the translator. A
// text names the message's arguments as go-i18n's templates do,
// {{.Name}}; nothing else of text/template is used, so that the phone's
// referee says them without it.
//
//go:embed *.json
var catalogFiles embed.FS

// pluralForms are CLDR's plural categories, as go-i18n names them.
var pluralForms = []string{"zero", "one", "two", "few", "many", "other"}

// entry is one message of a catalog: its text, or its plural forms.
type entry struct {
	forms map[string][]segment // by plural category; "other" alone for a text
	// plural marks an entry of plural forms, chosen by Count.
	plural bool
}

// segment is a piece of a text: literal text, or the argument it names.
type segment struct {
	text string
	arg  string
}

// catalog is one language's messages by id.
type catalog map[string]*entry

// parseCatalog reads a catalog file.
func parseCatalog(data []byte) (catalog, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var raw map[string]json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return nil, err
	}
	out := make(catalog, len(raw))
	for id, value := range raw {
		e, err := parseEntry(value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", id, err)
		}
		out[id] = e
	}
	return out, nil
}

func parseEntry(value json.RawMessage) (*entry, error) {
	var text string
	if err := json.Unmarshal(value, &text); err == nil {
		segs, err := parseText(text)
		if err != nil {
			return nil, err
		}
		return &entry{forms: map[string][]segment{"other": segs}}, nil
	}
	var forms map[string]string
	if err := json.Unmarshal(value, &forms); err != nil {
		return nil, fmt.Errorf("neither a text nor plural forms")
	}
	e := &entry{forms: map[string][]segment{}}
	for form, text := range forms {
		switch {
		case form == "description" || form == "hash":
			continue
		case !contains(pluralForms, form):
			return nil, fmt.Errorf("%q is not a plural form", form)
		}
		segs, err := parseText(text)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", form, err)
		}
		e.forms[form] = segs
	}
	if e.forms["other"] == nil {
		return nil, fmt.Errorf("no \"other\" form")
	}
	e.plural = len(e.forms) > 1
	return e, nil
}

// parseText splits a text into literal pieces and {{.Name}} placeholders.
func parseText(text string) ([]segment, error) {
	var out []segment
	for text != "" {
		open := strings.Index(text, "{{")
		if open < 0 {
			out = append(out, segment{text: text})
			break
		}
		if open > 0 {
			out = append(out, segment{text: text[:open]})
		}
		end := strings.Index(text[open:], "}}")
		if end < 0 {
			return nil, fmt.Errorf("%q opens {{ without closing it", text)
		}
		inner := strings.TrimSpace(text[open+2 : open+end])
		name, ok := strings.CutPrefix(inner, ".")
		if !ok || name == "" || strings.ContainsAny(name, " .|()\"") {
			return nil, fmt.Errorf("{{%s}}: only {{.Name}} is allowed", inner)
		}
		out = append(out, segment{arg: name})
		text = text[open+end+2:]
	}
	return out, nil
}

// placeholders lists the arguments an entry's texts name, each once,
// sorted.
func (e *entry) placeholders() []string {
	seen := map[string]bool{}
	for _, segs := range e.forms {
		for _, s := range segs {
			if s.arg != "" {
				seen[s.arg] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for name := range seen {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// moreCatalogs are further catalog files beside the referee's: the
// pages' words, which the phone's referee does not carry (pages.go).
// A file there is named area.tag.json (game.de.json) and holds ids no
// other file of its language holds.
var moreCatalogs []fs.FS

// loadCatalog reads the catalog of the language with the given tag: its
// tag.json and every area.tag.json of moreCatalogs.
func loadCatalog(tag string) (catalog, error) {
	data, err := catalogFiles.ReadFile(tag + ".json")
	if err != nil {
		return nil, err
	}
	c, err := parseCatalog(data)
	if err != nil {
		return nil, fmt.Errorf("locale: %s.json: %w", tag, err)
	}
	more, err := pageCatalogs(tag)
	if err != nil {
		return nil, err
	}
	for _, m := range more {
		for id, e := range m.texts {
			if _, dup := c[id]; dup {
				return nil, fmt.Errorf("locale: %s: %s is also in another file", m.name, id)
			}
			c[id] = e
		}
	}
	return c, nil
}

// namedCatalog is one file of moreCatalogs, read.
type namedCatalog struct {
	name  string
	texts catalog
}

// pageCatalogs reads every area.tag.json of moreCatalogs for the
// language tag names.
func pageCatalogs(tag string) ([]namedCatalog, error) {
	var out []namedCatalog
	for _, fsys := range moreCatalogs {
		names, err := fs.Glob(fsys, "*/*."+tag+".json")
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
				return nil, fmt.Errorf("locale: %s: %w", name, err)
			}
			out = append(out, namedCatalog{name: name, texts: c})
		}
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
