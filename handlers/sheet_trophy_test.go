package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"meldpad/db"
	"meldpad/rules/trophy"
)

// newTrophyGame starts a Trophy Case game for Ann, Bob, Cy and Dan (seats
// 0-3) with Dan dealing first, so that Ann leads the first trick (T6), as
// in the API's example trick.
func newTrophyGame(t *testing.T, app *testApp) string {
	t.Helper()
	form := formValues(app.get("/games/new?game=trophy"))
	form.Del("players")
	for _, p := range []string{"Ann", "Bob", "Cy", "Dan"} {
		form.Add("players", p)
	}
	form.Set("dealer", "3")
	p := app.post("/games", form)
	if p.status != http.StatusSeeOther {
		t.Fatalf("create trophy game: %d\n%s", p.status, p.body)
	}
	return p.location
}

// play is one row of the plays: seat "" leaves "who" at "in turn"; a card
// of "fold" ticks "folds".
type play struct{ seat, card string }

// trickForm is the blank card sheet of the next trick, with plays and
// the leader filled in.
func trickForm(app *testApp, game, leader string, plays ...play) url.Values {
	form := formValues(app.get(game + "/hands/new?by=cards"))
	form.Set("leader", leader)
	setPlays(form, plays...)
	return form
}

// trophyPlayField names a play row's input: part is "seat", "card" or
// "fold"; rows count from 0.
func trophyPlayField(row int, part string) string {
	return "play_" + strconv.Itoa(row) + "_" + part
}

func setPlays(form url.Values, plays ...play) {
	for i, p := range plays {
		form.Set(trophyPlayField(i, "seat"), p.seat)
		if p.card == "fold" {
			form.Set(trophyPlayField(i, "fold"), "1")
		} else {
			form.Set(trophyPlayField(i, "card"), p.card)
		}
	}
}

// apiExample is the trick of rules/trophy's doc and API.md: Ann leads 3
// Lamps, Bob plays 8 Fromps, Cy folds, Dan trumps with Grue.
var apiExample = []play{{"0", "3 Lamps"}, {"1", "8 Fromps"}, {"2", "fold"}, {"3", "Grue"}}

// storedHands returns the game's hands as stored.
func storedHands(t *testing.T, app *testApp, game string) []db.Hand {
	t.Helper()
	g, err := app.store.Game(context.Background(), strings.TrimPrefix(game, "/g/"))
	if err != nil {
		t.Fatal(err)
	}
	hands, err := app.store.Hands(context.Background(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	return hands
}

func TestTrophySheetPlays(t *testing.T) {
	inTurn := make([]play, len(apiExample))
	for i, p := range apiExample {
		inTurn[i] = play{"", p.card}
	}
	for _, tc := range []struct {
		name  string
		plays []play
	}{
		{"every seat chosen", apiExample},
		{"every seat left in turn", inTurn},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			game := newTrophyGame(t, app)
			form := trickForm(app, game, "0", tc.plays...)
			form.Set("action", "check")
			p := app.post(game+"/hands", form)
			if p.status != http.StatusOK {
				t.Fatalf("check: status %d", p.status)
			}
			// T5: the first trump ends and wins the trick; T7: only the 8
			// scores, 1 point; T6: the player left of Dan (seat 3) is Ann.
			mustContain(t, p,
				"Dan wins the trick with Grue, the first trump played (T5), and scores 1 point: 8 Fromps 1 (T7).",
				"Counted from the plays in order.",
				"Ann leads the next trick, left of Dan (T6).",
				"Totals after this trick: Ann 0 · Bob 0 · Cy 0 · Dan 0 → 1 (game to 30, T8).",
			)
			if tc.plays[0].seat == "" {
				mustContain(t, p, "Ann, in turn", "Cy, in turn", "Dan, in turn; Dan wins the trick (T5)")
			}
			form.Set("action", "save")
			if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
				t.Fatalf("save: status %d\n%s", p.status, p.body)
			}
			hands := storedHands(t, app, game)
			if len(hands) != 1 {
				t.Fatalf("%d hands stored, want 1", len(hands))
			}
			h := hands[0]
			if h.Entry != db.EntryCards || !slices.Equal(h.Points, []int{0, 0, 0, 1}) || h.Seat != 3 || h.EndsHand {
				t.Errorf("stored %s %v seat %d ends hand %v; want cards [0 0 0 1] seat 3 false", h.Entry, h.Points, h.Seat, h.EndsHand)
			}
			var rec trophy.Record
			if err := json.Unmarshal(h.Record, &rec); err != nil {
				t.Fatal(err)
			}
			want := []trophy.PlayRecord{{Seat: 0, Card: "3 Lamps"}, {Seat: 1, Card: "8 Fromps"}, {Seat: 2, Fold: true}, {Seat: 3, Card: "Grue"}}
			if rec.Leader == nil || *rec.Leader != 0 || !slices.Equal(rec.Plays, want) || rec.Quick != nil {
				t.Errorf("stored record %s", h.Record)
			}
			mustContain(t, app.get(game), "Next lead: <strong>Ann</strong>")
		})
	}
}

