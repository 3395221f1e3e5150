package fortune

import (
	"slices"
	"strings"
	"testing"

	"meldpad/rules/game"
	"meldpad/rules/game/gametest"
)

// TestAPICases answers each example through this package and compares the
// fields it expects.
func TestAPICases(t *testing.T) {
	gametest.RunAPICases(t, Module{}, "testdata/api-cases.json")
}

// TestEndpointsRefuseBadBodies: every kind of malformed body is a 400
// naming the field, as API.md says.
func TestEndpointsRefuseBadBodies(t *testing.T) {
	tests := []struct{ path, body, field string }{
		{"hands/score", `{}`, "players"},
		{"hands/score", `{"players": "Ann"}`, "players"},
		{"hands/score", `{"players": [{}]}`, "players"},
		{"hands/score", `{"players": [{}, {}, {}, {}, {}, {}, {}, {}, {}]}`, "players"},
		{"hands/score", `{"players": [1, {}]}`, "players[0]"},
		{"hands/score", `{"players": [{"melds": "7S"}, {}]}`, "players[0].melds"},
		{"hands/score", `{"players": [{"melds": [["7S", 7]]}, {}]}`, "players[0].melds[0][1]"},
		{"hands/score", `{"players": [{"melds": [["7S", "7H", "ZZ"]]}, {}]}`, "players[0].melds[0][2]"},
		{"hands/score", `{"players": [{}, {"hand": ["2C=KS"]}]}`, "players[1].hand[0]"},
		{"hands/score", `{"players": [{"hand": ["KS", "KS"]}, {"hand": ["KS"]}]}`, "players[1].hand[0]"},
		{"hands/score", `{"players": [{}, {}], "house_rules": {"jokers": true}}`, "house_rules.jokers"},
		{"hands/score", `{"players": [{}, {}], "house_rules": {"big_sets": "yes"}}`, "house_rules.big_sets"},
		{"melds/check", `{}`, "cards"},
		{"melds/check", `{"cards": ["KS", "KS", "KS"]}`, "cards[2]"},
		{"melds/check", `{"cards": ["KS"], "onto": "KH"}`, "onto"},
	}
	for _, tc := range tests {
		t.Run(tc.path+" "+tc.body, func(t *testing.T) {
			status, got := gametest.Answer(t, Module{}, tc.path, []byte(tc.body))
			if status != 400 || got["field"] != tc.field {
				t.Errorf("%d %v, want 400 about %q", status, got, tc.field)
			}
		})
	}
}

// TestCheckMeldCitesItsRules: the verdict carries the rules its reason
// cites as a field, for a meld and a lay-off, valid or not.
func TestCheckMeldCitesItsRules(t *testing.T) {
	tests := []struct {
		name        string
		q           game.MeldQuestion
		valid       bool
		rule        string
		rules       []string
		readings    []string
		reasonStart string
	}{
		{"K, A and a deuce read Q-K-A", game.MeldQuestion{Cards: plays("KH AH 2C")}, true, "R1", []string{"R1", "R2", "R4"},
			[]string{"KH", "AH", "QH"}, "sequence of hearts Q-K-A with 2C as QH"},
		{"a set of kings", game.MeldQuestion{Cards: plays("KS KH KD")}, true, "R1", []string{"R1", "R4"}, []string{"KS", "KH", "KD"}, "set of three kings"},
		{"8D in a set of 7s", game.MeldQuestion{Cards: plays("7H 7S 8D")}, false, "R1", []string{"R1"}, nil, "Not a set: 8D is not a 7"},
		{"five 7s without big sets", game.MeldQuestion{Cards: plays("7H 7H 7S 7D 7C")}, false, "R1", []string{"R1"}, nil, "Not a set: five 7s"},
		{"five 7s with big sets", game.MeldQuestion{Cards: plays("7H 7H 7S 7D 7C"), House: map[string]bool{"big_sets": true}},
			true, "R1", []string{"R1", "R4"}, []string{"7H", "7H", "7S", "7D", "7C"}, "set of five 7s"},
		{"a lay-off with a deuce", game.MeldQuestion{Cards: plays("2C"), Onto: plays("4H 5H 6H"), Layoff: true}, true, "R3",
			[]string{"R1", "R2", "R3", "R4"}, []string{"4H", "5H", "6H", "3H"}, "the added card scores 5 points, making a sequence of hearts 3-4-5-6 with 2C as 3H"},
		{"a fifth card on a set", game.MeldQuestion{Cards: plays("KC"), Onto: plays("KS KH KD KS"), Layoff: true}, false, "R3",
			[]string{"R1", "R3"}, nil, "Not a lay-off: a set stays at most four cards"},
		{"onto no meld", game.MeldQuestion{Cards: plays("KC"), Onto: plays("KS QH"), Layoff: true}, false, "R1",
			[]string{"R1"}, nil, "Not a lay-off: the meld on the table is not a meld"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := tc.q
			q.Say = english
			v := Module{}.CheckMeld(q)
			if v.Valid != tc.valid || v.Rule != tc.rule || !slices.Equal(v.Rules, tc.rules) || !slices.Equal(v.Readings, tc.readings) ||
				!strings.HasPrefix(v.Reason, tc.reasonStart) {
				t.Errorf("CheckMeld = %+v", v)
			}
			if (v.Kind != nil) != v.Valid || (v.Points != nil) != v.Valid {
				t.Errorf("kind %v and points %v for a verdict valid %v", v.Kind, v.Points, v.Valid)
			}
		})
	}
}
