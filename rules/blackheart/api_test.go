package blackheart

import (
	"context"
	"errors"
	"net/url"
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
		{"hands/score", `{"players": [{}, {}, {}, {}, {}, {}, {}]}`, "players"},
		{"hands/score", `{"players": [1, {}]}`, "players[0]"},
		{"hands/score", `{"players": [{"melds": "7S"}, {}]}`, "players[0].melds"},
		{"hands/score", `{"players": [{"melds": [["7S", 7]]}, {}]}`, "players[0].melds[0][1]"},
		{"hands/score", `{"players": [{}, {"layoffs": ["JH"]}]}`, "players[1].layoffs[0]"},
		{"hands/score", `{"players": [{}, {"hand": ["KD=KS"]}]}`, "players[1].hand[0]"},
		{"hands/score", `{"players": [{"hand": ["JD"]}, {"hand": ["JD"]}]}`, "players[1].hand[0]"},
		{"hands/score", `{"went_out": 1.5, "players": [{}, {}]}`, "went_out"},
		{"hands/score", `{"went_out": -1, "players": [{}, {}]}`, "went_out"},
		{"hands/score", `{"black_heart": "yes", "players": [{}, {}]}`, "black_heart"},
		{"opening/check", `{"melds": []}`, "score"},
		{"opening/check", `{"score": "250", "melds": []}`, "score"},
		{"opening/check", `{"score": 99999999999, "melds": []}`, "score"},
		{"opening/check", `{"score": 0}`, "melds"},
		{"opening/check", `{"score": 0, "melds": [["7S", "7C", "7H"], ["7S", "7C", "7S"]]}`, "melds[1][2]"},
		{"opening/check", `[]`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.path+" "+tc.body, func(t *testing.T) {
			status, got := gametest.Answer(t, Module{}, tc.path, []byte(tc.body))
			if status != 400 || got["field"] != tc.field {
				t.Errorf("%d %v; want 400 about %q", status, got, tc.field)
			}
		})
	}
}

// TestEndpointsStopWithTheContext: a referee past its deadline answers
// the context's error, which the server makes a 503.
func TestEndpointsStopWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(gametest.English())
	cancel()
	for path, body := range map[string]string{
		"hands/score":   `{"players": [{"melds": [["7S","7C","7H"]]}, {"hand": ["AS"]}], "went_out": 0}`,
		"opening/check": `{"score": 150, "melds": [["7S","7C","7H","7S"]]}`,
	} {
		if _, err := gametest.Serve(ctx, Module{}, path, []byte(body)); !errors.Is(err, context.Canceled) {
			t.Errorf("%s under a done context: %v", path, err)
		}
	}
}

// TestCheckMeldReadings: a valid set says what every card stood for,
// onto's first for a lay-off (B3); an invalid one says nothing of it.
func TestCheckMeldReadings(t *testing.T) {
	tests := []struct {
		name        string
		cards, onto string
		valid       bool
		readings    []string
		rule        string
		rules       []string
		kind        string
		points      int
	}{
		{"B3: QD as a club", "3C 4C QD", "", true, []string{"3C", "4C", "5C"}, "B1", []string{"B1", "B3"}, "series", 25},
		{"B2: escorts read as themselves", "QS 6H KS 3H AS", "", true, []string{"QS", "6H", "KS", "3H", "AS"}, "B1", []string{"B1", "B2"}, "series", 45},
		{"B3: a lay-off of JD onto a heart series", "JD", "4H 5H 6H", true, []string{"4H", "5H", "6H", "7H"}, "B1", []string{"B1", "B3"}, "series", 10},
		{"B2: no escort", "KS KC KS", "", false, nil, "B2", []string{"B2"}, "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := game.MeldQuestion{Cards: plays(t, tc.cards), Layoff: tc.onto != ""}
			if q.Layoff {
				q.Onto = plays(t, tc.onto)
			}
			v := Module{}.CheckMeld(q)
			if v.Valid != tc.valid || !slices.Equal(v.Readings, tc.readings) || v.Rule != tc.rule || !slices.Equal(v.Rules, tc.rules) {
				t.Fatalf("CheckMeld = %+v", v)
			}
			if tc.valid && (*v.Kind != tc.kind || *v.Points != tc.points) || !tc.valid && (v.Kind != nil || v.Points != nil) {
				t.Errorf("kind %v points %v", v.Kind, v.Points)
			}
		})
	}
}

// TestOpeningQuestionB5: the referee page's "An opening": the score sets
// the requirement, one set a line, the verdict citing its rules.
func TestOpeningQuestionB5(t *testing.T) {
	q := Module{}.Questions()[0]
	if q.Key != "opening" || q.Label.ID != "blackheart.ask.opening" || len(q.Inputs) != 2 {
		t.Fatalf("question %+v", q)
	}
	tests := []struct {
		name          string
		score, melds  string
		headline      string
		details       string
		rules         []string
		input, inputE string // an input's error
		chips         int
	}{
		{name: "five 7s at 250", score: "250", melds: "7S 7C 7H 7S 7C", headline: "Opens",
			details: "Required at 250: 5 or more cards in 1 set.", rules: []string{"B5"}, chips: 5},
		{name: "two sets of three at 300", score: " 300 ", melds: "7S 7C 7H\n\n8S 8C 8H", headline: "Does not open",
			details: "Required at 300: 8 or more cards in 2 sets.", rules: []string{"B5"}, chips: 6},
		{name: "the Royale at 450", score: "450", melds: "JD QD KD", headline: "Opens", rules: []string{"B3", "B5"}, chips: 3},
		{name: "an invalid set", score: "-40", melds: "7S 7C 7H\nKS KC KS", headline: "Does not open", rules: []string{"B2"}, chips: 6},
		{name: "the score is no number", score: "lots", melds: "7S 7C 7H", input: "score", inputE: "Enter the score as a whole number, like 250 or -40."},
		{name: "a card the deck lacks", score: "0", melds: "7S 7C 7H\n7D 7S 7C", input: "melds", inputE: "Line 2: 7D is not in the Black Heart deck", chips: 3},
		{name: "a card too often across lines", score: "0", melds: "7S 7C 7H 7S\n7S 8S 9S", input: "melds", inputE: "Line 2: ", chips: 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ans, err := q.Judge(gametest.English(), url.Values{"score": {tc.score}, "melds": {tc.melds}})
			if err != nil {
				t.Fatal(err)
			}
			if tc.input != "" {
				if !strings.Contains(ans.Feedback[tc.input].Error, tc.inputE) || ans.Ruling != nil {
					t.Errorf("%s: %q, ruling %v; want %q", tc.input, ans.Feedback[tc.input].Error, ans.Ruling, tc.inputE)
				}
			} else if r := ans.Ruling; r == nil || r.Headline != tc.headline || r.OK != (tc.headline == "Opens") ||
				tc.details != "" && r.Details[0] != tc.details || !slices.Equal(r.Rules, tc.rules) {
				t.Errorf("ruling %+v; want %q citing %v", r, tc.headline, tc.rules)
			}
			if got := len(ans.Feedback["melds"].Chips); got != tc.chips {
				t.Errorf("%d chips, want %d", got, tc.chips)
			}
		})
	}
	ctx, cancel := context.WithCancel(gametest.English())
	cancel()
	if _, err := q.Judge(ctx, url.Values{"score": {"0"}, "melds": {"7S 7C 7H"}}); !errors.Is(err, context.Canceled) {
		t.Errorf("under a done context: %v", err)
	}
}
