package flathead

import "meldpad/rules/ruling"

// Table limits and the target of Flathead's rules.
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
	return ruling.FirstWon(hands, 0, WinnerAt)
}

// WinnerAt is Winner after one hand, given the totals after it: the seat
// whose total reached 42, the highest then the lowest seat should a
// record say several did (F9).
func WinnerAt(totals []int) (int, bool) {
	best := -1
	for seat, t := range totals {
		if t >= Target && (best < 0 || t > totals[best]) {
			best = seat
		}
	}
	return best, best >= 0
}
