package trophy

import (
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

// tableOf is a game of the named players, Dan (the last) dealing first,
// after the given tricks (winner and points each; a winner of -1 is
// none).
func tableOf(names []string, tricks ...[2]int) game.Table {
	tb := game.Table{Names: names, FirstDealer: len(names) - 1, Tally: game.NewTally(len(names))}
	for _, tr := range tricks {
		r := game.Round{Points: make([]int, len(names)), Seat: tr[0]}
		if tr[0] >= 0 {
			r.Points[tr[0]] = tr[1]
		}
		tb.Tally = tb.Tally.Add(r)
	}
	return tb
}

var four = []string{"Ann", "Bob", "Cy", "Dan"}

// withPlays adds rows of plays, "seat: card" or "seat: fold" ("" for the
// seat leaves "who" at "in turn").
func withPlays(form url.Values, plays ...string) url.Values {
	for i, p := range plays {
		seat, what, _ := strings.Cut(p, ":")
		form.Set(rowField(i, "seat"), strings.TrimSpace(seat))
		if what = strings.TrimSpace(what); what == "fold" {
			form.Set(rowField(i, "fold"), "1")
		} else {
			form.Set(rowField(i, "card"), what)
		}
	}
	return form
}

// apiTrick is the trick of the package's doc and API.md: Ann leads 3
// Lamps, Bob plays 8 Fromps, Cy folds, Dan trumps with Grue.
var apiTrick = []string{"0: 3 Lamps", "1: 8 Fromps", "2: fold", "3: Grue"}

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

func hasLine(lines []string, want string) bool {
	return slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, want) })
}

// TestJudgeTrickT5T7: the API's trick played row by row, with or without
// the seats chosen: Dan's trump ends it and wins it (T5), for Bob's 8
// (T7); Ann, left of Dan, leads next (T6). The record has the plays as
// refereed.
func TestJudgeTrickT5T7(t *testing.T) {
	inTurn := make([]string, len(apiTrick))
	for i, p := range apiTrick {
		_, what, _ := strings.Cut(p, ":")
		inTurn[i] = ":" + what
	}
	for name, plays := range map[string][]string{"seats chosen": apiTrick, "every seat in turn": inTurn} {
		t.Run(name, func(t *testing.T) {
			sh, hand := gametest.Judge(t, Module{}, tableOf(four), withPlays(gametest.Form("leader", "0"), plays...))
			if hand == nil {
				t.Fatalf("not ready: %s", sh.Judgement.Problem)
			}
			for _, want := range []string{
				"The plays: Dan wins the trick with Grue, the first trump played (T5), and scores 1 point: 8 Fromps 1 (T7).",
				"Counted from the plays in order.",
				"Ann leads the next trick, left of Dan (T6).",
				"Totals after this trick: Ann 0 · Bob 0 · Cy 0 · Dan 0 → 1 (game to 30, T8).",
			} {
				if !slices.Contains(sh.Judgement.Lines, want) {
					t.Errorf("the working lacks %q:\n%s", want, strings.Join(sh.Judgement.Lines, "\n"))
				}
			}
			if !slices.Equal(hand.Points, []int{0, 0, 0, 1}) || hand.Seat != 3 || hand.EndsHand {
				t.Errorf("hand %+v", hand)
			}
			const record = `{"leader":0,"plays":[{"seat":0,"card":"3 Lamps"},{"seat":1,"card":"8 Fromps"},{"seat":2,"fold":true},{"seat":3,"card":"Grue"}]}`
			if string(hand.Record) != record {
				t.Errorf("record %s\nwant   %s", hand.Record, record)
			}
			v := gametest.Field(t, sh, "play_3_card").Verdict
			wantRules := []string{"T5"}
			if name != "seats chosen" {
				wantRules = []string{"T2", "T5"}
			}
			if v == nil || !v.OK || !strings.Contains(v.Text, "Dan wins the trick (T5)") || !slices.Equal(v.Rules, wantRules) {
				t.Errorf("the last play's verdict %+v, want it citing %v", v, wantRules)
			}
		})
	}
}

