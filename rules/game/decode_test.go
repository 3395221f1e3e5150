package game

import (
	"errors"
	"maps"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/ruling"
)

// decodeRequest is a request of every shape Decode reads: required and
// optional members, lists of objects inside lists, numbers of both
// sizes, a map and house rules.
type decodeRequest struct {
	Players []decodePlayer  `json:"players" api:"required"`
	Winner  int             `json:"winner" api:"required"`
	Seed    *int64          `json:"seed"`
	Name    *string         `json:"name"`
	Done    bool            `json:"done"`
	Marks   map[string]bool `json:"marks"`
	House   HouseRules      `json:"house_rules"`
}

type decodePlayer struct {
	Melds []decodeMeld `json:"melds"`
	Hand  []string     `json:"hand"`
}

type decodeMeld struct {
	Cards []string `json:"cards" api:"required"`
}

func decodeInfo() Info {
	return Info{Name: "Test Rummy", HouseRules: []HouseRule{{Key: "big_sets"}, {Key: "ace_set_15"}}}
}

// TestDecodeNamesTheField: whatever is wrong with a body's shape is bad
// input naming the field by its path, with the words every endpoint of
// the API has always used; a member the request does not have is
// refused the same way, at any depth, in a list or not.
func TestDecodeNamesTheField(t *testing.T) {
	tests := []struct {
		name, body, field, msg string
	}{
		{"not JSON", `{"players": [`, "", "the body is not valid JSON"},
		{"two values", `{} {}`, "", "the body holds more than one JSON value"},
		{"not an object", `[1]`, "", "the body must be a JSON object"},
		{"required missing", `{"winner": 0}`, "players", "players is required"},
		{"required null", `{"players": null, "winner": 0}`, "players", "players is required"},
		{"required in a list", `{"players": [{"melds": [{}]}], "winner": 0}`, "players[0].melds[0].cards", "cards is required"},
		{"not a list", `{"players": {}, "winner": 0}`, "players", "players must be a list"},
		{"null in a list", `{"players": [{}, null], "winner": 0}`, "players[1]", "players[1] must be an object"},
		{"null card", `{"players": [{"hand": ["7S", null]}], "winner": 0}`, "players[0].hand[1]", "players[0].hand[1] must be a string"},
		{"a card not a string", `{"players": [{"melds": [{"cards": ["7S", 7]}]}], "winner": 0}`, "players[0].melds[0].cards[1]", "players[0].melds[0].cards[1] must be a string"},
		{"a fraction", `{"players": [], "winner": 0.5}`, "winner", "winner must be a whole number"},
		{"an exponent", `{"players": [], "winner": 1e2}`, "winner", "winner must be a whole number"},
		{"over 32 bits", `{"players": [], "winner": 2147483648}`, "winner", "winner must be a whole number"},
		{"a number as text", `{"players": [], "winner": "0"}`, "winner", "winner must be a whole number"},
		{"over 64 bits", `{"players": [], "winner": 0, "seed": 9223372036854775808}`, "seed", "seed must be a whole number"},
		{"not true or false", `{"players": [], "winner": 0, "done": "yes"}`, "done", "done must be true or false"},
		{"a map of something else", `{"players": [], "winner": 0, "marks": {"a": 1}}`, "marks.a", "marks.a must be true or false"},
		{"null in a map", `{"players": [], "winner": 0, "marks": {"a": null}}`, "marks.a", "marks.a must be true or false"},
		{"unknown at the top", `{"players": [], "winner": 0, "extra": 1}`, "extra", "unknown field extra (the fields here: players, winner, seed, name, done, marks, house_rules)"},
		{"unknown in a list", `{"players": [{}, {"hand": [], "extra": 1}], "winner": 0}`, "players[1].extra", "unknown field players[1].extra (the fields here: melds, hand)"},
		{"unknown in a list in a list", `{"players": [{}, {"melds": [{"cards": [], "extra": null}]}], "winner": 0}`, "players[1].melds[0].extra", "unknown field players[1].melds[0].extra (the fields here: cards)"},
		{"names are exact", `{"Players": [], "winner": 0}`, "Players", "unknown field Players"},
		{"unknown before anything else wrong", `{"players": 1, "winner": "x", "zz": 1}`, "zz", "unknown field zz"},
		{"the struct's order, not the body's", `{"winner": "x", "players": 1}`, "players", "players must be a list"},
		{"unknown house rule", `{"players": [], "winner": 0, "house_rules": {"jokers": 1}}`, "house_rules.jokers", "unknown house rule jokers for Test Rummy"},
		{"house rule not true or false", `{"players": [], "winner": 0, "house_rules": {"big_sets": 1}}`, "house_rules.big_sets", "house_rules.big_sets must be true or false"},
		{"house rules not an object", `{"players": [], "winner": 0, "house_rules": []}`, "house_rules", "house_rules must be an object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := decodeRequest{House: HouseRulesOf(decodeInfo())}
			err := Decode([]byte(tc.body), &req)
			var bad *ruling.InputError
			if !errors.As(err, &bad) {
				t.Fatalf("error %v, want bad input", err)
			}
			if said := locale.English().Say(bad.Msg); bad.Field != tc.field || !strings.HasPrefix(said, tc.msg) {
				t.Errorf("field %q, %q; want %q, %q", bad.Field, said, tc.field, tc.msg)
			}
		})
	}
}

