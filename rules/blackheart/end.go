package blackheart

import "meldpad/rules/ruling"

// Table limits and the target of Black Heart's rules.
const (
	MinPlayers = 2
	MaxPlayers = 6
	HandSize   = 10
	Target     = 500
)

// Winner returns the seat that has won after the given deals and true, or
// -1 and false while the game goes on. deals[i] is deal i's points by seat
// and wentOut[i] the seat that went out in it (-1 if nobody did). A player
// wins by going out in a deal after which their total is 500 or more;
// reaching 500 without going out does not end the game (B8).
func Winner(deals [][]int, wentOut []int) (int, bool) {
	var totals []int
	for i, points := range deals {
		totals = ruling.AddPoints(totals, points)
		if i < len(wentOut) && WonAt(totals, wentOut[i]) {
			return wentOut[i], true
		}
	}
	return -1, false
}

// WonAt is Winner after one deal, given the totals after it and the seat
// that went out in it (-1 if nobody did): whether that seat has won (B8).
func WonAt(totals []int, wentOut int) bool {
	return wentOut >= 0 && wentOut < len(totals) && totals[wentOut] >= Target
}