func TestTrophySheetPartialTrick(t *testing.T) {
	app := newTestApp(t)
	game := newTrophyGame(t, app)
	form := trickForm(app, game, "0", play{"0", "3 Lamps"}, play{"1", "8 Fromps"})

	// The live preview says whose turn it is and who holds the highest
	// card (T2, T4), and that the trick cannot be saved yet.
	p := app.post(game+"/hands/preview", form)
	mustContain(t, p, `id="judgement"`,
		"Cy to play or fold; Bob holds the highest card, 8 Fromps, and the trick is worth 1 point so far: 8 Fromps 1 (T2, T4, T7).",
		"The trick goes on: it is Cy&#39;s turn (T2).")

	form.Set("action", "save")
	p = app.post(game+"/hands", form)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("saving a trick that goes on: status %d, want 422", p.status)
	}
	mustContain(t, p, "Not saved: The trick goes on: it is Cy&#39;s turn (T2).", `value="3 Lamps"`, `value="8 Fromps"`)
	// The next row is Cy's, ready to be filled in.
	if !regexp.MustCompile(`name="play_2_seat"[^>]*>.*?<option value="2" selected>Cy</option>`).MatchString(p.body) {
		t.Errorf("the third row is not prefilled with Cy, whose turn it is")
	}
	if n := len(storedHands(t, app, game)); n != 0 {
		t.Errorf("%d hands stored, want none", n)
	}
}

func TestTrophySheetRulesBroken(t *testing.T) {
	for _, tc := range []struct {
		name  string
		plays []play
		also  url.Values // more of the form, beside the plays
		want  string
	}{
		{"a play out of turn", []play{{"0", "3 Lamps"}, {"2", "8 Fromps"}, {"3", "fold"}}, nil,
			"Play 2: Cy played out of turn; it was Bob&#39;s turn (T2)."},
		{"a trump led", []play{{"0", "Grue"}}, nil,
			"Play 1: Ann led Grue, but the lead must be a suited card, never a trump (T1)."},
		{"the leader folds", []play{{"0", "fold"}}, nil,
			"Play 1: Ann leads and cannot fold before leading a card (T1)."},
		{"a play after the trick ended", []play{{"0", "3 Lamps"}, {"1", "Grue"}, {"2", "9 Lamps"}}, nil,
			"Play 3: Cy played 9 Lamps after Bob had won the trick (T5)."},
		{"a card and a fold", []play{{"0", "3 Lamps"}, {"1", "8 Fromps"}}, url.Values{"play_1_fold": {"1"}},
			"Play 2: a card or a fold, not both."},
		{"a card played twice", []play{{"0", "3 Lamps"}, {"1", "3 lamps"}}, nil,
			"3 Lamps is already in play 1: the deck has only one."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			game := newTrophyGame(t, app)
			form := trickForm(app, game, "0", tc.plays...)
			for k, v := range tc.also {
				form[k] = v
			}
			form.Set("action", "save")
			p := app.post(game+"/hands", form)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", p.status)
			}
			mustContain(t, p, tc.want)
			// Everything typed is kept, each row with its seat.
			for i, pl := range tc.plays {
				if pl.card != "fold" {
					mustContain(t, p, `name="`+trophyPlayField(i, "card")+`" value="`+pl.card+`"`)
				} else {
					mustContain(t, p, `name="`+trophyPlayField(i, "fold")+`" value="1" checked`)
				}
				if !regexp.MustCompile(`name="` + trophyPlayField(i, "seat") + `"[^>]*>.*?<option value="` + pl.seat + `" selected>`).MatchString(p.body) {
					t.Errorf("row %d lost its seat %s", i+1, pl.seat)
				}
			}
			if n := len(storedHands(t, app, game)); n != 0 {
				t.Errorf("%d hands stored, want none", n)
			}
		})
	}
}