// TestDecodeValues: a body of the right shape is read whole; a member
// left out or null stays as it was (nil), one given, even empty, is not
// nil; of a member given twice the last counts, as it always has.
func TestDecodeValues(t *testing.T) {
	req := decodeRequest{House: HouseRulesOf(decodeInfo())}
	body := `{"players": [{"melds": [{"cards": ["7S"]}], "hand": []}, {"hand": null}], "winner": 3, "winner": 1,
		"seed": -9223372036854775808, "name": null, "done": true, "marks": {}, "house_rules": {"big_sets": true, "ace_set_15": false}}`
	if err := Decode([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	switch {
	case len(req.Players) != 2 || len(req.Players[0].Melds) != 1 || req.Players[0].Melds[0].Cards[0] != "7S":
		t.Errorf("players %+v", req.Players)
	case req.Players[0].Hand == nil || req.Players[1].Hand != nil || req.Players[1].Melds != nil:
		t.Errorf("an empty hand is nil, or a missing one is not: %+v", req.Players)
	case req.Winner != 1:
		t.Errorf("winner %d, want the last given", req.Winner)
	case req.Seed == nil || *req.Seed != -9223372036854775808 || req.Name != nil || !req.Done:
		t.Errorf("seed %v, name %v, done %v", req.Seed, req.Name, req.Done)
	case req.Marks == nil || len(req.Marks) != 0:
		t.Errorf("marks %v", req.Marks)
	case !maps.Equal(req.House.On(), map[string]bool{"big_sets": true, "ace_set_15": false}):
		t.Errorf("house rules %v", req.House.On())
	}
	none := decodeRequest{House: HouseRulesOf(decodeInfo())}
	if err := Decode([]byte(`{"players": [], "winner": 0}`), &none); err != nil || none.House.On() == nil || len(none.House.On()) != 0 {
		t.Errorf("no house rules: %v, %v", none.House.On(), err)
	}
}

// FuzzDecode: no body makes Decode panic or answer anything but bad
// input, and what it accepts has every required member.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"players": [{"melds": [{"cards": ["7S"]}], "hand": []}], "winner": 1, "seed": 3, "marks": {"a": true}, "house_rules": {"big_sets": true}}`))
	f.Add([]byte(`{"players": [{"melds": [{"cards": [null]}]}], "winner": 1e99, "zz": [[[]]]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		req := decodeRequest{House: HouseRulesOf(decodeInfo())}
		err := Decode(raw, &req)
		var bad *ruling.InputError
		switch {
		case err == nil:
			if req.Players == nil {
				t.Fatalf("accepted without players: %q", raw)
			}
			for _, p := range req.Players {
				for _, m := range p.Melds {
					if m.Cards == nil {
						t.Fatalf("a meld accepted without cards: %q", raw)
					}
				}
			}
		case !errors.As(err, &bad):
			t.Fatalf("an error of no known type: %v", err)
		}
	})
}