// TestJudgeRulesBroken: a fault stops the plays at its row, which says
// so with the rule it breaks; nothing can be saved.
func TestJudgeRulesBroken(t *testing.T) {
	tests := []struct {
		name  string
		plays []string
		also  []string // more of the form
		row   int
		rules []string
		want  string
	}{
		{"T2: a play out of turn", []string{"0: 3 Lamps", "2: 8 Fromps"}, nil, 1, []string{"T2"},
			"Play 2: Cy played out of turn; it was Bob's turn (T2)."},
		{"T1: a trump led", []string{"0: Grue"}, nil, 0, []string{"T1"},
			"Play 1: Ann led Grue, but the lead must be a suited card, never a trump (T1)."},
		{"T1: the leader folds", []string{"0: fold"}, nil, 0, []string{"T1"},
			"Play 1: Ann leads and cannot fold before leading a card (T1)."},
		{"T5: a play after the trick ended", []string{"0: 3 Lamps", "1: Grue", "2: 9 Lamps"}, nil, 2, []string{"T5"},
			"Play 3: Cy played 9 Lamps after Bob had won the trick (T5)."},
		{"T5: in turn after the trick ended", []string{"0: 3 Lamps", "1: Grue", ": 9 Lamps"}, nil, 2, []string{"T5"},
			"Play 3: Nothing is played after the trick has ended: Bob won it (T5)."},
		{"a card and a fold", []string{"0: 3 Lamps", "1: 8 Fromps"}, []string{"play_1_fold", "1"}, 1, nil,
			"Play 2: a card or a fold, not both."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			form := withPlays(gametest.Form(append([]string{"leader", "0"}, tc.also...)...), tc.plays...)
			sh, hand := gametest.Judge(t, Module{}, tableOf(four), form)
			if hand != nil || sh.Judgement.Problem != tc.want {
				t.Fatalf("problem %q, want %q", sh.Judgement.Problem, tc.want)
			}
			v := gametest.Field(t, sh, rowField(tc.row, "card")).Verdict
			if v == nil || v.OK || !slices.Equal(v.Rules, tc.rules) {
				t.Errorf("row %d's verdict %+v, want it citing %v", tc.row+1, v, tc.rules)
			}
		})
	}
}

// TestJudgeCardTwice: a card played twice is refused where it appears
// again, naming the play that has it (the Fanucci deck has one of each).
func TestJudgeCardTwice(t *testing.T) {
	sh, hand := gametest.Judge(t, Module{}, tableOf(four), withPlays(gametest.Form("leader", "0"), "0: 3 Lamps", "1: 3 lamps"))
	f := gametest.Field(t, sh, "play_1_card")
	if hand != nil || f.Error != "3 Lamps is already in play 1: the deck has only one." || sh.Judgement.Problem != "Fix the card of play 2." {
		t.Errorf("error %q, problem %q", f.Error, sh.Judgement.Problem)
	}
}

// TestJudgePartialT2T4: a trick that goes on says whose turn it is and
// who holds the highest card, and prefills the next row with that seat.
func TestJudgePartialT2T4(t *testing.T) {
	sh, hand := gametest.Judge(t, Module{}, tableOf(four), withPlays(gametest.Form("leader", "0"), "0: 3 Lamps", "1: 8 Fromps"))
	if hand != nil || !strings.HasPrefix(sh.Judgement.Problem, "The trick goes on: it is Cy's turn (T2).") {
		t.Fatalf("problem %q", sh.Judgement.Problem)
	}
	if !hasLine(sh.Judgement.Lines, "Cy to play or fold; Bob holds the highest card, 8 Fromps, and the trick is worth 1 point so far: 8 Fromps 1 (T2, T4, T7).") {
		t.Errorf("lines %q", sh.Judgement.Lines)
	}
	rows := partsOf(sh, game.Row)
	if len(rows) != 6 || rows[2].Parts[0].Value != "2" || rows[3].Parts[0].Value != "" {
		t.Errorf("%d rows; the third's seat %q, the fourth's %q; want 6, Cy's, in turn", len(rows), rows[2].Parts[0].Value, rows[3].Parts[0].Value)
	}
}

