package handlers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/labstack/echo/v5"

	"meldpad/views"
)

// showAPIDocs is the API's page, GET /api: drawn on the server from the
// OpenAPI document, so that it needs no script and says exactly what
// the document says.
func (s *Server) showAPIDocs(c *echo.Context) error {
	vm, err := apiDocs()
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=300")
	return render(c, http.StatusOK, views.APIDocs(vm))
}

// apiDocs is the page's view model, read from the document once.
var apiDocs = sync.OnceValues(func() (views.APIDocsVM, error) {
	var doc map[string]any
	if err := json.Unmarshal(openAPIDocument, &doc); err != nil {
		return views.APIDocsVM{}, fmt.Errorf("handlers: openapi.json: %w", err)
	}
	return docsFrom(openAPISchema{doc}), nil
})

// openAPISchema reads the parts of an OpenAPI document the page shows,
// following $ref within the document.
type openAPISchema struct{ doc map[string]any }

// methodOrder is the order of an operation's methods on the page.
var methodOrder = []string{"get", "post", "put", "patch", "delete"}

// docsFrom lays out the document: its info, then each path's operations
// in the document's order of paths.
func docsFrom(o openAPISchema) views.APIDocsVM {
	info := docObject(o.doc["info"])
	vm := views.APIDocsVM{Title: docText(info["title"]), Summary: docText(info["summary"]), Description: docText(info["description"])}
	schemas := docObject(docObject(o.doc["components"])["schemas"])
	for _, name := range []string{"Card", "Play", "Seat", "HouseRules"} {
		if schema := docObject(schemas[name]); schema != nil {
			vm.Types = append(vm.Types, views.APIFieldVM{Name: name, Type: o.typeOf(schema), Description: docText(schema["description"])})
		}
	}
	paths := docObject(o.doc["paths"])
	names := make([]string, 0, len(paths))
	for p := range paths {
		names = append(names, p)
	}
	o.inDocumentOrder(names, paths)
	for _, path := range names {
		item := docObject(paths[path])
		for _, method := range methodOrder {
			op, ok := item[method].(map[string]any)
			if !ok {
				continue
			}
			vm.Operations = append(vm.Operations, o.operation(strings.ToUpper(method), path, op))
		}
	}
	return vm
}

func (o openAPISchema) operation(method, path string, op map[string]any) views.APIOperationVM {
	out := views.APIOperationVM{ID: docText(op["operationId"]), Method: method, Path: path,
		Summary: docText(op["summary"]), Description: docText(op["description"])}
	for _, p := range docList(op["parameters"]) {
		param := docObject(o.resolve(p))
		out.Parameters = append(out.Parameters, views.APIFieldVM{Name: docText(param["name"]),
			Type: o.typeOf(docObject(param["schema"])), Required: param["required"] == true, Description: docText(param["description"])})
	}
	if body := docObject(o.resolve(op["requestBody"])); body != nil {
		media := docObject(docObject(body["content"])["application/json"])
		out.Request = o.fields("", docObject(media["schema"]), 0)
		out.RequestExample = pretty(media["example"], true)
	}
	responses := docObject(op["responses"])
	statuses := make([]string, 0, len(responses))
	for status := range responses {
		statuses = append(statuses, status)
	}
	sort.Strings(statuses)
	for _, status := range statuses {
		resp := docObject(o.resolve(responses[status]))
		media := docObject(docObject(resp["content"])["application/json"])
		r := views.APIResponseVM{Status: status, Description: docText(resp["description"])}
		for name, h := range docObject(resp["headers"]) {
			r.Headers = append(r.Headers, views.APIFieldVM{Name: name, Description: docText(docObject(h)["description"])})
		}
		if status == "200" {
			out.Answer = o.fields("", docObject(media["schema"]), 0)
			out.AnswerExample = pretty(media["example"], true)
		} else {
			r.Example = pretty(media["example"], false)
		}
		out.Responses = append(out.Responses, r)
	}
	return out
}

