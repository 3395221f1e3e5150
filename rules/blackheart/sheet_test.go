package blackheart

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/game"
	"meldpad/rules/game/gametest"
	"meldpad/rules/ruling"
)

// tableAt is a game of the named players whose totals before the deal
// being entered are the given ones.
func tableAt(totals []int, names ...string) game.Table {
	return game.Table{Names: names, Tally: game.Tally{Totals: totals}}
}

// partsOf lists a kind of part of the sheet, sections' parts included.
func partsOf(sh game.Sheet, kind game.PartKind) []game.Part {
	var out []game.Part
	var walk func(parts []game.Part)
	walk = func(parts []game.Part) {
		for _, p := range parts {
			if p.Kind == kind {
				out = append(out, p)
			}
			walk(p.Parts)
		}
	}
	walk(sh.Parts)
	return out
}

// TestJudgeScoresB7: the API's example deal, entered card by card: Ann
// went out with 7S 7C 7H (15) and laid off 8S (5), 20 + 25 for going
// out; Bob holds KS (10) and 5H (5). The stored record has the API's
// shape.
func TestJudgeScoresB7(t *testing.T) {
	sh, hand := gametest.Judge(t, Module{}, tableAt([]int{0, 0}, "Ann", "Bob"),
		gametest.Form("went_out", "0", "meld_0_0", "7s 7c 7h", "layoffs_0", "8s", "hand_1", "ks 5h"))
	if hand == nil {
		t.Fatalf("not ready: %s", sh.Judgement.Problem)
	}
	for _, want := range []string{
		"Ann (score 0): 3 cards in one set meet 3 or more cards in 1 set, escorts included (B5).",
		"Bob (score 0) played nothing.",
		"Ann: played set 15 + lay-off 8♠ 5 = 20; nothing left in hand (went out); going out 25; 20 - 0 + 25 = +45 (B7).",
		"Bob: played nothing; left in hand K♠ 10 + 5♥ 5 = 15; 0 - 15 = -15 (B7).",
	} {
		if !slices.Contains(sh.Judgement.Lines, want) {
			t.Errorf("the working lacks %q:\n%s", want, strings.Join(sh.Judgement.Lines, "\n"))
		}
	}
	if !slices.Equal(hand.Points, []int{45, -15}) || hand.Seat != 0 || !hand.EndsHand || !slices.Equal(sh.Judgement.Points, hand.Points) {
		t.Errorf("hand %+v, judgement points %v", hand, sh.Judgement.Points)
	}
	const record = `{"went_out":0,"black_heart":false,"players":[{"melds":[["7S","7C","7H"]],"layoffs":["8S"],"hand":[]},{"melds":[],"layoffs":[],"hand":["KS","5H"]}]}`
	if string(hand.Record) != record {
		t.Errorf("record %s\nwant   %s", hand.Record, record)
	}
}

