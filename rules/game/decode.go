package game

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"

	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Decode reads a request body into req, a pointer to the endpoint's
// request struct, and answers what is wrong with its shape as an
// *ruling.InputError naming the field by path ("players[1].melds[0]").
// Every endpoint of the API reads its body with it, so that a field of
// the wrong type, a missing one and one the request does not have are
// answered alike everywhere.
//
// The struct's fields name their JSON members with the json tag; a tag
// api:"required" makes a member required. How a body maps onto it:
//
//   - a member the struct does not have is refused ("unknown field");
//   - a missing or null member leaves its field as it is (nil for a
//     pointer or a slice), or is refused when required;
//   - a list is a slice, never nil once given, and null in it is a
//     value of the wrong type, as in a map;
//   - int takes a whole number of 32 bits, int64 one of 64; string,
//     bool and map[string]bool take their JSON kinds; HouseRules takes
//     the game's house rules.
//
// The members are checked in the struct's order, after the unknown
// ones, and the first thing wrong is the answer. What the game then
// makes of the values (a card that does not parse, a seat out of range)
// is the endpoint's to check, in its own order.
func Decode(raw []byte, req any) error {
	body, err := decodeObject(raw)
	if err != nil {
		return err
	}
	rv := reflect.ValueOf(req)
	if rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct {
		panic("game: Decode needs a pointer to a struct, not " + rv.Type().String())
	}
	if bad := bind(body, rv.Elem(), ""); bad != nil {
		return bad
	}
	return nil
}

// Decoded is an endpoint's Serve for serve, which answers a request of
// type R: the body read by Decode into a copy of req, a request's
// defaults (its game's house rules, HouseRulesOf, so that Decode knows
// them).
func Decoded[R any](req R, serve func(ctx Context, req R) (any, error)) func(ctx Context, body []byte) (any, error) {
	return func(ctx Context, body []byte) (any, error) {
		into := req
		if err := Decode(body, &into); err != nil {
			return nil, err
		}
		return serve(ctx, into)
	}
}

// decodeObject reads a request body as one JSON object, numbers kept as
// json.Number. Anything else is an *ruling.InputError about the body as a
// whole (field "").
func decodeObject(raw []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, ruling.Bad("", msg.New("api.not_json", msg.S("Detail", err.Error())))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, ruling.Bad("", msg.New("api.two_values"))
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, ruling.Bad("", msg.New("api.not_object"))
	}
	return obj, nil
}

// bind stores the decoded JSON value v (decodeObject's: objects, lists,
// strings, json.Number, bools, nil) in dst, the part of the request at
// field.
func bind(v any, dst reflect.Value, field string) *ruling.InputError {
	if b, ok := dst.Addr().Interface().(binder); ok {
		return b.bind(v, field)
	}
	switch dst.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return ruling.Bad(field, msg.New("api.not_an_object", msg.S("Field", field)))
		}
		return bindObject(obj, dst, field)
	case reflect.Pointer:
		elem := reflect.New(dst.Type().Elem())
		if bad := bind(v, elem.Elem(), field); bad != nil {
			return bad
		}
		dst.Set(elem)
	case reflect.Slice:
		list, ok := v.([]any)
		if !ok {
			return ruling.Bad(field, msg.New("api.not_a_list", msg.S("Field", field)))
		}
		items := reflect.MakeSlice(dst.Type(), len(list), len(list))
		for i, item := range list {
			if bad := bind(item, items.Index(i), Index(field, i)); bad != nil {
				return bad
			}
		}
		dst.Set(items)
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			return ruling.Bad(field, msg.New("api.not_an_object", msg.S("Field", field)))
		}
		m := reflect.MakeMapWithSize(dst.Type(), len(obj))
		for _, key := range sortedKeys(obj) {
			value := reflect.New(dst.Type().Elem()).Elem()
			if bad := bind(obj[key], value, Member(field, key)); bad != nil {
				return bad
			}
			m.SetMapIndex(reflect.ValueOf(key).Convert(dst.Type().Key()), value)
		}
		dst.Set(m)
	default:
		return bindScalar(v, dst, field)
	}
	return nil
}

// bindScalar stores a string, true or false, or a whole number.
func bindScalar(v any, dst reflect.Value, field string) *ruling.InputError {
	switch dst.Kind() {
	case reflect.String:
		s, ok := v.(string)
		if !ok {
			return ruling.Bad(field, msg.New("api.not_a_string", msg.S("Field", field)))
		}
		dst.SetString(s)
	case reflect.Bool:
		b, ok := v.(bool)
		if !ok {
			return ruling.Bad(field, msg.New("api.not_a_bool", msg.S("Field", field)))
		}
		dst.SetBool(b)
	case reflect.Int, reflect.Int64:
		lo, hi := int64(math.MinInt32), int64(math.MaxInt32)
		if dst.Kind() == reflect.Int64 {
			lo, hi = math.MinInt64, math.MaxInt64
		}
		n, ok := v.(json.Number)
		i, err := n.Int64()
		if !ok || err != nil || i < lo || i > hi {
			return ruling.Bad(field, msg.New("api.not_a_number", msg.S("Field", field)))
		}
		dst.SetInt(i)
	default:
		panic("game: a request cannot hold a " + dst.Type().String())
	}
	return nil
}

// binder is a part of a request that reads itself: HouseRules, whose
// keys are the game's.
type binder interface {
	bind(v any, field string) *ruling.InputError
}

// bindObject binds a JSON object to a struct: first any member the
// struct does not have, then its fields in order.
func bindObject(obj map[string]any, dst reflect.Value, field string) *ruling.InputError {
	members := membersOf(dst.Type())
	for _, key := range sortedKeys(obj) {
		if !slices.ContainsFunc(members, func(m member) bool { return m.name == key }) {
			return ruling.Bad(Member(field, key), msg.New("api.unknown_field",
				msg.S("Field", Member(field, key)), msg.S("Known", memberNames(members))))
		}
	}
	for _, m := range members {
		v, ok := obj[m.name]
		if !ok || v == nil {
			if m.required {
				return ruling.Bad(Member(field, m.name), msg.New("api.required", msg.S("Field", m.name)))
			}
			continue
		}
		if bad := bind(v, dst.Field(m.index), Member(field, m.name)); bad != nil {
			return bad
		}
	}
	return nil
}

// member is one field of a request struct: its JSON name, whether it is
// required and where it is in the struct.
type member struct {
	name     string
	required bool
	index    int
}

// memberCache holds membersOf by struct type: the types are few, the
// objects of one body many.
var memberCache sync.Map // reflect.Type -> []member

// membersOf lists a request struct's members in the struct's order.
func membersOf(t reflect.Type) []member {
	if cached, ok := memberCache.Load(t); ok {
		return cached.([]member)
	}
	var out []member
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, member{name: name, required: f.Tag.Get("api") == "required", index: i})
	}
	memberCache.Store(t, out)
	return out
}

func memberNames(ms []member) string {
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.name
	}
	return strings.Join(names, ", ")
}

// sortedKeys are an object's keys in order, so that of several things
// wrong the same one is answered every time.
func sortedKeys(obj map[string]any) []string {
	keys := make([]string, 0, len(obj))
	for key := range obj {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	return keys
}