func TestTrophySheetQuick(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cards  string
		points int
		shows  string
	}{
		// T7: with a trump among the cards, zeros count; the trump scores 0.
		{"a trump among the cards", "0 Lamps, 9 Tops, Grue, inf Books, 3 Rain", 4,
			"Quick entry: Bob won the trick, worth 4 points: 0 Lamps 1, 9 Tops 1, ∞ Books 2; a trump was played, so zeros count (T7)."},
		{"no trump: zeros do not count", "0 Lamps, 9 Tops, 3 Rain", 1,
			"Quick entry: Bob won the trick, worth 1 point: 9 Tops 1 (T7)."},
		{"no scoring card", "3 Rain, 4 Lamps", 0,
			"Quick entry: Bob won the trick; none of its cards scores, so 0 points (T7)."},
		{"the winner alone", "", 0,
			"Quick entry: Bob won the trick; no cards entered, so 0 points (T7)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			game := newTrophyGame(t, app)
			form := trickForm(app, game, "0")
			form.Set("winner", "1")
			form.Set("trick_cards", tc.cards)
			form.Set("ends_hand", "1")
			form.Set("action", "check")
			p := app.post(game+"/hands", form)
			mustContain(t, p, tc.shows, "Counted from the quick entry (the winner and the cards).",
				"Cy leads the next trick, left of Bob (T6).",
				// Dan dealt first; the hand ends, so the deal passes to Ann (T6).
				"A player ran out of cards: new hands are dealt after this trick, by Ann (T6).")
			form.Set("action", "save")
			if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
				t.Fatalf("save: status %d\n%s", p.status, p.body)
			}
			h := storedHands(t, app, game)[0]
			if !slices.Equal(h.Points, []int{0, tc.points, 0, 0}) || h.Seat != 1 || !h.EndsHand {
				t.Errorf("stored %v seat %d ends hand %v; want [0 %d 0 0] seat 1 true", h.Points, h.Seat, h.EndsHand, tc.points)
			}
		})
	}
}

func TestTrophySheetQuickProblems(t *testing.T) {
	for _, tc := range []struct {
		name, winner, cards, want string
	}{
		{"cards without a winner", "", "8 Lamps", "Who won the trick? Choose one in the quick entry (T5)."},
		{"two trumps", "1", "Grue, Time", "Only one trump is played on a trick: the first one ends it (T5)."},
		{"a card not in the deck", "1", "10 Lamps", "Fix the cards of the trick."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			game := newTrophyGame(t, app)
			form := trickForm(app, game, "0")
			form.Set("winner", tc.winner)
			form.Set("trick_cards", tc.cards)
			form.Set("action", "save")
			p := app.post(game+"/hands", form)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", p.status)
			}
			mustContain(t, p, tc.want, `value="`+tc.cards+`"`)
		})
	}
}

func TestTrophySheetBothEntries(t *testing.T) {
	for _, tc := range []struct {
		name, winner, cards string
		saved               bool
		want                string
	}{
		{"they agree", "3", "8 Fromps, Grue", true, "Counted from the plays in order; the quick entry agrees."},
		{"another winner", "1", "8 Fromps, Grue", false,
			"The two entries disagree: the plays give Dan 1 point, the quick entry gives Bob 1 point."},
		{"other points", "3", "8 Fromps, inf Tops", false,
			"The two entries disagree: the plays give Dan 1 point, the quick entry gives Dan 3 points."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			game := newTrophyGame(t, app)
			form := trickForm(app, game, "0", apiExample...)
			form.Set("winner", tc.winner)
			form.Set("trick_cards", tc.cards)
			form.Set("action", "check")
			mustContain(t, app.post(game+"/hands", form), tc.want)
			form.Set("action", "save")
			p := app.post(game+"/hands", form)
			stored := storedHands(t, app, game)
			if tc.saved {
				if p.status != http.StatusSeeOther || len(stored) != 1 || !slices.Equal(stored[0].Points, []int{0, 0, 0, 1}) {
					t.Fatalf("agreeing entries: status %d, stored %v", p.status, stored)
				}
				return
			}
			if p.status != http.StatusUnprocessableEntity || len(stored) != 0 {
				t.Fatalf("disagreeing entries: status %d, %d hands stored; want 422 and none", p.status, len(stored))
			}
			mustContain(t, p, "nothing is saved until they agree", `value="Grue"`, `value="`+tc.cards+`"`)
		})
	}
}

