package gin

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/game"
	"meldpad/rules/game/gametest"
	"meldpad/rules/ruling"
)

// apiCase is one case of testdata/api-cases.json, in the form of
// the public API examples (api-cases-gin.json) (whose two cases it starts
// with); the handlers run the same file through HTTP.
type apiCase struct {
	Name   string          `json:"name"`
	Path   string          `json:"path"`
	Body   json.RawMessage `json:"body"`
	Status int             `json:"status"`
	Expect map[string]any  `json:"expect"`
}

// serve answers a body as the API does: the module's endpoint, or its
// meld check, with the status API.md gives each kind of error.
func serve(t *testing.T, path string, raw []byte) (int, any) {
	t.Helper()
	var out any
	var err error
	switch path {
	case "/api/v1/gin/melds/check":
		out, err = checkMeld(raw)
	default:
		found := false
		for _, ep := range (Module{}).Endpoints() {
			if "/api/v1/gin/"+ep.Path == path {
				found = true
				out, err = ep.Serve(gametest.English(), raw)
			}
		}
		if !found {
			t.Fatalf("no endpoint %s", path)
		}
	}
	if err == nil {
		return 200, out
	}
	var bad *ruling.InputError
	var broken *ruling.Error
	switch {
	case errors.As(err, &bad):
		return 400, map[string]any{"error": locale.English().Say(bad.Msg), "field": bad.Field}
	case errors.As(err, &broken):
		return 422, map[string]any{"error": locale.English().Say(broken.Msg), "rule": broken.Rule}
	}
	t.Fatalf("%s: an error of no known type: %v", path, err)
	return 0, nil
}

// checkMeld reads a melds/check body as the handlers do and asks the
// module.
func checkMeld(raw []byte) (any, error) {
	q, err := game.ReadMeldQuestion(raw, info)
	if err != nil {
		return nil, err
	}
	q.Say = locale.English()
	return Module{}.CheckMeld(q), nil
}

func TestAPICases(t *testing.T) {
	raw, err := os.ReadFile("testdata/api-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []apiCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 18 {
		t.Fatalf("%d cases", len(cases))
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			status, out := serve(t, tc.Path, tc.Body)
			got := roundTrip(t, out)
			if status != tc.Status {
				t.Fatalf("status %d, want %d: %v", status, tc.Status, got)
			}
			for key, want := range tc.Expect {
				if !reflect.DeepEqual(got[key], want) {
					t.Errorf("%s = %v, want %v", key, got[key], want)
				}
			}
		})
	}
}

// TestAPIErrors: what is wrong with a body is named by its field (400),
// what the rules forbid by its rule (422).
func TestAPIErrors(t *testing.T) {
	hands := `"hands": [["AS","2S","3S","4H","4D","4C","7C","8C","9C","10C"], ["KS","KH","5D","6D","2H","9H","JD","QC","3D","8S"]]`
	tests := []struct {
		path, body string
		status     int
		where      string // the field, or the rule
	}{
		{"hands/score", `{"knocker": 0}`, 400, "hands"},
		{"hands/score", `{` + hands + `}`, 400, "knocker"},
		{"hands/score", `{"knocker": 2, ` + hands + `}`, 400, "knocker"},
		{"hands/score", `{"knocker": 0, "hands": [["AS"]]}`, 400, "hands"},
		{"hands/score", `{"knocker": 0, "hands": [["AS"], ["AS"]]}`, 400, "hands[1][0]"},
		{"hands/score", `{"knocker": 0, ` + hands + `, "house_rules": {"big_sets": true}}`, 400, "house_rules.big_sets"},
		{"hands/score", `{"knocker": 0, ` + hands + `, "house_rules": {"oklahoma": "yes"}}`, 400, "house_rules.oklahoma"},
		{"hands/score", `{"knocker": 0, ` + hands + `, "house_rules": {"oklahoma": true}, "up_card": "ZZ"}`, 400, "up_card"},
		{"hands/score", `{"knocker": 0, ` + hands + `, "knocker_melds": [["AS","2S"]]}`, 422, "N2"},
		{"games/score", `{}`, 400, "deals"},
		{"games/score", `{"deals": [[1, 0], "x"]}`, 400, "deals[1]"},
		{"games/score", `{"deals": [[1.5, 0]]}`, 400, "deals[0][0]"},
		{"games/score", `{"deals": [[130, 0]]}`, 422, "G3"},
		{"games/score", `{"deals": [[131, 0]], "house_rules": {"oklahoma": true}}`, 422, "G1"},
	}
	for _, tc := range tests {
		t.Run(tc.path+" "+tc.body, func(t *testing.T) {
			status, out := serve(t, "/api/v1/gin/"+tc.path, []byte(tc.body))
			got := roundTrip(t, out)
			if status != tc.status || got["field"] != nil && got["field"] != tc.where || got["rule"] != nil && got["rule"] != tc.where {
				t.Errorf("%d %v, want %d at %s", status, got, tc.status, tc.where)
			}
		})
	}
}

// roundTrip passes an answer through JSON, as a client reads it.
func roundTrip(t *testing.T, v any) map[string]any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.NewDecoder(strings.NewReader(string(raw))).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestServeGameScoreOklahomaG1: games/score takes "oklahoma" among its
// house rules, and with it a deal doubled by a spade up-card, up to 258
// (G1); without it, no deal scores over 129 (G3).
func TestServeGameScoreOklahomaG1(t *testing.T) {
	for _, tc := range []struct {
		body   string
		status int
		rule   string
	}{
		{`{"deals": [[258, 0]], "house_rules": {"oklahoma": true}}`, 200, ""},
		{`{"deals": [[0, 130], [0, 0]], "house_rules": {"oklahoma": true, "box_bonus": false}}`, 422, "G4"},
		{`{"deals": [[131, 0]], "house_rules": {"oklahoma": true}}`, 422, "G1"},
		{`{"deals": [[260, 0]], "house_rules": {"oklahoma": true}}`, 422, "G3"},
		{`{"deals": [[130, 0]]}`, 422, "G3"},
		{`{"deals": [[130, 0]], "house_rules": {"oklahoma": false}}`, 422, "G3"},
	} {
		status, got := gametest.Answer(t, Module{}, "games/score", []byte(tc.body))
		if status != tc.status || (tc.rule != "" && got["rule"] != tc.rule) {
			t.Errorf("%s: %d %v, want %d %s", tc.body, status, got, tc.status, tc.rule)
		}
	}
}
