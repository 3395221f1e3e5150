package db

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// Bounds of the shape of a file, beyond which it is hostile or broken:
// nothing meldpad writes comes near them.
const (
	// maxRecordText is the longest string inside a record or a revision.
	maxRecordText = 4 << 10
	// maxRecordBytes is the largest record or revision: no form can send
	// more than the 64 KiB body limit.
	maxRecordBytes = 64 << 10
	// maxRecordDepth is how deep a record may nest: records are a few
	// levels deep; SQLite's JSON functions refuse 1,000 levels.
	maxRecordDepth = 32
	// maxKeys is the most keys of a map (house rules).
	maxKeys = 64
)

var rawMessageType = reflect.TypeFor[json.RawMessage]()

// checkShape walks the file token by token against t, the type of the
// file's version (Archive, or archiveV1), and returns the first place
// where it differs from it: a syntax error, a
// value of the wrong type, a field the format does not have, a number
// that is not a whole number or does not fit, a record nested too deep.
// With the path of the place ("games[12].hands[3].points[1]"), which
// encoding/json's errors do not give. It is the slow way (a few seconds
// for a league of 5,000 games), taken only when decoding the file failed,
// to say where.
func checkShape(data []byte, t reflect.Type, version int) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	w := shapeWalker{dec: dec, data: data, version: version}
	if err := w.value(t, ""); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return importFailedAt(w.at(), "after_end")
	}
	return nil
}

// checkShapeAt is checkShape for a value of the file at path (an
// event's settings, read as a type the store does not have).
func checkShapeAt(data []byte, t reflect.Type, path string, version int) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	w := shapeWalker{dec: dec, data: data, version: version}
	return w.value(t, path)
}

type shapeWalker struct {
	dec     *json.Decoder
	data    []byte
	version int // of the format the file says it is in
}

// at is the place the decoder has reached, as a line and column.
func (w *shapeWalker) at() place { return placeOf(w.data, w.dec.InputOffset()) }

// placeOf is the line and column of a byte offset: "line 4, column 17".
func placeOf(data []byte, offset int64) place {
	offset = min(max(offset, 0), int64(len(data)))
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return place{line: line, column: col}
}

// syntaxProblem says where the text stops being JSON: at the character
// the decoder stumbled on (Offset is just past it).
func syntaxProblem(data []byte, syntax *json.SyntaxError) error {
	if syntax.Error() == "unexpected end of JSON input" {
		return importFailed("", "cut_short")
	}
	return importFailedAt(placeOf(data, syntax.Offset-1), "not_json", "Problem", syntax.Error())
}

// token reads the next token; a syntax error becomes a problem at its
// place in the text.
func (w *shapeWalker) token() (json.Token, error) {
	tok, err := w.dec.Token()
	if err == nil {
		return tok, nil
	}
	var syntax *json.SyntaxError
	switch {
	case errors.As(err, &syntax):
		return nil, syntaxProblem(w.data, syntax)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return nil, importFailed("", "cut_short")
	}
	return nil, importFailedAt(w.at(), "not_json", "Problem", err.Error())
}

// value checks the next value against type t at path.
func (w *shapeWalker) value(t reflect.Type, path string) error {
	tok, err := w.token()
	if err != nil {
		return err
	}
	return w.valueFrom(tok, t, path)
}