func TestTrophySheetAddPlays(t *testing.T) {
	app := newTestApp(t)
	game := newTrophyGame(t, app)
	form := trickForm(app, game, "0", play{"0", "3 Lamps"}, play{"1", "8 Fromps"}, play{"2", "9 Fromps"}, play{"", "∞ Lamps"})
	if got := form.Get("rows"); got != "4" {
		t.Fatalf("a new sheet shows %s rows, want a round of 4", got)
	}
	form.Set("rows", "8")
	form.Set("action", "more")
	p := app.post(game+"/hands", form)
	if p.status != http.StatusOK {
		t.Fatalf("add plays: status %d", p.status)
	}
	// 8 rows were shown; another round of 4 makes 12, and the cursor goes
	// to the first empty row.
	mustContain(t, p, `name="rows" value="12"`, `name="play_11_card"`, `name="play_4_card" value="" placeholder="card" aria-label="Card of play 5" autocomplete="off" autocapitalize="off" spellcheck="false" data-single aria-describedby="fb-play_4_card" autofocus`)
	if strings.Contains(p.body, `name="play_12_card"`) {
		t.Errorf("more than 12 rows shown")
	}
	for _, typed := range []string{"3 Lamps", "8 Fromps", "9 Fromps", "∞ Lamps"} {
		mustContain(t, p, `value="`+typed+`"`)
	}
	// The fourth play was left in turn: Dan's. Fromps, the second suit of
	// the led colour to appear, ranks above the led Lamps (T4).
	mustContain(t, p, "Dan, in turn", "Ann to play or fold; Cy holds the highest card, 9 Fromps")
	if n := len(storedHands(t, app, game)); n != 0 {
		t.Errorf("add plays stored %d hands", n)
	}
	// No more rows than a trick can take: 4 players × 12 cards + 3 folds.
	form.Set("rows", "500")
	if p := app.post(game+"/hands", form); !strings.Contains(p.body, `name="rows" value="51"`) || strings.Contains(p.body, `value="more"`) {
		t.Errorf("rows are not capped at 51, or Add plays is still offered")
	}
}

func TestTrophySheetCorrect(t *testing.T) {
	app := newTestApp(t)
	game := newTrophyGame(t, app)
	form := trickForm(app, game, "0", apiExample...)
	form.Set("action", "save")
	app.post(game+"/hands", form)
	app.recordPoints(game, "0", "5", "", "", "") // trick 2: Ann wins 5
	link := handLinks(app.get(game))[0]

	// The stored trick comes back card by card.
	p := app.get(link)
	mustContain(t, p, "Correct trick 1", `value="3 Lamps"`, `value="8 Fromps"`, `name="play_2_fold" value="1" checked`, `value="Grue"`,
		`<option value="0" selected>Ann</option>`, "By the scorepad: Ann, left of the first dealer (T6).")
	// Bob's 8 Fromps becomes ∞ Fromps: 2 points for Dan. The totals are
	// those after trick 1, not after trick 2.
	edit := formValues(p)
	edit.Set("leader", "0")
	setPlays(edit, play{"0", "3 Lamps"}, play{"1", "inf Fromps"}, play{"2", "fold"}, play{"3", "Grue"})
	mustContain(t, app.post(game+"/hands/preview?hand="+strings.TrimPrefix(link, game+"/hands/"), edit),
		"Totals after this trick: Ann 0 · Bob 0 · Cy 0 · Dan 0 → 2")
	edit.Set("action", "save")
	if p := app.post(link, edit); p.status != http.StatusSeeOther {
		t.Fatalf("correction: status %d\n%s", p.status, p.body)
	}
	hands := storedHands(t, app, game)
	if len(hands) != 2 || !slices.Equal(hands[0].Points, []int{0, 0, 0, 2}) || hands[0].Seat != 3 {
		t.Fatalf("after the correction: %v", hands)
	}
	if !strings.Contains(string(hands[0].Record), `"card":"∞ Fromps"`) {
		t.Errorf("corrected record %s", hands[0].Record)
	}
}

func TestTrophySheetReachesTarget(t *testing.T) {
	app := newTestApp(t)
	game := newTrophyGame(t, app)
	app.recordPoints(game, "1", "", "27", "", "") // Bob 27
	app.recordPoints(game, "2", "", "", "28", "") // Cy 28
	for _, tc := range []struct {
		cards string
		shows []string
	}{
		{"inf Tops", []string{"Bob 27 → 29 · Cy 28"}},
		// Bob 27 + 3 = 30, the highest total: Bob wins (T8).
		{"inf Tops, 9 Lamps", []string{"Bob 27 → 30: reaches 30 · Cy 28", "Bob wins the game with 30, the highest total once a player has 30 (T8)."}},
	} {
		form := trickForm(app, game, "0")
		form.Set("winner", "1")
		form.Set("trick_cards", tc.cards)
		form.Set("action", "check")
		p := app.post(game+"/hands", form)
		mustContain(t, p, tc.shows...)
		if strings.Contains(tc.shows[0], "29") && strings.Contains(p.body, "wins the game") {
			t.Errorf("Bob at 29 wins the game")
		}
	}
}