// TestJudgeQuickT7: the quick entry scores the winner's cards: 8s and 9s
// 1, ∞ 2, zeros 1 only with a trump (T7); two trumps cannot be (T5).
func TestJudgeQuickT7(t *testing.T) {
	tests := []struct {
		cards  string
		points int
		line   string
	}{
		{"0 Lamps, 9 Tops, Grue, inf Books, 3 Rain", 4,
			"Quick entry: Bob won the trick, worth 4 points: 0 Lamps 1, 9 Tops 1, ∞ Books 2; a trump was played, so zeros count (T7)."},
		{"0 Lamps, 9 Tops, 3 Rain", 1, "Quick entry: Bob won the trick, worth 1 point: 9 Tops 1 (T7)."},
		{"", 0, "Quick entry: Bob won the trick; no cards entered, so 0 points (T7)."},
	}
	for _, tc := range tests {
		t.Run(tc.cards, func(t *testing.T) {
			sh, hand := gametest.Judge(t, Module{}, tableOf(four), gametest.Form("leader", "0", "winner", "1", "trick_cards", tc.cards, "ends_hand", "1"))
			if hand == nil || !slices.Equal(hand.Points, []int{0, tc.points, 0, 0}) || hand.Seat != 1 || !hand.EndsHand {
				t.Fatalf("hand %+v (%s)", hand, sh.Judgement.Problem)
			}
			for _, want := range []string{tc.line, "Counted from the quick entry (the winner and the cards).",
				"Cy leads the next trick, left of Bob (T6).",
				"A player ran out of cards: new hands are dealt after this trick, by Ann (T6)."} {
				if !slices.Contains(sh.Judgement.Lines, want) {
					t.Errorf("the working lacks %q:\n%s", want, strings.Join(sh.Judgement.Lines, "\n"))
				}
			}
			if d := partsOf(sh, game.Details); len(d) != 1 || !d[0].On {
				t.Errorf("the quick entry is not open: %+v", d)
			}
		})
	}
	sh, _ := gametest.Judge(t, Module{}, tableOf(four), gametest.Form("leader", "0", "winner", "1", "trick_cards", "Grue, Time"))
	v := gametest.Field(t, sh, "trick_cards").Verdict
	if sh.Judgement.Problem != "Only one trump is played on a trick: the first one ends it (T5)." || v == nil || !slices.Equal(v.Rules, []string{"T5"}) {
		t.Errorf("two trumps: problem %q, verdict %+v", sh.Judgement.Problem, v)
	}
}

// TestJudgeBothEntries: plays and a quick entry that agree count once;
// that disagree, not at all.
func TestJudgeBothEntries(t *testing.T) {
	base := func(winner, cards string) url.Values {
		return withPlays(gametest.Form("leader", "0", "winner", winner, "trick_cards", cards), apiTrick...)
	}
	if sh, hand := gametest.Judge(t, Module{}, tableOf(four), base("3", "8 Fromps, Grue")); hand == nil || !hasLine(sh.Judgement.Lines, "the quick entry agrees") {
		t.Errorf("agreeing entries: %q", sh.Judgement.Problem)
	} else if string(hand.Record) != `{"leader":0,"plays":[{"seat":0,"card":"3 Lamps"},{"seat":1,"card":"8 Fromps"},{"seat":2,"fold":true},{"seat":3,"card":"Grue"}],"quick":{"winner":3,"cards":["8 Fromps","Grue"]}}` {
		t.Errorf("record %s", hand.Record)
	}
	if sh, hand := gametest.Judge(t, Module{}, tableOf(four), base("1", "8 Fromps, Grue")); hand != nil ||
		!strings.HasPrefix(sh.Judgement.Problem, "The two entries disagree: the plays give Dan 1 point, the quick entry gives Bob 1 point.") {
		t.Errorf("disagreeing entries: %q", sh.Judgement.Problem)
	}
}

// TestJudgeLeaderT6: the sheet starts with the leader by the scorepad,
// left of the last trick's winner, and says when another is entered.
func TestJudgeLeaderT6(t *testing.T) {
	tb := tableOf(four, [2]int{1, 2}) // Bob won the last trick: Cy leads
	if got := (Module{}).Blank(tb).Get("leader"); got != "2" {
		t.Errorf("blank leader %q, want Cy's 2", got)
	}
	sh, _ := gametest.Judge(t, Module{}, tb, withPlays(gametest.Form("leader", "0"), "0: 3 Lamps"))
	if !hasLine(sh.Judgement.Lines, "By the scorepad, Cy leads this trick (T6); Ann is entered as the leader.") {
		t.Errorf("lines %q", sh.Judgement.Lines)
	}
	sel := partsOf(sh, game.Select)[0]
	if sel.Name != "leader" || sel.Help != "By the scorepad: Cy, left of Bob, who won the last trick (T6)." {
		t.Errorf("leader %+v", sel)
	}
	if got := (Module{}).Blank(tableOf(four)).Get("leader"); got != "0" {
		t.Errorf("first trick's leader %q, want Ann, left of Dan who dealt", got)
	}
	sh, hand := gametest.Judge(t, Module{}, tableOf(four), withPlays(gametest.Form("leader", ""), "0: 3 Lamps"))
	if hand != nil || sh.Judgement.Problem != "Choose who leads the trick (T1)." {
		t.Errorf("no leader: %q", sh.Judgement.Problem)
	}
}