func (w *shapeWalker) valueFrom(tok json.Token, t reflect.Type, path string) error {
	if t == rawMessageType {
		return w.record(tok, path)
	}
	switch t.Kind() {
	case reflect.Pointer:
		if tok == nil {
			return nil
		}
		return w.valueFrom(tok, t.Elem(), path)
	case reflect.Struct:
		if tok != json.Delim('{') {
			return wrongType(path, "want.object", tok)
		}
		return w.object(t, path)
	case reflect.Map:
		if tok != json.Delim('{') {
			return wrongType(path, "want.object", tok)
		}
		return w.mapping(t, path)
	case reflect.Slice:
		if tok != json.Delim('[') {
			return wrongType(path, "want.list", tok)
		}
		for i := 0; w.dec.More(); i++ {
			if err := w.value(t.Elem(), path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
		_, err := w.token() // ']'
		return err
	case reflect.String:
		if _, ok := tok.(string); !ok {
			return wrongType(path, "want.string", tok)
		}
		return nil
	case reflect.Int, reflect.Int64:
		n, ok := tok.(json.Number)
		if !ok {
			return wrongType(path, "want.number", tok)
		}
		if _, err := strconv.ParseInt(string(n), 10, 64); err != nil {
			if strings.ContainsAny(string(n), ".eE") {
				return importFailed(path, "whole_number", "Value", shorten(string(n)))
			}
			return importFailed(path, "number_large", "Value", shorten(string(n)))
		}
		return nil
	case reflect.Bool:
		if _, ok := tok.(bool); !ok {
			return wrongType(path, "want.bool", tok)
		}
		return nil
	}
	return importFailed(path, "no_shape", "Type", t.String()) // a field type the walker does not know: a bug
}

// object checks an object's fields against struct type t: each known,
// each once.
func (w *shapeWalker) object(t reflect.Type, path string) error {
	fields := jsonFields(t)
	for w.dec.More() {
		tok, err := w.token()
		if err != nil {
			return err
		}
		key, _ := tok.(string) // object keys are always strings
		where := key
		if path != "" {
			where = path + "." + key
		}
		f, ok := fields[key]
		if !ok {
			return importFailed(where, "not_a_field", "Version", w.version)
		}
		if err := w.value(f, where); err != nil {
			return err
		}
	}
	_, err := w.token() // '}'
	return err
}

// mapping checks a JSON object read into a map of string keys.
func (w *shapeWalker) mapping(t reflect.Type, path string) error {
	for keys := 1; w.dec.More(); keys++ {
		tok, err := w.token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		where := path + "." + shorten(key)
		if keys > maxKeys {
			return importFailed(path, "keys_many", "Max", maxKeys)
		}
		if err := w.value(t.Elem(), where); err != nil {
			return err
		}
	}
	_, err := w.token()
	return err
}

// record skips a record or a revision (kept as raw JSON): an object or
// null. What is inside is checked once the file is decoded
// (checkRecordText); only the depth is bounded here, so that the walk
// ends.
func (w *shapeWalker) record(tok json.Token, path string) error {
	if tok == nil {
		return nil
	}
	if tok != json.Delim('{') {
		return wrongType(path, "want.object", tok)
	}
	for depth := 1; depth > 0; {
		tok, err := w.token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			if depth++; depth > maxRecordDepth {
				return importFailed(path, "nested", "Max", maxRecordDepth)
			}
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
}

// checkRecordText checks a record or a revision as it is in the file
// (valid JSON): no larger, deeper or with longer strings than meldpad
// makes. SQLite refuses JSON nested 1,000 deep, and a form never sends
// more than 64 KiB.
func checkRecordText(raw json.RawMessage) *Words {
	if len(raw) > maxRecordBytes {
		w := words("record_large", "Max", maxRecordBytes>>10)
		return &w
	}
	depth, inString, escaped, stringStart := 0, false, false, 0
	for i, c := range raw {
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case inString && c == '"':
			inString = false
			if i-stringStart > maxRecordText {
				w := words("record_string", "Bytes", i-stringStart)
				return &w
			}
		case inString:
		case c == '"':
			inString, stringStart = true, i+1
		case c == '{' || c == '[':
			if depth++; depth > maxRecordDepth {
				w := words("nested", "Max", maxRecordDepth)
				return &w
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return nil
}

// wrongType is the problem of a value of the wrong kind.
// want is the id of the kind wanted (want.string).
func wrongType(path, want string, tok json.Token) error {
	got := words("got.other")
	switch v := tok.(type) {
	case nil:
		got = words("got.null")
	case bool:
		got = words("got.bool", "Value", strconv.FormatBool(v))
	case json.Number:
		got = words("got.number", "Value", shorten(string(v)))
	case string:
		got = words("got.string", "Value", strconv.Quote(shorten(v)))
	case json.Delim:
		switch v {
		case '{':
			got = words("got.object")
		case '[':
			got = words("got.list")
		}
	}
	return importFailed(path, "wrong_type", "Want", words(want), "Got", got)
}

// shorten keeps a quoted piece of a file short enough for a message.
func shorten(s string) string {
	const most = 40
	if len(s) <= most {
		return s
	}
	cut := most
	for cut > 0 && !utf8RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }

// jsonFields maps the JSON names of a struct's fields to their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	fields := make(map[string]reflect.Type, t.NumField())
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		fields[name] = f.Type
	}
	return fields
}
