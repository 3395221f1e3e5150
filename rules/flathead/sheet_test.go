package flathead

import (
	"encoding/json"
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/game/gametest"
	"meldpad/rules/ruling"
)

// seedForm is rule F8's example as the sheet takes it: Ann goes out
// with two bonus melds (a flush run and a color set), Bob laid down one
// (an infinity), and 7 cards are left that no meld on the table takes.
func seedForm() url.Values {
	return url.Values{
		"winner":   {"0"},
		"meld_0_0": {"3 Lamps, 4 Lamps, 5 Lamps"},
		"meld_0_1": {"7 Tops 7 Rain 7 Zurfs"},
		"meld_1_0": {"inf Faces, ∞ of Hives, inf bugs"},
		"hand_1":   {"0 Bugs, 5 Mazes, 9 Books"},
		"hand_2":   {"1 Ears, 8 Hives, 2 Scythes, 6 Faces"},
	}
}

func threeSeats() game.Table { return game.Table{Names: []string{"Ann", "Bob", "Cy"}} }

// judged judges a form at a table; the context is never done here.
func judged(t *testing.T, tb game.Table, form url.Values) (game.Sheet, *game.Hand) {
	t.Helper()
	sh, hand, err := Module{}.Judge(gametest.English(), tb, form)
	if err != nil {
		t.Fatalf("Judge: %v", err)
	}
	if (hand != nil) != sh.Judgement.Ready || (hand == nil) != (sh.Judgement.Problem != "") {
		t.Fatalf("hand %v, ready %v, problem %q: they disagree", hand, sh.Judgement.Ready, sh.Judgement.Problem)
	}
	return sh, hand
}