// TestJudgeTargetT8: the totals after the trick against 30, and the win
// once one player has the highest total at or above it.
func TestJudgeTargetT8(t *testing.T) {
	tb := tableOf(four, [2]int{1, 27}, [2]int{2, 28})
	sh, _ := gametest.Judge(t, Module{}, tb, gametest.Form("winner", "1", "trick_cards", "inf Tops, 9 Lamps"))
	for _, want := range []string{"Bob 27 → 30: reaches 30 · Cy 28", "Bob wins the game with 30, the highest total once a player has 30 (T8)."} {
		if !hasLine(sh.Judgement.Lines, want) {
			t.Errorf("lines lack %q: %q", want, sh.Judgement.Lines)
		}
	}
	sh, _ = gametest.Judge(t, Module{}, tb, gametest.Form("winner", "1", "trick_cards", "inf Tops"))
	if hasLine(sh.Judgement.Lines, "wins the game") {
		t.Errorf("Bob at 29 wins: %q", sh.Judgement.Lines)
	}
}

// TestJudgeRows: a round of rows for each filled, another on "Add
// plays" with the cursor on the first empty one, and never more than a
// trick takes.
func TestJudgeRows(t *testing.T) {
	form := withPlays(gametest.Form("leader", "0", "rows", "8", "action", "more"), "0: 3 Lamps", "1: 8 Fromps", "2: 9 Fromps", ": ∞ Lamps")
	sh, _ := gametest.Judge(t, Module{}, tableOf(four), form)
	rows := partsOf(sh, game.Row)
	if len(rows) != 12 || !gametest.Field(t, sh, "play_4_card").Autofocus || partsOf(sh, game.Hidden)[0].Value != "12" {
		t.Errorf("%d rows, want 12 with the cursor in the fifth", len(rows))
	}
	if f := gametest.Field(t, sh, "play_4_card"); f.Label != "Card of play 5" || !f.Single || f.Placeholder != "card" {
		t.Errorf("row 5's field %+v", f)
	}
	form.Set("rows", "500")
	sh, _ = gametest.Judge(t, Module{}, tableOf(four), form)
	if n := len(partsOf(sh, game.Row)); n != MaxPlays(4) || n != 51 || len(partsOf(sh, game.More)) != 0 {
		t.Errorf("%d rows and %d more buttons; want 51 and none", n, len(partsOf(sh, game.More)))
	}
	if sec := sh.Parts[0]; sec.Kind != game.Section || !sec.Tally {
		t.Errorf("the plays are not a tally of their own: %+v", sec)
	}
}

// TestValuesRoundTrip: a stored trick shows again as entered, and is
// judged to the same record.
func TestValuesRoundTrip(t *testing.T) {
	tb := tableOf(four)
	_, hand := gametest.Judge(t, Module{}, tb, withPlays(gametest.Form("leader", "0", "winner", "3", "trick_cards", "8 Fromps, Grue", "ends_hand", "1"), apiTrick...))
	form, err := Module{}.Values(tb, hand.Record)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"leader": "0", "play_0_card": "3 Lamps", "play_2_fold": "1", "play_3_seat": "3",
		"winner": "3", "trick_cards": "8 Fromps, Grue", "ends_hand": "1"} {
		if got := form.Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	_, again := gametest.Judge(t, Module{}, tb, form)
	if again == nil || string(again.Record) != string(hand.Record) {
		t.Errorf("shown again: %v", again)
	}
}

