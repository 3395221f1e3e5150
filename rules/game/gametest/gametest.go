// Package gametest runs a game module's API examples and bodies the way
// the server does, for the modules' own tests: one runner rather than a
// copy in every game's folder. It says the answers' messages in English
// (meldpad/locale), as the server does for a client that asks for no
// other language; it is for tests only, never part of the phone's
// referee, so it alone under rules/ may import more than the standard
// library.
package gametest

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Serve answers a raw body at a path under /api/v1/{game}/ as the
// server does: melds/check for a MeldChecker, else the module's own
// endpoint of that path.
func Serve(ctx context.Context, m game.Module, path string, body []byte) (any, error) {
	if mc, ok := m.(game.MeldChecker); ok && path == "melds/check" {
		q, err := game.ReadMeldQuestion(body, m.Info())
		if err != nil {
			return nil, err
		}
		q.Say = msg.From(ctx)
		return mc.CheckMeld(q), nil
	}
	if api, ok := m.(game.APIServer); ok {
		for _, ep := range api.Endpoints() {
			if ep.Path == path {
				return ep.Serve(ctx, body)
			}
		}
	}
	return nil, errors.New("no endpoint " + path)
}

// Answer serves a raw body at a path as the server does: the answer as
// decoded JSON, or the error as API.md's 400 ({error, field}) or 422
// ({error, rule}). Any other error fails the test: nothing a client sends
// may reach a 500.
func Answer(t testing.TB, m game.Module, path string, raw []byte) (int, map[string]any) {
	t.Helper()
	out, err := Serve(English(), m, path, raw)
	var bad *ruling.InputError
	var broken *ruling.Error
	switch {
	case errors.As(err, &bad):
		return 400, map[string]any{"error": locale.English().Say(bad.Msg), "field": bad.Field}
	case errors.As(err, &broken):
		return 422, map[string]any{"error": locale.English().Say(broken.Msg), "rule": broken.Rule}
	case err != nil:
		t.Fatalf("%s answered an error of no known type: %v", path, err)
	}
	enc, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(enc, &got); err != nil {
		t.Fatal(err)
	}
	return 200, got
}

// APICase is one example in the form of the public API examples (api-cases.json).
type APICase struct {
	Name   string          `json:"name"`
	Path   string          `json:"path"`
	Body   json.RawMessage `json:"body"`
	Status int             `json:"status"`
	Expect map[string]any  `json:"expect"`
}

// RunAPICases answers each example of a file (the module's
// testdata/api-cases.json, which the handlers also run over HTTP) and
// compares the status and the fields it expects.
func RunAPICases(t *testing.T, m game.Module, file string) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var cases []APICase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	prefix := "/api/v1/" + m.Info().ID + "/"
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			status, got := Answer(t, m, strings.TrimPrefix(tc.Path, prefix), tc.Body)
			if status != tc.Status {
				t.Fatalf("status %d, want %d (%v)", status, tc.Status, got)
			}
			for key, want := range tc.Expect {
				if !reflect.DeepEqual(got[key], want) {
					t.Errorf("%s = %v, want %v", key, got[key], want)
				}
			}
		})
	}
}

// CheckServed holds an endpoint's outcome to API.md: an answer that
// encodes as JSON, or bad input, or a rule broken; never another error
// (a 500).
func CheckServed(t testing.TB, out any, err error) {
	t.Helper()
	var bad *ruling.InputError
	var broken *ruling.Error
	switch {
	case err == nil:
		if _, err := json.Marshal(out); err != nil {
			t.Fatalf("the answer does not encode: %v", err)
		}
	case errors.As(err, &bad), errors.As(err, &broken):
	default:
		t.Fatalf("an error of no known type, a 500: %v", err)
	}
}

// Form builds a sheet's values from name, value pairs.
func Form(pairs ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(pairs); i += 2 {
		v.Set(pairs[i], pairs[i+1])
	}
	return v
}

// FuzzForm spreads a fuzzer's text over a sheet's inputs, a line
// "name=value" each.
func FuzzForm(text string) url.Values {
	form := url.Values{}
	for _, line := range strings.Split(text, "\n") {
		if name, value, ok := strings.Cut(line, "="); ok {
			form.Add(name, value)
		}
	}
	return form
}

// Judge judges a form at a table and checks that the judgement agrees
// with itself: a hand only when ready, a problem only when not. The
// context is never done here, so an error fails the test.
func Judge(t testing.TB, m game.Sheeter, tb game.Table, form url.Values) (game.Sheet, *game.Hand) {
	t.Helper()
	sh, hand, err := m.Judge(English(), tb, form)
	if err != nil {
		t.Fatalf("Judge: %v", err)
	}
	if (hand != nil) != sh.Judgement.Ready || (hand == nil) != (sh.Judgement.Problem != "") {
		t.Fatalf("hand %v, ready %v, problem %q: they disagree", hand, sh.Judgement.Ready, sh.Judgement.Problem)
	}
	return sh, hand
}

// ShownAgain checks that a hand to store shows again as it was judged:
// its record decodes into a form that is judged to the same record and
// points.
func ShownAgain(t testing.TB, m game.Sheeter, tb game.Table, hand *game.Hand) {
	t.Helper()
	values, err := m.Values(tb, hand.Record)
	if err != nil {
		t.Fatalf("the record %s does not decode: %v", hand.Record, err)
	}
	_, again, err := m.Judge(context.Background(), tb, values)
	if err != nil || again == nil || string(again.Record) != string(hand.Record) || !slices.Equal(again.Points, hand.Points) {
		t.Fatalf("the record %s shown again is judged %v (%v)", hand.Record, again, err)
	}
}

// Field is the sheet's card field of the given name, fresh or not.
func Field(t testing.TB, sh game.Sheet, name string) *game.CardField {
	t.Helper()
	var found *game.CardField
	var walk func(parts []game.Part)
	walk = func(parts []game.Part) {
		for _, p := range parts {
			if p.Field != nil && p.Field.Name == name {
				found = p.Field
			}
			walk(p.Parts)
		}
	}
	walk(sh.Parts)
	if found == nil {
		t.Fatalf("the sheet has no field %s", name)
	}
	return found
}

// English is a context in which the rules say their messages in English,
// as a page or an answer in no other language does.
func English() context.Context {
	return locale.NewContext(context.Background(), locale.English())
}
