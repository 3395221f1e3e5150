package gin

import (
	"meldpad/rules/fan"
	"meldpad/rules/game"
	"meldpad/rules/msg"
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
// tie under "undercut only when less". The words name seats by number,
// as the API does.
func (e Entry) Check(house HouseRules) error {
	if len(e.Points) != MaxPlayers {
		return &DealError{Field: "points", Msg: ruling.Prefixed("gin", msg.New("gin.entry_numbers", msg.N("Players", MaxPlayers), msg.N("Count", len(e.Points))))}
	}
	if f := judgePoints(e.Points, house); f != nil {
		return ruling.Refuse(f.rule, ruling.Prefixed("gin", msg.New("gin.fault", msg.M("Why", f.numbered), msg.S("Rule", f.rule))))
	}
	if e.Draw && e.Points[0]+e.Points[1] != 0 {
		return ruling.Refuse("G2", ruling.Prefixed("gin", msg.New("gin.draw_scores", msg.Digits("A", e.Points[0]), msg.Digits("B", e.Points[1]))))
	}
	return nil
}

// dealFault is what is impossible about one deal's points: the seat
// whose number it is, the rule, and the words, twice: numbered, naming
// the seat by its number as the API does ("seat 0 has -2, ..."), and
// named, to follow the player's name beside the field of a form ("-2,
// but ..."). beyond marks a number past what the cards make (G1, G3), as
// against a deal of the wrong shape.
type dealFault struct {
	seat            int
	rule            string
	numbered, named msg.Msg
	beyond          bool
}

// judgePoints says what is impossible about one deal's points by seat, or
// nil when nothing is. points holds two numbers. Every other deal is some
// deal's (G1-G3): a knock scores 1 to 97, an undercut 25 to 35, Gin 25 to
// 123, Big Gin 31 to 129, and under Oklahoma a spade up-card doubles any
// of them, every even number up to 258.
func judgePoints(points []int, house HouseRules) *dealFault {
	for seat, p := range points {
		if p < 0 {
			return &dealFault{seat: seat, rule: "G3",
				numbered: msg.New("gin.seat_negative", msg.N("Seat", seat), msg.Digits("Points", p)),
				named:    msg.New("gin.negative", msg.Digits("Points", p))}
		}
	}
	won := 0
	if points[1] > points[0] {
		won = 1
	}
	p := points[won]
	switch most := house.MaxDealPoints(); {
	case points[0] > 0 && points[1] > 0:
		return &dealFault{seat: 1, rule: "G3",
			numbered: msg.New("gin.both_score", msg.Digits("A", points[0]), msg.Digits("B", points[1])),
			named:    msg.New("gin.other_scores", msg.Digits("Points", points[1]), msg.Digits("Other", points[0]))}
	case p > most:
		id := "gin.over_named"
		if house.Oklahoma {
			id = "gin.over_named_doubled"
		}
		return &dealFault{seat: won, rule: "G3", beyond: true,
			numbered: msg.New("gin.over", msg.Digits("Points", p), msg.N("Max", most)),
			named:    msg.New(id, msg.Digits("Points", p), msg.N("Max", most), msg.N("Bonus", BigGinBonus), msg.N("Deadwood", MaxDeadwood))}
	case p > MaxDealPoints && p%2 != 0:
		return &dealFault{seat: won, rule: "G1", beyond: true,
			numbered: msg.New("gin.odd", msg.Digits("Points", p), msg.N("Max", MaxDealPoints)),
			named:    msg.New("gin.odd_named", msg.Digits("Points", p), msg.N("Max", MaxDealPoints))}
	}
	return nil
}

// checkDealPoints is the check by points of one deal (G1-G3), as a
// *game.PointsError beside the seat whose number cannot be.
func checkDealPoints(points []int, house HouseRules) error {
	if len(points) != MaxPlayers {
		return Entry{Points: points}.Check(house)
	}
	f := judgePoints(points, house)
	switch {
	case f == nil:
		return nil
	case f.beyond:
		return game.BeyondPoints(f.seat, f.rule, msg.New("gin.named_fault", msg.M("Why", f.named), msg.S("Rule", f.rule)))
	}
	return game.BadPoints(f.seat, f.rule, msg.New("gin.named_fault", msg.M("Why", f.named), msg.S("Rule", f.rule)))
}
