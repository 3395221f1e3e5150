package fortune

import "meldpad/rules/ruling"

// Table limits and the target of Fortune's rules.
const (
	MinPlayers = 2
	MaxPlayers = 8
	HandSize   = 11
	Target     = 500
)

// Winner returns the seat that has won after the given hands (each hand's
// points by seat, in order) and true, or -1 and false while the game goes
// on. After the hand in which one or more players reach 500, the highest
// total wins; a tie at the top plays another hand (R8).
func Winner(hands [][]int) (int, bool) {
	return ruling.HighestOnceReached(hands, Target)
}