// TestJudgeSetsB1B3: each set's verdict, with the rules it cites, and on
// the chips what each card does: an escort and whose (B2), what a wild
// stands for (B3), a third of the Royale.
func TestJudgeSetsB1B3(t *testing.T) {
	tests := []struct {
		name    string
		set     string
		ok      bool
		text    string
		rules   []string
		notes   []string // the chips' notes, in order
		labels  []string // the chips' labels, when they matter
		problem string
	}{
		{name: "B2: a series with two escorts", set: "QS 6H KS 3H AS", ok: true,
			text:  "Series, 45 points: a series QS-KS-AS with two heart escorts (B1, B2)",
			rules: []string{"B1", "B2"}, notes: []string{"", "escort of Q♠", "", "escort of K♠", ""}},
		{name: "B3: JD as a heart escort", set: "KS KC KD 4H JD", ok: true,
			text:  "Group, 55 points: a group of three kings, JD standing in for a heart escort, with two heart escorts (B1, B2, B3)",
			rules: []string{"B1", "B2", "B3"}, notes: []string{"", "", "", "escort of K♠", "as a heart, escort of K♣"}},
		{name: "B3: a declared wild shows the card, and the reading in its note", set: "5H 6H JD=7H 8H", ok: true,
			text:  "Series, 25 points: a series 5H-6H-7H-8H, JD standing for 7H (B1, B3)",
			rules: []string{"B1", "B3"}, notes: []string{"", "", "as 7♥, declared", ""}, labels: []string{"5♥", "6♥", "J♦", "8♥"}},
		{name: "B3: the Royale", set: "JD QD KD", ok: true,
			text:  "Royale, 150 points: the Diamond Royale JD-QD-KD, worth 150 in all (B3, B7)",
			rules: []string{"B3", "B7"}, notes: []string{"Royale", "Royale", "Royale"}},
		{name: "B2: an unescorted king", set: "KS KC KS",
			text: "Not a set: KS has no heart to escort it (B2)", rules: []string{"B2"},
			problem: "Ann's set 1 (KS KC KS) is not a set: KS has no heart to escort it (B2)."},
		{name: "B1: a stray heart", set: "7S 7C 7H 9H",
			text: "Not a set: 9H is not a 7, and a group of 7s has no court card for it to escort (B1, B2)", rules: []string{"B1", "B2"},
			problem: "Ann's set 1 (7S 7C 7H 9H) is not a set: 9H is not a 7, and a group of 7s has no court card for it to escort (B1, B2)."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sh, _ := gametest.Judge(t, Module{}, tableAt([]int{0, 0}, "Ann", "Bob"), gametest.Form("went_out", "0", "meld_0_0", tc.set, "hand_1", "4c"))
			f := gametest.Field(t, sh, "meld_0_0")
			if f.Verdict == nil || f.Verdict.OK != tc.ok || f.Verdict.Text != tc.text || !slices.Equal(f.Verdict.Rules, tc.rules) {
				t.Fatalf("verdict %+v; want ok %v %q citing %v", f.Verdict, tc.ok, tc.text, tc.rules)
			}
			if tc.notes != nil {
				var notes []string
				for _, c := range f.Chips {
					notes = append(notes, c.Note)
				}
				if !slices.Equal(notes, tc.notes) {
					t.Errorf("chip notes %q, want %q", notes, tc.notes)
				}
			}
			if tc.labels != nil {
				var labels []string
				for _, c := range f.Chips {
					labels = append(labels, c.Label)
				}
				if !slices.Equal(labels, tc.labels) {
					t.Errorf("chip labels %q, want %q", labels, tc.labels)
				}
			}
			if sh.Judgement.Problem != tc.problem {
				t.Errorf("problem %q, want %q", sh.Judgement.Problem, tc.problem)
			}
		})
	}
}

