package fan

import "meldpad/rules/ruling"

// Table limits and the target of Fan Rummy's rules.
const (
	MinPlayers = 2
	MaxPlayers = 2
	HandSize   = 10
	Target     = 100
)

// Winner returns the seat that has won after the given deals (each deal's
// points by seat, in order) and true, or -1 and false while the game goes
// on. The first player to reach 100 or more wins (N8); only one side scores
// in a deal, so two players never reach it together.
func Winner(deals [][]int) (int, bool) {
	return ruling.FirstWon(deals, MaxPlayers, WinnerAt)
}

// WinnerAt is Winner after one deal, given the totals after it: the seat
// that has reached 100 (N8); the higher total, then seat 0, should a
// record say both did.
func WinnerAt(totals []int) (int, bool) {
	switch {
	case len(totals) < 2:
		return -1, false
	case totals[0] >= Target && totals[0] >= totals[1]:
		return 0, true
	case totals[1] >= Target:
		return 1, true
	}
	return -1, false
}
