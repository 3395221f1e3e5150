package fortune

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/game"
	"meldpad/rules/game/gametest"
	"meldpad/rules/ruling"
)

// tableOf is a game of the named players with the given house rules.
func tableOf(house map[string]bool, names ...string) game.Table {
	return game.Table{Names: names, HouseRules: house, Tally: game.NewTally(len(names))}
}

// apiExample is the API's example hand (API.md, fortune hands/score),
// with the five clubs 8-Q that make Ann's going out one of at least 11
// cards (R6): Ann melds K K K (30), 5H 6H with a deuce (15) and 8C-QC
// (50) and went out; Bob melded nothing and holds QS 50, AH 10, 2D 10
// (R4, R5, R6).
var apiExample = []string{"meld_0_0", "KS KH KD", "meld_0_1", "5h 6h 2c", "meld_0_2", "8c 9c 10c jc qc", "hand_1", "qs ah 2d"}

func TestSheetScoresTheAPIExample(t *testing.T) {
	tb := tableOf(nil, "Ann", "Bob")
	sh, hand := gametest.Judge(t, Module{}, tb, gametest.Form(apiExample...))
	if hand == nil {
		t.Fatalf("not saved: %s", sh.Judgement.Problem)
	}
	if !slices.Equal(hand.Points, []int{95, -70}) || hand.Seat != 0 || !hand.EndsHand {
		t.Errorf("hand %+v", hand)
	}
	want := []string{
		"Ann: melds 30 + 15 + 50 = 95; nothing left in hand (went out); 95 - 0 = +95 (R4, R5, R6).",
		"Bob: no melds; left in hand Q♠ 50 + A♥ 10 + 2♦ 10 = 70; 0 - 70 = -70 (R4, R5, R6).",
	}
	if !slices.Equal(sh.Judgement.Lines, want) {
		t.Errorf("lines %q", sh.Judgement.Lines)
	}
	f := gametest.Field(t, sh, "meld_0_1")
	if v := f.Verdict; v == nil || !v.OK || !slices.Equal(v.Rules, []string{"R1", "R2", "R4"}) ||
		v.Text != "Sequence of hearts 4-5-6 with 2C as 4H: 15 points (R1, R2, R4)" {
		t.Errorf("verdict %+v", f.Verdict)
	}
	if f.Chips[2].Note != "as 4♥" || f.Chips[2].Label != "2♣" {
		t.Errorf("the deuce's chip %+v", f.Chips[2])
	}
	if string(hand.Record) != `{"players":[{"melds":[["KS","KH","KD"],["5H","6H","2C"],["8C","9C","10C","JC","QC"]],"hand":[]},{"melds":[],"hand":["QS","AH","2D"]}]}` {
		t.Errorf("record %s", hand.Record)
	}
}