// TestJudgeOpeningB5: each player's requirement is the chart's for the
// total before the deal, shown above the player's sets; a player who
// played must have opened by it, and the deal is not saved otherwise.
func TestJudgeOpeningB5(t *testing.T) {
	tests := []struct {
		name    string
		totals  []int
		fields  url.Values
		help    []string // each section's requirement
		lines   []string
		problem string
	}{
		{
			name:   "Bob at 320 needs 8 cards in 2 sets",
			totals: []int{-30, 320},
			fields: gametest.Form("went_out", "0", "meld_0_0", "2c 3c 4c", "meld_1_0", "7s 7c 7h", "meld_1_1", "5s 6s 7s 8s", "hand_1", "9c"),
			help: []string{"Score -30 at the start of the deal: no opening requirement (B5).",
				"Score 320 at the start of the deal: to open, 8 or more cards in 2 sets, escorts included (B5)."},
			lines:   []string{"Ann (score -30): with a score of -30 there is no opening requirement (B5)."},
			problem: "Bob (score 320) needs 8 or more cards in 2 sets to open (B5); the sets laid down hold 3 and 4 cards.",
		},
		{
			name:    "a lay-off alone does not open",
			totals:  []int{0, 150},
			fields:  gametest.Form("went_out", "0", "meld_0_0", "2c 3c 4c", "layoffs_1", "5c", "hand_1", "9c"),
			help:    []string{"Score 0 at the start of the deal: to open, 3 or more cards in 1 set, escorts included (B5).", "Score 150 at the start of the deal: to open, 4 or more cards in 1 set, escorts included (B5)."},
			problem: "Bob (score 150) needs 4 or more cards in 1 set to open (B5); laying off alone does not open.",
		},
		{
			name:    "one set too small",
			totals:  []int{150, 0},
			fields:  gametest.Form("went_out", "0", "meld_0_0", "5s 5c 5h", "hand_1", "kc"),
			problem: "Ann (score 150) needs 4 or more cards in 1 set to open (B5); the one set laid down holds 3 cards.",
		},
		{
			name:   "the Royale opens at any score (B3)",
			totals: []int{40, 480},
			fields: gametest.Form("went_out", "0", "meld_0_0", "5s 5c 5h", "meld_1_0", "jd qd kd", "hand_1", "4c"),
			lines:  []string{"Bob (score 480): a Royale opens at any score (B3, B5)."},
		},
		{
			name:    "below 0 a lay-off alone still needs a set",
			totals:  []int{0, -10},
			fields:  gametest.Form("went_out", "0", "meld_0_0", "5s 5c 5h", "layoffs_1", "6s", "hand_1", "4c"),
			problem: "Bob (score -10) has no requirement, but must lay down a set to open (B5); laying off alone does not open.",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sh, _ := gametest.Judge(t, Module{}, tableAt(tc.totals, "Ann", "Bob"), tc.fields)
			sections := partsOf(sh, game.Section)
			for i, want := range tc.help {
				if sections[i].Help != want {
					t.Errorf("section %d: %q, want %q", i, sections[i].Help, want)
				}
			}
			for _, want := range tc.lines {
				if !slices.Contains(sh.Judgement.Lines, want) {
					t.Errorf("the working lacks %q:\n%s", want, strings.Join(sh.Judgement.Lines, "\n"))
				}
			}
			if tc.problem != "" && sh.Judgement.Problem != tc.problem {
				t.Errorf("problem %q, want %q", sh.Judgement.Problem, tc.problem)
			}
		})
	}
}

// TestJudgeBlackHeartB6: Ann, at 320, goes out in one turn with sets of
// 4, 3 and 3 cards: too little as an opening (B5), but a Black Heart
// opens at any score and scores 25 + 25 × 3 players on top (B6, B7).
func TestJudgeBlackHeartB6(t *testing.T) {
	fields := gametest.Form("went_out", "0", "meld_0_0", "as 2s 3s 4s", "meld_0_1", "9c 9s 9h", "meld_0_2", "10c 10s jd", "hand_1", "ks 5h", "hand_2", "ac")
	tb := tableAt([]int{320, 0, 0}, "Ann", "Bob", "Cy")
	sh, hand := gametest.Judge(t, Module{}, tb, fields)
	if hand != nil || sh.Judgement.Problem != "Ann (score 320) needs 8 or more cards in 2 sets to open (B5); the sets laid down hold 4, 3 and 3 cards." {
		t.Fatalf("without the Black Heart: %q", sh.Judgement.Problem)
	}
	fields.Set("black_heart", "on")
	sh, hand = gametest.Judge(t, Module{}, tb, fields)
	if hand == nil {
		t.Fatalf("with the Black Heart: %q", sh.Judgement.Problem)
	}
	for _, want := range []string{
		"Ann (score 320) went out with a Black Heart, which opens at any score (B5, B6).",
		"Ann: played set 30 + set 15 + set 30 = 75; nothing left in hand (went out); going out 25 + Black Heart 25 × 3 players = 100; 75 - 0 + 100 = +175 (B6, B7).",
		"Cy: played nothing; left in hand A♣ 15; 0 - 15 = -15 (B7).",
	} {
		if !slices.Contains(sh.Judgement.Lines, want) {
			t.Errorf("the working lacks %q:\n%s", want, strings.Join(sh.Judgement.Lines, "\n"))
		}
	}
	if !slices.Equal(hand.Points, []int{175, -15, -15}) || !strings.Contains(string(hand.Record), `"black_heart":true`) {
		t.Errorf("hand %v %s", hand.Points, hand.Record)
	}
	if checks := partsOf(sh, game.Check); len(checks) != 1 || checks[0].Name != "black_heart" || !checks[0].On || checks[0].Value != "on" {
		t.Errorf("the Black Heart checkbox: %+v", checks)
	}

	// A Black Heart is going out: without who went out there is none.
	fields.Del("went_out")
	if sh, _ := gametest.Judge(t, Module{}, tb, fields); sh.Judgement.Problem != "Who went out? A deal ends when a player goes out (B8)." {
		t.Errorf("a Black Heart with nobody out: %q", sh.Judgement.Problem)
	}
}

