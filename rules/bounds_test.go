package rules

import (
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/game"
	"meldpad/rules/ruling"
)

// names are the players of the tables below, by seat.
var names = []string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo"}

// boundCase is one round entered by points at a table of len(points)
// players; rule is "" when a real hand produces it.
type boundCase struct {
	game     string
	points   []int
	seat     int
	endsHand bool
	house    map[string]bool
	rule     string
	blame    int // the seat the message sits beside, when refused
}

func (tc boundCase) check() error {
	g, _ := Lookup(tc.game)
	tb := game.Table{Names: names[:len(tc.points)], HouseRules: tc.house}
	return g.CheckPoints(tb, Round{Points: tc.points, Seat: tc.seat, EndsHand: tc.endsHand})
}

// TestCheckPointsBoundExamples: the rounds by points that no real hand
// produces, each refused beside the number that cannot be, naming its
// player and citing the rule (F8, R6, B7, T7, G3), and the largest real
// ones beside them accepted.
func TestCheckPointsBoundExamples(t *testing.T) {
	tests := []boundCase{
		// F8: a seat holds at most 3 marks, so the multiplier is at most
		// 4 and the base at most 10 a loser, plus 5 with two players.
		{game: "flathead", points: []int{75, 0}, seat: 0, rule: "F8", blame: 0},
		{game: "flathead", points: []int{0, 65}, seat: 1, rule: "F8", blame: 1},
		{game: "flathead", points: []int{60, 0}, seat: 0},
		{game: "flathead", points: []int{0, 0, 80}, seat: 2},
		{game: "flathead", points: []int{0, 0, 84}, seat: 2, rule: "F8", blame: 2},
		{game: "flathead", points: []int{120, 0, 0, 0}, seat: 0},
		{game: "flathead", points: []int{0, 160, 0, 0, 0}, seat: 1},
		{game: "flathead", points: []int{0, 0, 0, 0, 0, 200}, seat: 5},
		{game: "flathead", points: []int{0, 0, 0, 0, 0, 2100}, seat: 5, rule: "F8", blame: 5},
		{game: "flathead", points: []int{825, 0}, seat: 0, rule: "F8", blame: 0},
		// R6: the player who went out melded at least 11 cards.
		{game: "fortune", points: []int{0, 0, 0}, seat: -1, rule: "R6", blame: 0},
		{game: "fortune", points: []int{5, 5, 5}, seat: -1, rule: "R6", blame: 0},
		{game: "fortune", points: []int{-5, -5, -5}, seat: -1, rule: "R6", blame: 0},
		{game: "fortune", points: []int{100000, -5}, seat: -1, rule: "R6", blame: 0},
		{game: "fortune", points: []int{-5, 55}, seat: -1},
		{game: "fortune", points: []int{910, -5}, seat: -1},
		// B7: no deal scores more than the deck holds.
		{game: "blackheart", points: []int{100000, -5}, seat: 0, rule: "B7", blame: 0},
		{game: "blackheart", points: []int{-5, 60}, seat: 1},
		// T7: a trick takes at most the cards dealt for the hand.
		{game: "trophy", points: []int{75, 0, 0}, seat: 0, endsHand: true, rule: "T7", blame: 0},
		{game: "trophy", points: []int{0, 75, 0, 0}, seat: 1, endsHand: true, rule: "T7", blame: 1},
		{game: "trophy", points: []int{0, 0, 75, 0, 0}, seat: 2, endsHand: true, rule: "T7", blame: 2},
		{game: "trophy", points: []int{57, 0, 0}, seat: 0, endsHand: true},
		{game: "trophy", points: []int{58, 0, 0}, seat: 0, endsHand: true, rule: "T7", blame: 0},
		{game: "trophy", points: []int{0, 62, 0, 0}, seat: 1, endsHand: true},
		{game: "trophy", points: []int{0, 0, 69, 0, 0}, seat: 2, endsHand: true},
		// N6: with undercut on a tie, a tie scores 25 for the defender, so
		// no deal scores nothing; without it, a tie does.
		{game: "fan", points: []int{0, 0}, seat: -1, house: map[string]bool{"undercut_on_tie": true}, rule: "N6", blame: 0},
		{game: "fan", points: []int{0, 0}, seat: -1},
		{game: "fan", points: []int{0, 258}, seat: -1},
		// G3: the player's name, never "seat 0".
		{game: "gin", points: []int{-2, 0}, seat: -1, rule: "G3", blame: 0},
		{game: "gin", points: []int{0, 131}, seat: -1, rule: "G3", blame: 1},
		{game: "gin", points: []int{0, 131}, seat: -1, house: map[string]bool{"oklahoma": true}, rule: "G1", blame: 1},
		{game: "gin", points: []int{258, 0}, seat: -1, house: map[string]bool{"oklahoma": true}},
	}
	for _, tc := range tests {
		err := tc.check()
		rule, _ := ruling.RuleOf(err)
		if rule != tc.rule {
			t.Errorf("%s %v (went out %d): %v (rule %q), want rule %q", tc.game, tc.points, tc.seat, err, rule, tc.rule)
			continue
		}
		if err == nil {
			continue
		}
		pe, ok := err.(*game.PointsError)
		if !ok || pe.Seat != tc.blame {
			t.Errorf("%s %v: %#v, want a *game.PointsError beside seat %d", tc.game, tc.points, err, tc.blame)
			continue
		}
		msg := locale.English().Error(err)
		if !strings.HasPrefix(msg, names[tc.blame]+": ") || !strings.Contains(msg, tc.rule) ||
			!strings.HasSuffix(msg, ".") || strings.Contains(msg, "seat ") {
			t.Errorf("%s %v: %q does not name %s, cite %s and end a sentence", tc.game, tc.points, msg, names[tc.blame], tc.rule)
		}
	}
}