// TestSheetRefusals: what keeps a hand from being saved, by the rule it
// breaks (on the meld's verdict) or the field it is about.
func TestSheetRefusals(t *testing.T) {
	tests := []struct {
		name    string
		house   map[string]bool
		form    []string
		field   string   // the card field the problem is about
		rules   []string // its verdict's rules; nil when it has an error instead
		problem string   // the start of the judgement's problem
	}{
		{"8D in a set of 7s", nil, []string{"meld_0_0", "KS KH KD", "meld_0_1", "7h 7s 8d", "hand_1", "3c"},
			"meld_0_1", []string{"R1"}, "Ann's meld 2 (7H 7S 8D) is not a set: 8D is not a 7 (R1)."},
		{"five 7s without big sets", nil, []string{"meld_0_0", "7h 7h 7s 7d 7c", "hand_1", "3c"},
			"meld_0_0", []string{"R1"}, "Ann's meld 1 (7H 7H 7S 7D 7C) is not a set: five 7s"},
		{"deuces alone", nil, []string{"meld_1_0", "2c 2d 2h", "hand_0", "3c"},
			"meld_1_0", []string{"R2"}, "Bob's meld 1 (2C 2D 2H) is not a meld: deuces alone"},
		{"a third copy", nil, []string{"meld_0_0", "KS KH KD", "meld_1_0", "ks ks 2c", "hand_1", "3c"},
			"meld_1_0", nil, "Fix Bob's meld 1."},
		{"a reading on a card in hand", nil, []string{"meld_0_0", "KS KH KD", "hand_1", "2c=7h"},
			"hand_1", nil, "Fix Bob's cards left in hand."},
		{"a typo", nil, []string{"meld_0_0", "KS KH ZZ", "hand_1", "3c"},
			"meld_0_0", nil, "Fix Ann's meld 1."},
		{"a player without cards", nil, []string{"meld_0_0", "KS KH KD"},
			"", nil, "Enter Bob's melds or cards left in hand"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sh, hand := gametest.Judge(t, Module{}, tableOf(tc.house, "Ann", "Bob"), gametest.Form(tc.form...))
			if hand != nil || !strings.HasPrefix(sh.Judgement.Problem, tc.problem) {
				t.Errorf("problem %q, want %q", sh.Judgement.Problem, tc.problem)
			}
			if tc.field == "" {
				return
			}
			f := gametest.Field(t, sh, tc.field)
			switch {
			case tc.rules == nil && f.Error == "":
				t.Errorf("%s has no error: %+v", tc.field, f)
			case tc.rules != nil && (f.Verdict == nil || f.Verdict.OK || !slices.Equal(f.Verdict.Rules, tc.rules)):
				t.Errorf("%s verdict %+v, want against %v", tc.field, f.Verdict, tc.rules)
			}
		})
	}
	sh, _ := gametest.Judge(t, Module{}, tableOf(nil, "Ann", "Bob"), url.Values{})
	if sh.Judgement.Problem != "Enter every player's melds and the cards left in hand." {
		t.Errorf("an empty sheet: %q", sh.Judgement.Problem)
	}
}

// TestSheetHouseRules: the table's house rules reach the referee and are
// named in the working.
func TestSheetHouseRules(t *testing.T) {
	house := map[string]bool{"big_sets": true, "ace_set_15": true}
	sh, hand := gametest.Judge(t, Module{}, tableOf(house, "Ann", "Bob"), gametest.Form("meld_0_0", "7h 7h 7s 7d 7c", "meld_0_1", "as ah ad", "meld_0_2", "3s 4s 5s", "hand_1", "3c"))
	if hand == nil || !slices.Equal(hand.Points, []int{85, -5}) {
		t.Fatalf("hand %+v, problem %q", hand, sh.Judgement.Problem)
	}
	if sh.Judgement.Lines[0] != "House rules: Big sets (R1); Aces in a set score 15 (R4)." {
		t.Errorf("lines %q", sh.Judgement.Lines)
	}
}

// TestSheetGroups: a seat's melds are a group of fields, one more shown
// after the last filled; a field the page did not show yet is fresh, and
// the "more" button adds one with the cursor in it.
func TestSheetGroups(t *testing.T) {
	f := gametest.Form(apiExample...)
	f.Set(game.CountName("meld_0"), "3")
	sh, _ := gametest.Judge(t, Module{}, tableOf(nil, "Ann", "Bob"), f)
	fourth := gametest.Field(t, sh, "meld_0_3")
	if !fourth.Fresh || fourth.Autofocus || fourth.Verdict != nil {
		t.Errorf("the field after the last filled %+v", fourth)
	}
	for _, fl := range sh.Fields() {
		if fl.Name == "meld_0_3" {
			t.Error("a fresh field is among those a preview updates")
		}
	}
	sec := sh.Parts[0]
	if sec.Kind != game.Section || sec.Label != "Ann" || sec.Parts[0].Kind != game.Hidden || sec.Parts[0].Value != "4" {
		t.Errorf("Ann's section %+v", sec)
	}
	if more := sec.Parts[len(sec.Parts)-2]; more.Kind != game.More || more.Value != "more:meld_0" || more.Help != "Add a meld for Ann" {
		t.Errorf("the more button %+v", more)
	}

	f.Set(game.CountName("meld_0"), "4")
	game.AddField(f, "meld_0")
	sh, _ = gametest.Judge(t, Module{}, tableOf(nil, "Ann", "Bob"), f)
	if fourth := gametest.Field(t, sh, "meld_0_3"); fourth.Fresh || !fourth.Autofocus {
		t.Errorf("the first empty field after more %+v", fourth)
	}
	if fifth := gametest.Field(t, sh, "meld_0_4"); fifth.Fresh || fifth.Autofocus {
		t.Errorf("the field more added %+v", fifth)
	}
}

