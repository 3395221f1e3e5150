package flathead

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"meldpad/rules/game"
	"meldpad/rules/game/gametest"
	"meldpad/rules/ruling"
)

// fourColourSets is a sheet on which Ann went out with four color sets
// laid down, twelve cards: one bonus meld too many, and a card more than
// a player who goes out can lay (F8).
func fourColourSets() map[string]string {
	return map[string]string{
		"winner": "0", "fields_meld_0": "4",
		"meld_0_0": "1 Lamps, 1 Fromps, 1 Plungers",
		"meld_0_1": "2 Tops, 2 Rain, 2 Zurfs",
		"meld_0_2": "3 Faces, 3 Hives, 3 Inkblots",
		"meld_0_3": "4 Bugs, 4 Mazes, 4 Scythes",
		"hand_1":   "9 Books, 8 Ears, 7 Books, 6 Ears, 5 Books, 4 Ears, 3 Books, 2 Ears, 1 Books, 0 Ears",
	}
}

// TestSheetF8MostMarks: the sheet that scored four color sets as 75 is
// refused, the fourth bonus meld's field saying why with Ann's name, and
// so is a winner who laid 12 cards or a loser who laid and kept 11 (F6,
// F8). Three color sets and a loser who laid 3 and keeps 7 are a real
// hand: (10 + 5) x 4 = 60.
func TestSheetF8MostMarks(t *testing.T) {
	two := game.Table{Names: []string{"Ann", "Bob"}}
	tests := []struct {
		name   string
		change map[string]string
		field  string // "" when the hand is real
		says   string
	}{
		{"four color sets", nil, "meld_0_3", "Ann: a fourth bonus meld, but a player holds at most 3 bonus marks a hand (F8)."},
		{"a winner who laid 12 cards", map[string]string{"meld_0_3": "5 Bugs, 5 Mazes, 5 Hives"}, "meld_0_3",
			"Ann: 12 cards laid down, but the player who went out lays at most 11 (F6, F8)."},
		{"a loser who laid 3 and holds 8", map[string]string{"meld_0_3": "", "fields_meld_1": "1", "meld_1_0": "7 Ears, 7 Time, 7 Books",
			"hand_1": "9 Books, 8 Ears, 6 Ears, 5 Books, 4 Ears, 3 Books, 2 Ears, 1 Books"}, "hand_1",
			"Bob: 3 cards laid down and 8 kept, but a player who did not go out lays down and keeps at most 10 in all (F6, F8)."},
		{"three color sets", map[string]string{"meld_0_3": ""}, "", ""},
		{"a loser who laid 3 and holds 7", map[string]string{"meld_0_3": "", "fields_meld_1": "1", "meld_1_0": "7 Ears, 7 Time, 7 Books",
			"hand_1": "9 Books, 8 Ears, 6 Ears, 5 Books, 4 Ears, 3 Books, 2 Ears"}, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			form := formOf(fourColourSets())
			for k, v := range tc.change {
				form.Set(k, v)
			}
			sh, hand := judged(t, two, form)
			if tc.field == "" {
				if hand == nil {
					t.Fatalf("a real hand refused: %q", sh.Judgement.Problem)
				}
				if hand.Points[0] > 60 {
					t.Errorf("scored %v, more than two players' most, 60 (F8)", hand.Points)
				}
				return
			}
			if hand != nil {
				t.Fatalf("scored %v (%q), want refused", hand.Points, sh.Judgement.Lines)
			}
			if sh.Judgement.Problem != tc.says {
				t.Errorf("problem %q, want %q", sh.Judgement.Problem, tc.says)
			}
			if f := field(sh, tc.field); f == nil || f.Error != tc.says {
				t.Errorf("field %s: %+v, want the error %q beside it", tc.field, f, tc.says)
			}
		})
	}
}

// TestServeScoreF8MostMarks: hands/score refuses a seat with more than 3
// bonus marks, winner or loser, with rule F8, and scores 3.
func TestServeScoreF8MostMarks(t *testing.T) {
	for _, tc := range []struct {
		marks  string
		status int
	}{
		{"[4, 0]", 422}, {"[0, 4]", 422}, {"[58, 0]", 422}, {"[3, 0]", 200}, {"[3, 3]", 200},
	} {
		status, got := gametest.Answer(t, Module{}, "hands/score",
			[]byte(`{"winner": 0, "hands": [[], ["3 Lamps"]], "bonus_marks": `+tc.marks+`, "table": []}`))
		if status != tc.status || (status == 422 && got["rule"] != "F8") {
			t.Errorf("bonus_marks %s: %d %v, want %d (F8)", tc.marks, status, got, tc.status)
		}
		if msg, _ := got["error"].(string); strings.Contains(msg, "55") {
			t.Errorf("bonus_marks %s: %q", tc.marks, msg)
		}
	}
}

// TestDecodeRecordF6F8: a stored hand no sheet stores now is refused, so
// the import refuses it: a seat with four bonus melds (F8), a loser with
// eleven cards (F6).
func TestDecodeRecordF6F8(t *testing.T) {
	four := `{"winner": 0, "players": [{"melds": [{"cards": ["1 Lamps", "1 Fromps", "1 Plungers"]}, {"cards": ["2 Tops", "2 Rain", "2 Zurfs"]},
		{"cards": ["3 Faces", "3 Hives", "3 Inkblots"]}, {"cards": ["4 Bugs", "4 Mazes", "4 Scythes"]}], "hand": []}, {"hand": ["9 Books"]}]}`
	eleven := `{"winner": 0, "players": [{"hand": []}, {"hand": ["0 Ears", "1 Ears", "2 Ears", "3 Ears", "4 Ears", "5 Ears", "6 Ears", "7 Ears", "8 Ears", "9 Ears", "∞ Ears"]}]}`
	for _, tc := range []struct{ record, rule string }{{four, "F8"}, {eleven, "F6"}} {
		_, err := DecodeRecord(json.RawMessage(tc.record), 2)
		if rule, _ := ruling.RuleOf(err); rule != tc.rule {
			t.Errorf("%.60s: %v, want rule %s", tc.record, err, tc.rule)
		}
	}
}

// formOf is a sheet's form from its fields.
func formOf(fields map[string]string) url.Values {
	form := url.Values{}
	for k, v := range fields {
		form.Set(k, v)
	}
	return form
}