// maxFieldDepth bounds the nesting the page spells out.
const maxFieldDepth = 4

// fields flattens a schema's properties into rows: "players[].hand",
// each with its type and description. The top of an array body is "[]".
func (o openAPISchema) fields(prefix string, schema map[string]any, depth int) []views.APIFieldVM {
	schema = o.deref(schema)
	if depth > maxFieldDepth || schema == nil {
		return nil
	}
	if items := o.arrayItems(schema); items != nil {
		return o.fields(prefix+"[]", items, depth+1)
	}
	props := docObject(schema["properties"])
	if len(props) == 0 {
		return nil
	}
	required := map[string]bool{}
	for _, r := range docList(schema["required"]) {
		required[docText(r)] = true
	}
	var out []views.APIFieldVM
	for _, name := range o.propertyOrder(schema) {
		prop := docObject(props[name])
		full := name
		if prefix != "" {
			full = prefix + "." + name
		}
		desc := docText(prop["description"])
		if desc == "" {
			desc = docText(o.deref(prop)["description"])
		}
		out = append(out, views.APIFieldVM{Name: full, Type: o.typeOf(prop), Required: required[name], Description: desc})
		out = append(out, o.fields(full, o.nonNull(prop), depth+1)...)
	}
	return out
}

// propertyOrder is the order the document gives a schema's properties.
func (o openAPISchema) propertyOrder(schema map[string]any) []string {
	props := docObject(schema["properties"])
	names := make([]string, 0, len(props))
	for name := range props {
		names = append(names, name)
	}
	o.inDocumentOrder(names, props)
	return names
}

// inDocumentOrder sorts the keys of obj, one of the document's objects,
// in the order the document writes them: encoding/json forgets it.
func (o openAPISchema) inDocumentOrder(keys []string, obj map[string]any) {
	order := keyOrder(openAPIDocument)
	var written []string
	for _, candidate := range order {
		if len(candidate) == len(obj) && sameKeys(candidate, obj) {
			written = candidate
			break
		}
	}
	sort.SliceStable(keys, func(i, j int) bool { return slices.Index(written, keys[i]) < slices.Index(written, keys[j]) })
}

// sameKeys reports whether keys are exactly obj's.
func sameKeys(keys []string, obj map[string]any) bool {
	for _, k := range keys {
		if _, ok := obj[k]; !ok {
			return false
		}
	}
	return true
}

// keyOrder lists the keys of every object in a JSON document, each
// object's in the order written.
var keyOrder = func() func([]byte) [][]string {
	var once sync.Once
	var out [][]string
	return func(raw []byte) [][]string {
		once.Do(func() {
			dec := json.NewDecoder(bytes.NewReader(raw))
			type frame struct {
				keys    []string
				object  bool
				wantKey bool
			}
			var stack []*frame
			for {
				tok, err := dec.Token()
				if err != nil {
					return
				}
				var top *frame
				if len(stack) > 0 {
					top = stack[len(stack)-1]
				}
				switch t := tok.(type) {
				case json.Delim:
					switch t {
					case '{', '[':
						if top != nil && top.object {
							top.wantKey = true
						}
						stack = append(stack, &frame{object: t == '{', wantKey: t == '{'})
					case '}', ']':
						if top.object {
							out = append(out, top.keys)
						}
						stack = stack[:len(stack)-1]
					}
				default:
					if top != nil && top.object {
						if top.wantKey {
							top.keys = append(top.keys, t.(string))
						}
						top.wantKey = !top.wantKey
					}
				}
			}
		})
		return out
	}
}()