// TestJudgeRefusals: what cannot be saved, with the reason beside the
// field and in the judgement (B7, B8), and the cards the deck refuses.
func TestJudgeRefusals(t *testing.T) {
	tests := []struct {
		name    string
		fields  url.Values
		field   string // where an error must appear
		err     string
		problem string
	}{
		{"B8: nobody went out", gametest.Form("meld_0_0", "7s 7c 7h", "hand_1", "3s"), "", "",
			"Who went out? A deal ends when a player goes out (B8)."},
		{"B8: a seat that does not exist", gametest.Form("went_out", "7", "meld_0_0", "7s 7c 7h", "hand_1", "3s"), "", "",
			"Who went out? A deal ends when a player goes out (B8)."},
		{"B7: who went out holds cards", gametest.Form("went_out", "0", "meld_0_0", "7s 7c 7h", "hand_0", "2s", "hand_1", "3s"),
			"hand_0", "Ann went out, so holds no cards (B7): clear this field, or choose who went out.",
			"Ann went out, so holds no cards (B7): clear Ann's cards left in hand, or choose who went out."},
		{"B8: the others still hold cards", gametest.Form("went_out", "0", "meld_0_0", "7s 7c 7h"), "", "",
			"Enter Bob's cards left in hand: only Ann went out, and the deal ended then (B8)."},
		{"B7: a wild declared in hand", gametest.Form("went_out", "0", "meld_0_0", "7s 7c 7h", "hand_1", "kd=ks"),
			"hand_1", "Just the cards here: a diamond left in hand costs its own value, whatever it could stand for (B7).",
			"Fix Bob's cards left in hand."},
		{"a card the deck lacks", gametest.Form("went_out", "0", "meld_0_0", "7s 7c 7d", "hand_1", "4c"),
			"meld_0_0", "7D is not in the Black Heart deck", "Fix Ann's set 1."},
		{"a card twice", gametest.Form("went_out", "0", "meld_0_0", "jd qd kd", "hand_1", "jd"),
			"hand_1", "JD is already in Ann's set 1: the deck has only one.", "Fix Bob's cards left in hand."},
		{"a third copy in a lay-off", gametest.Form("went_out", "0", "meld_0_0", "7s 7c 7h 7s", "layoffs_0", "7s", "hand_1", "4c"),
			"layoffs_0", "The deck has only 2 of 7S", "Fix Ann's lay-offs."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sh, hand := gametest.Judge(t, Module{}, tableAt([]int{0, 0}, "Ann", "Bob"), tc.fields)
			if hand != nil {
				t.Fatalf("saved: %v", hand.Points)
			}
			if sh.Judgement.Problem != tc.problem {
				t.Errorf("problem %q, want %q", sh.Judgement.Problem, tc.problem)
			}
			if tc.field != "" {
				if f := gametest.Field(t, sh, tc.field); !strings.Contains(f.Error, tc.err) {
					t.Errorf("%s's error %q, want it to say %q", tc.field, f.Error, tc.err)
				}
			}
			for name, v := range tc.fields {
				if name != "went_out" && gametest.Field(t, sh, name).Value != v[0] {
					t.Errorf("%s lost what was typed", name)
				}
			}
		})
	}
}

