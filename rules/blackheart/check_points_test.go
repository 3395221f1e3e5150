package blackheart

import (
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/game"
)

// TestCheckPointsB7: every card, the Royale and both bonuses count in
// fives, so every score is a multiple of 5; the player who went out
// scores at least the 25 for going out (the issue's -40 is refused).
func TestCheckPointsB7(t *testing.T) {
	for _, c := range cards.BlackHeart().Cards() {
		if CardPoints(c)%5 != 0 {
			t.Fatalf("%v counts %d", c, CardPoints(c))
		}
	}
	if RoyalePoints%5 != 0 || GoingOutBonus%5 != 0 || BlackHeartBonusPerPlayer%5 != 0 {
		t.Fatal("a bonus is not a multiple of 5")
	}
	for _, tc := range []struct {
		points []int
		seat   int
		blame  int // -1: allowed
	}{
		{[]int{-40, 30}, 0, 0},
		{[]int{20, 30}, 0, 0},
		{[]int{25, -45}, 0, -1},
		{[]int{-30, 120}, 1, -1},
		{[]int{-31, 120}, 1, 0},
		{[]int{90, 120, -7}, 1, 2},
	} {
		err := Module{}.CheckPoints(game.Table{}, game.Round{Points: tc.points, Seat: tc.seat})
		pe, _ := err.(*game.PointsError)
		switch {
		case tc.blame < 0 && err != nil:
			t.Errorf("CheckPoints(%v) = %v, want allowed", tc.points, err)
		case tc.blame >= 0 && (pe == nil || pe.Seat != tc.blame || pe.Err.Rule != "B7"):
			t.Errorf("CheckPoints(%v, went out %d) = %v, want B7 beside seat %d", tc.points, tc.seat, err, tc.blame)
		}
	}
}
