package trophy

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"meldpad/rules/game"
	"meldpad/rules/ruling"
)

// apiCase is one example in the form of ../shared/examples/api-cases.json;
// testdata/api-cases.json holds Trophy Case's (POST
// /api/v1/trophy/tricks/score). The handlers run them over HTTP too.
type apiCase struct {
	Name   string          `json:"name"`
	Path   string          `json:"path"`
	Body   json.RawMessage `json:"body"`
	Status int             `json:"status"`
	Expect map[string]any  `json:"expect"`
}

// answer serves a body at one of the game's paths as the server does:
// the answer, or the error as API.md's 400 or 422.
func answer(t *testing.T, path string, raw []byte) (int, map[string]any) {
	t.Helper()
	body, err := game.DecodeBody(raw)
	var out any
	if err == nil {
		out, err = serve(context.Background(), path, body)
	}
	var bad *ruling.InputError
	var broken *ruling.Error
	switch {
	case errors.As(err, &bad):
		return 400, map[string]any{"error": bad.Msg, "field": bad.Field}
	case errors.As(err, &broken):
		return 422, map[string]any{"error": broken.Msg, "rule": broken.Rule}
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

// serve answers a decoded body at a path under /api/v1/trophy/.
func serve(ctx context.Context, path string, body map[string]any) (any, error) {
	for _, ep := range (Module{}).Endpoints() {
		if ep.Path == path {
			return ep.Serve(ctx, body)
		}
	}
	return nil, errors.New("no endpoint " + path)
}

// TestAPICases answers each example through the module's endpoint and
// compares the fields it expects.
func TestAPICases(t *testing.T) {
	raw, err := os.ReadFile("testdata/api-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []apiCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			status, got := answer(t, strings.TrimPrefix(tc.Path, "/api/v1/trophy/"), tc.Body)
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

// TestEndpointRefusesBadBodies: every kind of malformed body is a 400
// naming the field, as API.md says, whether the reader or the referee
// finds it.
func TestEndpointRefusesBadBodies(t *testing.T) {
	tests := []struct{ body, field string }{
		{`{"leader": 0, "plays": []}`, "players"},
		{`{"players": "4", "leader": 0, "plays": []}`, "players"},
		{`{"players": 4.5, "leader": 0, "plays": []}`, "players"},
		{`{"players": 1e300, "leader": 0, "plays": []}`, "players"},
		{`{"players": 6, "leader": 0, "plays": []}`, "players"},
		{`{"players": 4, "plays": []}`, "leader"},
		{`{"players": 4, "leader": 4, "plays": []}`, "leader"},
		{`{"players": 4, "leader": 0}`, "plays"},
		{`{"players": 4, "leader": 0, "plays": {}}`, "plays"},
		{`{"players": 4, "leader": 0, "plays": [3]}`, "plays[0]"},
		{`{"players": 4, "leader": 0, "plays": [{"card": "3 Lamps"}]}`, "plays[0].seat"},
		{`{"players": 4, "leader": 0, "plays": [{"seat": 7, "card": "3 Lamps"}]}`, "plays[0].seat"},
		{`{"players": 4, "leader": 0, "plays": [{"seat": 0}]}`, "plays[0].card"},
		{`{"players": 4, "leader": 0, "plays": [{"seat": 0, "fold": true, "card": "3 Lamps"}]}`, "plays[0].card"},
		{`{"players": 4, "leader": 0, "plays": [{"seat": 0, "fold": "yes"}]}`, "plays[0].fold"},
		{`{"players": 4, "leader": 0, "plays": [{"seat": 0, "card": "3 Lampz"}]}`, "plays[0].card"},
		{`{"players": 4, "leader": 0, "plays": [{"seat": 0, "card": "3H"}]}`, "plays[0].card"},
		{`{"players": 4, "leader": 0, "plays": [{"seat": 0, "card": "3 Lamps"}, {"seat": 1, "card": "3 lamps"}]}`, "plays[1].card"},
		{`{"players": 3, "leader": 0, "plays": [], "hands": [["3 Lamps"], ["x"], []]}`, "hands[1][0]"},
		{`{"players": 3, "leader": 0, "plays": [], "hands": [["3 Lamps"], []]}`, "hands"},
		{`[]`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.body, func(t *testing.T) {
			status, got := answer(t, "tricks/score", []byte(tc.body))
			if status != 400 || got["field"] != tc.field {
				t.Errorf("%d %v; want 400 about %q", status, got, tc.field)
			}
		})
	}
}