// TestJudgeAddASet: each player's sets are a group of fields with one
// empty field after the last filled one; "Add a set" (more:meld_1) shows
// one more for that player with the cursor in it. A field new on the page
// is drawn but left out of the preview, which has no feedback for it to
// replace.
func TestJudgeAddASet(t *testing.T) {
	tb := tableAt([]int{0, 0}, "Ann", "Bob")
	f := gametest.Form("went_out", "0", "meld_0_0", "qs 6h ks 3h as", "hand_1", "4c", "fields_meld_0", "1", "fields_meld_1", "1")
	sh, _ := gametest.Judge(t, Module{}, tb, f)
	if fresh := gametest.Field(t, sh, "meld_0_1"); !fresh.Fresh || fresh.Verdict != nil || fresh.Placeholder != english.T("blackheart.sheet.set_example") {
		t.Errorf("Ann's second set field: %+v", fresh)
	}
	for _, f := range sh.Fields() {
		if f.Name == "meld_0_1" {
			t.Errorf("the preview lists the fresh field meld_0_1")
		}
	}
	hidden := partsOf(sh, game.Hidden)
	if len(hidden) != 2 || hidden[0].Name != "fields_meld_0" || hidden[0].Value != "2" || hidden[1].Value != "1" {
		t.Errorf("field counts %+v", hidden)
	}

	// Bob has no set yet: the cursor goes to his first empty field.
	game.AddField(f, "meld_1")
	sh, _ = gametest.Judge(t, Module{}, tb, f)
	if added := gametest.Field(t, sh, "meld_1_1"); added.Autofocus || added.Label != "Bob's set 2" || added.Fresh {
		t.Errorf("the added field: %+v", added)
	}
	if first := gametest.Field(t, sh, "meld_1_0"); !first.Autofocus {
		t.Errorf("the cursor is not in Bob's first empty field")
	}
	if hidden := partsOf(sh, game.Hidden); hidden[1].Value != "2" {
		t.Errorf("Bob's field count %s, want 2", hidden[1].Value)
	}
	f.Set("meld_1_0", "jd qd kd")
	f.Set("fields_meld_1", "2")
	game.AddField(f, "meld_1")
	sh, _ = gametest.Judge(t, Module{}, tb, f)
	if next := gametest.Field(t, sh, "meld_1_1"); !next.Autofocus {
		t.Errorf("the cursor is not in the field after Bob's set")
	}
	if added := gametest.Field(t, sh, "meld_1_2"); added.Label != "Bob's set 3" {
		t.Errorf("the field added after Bob's set: %+v", added)
	}
	more := partsOf(sh, game.More)
	if len(more) != 2 || more[1].Value != "more:meld_1" || more[1].Label != "+ Add a set" || more[1].Help != "Add a set for Bob" {
		t.Errorf("the Add a set buttons: %+v", more)
	}

	// A group at its most shows no button.
	f.Set("fields_meld_1", "1000")
	sh, _ = gametest.Judge(t, Module{}, tb, f)
	if more := partsOf(sh, game.More); len(more) != 1 {
		t.Errorf("%d Add a set buttons with Bob's group full", len(more))
	}
}