// typeOf names a schema's type for a person: "string", "integer 0-5",
// "array of Card", "integer or null", "one of open, trump, folds".
func (o openAPISchema) typeOf(schema map[string]any) string {
	if ref := docText(schema["$ref"]); ref != "" {
		return refName(ref)
	}
	var alts []string
	for _, alt := range docList(schema["anyOf"]) {
		alts = append(alts, o.typeOf(docObject(alt)))
	}
	if len(alts) > 0 {
		return strings.Join(alts, " or ")
	}
	if enum := docList(schema["enum"]); len(enum) > 0 {
		var names []string
		for _, e := range enum {
			if e == nil {
				names = append(names, "null")
				continue
			}
			names = append(names, fmt.Sprint(e))
		}
		return "one of " + strings.Join(names, ", ")
	}
	var types []string
	switch t := schema["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		for _, x := range t {
			types = append(types, docText(x))
		}
	}
	for i, t := range types {
		switch t {
		case "array":
			types[i] = "array of " + o.typeOf(docObject(schema["items"]))
			if lo, hi := schema["minItems"], schema["maxItems"]; lo != nil && lo == hi {
				types[i] = fmt.Sprintf("%v × %s", lo, o.typeOf(docObject(schema["items"])))
			}
		case "integer":
			types[i] = "integer" + bounds(schema)
		case "null":
		}
	}
	if len(types) == 0 {
		return "any"
	}
	return strings.Join(types, " or ")
}

// bounds writes an integer's range when it is narrower than 32 bits.
func bounds(schema map[string]any) string {
	lo, hasLo := schema["minimum"].(float64)
	hi, hasHi := schema["maximum"].(float64)
	hasLo = hasLo && lo > -1<<31
	hasHi = hasHi && hi < 1<<31-1
	switch {
	case hasLo && hasHi:
		return fmt.Sprintf(" %v-%v", lo, hi)
	case hasLo:
		return fmt.Sprintf(" ≥ %v", lo)
	case hasHi:
		return fmt.Sprintf(" ≤ %v", hi)
	}
	return ""
}

// nonNull is a schema without its null alternative (anyOf [X, null]).
func (o openAPISchema) nonNull(schema map[string]any) map[string]any {
	for _, alt := range docList(schema["anyOf"]) {
		if a := docObject(alt); a["type"] != "null" {
			return a
		}
	}
	return schema
}

// arrayItems is an array schema's items, nil for anything else.
func (o openAPISchema) arrayItems(schema map[string]any) map[string]any {
	switch t := schema["type"].(type) {
	case string:
		if t != "array" {
			return nil
		}
	case []any:
		if len(t) == 0 || t[0] != "array" {
			return nil
		}
	default:
		return nil
	}
	return docObject(schema["items"])
}

// deref follows $ref (and a nullable anyOf) to the schema it names.
func (o openAPISchema) deref(schema map[string]any) map[string]any {
	for range 8 {
		schema = o.nonNull(schema)
		ref := docText(schema["$ref"])
		if ref == "" {
			return schema
		}
		schema = docObject(o.resolve(schema))
	}
	return schema
}

// resolve follows a $ref within the document ("#/components/...").
func (o openAPISchema) resolve(v any) any {
	m := docObject(v)
	ref := docText(m["$ref"])
	if !strings.HasPrefix(ref, "#/") {
		return v
	}
	var cur any = o.doc
	for _, part := range strings.Split(ref[2:], "/") {
		cur = docObject(cur)[part]
	}
	return cur
}

// refName is the last part of a $ref: "Card".
func refName(ref string) string { return ref[strings.LastIndexByte(ref, '/')+1:] }

// pretty prints an example as JSON, indented or on one line.
func pretty(v any, indent bool) string {
	if v == nil {
		return ""
	}
	var b []byte
	if indent {
		b, _ = json.MarshalIndent(v, "", "  ")
	} else {
		b, _ = json.Marshal(v)
	}
	return string(b)
}

// docObject, docList and docText read a decoded JSON value as what it
// should be, or its zero value.
func docObject(v any) map[string]any { m, _ := v.(map[string]any); return m }

func docList(v any) []any { l, _ := v.([]any); return l }

func docText(v any) string { s, _ := v.(string); return s }
