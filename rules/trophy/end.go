package trophy

import "meldpad/rules/ruling"

// Table limits and the target of Trophy Case's rules.
const (
	MinPlayers = 3
	MaxPlayers = 5
	Target     = 30
)

// HandSize returns the cards dealt to each player: 14, 12 or 11 for 3, 4
// or 5 players, and 0 for any other count.
func HandSize(players int) int {
	switch players {
	case 3:
		return 14
	case 4:
		return 12
	case 5:
		return 11
	}
	return 0
}

// Winner returns the seat that has won after the given tricks (each
// trick's points by seat, in order) and true, or -1 and false while the
// game goes on. When a player reaches 30 or more the highest total wins; a
// tie at the top plays on (T8).
func Winner(tricks [][]int) (int, bool) {
	return ruling.HighestOnceReached(tricks, Target)
}
