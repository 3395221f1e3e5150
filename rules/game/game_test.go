package game

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"testing"

	"meldpad/locale"
	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// TestTallyAddEqualsTallyOf: adding rounds one at a time gives what
// adding them up from the start gives, and Add leaves the tally it was
// given as it was.
func TestTallyAddEqualsTallyOf(t *testing.T) {
	rounds := []Round{
		{Points: []int{10, 0, -5}, Seat: 0, EndsHand: true},
		{Points: []int{0, 25, 0}, Seat: 1},
		{Points: []int{3, 3, 3}, Seat: 2, EndsHand: true},
		{Points: []int{0, 0, 0}, Seat: -1, EndsGame: true},
	}
	tally := NewTally(3)
	for i, r := range rounds {
		before := tally
		beforeTotals := slices.Clone(before.Totals)
		tally = tally.Add(r)
		if !slices.Equal(before.Totals, beforeTotals) {
			t.Fatalf("round %d: Add changed the tally it was given", i)
		}
		want := TallyOf(3, rounds[:i+1])
		if !slices.Equal(tally.Totals, want.Totals) || !slices.Equal(tally.Scored, want.Scored) || tally.Rounds != want.Rounds ||
			tally.Hands != want.Hands || tally.Ended != want.Ended {
			t.Fatalf("round %d: added %+v, from the start %+v", i, tally, want)
		}
	}
	if !slices.Equal(tally.Totals, []int{13, 28, -2}) || !slices.Equal(tally.Scored, []int{2, 2, 1}) || tally.Hands != 2 || !tally.Ended {
		t.Errorf("tally %+v", tally)
	}
}

// TestPlaces: winners first, the others by total, equal totals sharing a
// place and the next skipped (P4); lowest first when lowest wins.
func TestPlaces(t *testing.T) {
	if got := Places([]int{50, 120, 80, 80}, []int{1}, true); !slices.Equal(got, []int{4, 1, 2, 2}) {
		t.Errorf("highest wins: %v", got)
	}
	if got := Places([]int{50, 120, 80, 50}, []int{0, 3}, false); !slices.Equal(got, []int{1, 4, 3, 1}) {
		t.Errorf("lowest wins, a shared win: %v", got)
	}
}

// TestGroupFields: a group shows the fields the page had, at least one
// empty after the last filled one, one more when its button was pressed
// (the cursor in the first empty one), never more than MaxGroupFields.
func TestGroupFields(t *testing.T) {
	form := url.Values{CountName("m"): {"2"}, GroupField("m", 0): {"7S 7H 7D"}, GroupField("m", 1): {"8S 8H 8D"}}
	if shown, focus := GroupFields(form, "m"); shown != 3 || focus != -1 {
		t.Errorf("two filled: %d shown, focus %d", shown, focus)
	}
	AddField(form, "m")
	if shown, focus := GroupFields(form, "m"); shown != 3 || focus != 2 {
		t.Errorf("after more: %d shown, focus %d", shown, focus)
	}
	forged := url.Values{CountName("m"): {"1000000"}}
	if shown, _ := GroupFields(forged, "m"); shown != MaxGroupFields {
		t.Errorf("a forged count: %d shown", shown)
	}
}

// TestReaderCountsCopies: a card given more often than the deck holds it
// is refused in the field where it appears too often, naming the field
// that has it.
func TestReaderCountsCopies(t *testing.T) {
	r := NewReader(english, cards.Standard())
	form := url.Values{"a": {"7S, 8S"}, "b": {"9S 7S"}}
	if plays, f := r.Field(form, "a", "Ann's meld", ""); len(plays) != 2 || f.Error != "" {
		t.Fatalf("first field: %v %q", plays, f.Error)
	}
	plays, f := r.Field(form, "b", "Bob's meld", "")
	if plays != nil || f.Error != "7S is already in Ann's meld: the deck has only one." || !f.Chips[1].Over {
		t.Errorf("second field: %v %q %+v", plays, f.Error, f.Chips)
	}
}