func field(sh game.Sheet, name string) *game.CardField {
	for _, f := range sh.Fields() {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// TestSheetF8Example: the seed's example scores 7 x (1 + 2 - 1) = 14 for
// Ann alone, the marks by the names, the melds' verdicts citing their
// rules as fields.
func TestSheetF8Example(t *testing.T) {
	sh, hand := judged(t, threeSeats(), seedForm())
	if hand == nil || !slices.Equal(hand.Points, []int{14, 0, 0}) || hand.Seat != 0 || !hand.EndsHand {
		t.Fatalf("hand %+v, judgement %+v", hand, sh.Judgement)
	}
	if !strings.Contains(strings.Join(sh.Judgement.Lines, "\n"), "7 cards x (1 + 2 - 1) = 14") {
		t.Errorf("working %q", sh.Judgement.Lines)
	}
	badges := sh.Badges()
	if len(badges) != 3 || badges[0].Text != "●●" || badges[1].Text != "●" || badges[2].Text != "" || badges[0].Title != "2 bonus marks (F4)" {
		t.Errorf("marks %+v %+v %+v", badges[0], badges[1], badges[2])
	}
	v := field(sh, "meld_0_0").Verdict
	if v == nil || !v.OK || v.Tag != "bonus" || !slices.Equal(v.Rules, []string{"F4"}) {
		t.Errorf("Ann's flush run: %+v", v)
	}
}

// TestSheetRefuses: each thing that keeps a hand from being saved, by
// rule, said where it is and in the judgement.
func TestSheetRefuses(t *testing.T) {
	tests := []struct {
		name, rule string
		change     map[string]string
		field      string // the field whose verdict or error says it
		says       string // in the judgement's problem
	}{
		{"F1: an invalid meld", "F1", map[string]string{"meld_1_1": "1 Lamps, 2 Tops, 3 Rain", "fields_meld_1": "2"}, "meld_1_1",
			"Bob's meld 2 is not a meld: not a blue run: 1 Lamps is red (F1)"},
		{"F3: a second trump laid off", "F3", map[string]string{"meld_0_0": "3 Lamps, 4 Lamps, Grue", "layoff_0_0": "Time"}, "layoff_0_0",
			"Laid off onto Ann's meld 1: the meld already holds a trump, and a meld may hold at most one (F3, F5)"},
		{"F5: a lay-off onto no meld", "F5", map[string]string{"layoff_2_0": "9 Lamps"}, "layoff_2_0", "Fix the cards laid off onto Cy's meld 1."},
		{"F6: the player who went out holds cards", "F6", map[string]string{"hand_0": "8 Faces"}, "hand_0",
			"Ann went out by playing or discarding the last card, so Ann's hand must be empty (F6)."},
		{"F6: eleven cards left", "F6", map[string]string{"hand_2": "1 Ears, 8 Hives, 2 Scythes, 6 Faces, 1 Books, 2 Books, 3 Books, 4 Books, 5 Books, 6 Books, 7 Books"},
			"hand_2", "Cy holds 11 cards, but a player holds at most 10 at the end of a hand (F6)."},
		{"a card twice", "", map[string]string{"hand_2": "1 Ears, 4 Lamps"}, "hand_2", "Fix the cards left in Cy's hand."},
		{"nobody went out", "F6", map[string]string{"winner": ""}, "", "Who went out (F6)?"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			form := seedForm()
			for k, v := range tc.change {
				form.Set(k, v)
			}
			sh, hand := judged(t, threeSeats(), form)
			if hand != nil || !strings.Contains(sh.Judgement.Problem, tc.says) {
				t.Fatalf("problem %q, want %q", sh.Judgement.Problem, tc.says)
			}
			if tc.field == "" {
				return
			}
			f := field(sh, tc.field)
			if f == nil {
				t.Fatalf("no field %s", tc.field)
			}
			if f.Error == "" && (f.Verdict == nil || f.Verdict.OK) {
				t.Fatalf("field %s says nothing: %+v", tc.field, f)
			}
			if f.Verdict != nil && tc.rule != "" && !slices.Contains(f.Verdict.Rules, tc.rule) {
				t.Errorf("verdict %+v does not cite %s", f.Verdict, tc.rule)
			}
		})
	}
}

// TestSheetF7LayoffsBeforeCount: the losers lay off before the count, one
// line per loser and meld, in an order they can be made (F7).
func TestSheetF7LayoffsBeforeCount(t *testing.T) {
	form := seedForm()
	form.Set("hand_1", "0 Bugs, 5 Mazes, 6 Lamps")
	sh, hand := judged(t, threeSeats(), form)
	if hand == nil {
		t.Fatalf("problem %q", sh.Judgement.Problem)
	}
	if !slices.Contains(sh.Judgement.Lines, "Bob lays off 6 Lamps onto Ann's meld 1 (F7).") {
		t.Errorf("working %q", sh.Judgement.Lines)
	}
	if !slices.Equal(hand.Points, []int{12, 0, 0}) {
		t.Errorf("points %v, want 6 x 2 = 12", hand.Points)
	}
}

// TestSheetRecordRoundTrip: a stored hand shows again as entered and is
// judged the same; an empty meld field between filled ones is dropped.
func TestSheetRecordRoundTrip(t *testing.T) {
	form := seedForm()
	form.Set("fields_meld_0", "3")
	form.Set("meld_0_2", form.Get("meld_0_1"))
	form.Del("meld_0_1")
	form.Set("layoff_0_0", "6 Lamps")
	_, hand := judged(t, threeSeats(), form)
	if hand == nil {
		t.Fatal("not ready")
	}
	values, err := Module{}.Values(threeSeats(), hand.Record)
	if err != nil {
		t.Fatal(err)
	}
	if values.Get("meld_0_1") == "" || values.Get("meld_0_2") != "" || values.Get("layoff_0_0") == "" {
		t.Errorf("the second meld did not move up: %v", values)
	}
	_, again := judged(t, threeSeats(), values)
	if again == nil || string(again.Record) != string(hand.Record) || !slices.Equal(again.Points, hand.Points) {
		t.Fatalf("shown again: %+v, first %s", again, hand.Record)
	}
}

// TestDecodeRecordRefuses: what no sheet stores is refused, naming the
// field; the import relies on it.
func TestDecodeRecordRefuses(t *testing.T) {
	tests := []struct{ record, field string }{
		{`{"winner": 3, "players": []}`, "winner"},
		{`{"winner": -1, "players": []}`, "winner"},
		{`{"winner": 0, "players": [{}, {}, {}, {}]}`, "players"},
		{`{"winner": 0, "players": [{"melds": [{"cards": ["7H"]}]}]}`, "players[0].melds[0].cards[0]"},
		{`{"winner": 0, "players": [{}, {"hand": ["Grue", "Zorch"]}]}`, "players[1].hand[1]"},
		{`{"winner": 0, "players": [{"melds": [{"cards": ["Grue"], "laid_off": ["7 Moons"]}]}]}`, "players[0].melds[0].laid_off[0]"},
	}
	for _, tc := range tests {
		_, err := DecodeRecord(json.RawMessage(tc.record), 3)
		var bad *ruling.InputError
		if !errors.As(err, &bad) || bad.Field != tc.field {
			t.Errorf("%s: %v, want bad input in %s", tc.record, err, tc.field)
		}
	}
	if _, err := DecodeRecord(json.RawMessage(`{"winner": "Ann"}`), 3); err == nil {
		t.Errorf("a winner by name decodes")
	}
}

// TestServeScoreF6Bound: hands/score refuses a loser of eleven cards with
// the rule, before any search (F6), and a bad body names its field.
func TestServeScoreF6Bound(t *testing.T) {
	body := func(s string) []byte { return []byte(s) }
	serveScore := Module{}.Endpoints()[0].Serve // hands/score
	_, err := serveScore(gametest.English(), body(`{"winner": 0, "hands": [[], ["1 Lamps","2 Lamps","3 Lamps","4 Lamps","5 Lamps","6 Lamps","7 Lamps","8 Lamps","9 Lamps","0 Lamps","1 Tops"]]}`))
	if rule, ok := ruling.RuleOf(err); !ok || rule != "F6" {
		t.Errorf("eleven cards: %v", err)
	}
	_, err = serveScore(gametest.English(), body(`{"winner": 0, "hands": [[], []], "bonus_marks": [0, "x"]}`))
	var bad *ruling.InputError
	if !errors.As(err, &bad) || bad.Field != "bonus_marks[1]" {
		t.Errorf("a bad mark: %v", err)
	}
	out, err := serveScore(gametest.English(), body(`{"winner": 0, "hands": [[], ["6 Lamps", "9 Books"]], "table": [["3 Lamps", "4 Lamps", "5 Lamps"]]}`))
	if err != nil {
		t.Fatal(err)
	}
	got := out.(ScoreAnswer)
	if !slices.Equal(got.Points, []int{6, 0}) || len(got.Layoffs) != 1 || got.Layoffs[0] != (LayoffAnswer{Seat: 1, Card: "6 Lamps", Meld: 0}) {
		t.Errorf("answer %+v", got)
	}
}

// FuzzJudge: no form breaks the sheet, and a ready hand's record decodes
// and is judged the same when shown again.
func FuzzJudge(f *testing.F) {
	var seed []string
	for k, v := range seedForm() {
		seed = append(seed, k+"="+v[0])
	}
	f.Add(uint8(1), strings.Join(seed, "\n"))
	f.Add(uint8(0), "winner=1\nmeld_0_0=Grue, Jester, 5 Lamps\nlayoff_0_0=Time\nfields_meld_0=99\nhand_0=∞ Faces")
	f.Fuzz(func(t *testing.T, seats uint8, text string) {
		n := MinPlayers + int(seats)%(MaxPlayers-MinPlayers+1)
		tb := game.Table{Names: make([]string, n)}
		for i := range n {
			tb.Names[i] = "P" + itoa(i)
		}
		form := url.Values{}
		for _, line := range strings.Split(text, "\n") {
			if k, v, ok := strings.Cut(line, "="); ok {
				form.Add(k, v)
			}
		}
		sh, hand := judged(t, tb, form)
		if hand == nil {
			return
		}
		if len(hand.Points) != n || hand.Seat < 0 || hand.Seat >= n {
			t.Fatalf("hand %+v at a table of %d", hand, n)
		}
		values, err := Module{}.Values(tb, hand.Record)
		if err != nil {
			t.Fatalf("record %s: %v", hand.Record, err)
		}
		_, again := judged(t, tb, values)
		if again == nil || string(again.Record) != string(hand.Record) || !slices.Equal(again.Points, sh.Judgement.Points) {
			t.Fatalf("record %s judged again: %+v", hand.Record, again)
		}
	})
}

// FuzzDecodeRecord: any bytes decode or are refused, never a panic; what
// decodes shows as a form.
func FuzzDecodeRecord(f *testing.F) {
	f.Add([]byte(`{"winner":0,"players":[{"melds":[{"cards":["3 Lamps","4 Lamps","5 Lamps"],"laid_off":["6 Lamps"]}],"hand":[]},{"melds":[],"hand":["Grue"]}]}`), uint8(2))
	f.Fuzz(func(t *testing.T, raw []byte, seats uint8) {
		n := 2 + int(seats)%5
		if _, err := DecodeRecord(raw, n); err != nil {
			return
		}
		if _, err := (Module{}).Values(game.Table{Names: make([]string, n)}, raw); err != nil {
			t.Fatalf("decoded but not shown: %v", err)
		}
	})
}

// FuzzServeScore: any body is answered or refused with a typed error.
func FuzzServeScore(f *testing.F) {
	f.Add([]byte(`{"winner": 0, "hands": [[], ["6 Lamps", "9 Books"]], "table": [["3 Lamps", "4 Lamps", "5 Lamps"]], "bonus_marks": [1, 0]}`))
	f.Add([]byte(`{"winner": 1, "hands": [["Grue"], []]}`))
	serveScore := Module{}.Endpoints()[0].Serve // hands/score
	f.Fuzz(func(t *testing.T, raw []byte) {
		_, err := serveScore(gametest.English(), raw)
		var bad *ruling.InputError
		var broken *ruling.Error
		if err != nil && !errors.As(err, &bad) && !errors.As(err, &broken) {
			t.Fatalf("untyped error %T: %v", err, err)
		}
	})
}

// TestCheckMeldBonusF4: a bonus meld laid down is said to earn a mark on
// the referee page (F4), with its rules as fields; a lay-off never is.
func TestCheckMeldBonusF4(t *testing.T) {
	plays := func(s string) []cards.Play {
		ps, err := cards.Fanucci().ParseText(s)
		if err != nil {
			t.Fatal(err)
		}
		return ps
	}
	v := Module{}.CheckMeld(game.MeldQuestion{Cards: plays("3 Lamps, 4 Lamps, 5 Lamps"), Say: locale.English()})
	if !v.Valid || !v.Bonus || len(v.Details) != 1 || !strings.Contains(v.Details[0], "(F4)") || !slices.Equal(v.Rules, []string{"F4"}) {
		t.Errorf("flush run: %+v", v)
	}
	v = Module{}.CheckMeld(game.MeldQuestion{Cards: plays("6 Lamps"), Onto: plays("3 Lamps, 4 Lamps, 5 Lamps"), Layoff: true})
	if !v.Valid || v.Bonus || len(v.Details) != 0 {
		t.Errorf("a lay-off: %+v", v)
	}
}

// TestJudgeSaysNotAMeldOnce: the problem with a meld that is not one
// says so once, as a sentence (the verdict's reason begins "not a meld"
// itself).
func TestJudgeSaysNotAMeldOnce(t *testing.T) {
	form := url.Values{"winner": {"0"}, "meld_0_0": {"3 Lamps, 5 Tops, 9 Books"}, "hand_1": {"1 Ears"}, "hand_2": {"2 Ears"}}
	sh, hand, _ := Module{}.Judge(gametest.English(), game.Table{Names: []string{"Ann", "Bob", "Cy"}}, form)
	want := "Ann's meld 1 is not a meld: no two of its natural cards share a rank, a suit or a colour (F1)."
	if hand != nil || sh.Judgement.Problem != want {
		t.Errorf("problem %q, want %q", sh.Judgement.Problem, want)
	}
}