// TestSheetShowsItsRecordAgain: a stored hand comes back as the form that
// was saved, and is judged the same.
func TestSheetShowsItsRecordAgain(t *testing.T) {
	tb := tableOf(nil, "Ann", "Bob")
	_, hand := gametest.Judge(t, Module{}, tb, gametest.Form("meld_0_0", "5h 6h 2c=7h", "meld_0_1", "8c 9c 10c jc qc kc ac", "meld_0_2", "4d 4s 4c", "hand_1", "qs"))
	values, err := Module{}.Values(tb, hand.Record)
	if err != nil {
		t.Fatal(err)
	}
	if values.Get("meld_0_0") != "5H, 6H, 2C=7H" || values.Get("hand_1") != "QS" {
		t.Errorf("values %v", values)
	}
	_, again := gametest.Judge(t, Module{}, tb, values)
	if again == nil || string(again.Record) != string(hand.Record) {
		t.Errorf("shown again: %+v", again)
	}
}

// TestJudgeStopsWithItsContext: a judgement cut short says so.
func TestJudgeStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(gametest.English())
	cancel()
	_, hand, err := Module{}.Judge(ctx, tableOf(nil, "Ann", "Bob"), gametest.Form(apiExample...))
	if hand != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("hand %v, err %v", hand, err)
	}
}

func TestDecodeRecord(t *testing.T) {
	tests := []struct {
		name, record string
		seats        int
		field        string // the field refused; "" for a record passed
		jsonErr      bool   // refused by encoding/json
	}{
		{"as saved", `{"players":[{"melds":[["7S","7H","7C"]],"hand":[]},{"melds":[],"hand":["2C"]}]}`, 2, "", false},
		{"a declared deuce", `{"players":[{"melds":[["5H","6H","2C=7H"]]},{"hand":["QS"]}]}`, 2, "", false},
		{"empty", `{}`, 2, "", false},
		{"melds of a string", `{"players":[{"melds":"7S 7H 7C"}]}`, 2, "", true},
		{"not an object", `[1, 2]`, 2, "", true},
		{"more players than seats", `{"players":[{},{},{}]}`, 2, "players", false},
		{"a card the decks lack", `{"players":[{"melds":[["7S","7H","Grue"]]},{}]}`, 2, "players[0].melds[0][2]", false},
		{"a reading in hand", `{"players":[{},{"hand":["2C=7H"]}]}`, 2, "players[1].hand[0]", false},
		{"too many melds", `{"players":[{"melds":[` + strings.TrimSuffix(strings.Repeat(`[],`, game.MaxGroupFields+1), ",") + `]}]}`, 2, "players[0].melds", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeRecord(json.RawMessage(tc.record), tc.seats)
			var bad *ruling.InputError
			var typeErr *json.UnmarshalTypeError
			var syntaxErr *json.SyntaxError
			switch {
			case tc.jsonErr:
				if !errors.As(err, &typeErr) && !errors.As(err, &syntaxErr) {
					t.Errorf("%v, want encoding/json's error", err)
				}
			case tc.field == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.field != "" && (!errors.As(err, &bad) || bad.Field != tc.field):
				t.Errorf("%v, want bad input about %q", err, tc.field)
			}
			if _, verr := (Module{}).Values(tableOf(nil, "Ann", "Bob"), json.RawMessage(tc.record)); (verr == nil) != (err == nil) {
				t.Errorf("Values says %v, DecodeRecord %v", verr, err)
			}
		})
	}
}
