package trophy

import (
	"meldpad/rules/game/gametest"
	"testing"
)

// TestAPICases answers each example through the module's endpoint and
// compares the fields it expects.
func TestAPICases(t *testing.T) {
	gametest.RunAPICases(t, Module{}, "testdata/api-cases.json")
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
			status, got := gametest.Answer(t, Module{}, "tricks/score", []byte(tc.body))
			if status != 400 || got["field"] != tc.field {
				t.Errorf("%d %v; want 400 about %q", status, got, tc.field)
			}
		})
	}
}
