package flathead

import "meldpad/rules/ruling"

// Table limits and the target of RULES.md §2.
const (
	MinPlayers = 2
	MaxPlayers = 6
	HandSize   = 10
	Target     = 42
)

// Winner returns the seat that has won after the given hands (each hand's
// points by seat, in the order played) and true, or -1 and false while the
// game goes on. The first player whose total reaches 42 wins (F9); since
// only the player who went out scores (F6), no two players can reach it in
// the same hand, but if a record says so the higher total wins, then the
// lower seat.
func Winner(hands [][]int) (int, bool) {
	var totals []int
	for _, points := range hands {
		totals = ruling.AddPoints(totals, points)
		best := -1
		for seat, t := range totals {
			if t >= Target && (best < 0 || t > totals[best]) {
				best = seat
			}
		}
		if best >= 0 {
			return best, true
		}
	}
	return -1, false
}