// TestValuesShowsTheDealAgain: a saved deal's record comes back as the
// form that saved it, judged the same; what is not a Black Heart record
// of this table is refused.
func TestValuesShowsTheDealAgain(t *testing.T) {
	tb := tableAt([]int{150, 0, 0}, "Ann", "Bob", "Cy")
	fields := gametest.Form("went_out", "1", "black_heart", "on",
		"meld_0_0", "5s 5c 5h 5s", "layoffs_0", "8s 9s", "hand_0", "9c",
		"meld_1_0", "qc 2h qs 7h kd", "meld_1_1", "10s 10c 10h",
		"meld_2_0", "2s 3s 4s", "layoffs_2", "qd=5s", "hand_2", "ac 7c")
	sh, hand := gametest.Judge(t, Module{}, tb, fields)
	if hand == nil {
		t.Fatalf("the deal is not ready: %s", sh.Judgement.Problem)
	}
	values, err := Module{}.Values(tb, hand.Record)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"went_out": "1", "black_heart": "on", "meld_0_0": "5S, 5C, 5H, 5S", "layoffs_0": "8S, 9S",
		"meld_1_0": "QC, 2H, QS, 7H, KD", "meld_1_1": "10S, 10C, 10H", "layoffs_2": "QD=5S", "hand_0": "9C", "hand_1": "", "hand_2": "AC, 7C"} {
		if got := values.Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	_, again := gametest.Judge(t, Module{}, tb, values)
	if again == nil || string(again.Record) != string(hand.Record) || !slices.Equal(again.Points, hand.Points) {
		t.Errorf("judged again: %v", again)
	}
}

func TestDecodeRecord(t *testing.T) {
	tests := []struct {
		name, record string
		field        string // the input error's field; "" for a record that decodes
		says         string
	}{
		{"as saved", `{"went_out":0,"black_heart":false,"players":[{"melds":[["7S","7C","7H"]],"layoffs":["8S"],"hand":[]},{"melds":[],"layoffs":[],"hand":["KS","5H"]}]}`, "", ""},
		{"a declared wild in a set", `{"went_out":1,"players":[{"hand":["5S"]},{"melds":[["KD=7S","5S","6S"]]}]}`, "", ""},
		{"empty: a blank sheet", `{}`, "", ""},
		{"nobody went out", `{"went_out":-1}`, "", ""},
		{"went_out is no seat", `{"went_out":2}`, "went_out", "went_out is seat 2, but the seats are 0 to 1"},
		{"went_out below -1", `{"went_out":-2}`, "went_out", "went_out is seat -2"},
		{"more players than seats", `{"players":[{},{},{}]}`, "players", "the record has 3 players, but the table has 2"},
		{"a card the deck lacks", `{"players":[{"hand":["7D"]}]}`, "players[0].hand[0]", `players[0].hand[0] is "7D": 7D is not in the Black Heart deck`},
		{"a reading on a card held", `{"players":[{},{"hand":["KD=KS"]}]}`, "players[1].hand[0]", "players[1].hand[0]"},
		{"not a card in a set", `{"players":[{"melds":[["7S"],["x"]]}]}`, "players[0].melds[1][0]", `players[0].melds[1][0] is "x"`},
		{"not a card laid off", `{"players":[{"layoffs":["2D"]}]}`, "players[0].layoffs[0]", "players[0].layoffs[0]"},
		{"more sets than a sheet shows", `{"players":[{"melds":[` + strings.Repeat(`[],`, game.MaxGroupFields) + `[]]}]}`, "players[0].melds", "more than a sheet shows"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeRecord([]byte(tc.record), 2)
			var bad *ruling.InputError
			switch {
			case tc.field == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.field == "":
			case !errors.As(err, &bad) || bad.Field != tc.field || !strings.Contains(locale.English().Say(bad.Msg), tc.says):
				t.Errorf("error %v, want one about %s saying %q", err, tc.field, tc.says)
			}
		})
	}
	// A field of the wrong type is json's error, which the import words.
	if _, err := DecodeRecord([]byte(`{"black_heart": 1}`), 2); err == nil {
		t.Error("black_heart as a number decodes")
	}
}

// TestJudgeStopsWithTheContext: a referee stopped while scoring says so,
// with no hand to save.
func TestJudgeStopsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(gametest.English())
	cancel()
	_, hand, err := Module{}.Judge(ctx, tableAt([]int{0, 0}, "Ann", "Bob"), gametest.Form("went_out", "0", "meld_0_0", "7s 7c 7h", "hand_1", "4c"))
	if !errors.Is(err, context.Canceled) || hand != nil {
		t.Errorf("Judge under a done context: %v, %v", hand, err)
	}
}
