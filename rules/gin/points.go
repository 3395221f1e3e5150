package gin

import (
	"fmt"

	"meldpad/rules/fan"
	"meldpad/rules/ruling"
)

// MaxDeadwood is the most deadwood a hand of 10 cards can hold (N1,
// N3): Fan Rummy's, whose values and melds gin shares (see
// fan.MaxDeadwood for why it is 98).
const MaxDeadwood = fan.MaxDeadwood

// MaxDealPoints is the most a deal scores without doubling: Big Gin, 31 +
// the defender's deadwood, which is at most MaxDeadwood (G3). A knock
// scores at most 98 - 1, an undercut at most 25 + 10. Big Gin beside the
// 98 of the hand above can happen: AS-8S with AH 2H 3H are 11 cards all
// melded, held by the other player.
const MaxDealPoints = BigGinBonus + MaxDeadwood

// MaxDealPoints returns the most one deal can score under the house
// rules: MaxDealPoints, or twice that under Oklahoma, whose spade up-card
// doubles the deal (G1).
func (h HouseRules) MaxDealPoints() int {
	if h.Oklahoma {
		return 2 * MaxDealPoints
	}
	return MaxDealPoints
}

// Entry is a deal entered by numbers alone, as a scorepad records it.
type Entry struct {
	Points []int // by seat
	Draw   bool  // the stock ran down with nobody knocking (G2)
}

// Check checks a deal entered by numbers against what the rules allow on
// numbers alone: two numbers, one per seat (a *DealError for "points"
// otherwise), and as a *ruling.Error: no negative points and only one side
// scoring (G3), at most the largest deal (G3, see MaxDealPoints), over
// MaxDealPoints only a doubled deal, so an even number (G1), and nothing
// for a draw (G2). A deal in which nobody scores is allowed: a draw, or a
// tie under "undercut only when less".
func (e Entry) Check(house HouseRules) error {
	if len(e.Points) != MaxPlayers {
		return &DealError{Field: "points", Msg: fmt.Sprintf("gin: a deal has %d numbers, one per player, not %d", MaxPlayers, len(e.Points))}
	}
	if rule, why := judgePoints(e.Points, house); why != "" {
		return ruling.Errorf(rule, "gin: %s (%s)", why, rule)
	}
	if e.Draw && e.Points[0]+e.Points[1] != 0 {
		return ruling.Errorf("G2", "gin: a draw scores nothing, but %d and %d are entered (G2)", e.Points[0], e.Points[1])
	}
	return nil
}

// judgePoints says what is impossible about one deal's points by seat, and
// the rule that makes it so, or "" when nothing is. points holds two
// numbers.
func judgePoints(points []int, house HouseRules) (rule, why string) {
	for seat, p := range points {
		if p < 0 {
			return "G3", fmt.Sprintf("seat %d has %d, but points are never negative", seat, p)
		}
	}
	won := max(points[0], points[1])
	switch most := house.MaxDealPoints(); {
	case points[0] > 0 && points[1] > 0:
		return "G3", fmt.Sprintf("both players score (%d and %d), but only one side scores in a deal", points[0], points[1])
	case won > most:
		return "G3", fmt.Sprintf("%d points are more than a deal can score: at most %d", won, most)
	case won > MaxDealPoints && won%2 != 0:
		return "G1", fmt.Sprintf("%d points: over %d only a deal doubled by a spade up-card scores, and doubled points are even", won, MaxDealPoints)
	}
	return "", ""
}
