package gin

import (
	"fmt"

	"meldpad/rules/fan"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// GameScore is a gin game's score after its deals: the totals, whether
// and by whom the game was won (G4), and the final bonuses (G5). Arrays
// are by seat.
type GameScore struct {
	// Totals are the deal points added up.
	Totals [2]int
	// Finished is true once a player's total reached Target (G4).
	Finished bool
	// Winner is the seat that won, or -1 while the game goes on.
	Winner int
	// ScoredIn counts the deals each player scored in, the box bonus's
	// boxes (G5).
	ScoredIn [2]int
	// Shutout is true when the shutout doubled the winner's deal points:
	// the loser scored in no deal and the house rule is on (G5).
	Shutout bool
	// Bonus holds the final bonuses, all 0 until the game is won.
	Bonus Bonus
	// Final is Totals plus every bonus: the score of the game.
	Final [2]int
	// Reason says how the final score came about once the game is won,
	// citing G4 and G5; Rules lists the ids it cites. Both are empty while
	// the game goes on.
	Reason msg.Msg
	Rules  []string
}

// Bonus holds the final bonuses of G5, by seat.
type Bonus struct {
	Game [2]int // 100 to the winner
	Box  [2]int // 25 per deal scored in, to each player (house rule)
	// Shutout is the winner's deal points again, the shutout doubling
	// them (house rule), so that Final is Totals plus the three bonuses.
	Shutout [2]int
}

// ScoreGame adds up a gin game's deals and, once a player has reached 100
// (G4), its final bonuses (G5): the game bonus of 100 to the winner; the
// box bonus of 25 to each player for each deal they scored in (house
// rule); and, when the loser scored in no deal, the shutout, which doubles
// the winner's deal points (house rule). deals holds each deal's points by
// seat, in order; a draw, or a deal nobody scored in, is [0, 0].
//
// A deal with other than two numbers is a *DealError for "deals[i]". The
// rest is a *ruling.Error: a deal after the game was won (G4), a negative
// number or both players scoring in a deal (G3), or more points than a
// deal can score under the house rules (G3, G1; see Entry.Check).
func ScoreGame(deals [][]int, house HouseRules) (GameScore, error) {
	for i, points := range deals {
		if len(points) != MaxPlayers {
			return GameScore{}, &DealError{Field: fmt.Sprintf("deals[%d]", i),
				Msg: ruling.Prefixed("gin", msg.New("gin.deal_numbers", msg.N("Deal", i+1), msg.M("Numbers", numbers(len(points))), msg.N("Players", MaxPlayers)))}
		}
	}
	g := GameScore{Winner: -1}
	wonIn := 0
	for i, points := range deals {
		if g.Finished {
			return GameScore{}, ruling.Refuse("G4", ruling.Prefixed("gin", msg.New("gin.deal_after_win", msg.N("Deal", i+1), msg.N("Seat", g.Winner), msg.N("Total", g.Totals[g.Winner]), msg.N("WonIn", wonIn))))
		}
		if f := judgePoints(points, house); f != nil {
			return GameScore{}, ruling.Refuse(f.rule, ruling.Prefixed("gin", msg.New("gin.deal_fault", msg.N("Deal", i+1), msg.M("Why", f.numbered), msg.S("Rule", f.rule))))
		}
		for seat, p := range points {
			g.Totals[seat] += p
			if p > 0 {
				g.ScoredIn[seat]++
			}
		}
		// Only one side scores in a deal, so only one can reach the
		// target in it.
		for seat, total := range g.Totals {
			if total >= Target {
				g.Finished, g.Winner, wonIn = true, seat, i+1
			}
		}
	}
	if g.Finished {
		return Won(g.Totals, g.ScoredIn, g.Winner, house), nil
	}
	g.Final = g.Totals
	return g, nil
}

// Won is the score of a game that winner has won with the given deal
// totals, each player having scored in ScoredIn deals: the final bonuses
// of G5 added and explained. A scorepad keeps these two numbers by seat
// as it goes (game.Tally), so it needs no other record of the deals.
func Won(totals, scoredIn [2]int, winner int, house HouseRules) GameScore {
	g := GameScore{Totals: totals, ScoredIn: scoredIn, Finished: true, Winner: winner}
	g.addBonuses(house)
	return g
}

// addBonuses adds the final bonuses of G5 to a won game and explains them.
func (g *GameScore) addBonuses(house HouseRules) {
	winner, loser := g.Winner, 1-g.Winner
	g.Bonus.Game[winner] = GameBonus
	if !house.NoBoxBonus {
		for seat, n := range g.ScoredIn {
			g.Bonus.Box[seat] = BoxBonus * n
		}
	}
	g.Shutout = !house.NoShutout && g.ScoredIn[loser] == 0
	if g.Shutout {
		g.Bonus.Shutout[winner] = g.Totals[winner]
	}
	for seat := range g.Final {
		g.Final[seat] = g.Totals[seat] + g.Bonus.Game[seat] + g.Bonus.Box[seat] + g.Bonus.Shutout[seat]
	}

	parts := []msg.Msg{msg.New("gin.game.wins", msg.N("Seat", winner), msg.N("Total", g.Totals[winner]), msg.N("Bonus", GameBonus))}
	if g.Shutout {
		parts = append(parts, msg.New("gin.game.shutout", msg.N("Points", g.Bonus.Shutout[winner])))
	}
	if !house.NoBoxBonus {
		parts = append(parts, msg.New("gin.game.box", msg.N("Winner", g.Bonus.Box[winner]), msg.N("Loser", g.Bonus.Box[loser]),
			msg.M("WinnerDeals", dealCount(g.ScoredIn[winner])), msg.M("LoserDeals", dealCount(g.ScoredIn[loser]))))
	}
	g.Rules = []string{"G4", "G5"}
	g.Reason = msg.New("gin.game.final", msg.Join("Parts", ", ", parts), msg.N("Winner", g.Final[winner]), msg.N("Loser", g.Final[loser]))
}

// dealCount says "no deals", "one deal", "two deals".
func dealCount(n int) msg.Msg {
	return msg.New("gin.deals", msg.Words("Count", n))
}

// numbers says "no numbers", "one number", "three numbers".
func numbers(n int) msg.Msg {
	return msg.New("gin.numbers", msg.Words("Count", n))
}

// Winner returns the seat that has won after the given deals (each deal's
// points by seat, in order) and true, or -1 and false while the game goes
// on: the first player to reach 100 wins (G4, the same end as Fan Rummy's
// N8). It never fails; ScoreGame checks the deals.
func Winner(deals [][]int) (int, bool) { return fan.Winner(deals) }
