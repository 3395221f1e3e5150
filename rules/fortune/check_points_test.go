package fortune

import (
	"strings"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/game"
)

// TestCardsCountInFivesR6 checks what the check by points stands on: every
// card of the deck, melded in any reading and under any house rule, or
// held, counts a multiple of 5 (R4, R5), so a hand's score is one (R6).
func TestCardsCountInFivesR6(t *testing.T) {
	deck := cards.DoubleStandard().Cards()
	for _, c := range deck {
		if HeldPoints(c)%5 != 0 {
			t.Errorf("%v held counts %d", c, HeldPoints(c))
		}
		for _, reading := range append(deck, cards.Card{}) {
			for _, kind := range []Kind{Set, Sequence} {
				for _, house := range []HouseRules{{}, {AceSet15: true}, {BigSets: true}} {
					for _, high := range []bool{false, true} {
						if p := MeldedPoints(c, reading, kind, high, house); p%5 != 0 {
							t.Fatalf("%v as %v in a %v counts %d", c, reading, kind, p)
						}
					}
				}
			}
		}
	}
}

// TestCheckPointsR6 is the 47, and its neighbours; a hand in
// which nobody reaches the 55 of going out cannot happen (R6).
func TestCheckPointsR6(t *testing.T) {
	for _, tc := range []struct {
		points []int
		blame  int // -1: allowed
	}{
		{[]int{55, -70, 0}, -1},
		{[]int{45, -70, 0}, 0},
		{[]int{47, 0}, 0},
		{[]int{60, -3}, 1},
		{[]int{-45, -15}, 1},
		{[]int{-45, 55}, -1},
	} {
		err := Module{}.CheckPoints(game.Table{}, game.Round{Points: tc.points, Seat: -1})
		pe, _ := err.(*game.PointsError)
		switch {
		case tc.blame < 0 && err != nil:
			t.Errorf("CheckPoints(%v) = %v, want allowed", tc.points, err)
		case tc.blame >= 0 && (pe == nil || pe.Seat != tc.blame || pe.Err.Rule != "R6"):
			t.Errorf("CheckPoints(%v) = %v, want R6 beside seat %d", tc.points, err, tc.blame)
		}
	}
	err := Module{}.CheckPoints(game.Table{}, game.Round{Points: []int{47, 0}, Seat: -1})
	if want := "such as 45 or 50"; err == nil || !strings.Contains(english.Error(err), want) {
		t.Errorf("47: %v, want the nearest scores %q", err, want)
	}
}

// TestDeckPointsR4R5: the two decks' cards at their best, melded or held,
// card by card: K-8 10 (the queen of spades 50), 7-3 5, an ace 10, a
// deuce 10 (as K-8, or as an ace); with aces in a set at 15, aces and
// deuces 15.
func TestDeckPointsR4R5(t *testing.T) {
	plain := 2 * (4*6*10 + 40 + 4*5*5 + 4*10 + 4*10)
	if deckPoints[false] != plain || plain != 920 {
		t.Errorf("deck points %d, want %d = 920", deckPoints[false], plain)
	}
	if deckPoints[true] != plain+2*8*5 {
		t.Errorf("with aces in a set at 15: %d, want %d", deckPoints[true], plain+80)
	}
}