// TestDecodeRecord: the records the sheet stores are read back; what it
// never stores is refused naming the field.
func TestDecodeRecord(t *testing.T) {
	good := []string{
		`{"leader":0,"plays":[{"seat":0,"card":"7 Lamps"},{"seat":1,"fold":true}]}`,
		`{"quick":{"winner":2,"cards":["0 Rain","∞ Tops","Time"]},"ends_hand":true}`,
		`{"quick":{"winner":1,"cards":null}}`,
		`{}`,
	}
	for _, rec := range good {
		if _, err := DecodeRecord(json.RawMessage(rec), 3); err != nil {
			t.Errorf("%s refused: %v", rec, err)
		}
	}
	bad := []struct{ record, field string }{
		{`{"leader":3}`, "leader"},
		{`{"leader":-1}`, "leader"},
		{`{"plays":[{"seat":3,"card":"7 Lamps"}]}`, "plays[0].seat"},
		{`{"plays":[{"seat":0}]}`, "plays[0].card"},
		{`{"plays":[{"seat":0,"card":"7 Lamps","fold":true}]}`, "plays[0].card"},
		{`{"plays":[{"seat":0,"card":"7H"}]}`, "plays[0].card"},
		{`{"plays":[{"seat":0,"card":"7 Lamps"},{"seat":1,"card":"7 lamps"}]}`, "plays[1].card"},
		{`{"plays":[` + strings.Repeat(`{"seat":0,"fold":true},`, MaxPlays(3)) + `{"seat":0,"fold":true}]}`, "plays"},
		{`{"quick":{"winner":5,"cards":[]}}`, "quick.winner"},
		{`{"quick":{"winner":0,"cards":["Grue","8 Rain","Time"]}}`, "quick.cards[2]"},
		{`{"quick":{"winner":0,"cards":["8 Rain","8 Rain"]}}`, "quick.cards[1]"},
	}
	for _, tc := range bad {
		_, err := DecodeRecord(json.RawMessage(tc.record), 3)
		var in *ruling.InputError
		if !errors.As(err, &in) || in.Field != tc.field {
			t.Errorf("%.60s: %v, want bad input about %s", tc.record, err, tc.field)
		}
	}
	var typeErr *json.UnmarshalTypeError
	if _, err := DecodeRecord(json.RawMessage(`{"plays":[{"seat":"Ann"}]}`), 3); !errors.As(err, &typeErr) || !strings.HasPrefix(typeErr.Field, "plays.") || !strings.HasSuffix(typeErr.Field, ".seat") {
		t.Errorf("a seat as text: %v", err)
	}
	if _, err := (Module{}).Values(tableOf(four), json.RawMessage(`[1]`)); err == nil {
		t.Errorf("Values passed a list")
	}
}

// TestTrickQuestion: the referee page's "A trick", players numbered from
// 1, its ruling citing the result's rules.
func TestTrickQuestion(t *testing.T) {
	q := Module{}.Questions()[0]
	if q.Key != "trick" || q.Label.ID != "trophy.ask.trick" || len(q.Inputs) != 3 || len(q.Inputs[1].Options) != 5 {
		t.Fatalf("question %+v", q)
	}
	tests := []struct {
		name, players, leader, plays string
		headline                     string
		ok                           bool
		details                      []string
		rules                        []string
		inputErr                     string
		chips                        int
	}{
		{name: "the public trick", players: "4", leader: "1", plays: "1 3 Lamps\n2 8 Fromps\n3 fold\n4 Grue",
			headline: "Player 4 wins the trick: 1 point", ok: true, details: []string{"Player 1 leads next (T6)."}, rules: []string{"T5", "T7"}, chips: 3},
		{name: "out of turn", players: "4", leader: "1", plays: "2 3 Lamps", headline: "Not allowed", rules: []string{"T2"}, chips: 1},
		{name: "going on", players: "3", leader: "2", plays: "2 3 lam\n\n3 9 plu", headline: "The trick goes on: player 1 to play", ok: true,
			details: []string{"Highest so far: player 3 with 9 Plungers (T4)."}, rules: []string{"T2", "T4", "T7"}, chips: 2},
		{name: "a bad line", players: "4", leader: "1", plays: "Bob plays 3 Lamps", inputErr: "Line 1: start with the player's number"},
		{name: "a bad card", players: "4", leader: "1", plays: "1 3 Lamps\n2 10 Lamps", inputErr: "Line 2: ", chips: 1},
		{name: "no plays", players: "4", leader: "1", plays: "\n", inputErr: "Enter at least the lead."},
		{name: "a seat the table lacks", players: "3", leader: "1", plays: "1 3 Lamps\n5 4 Lamps", inputErr: "there is no player 5", chips: 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ans, err := q.Judge(gametest.English(), url.Values{"players": {tc.players}, "leader": {tc.leader}, "plays": {tc.plays}})
			if err != nil {
				t.Fatal(err)
			}
			fb := ans.Feedback["plays"]
			if len(fb.Chips) != tc.chips {
				t.Errorf("%d chips, want %d", len(fb.Chips), tc.chips)
			}
			if tc.inputErr != "" {
				if !strings.Contains(fb.Error, tc.inputErr) || ans.Ruling != nil {
					t.Errorf("plays: %q, ruling %v; want %q", fb.Error, ans.Ruling, tc.inputErr)
				}
				return
			}
			r := ans.Ruling
			if r == nil || r.Headline != tc.headline || r.OK != tc.ok || !slices.Equal(r.Details, tc.details) || !slices.Equal(r.Rules, tc.rules) {
				t.Errorf("ruling %+v; want %q citing %v", r, tc.headline, tc.rules)
			}
			if r != nil && strings.Contains(r.Reason, "seat ") {
				t.Errorf("the reason speaks of seats: %q", r.Reason)
			}
		})
	}
}
