package fan

import (
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// MaxDeadwood is the most deadwood a hand of 10 cards can hold (N1, N3).
// A hand with three cards of one rank holds a set, so its deadwood is at
// most 100 - 30 = 70, whatever the rank. Without such a set a rank gives
// at most two cards, and the ten highest values with two of a rank at most
// are two each of 10, J, Q and K (80) and two 9s (18): 98. The hand
// 10S QS 10H QH JD KD JC KC 9S 9H holds no run either, so its deadwood is
// 98, and no hand's is more.
const MaxDeadwood = 98

// MaxDealPoints is the most a deal scores before a spade knock card
// doubles it (N6): Big Gin, 31 + the defender's deadwood, which is at most
// MaxDeadwood. A knock scores at most 98 - 1, an undercut at most 25 + 10,
// Gin at most 25 + 98. Big Gin beside the 98 of the hand above can happen:
// AS-8S with AH 2H 3H are 11 cards all melded, held by the other player.
const MaxDealPoints = bigGinBonus + MaxDeadwood

// MaxDoubledDealPoints is the most any deal scores: MaxDealPoints doubled
// by a spade knock card (N7).
const MaxDoubledDealPoints = 2 * MaxDealPoints

// checkDealPoints says what is impossible about one deal's points by seat,
// as a *game.PointsError naming the seat and the rule, or nil. Only one
// side scores, never less than nothing (N6), never more than
// MaxDoubledDealPoints, and over MaxDealPoints only a doubled deal, whose
// points are even (N7). Every other number is some deal's: a knock scores
// 1 to 97, an undercut 26 to 35, Gin 25 to 123, Big Gin 31 to 129, and
// doubling gives every even number up to 258. A deal scores nothing only
// when knocker and defender tie in deadwood (N6); under the house rule
// undercutOnTie that tie is an undercut worth 25, and every deal scores.
func checkDealPoints(points []int, undercutOnTie bool) error {
	scorer := -1
	for seat, p := range points {
		switch {
		case p < 0:
			return game.BadPoints(seat, "N6", msg.New("fan.points_negative", msg.Digits("Points", p)))
		case p > 0 && scorer >= 0:
			return game.BadPoints(seat, "N6", msg.New("fan.points_both", msg.Digits("Points", p), msg.Digits("Other", points[scorer])))
		case p > MaxDoubledDealPoints:
			return game.BeyondPoints(seat, "N7", msg.New("fan.points_over", msg.Digits("Points", p), msg.N("Max", MaxDoubledDealPoints), msg.N("Deadwood", MaxDeadwood)))
		case p > MaxDealPoints && p%2 != 0:
			return game.BeyondPoints(seat, "N7", msg.New("fan.points_odd", msg.Digits("Points", p), msg.N("Max", MaxDealPoints)))
		case p > 0:
			scorer = seat
		}
	}
	if scorer < 0 && undercutOnTie && len(points) > 0 {
		return game.BeyondPoints(0, "N6", msg.New("fan.points_tie_scores", msg.Digits("Points", points[0])))
	}
	return nil
}
