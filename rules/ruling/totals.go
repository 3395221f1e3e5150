package ruling

// HighestOnceReached is the game end shared by Fortune Rummy (R8) and
// Trophy Case (T8): after the first round in which any total reaches
// target, the highest total wins; a tie at the top plays on, and the check
// is repeated after every later round. rounds[i] holds round i's points by
// seat. It returns the winning seat and true, or -1 and false.
func HighestOnceReached(rounds [][]int, target int) (int, bool) {
	return FirstWon(rounds, 0, func(totals []int) (int, bool) { return HighestReached(totals, target) })
}

// FirstWon is a game's end over its rounds (rounds[i] is round i's
// points by seat): the running totals, from zero for the given number of
// seats and for every seat a round names, after each round until wonAt,
// the game's end given the totals after one round, says a seat has won.
// It returns that seat and true, or -1 and false while the game goes on.
func FirstWon(rounds [][]int, seats int, wonAt func(totals []int) (int, bool)) (int, bool) {
	totals := make([]int, seats)
	for _, points := range rounds {
		totals = AddPoints(totals, points)
		if seat, ok := wonAt(totals); ok {
			return seat, true
		}
	}
	return -1, false
}

// HighestReached is HighestOnceReached after one round, given the totals
// after it: the seat with the highest total when that total reaches
// target and no other seat has it too.
func HighestReached(totals []int, target int) (int, bool) {
	best, tied := -1, false
	for seat, t := range totals {
		switch {
		case best < 0 || t > totals[best]:
			best, tied = seat, false
		case t == totals[best]:
			tied = true
		}
	}
	if best >= 0 && totals[best] >= target && !tied {
		return best, true
	}
	return -1, false
}

// AddPoints adds one round's points by seat to the running totals, growing
// totals to the number of seats, and returns them.
func AddPoints(totals, points []int) []int {
	for len(totals) < len(points) {
		totals = append(totals, 0)
	}
	for seat, p := range points {
		totals[seat] += p
	}
	return totals
}