// TestReaderKeepsTheGoodChips: one card that cannot be read does not
// hide the field's other cards; the field is in error and counts none of
// them, so the next field may hold them.
func TestReaderKeepsTheGoodChips(t *testing.T) {
	r := NewReader(english, cards.DoubleStandard())
	form := url.Values{"a": {"7s 9z 8h"}, "b": {"7s 7s 8h 8h"}}
	plays, f := r.Field(form, "a", "Ann's meld", "")
	var labels []string
	for _, ch := range f.Chips {
		labels = append(labels, ch.Label)
	}
	if plays != nil || !slices.Equal(labels, []string{"7♠", "8♥"}) || f.Error == "" {
		t.Fatalf("plays %v, chips %v, error %q; want no plays, chips 7♠ 8♥ and an error", plays, labels, f.Error)
	}
	if plays, f := r.Field(form, "b", "Bob's meld", ""); len(plays) != 4 || f.Error != "" {
		t.Errorf("the next field: %v %q", plays, f.Error)
	}
}

// TestBodyNamesTheField: the first card wrong in a request is bad input
// naming its field, by path.
func TestBodyNamesTheField(t *testing.T) {
	var req struct {
		Hands  [][]string `json:"hands" api:"required"`
		Winner int        `json:"winner" api:"required"`
	}
	if err := Decode([]byte(`{"hands": [["7S"], ["8S", "9X"]], "winner": 0}`), &req); err != nil {
		t.Fatal(err)
	}
	var r Body
	r.CardLists(req.Hands, "hands", cards.Standard(), cards.Standard().NewTally())
	r.Seat(req.Winner, "winner", 0)
	var bad *ruling.InputError
	if err := r.Error(); !errors.As(err, &bad) || bad.Field != "hands[1][1]" {
		t.Errorf("error %v", err)
	}
}

// TestCheckStoredGroup: a stored group of more lists than a sheet shows,
// or with a card the deck lacks, is refused naming the field.
func TestCheckStoredGroup(t *testing.T) {
	deck := cards.Standard()
	var bad *ruling.InputError
	if err := CheckStoredGroup(deck, make([][]string, MaxGroupFields+1), "players[0].melds", msg.New("game.melds")); !errors.As(err, &bad) || bad.Field != "players[0].melds" {
		t.Errorf("too many: %v", err)
	}
	if err := CheckStoredGroup(deck, [][]string{{"7S", "8S"}, {"ZZ"}}, "players[1].melds", msg.New("game.melds")); !errors.As(err, &bad) || bad.Field != "players[1].melds[1][0]" {
		t.Errorf("a bad card: %v", err)
	}
	if err := CheckStoredGroup(deck, [][]string{{"7S", "8S", "9S"}}, "players[0].melds", msg.New("game.melds")); err != nil {
		t.Errorf("a good meld: %v", err)
	}
}

// TestAimBetter: a total is better when higher, or when lower for a game
// whose lowest total wins (any game by points, P4); equal is never
// better.
func TestAimBetter(t *testing.T) {
	tests := []struct {
		aim  Aim
		x, y int
		want bool
	}{
		{Aim{Target: 100}, 26, 0, true},
		{Aim{Target: 100}, 0, 26, false},
		{Aim{Target: 100, LowestWins: true}, 0, 26, true},
		{Aim{Target: 100, LowestWins: true}, 26, 0, false},
		{Aim{LowestWins: true}, -5, 3, true},
		{Aim{}, 7, 7, false},
		{Aim{LowestWins: true}, 7, 7, false},
	}
	for _, tc := range tests {
		if got := tc.aim.Better(tc.x, tc.y); got != tc.want {
			t.Errorf("%+v.Better(%d, %d) = %v, want %v", tc.aim, tc.x, tc.y, got, tc.want)
		}
	}
}

// english is a context in which messages are said in English, as a page
// without another language says them.
var english = locale.NewContext(context.Background(), locale.English())
