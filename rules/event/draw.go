package event

import (
	"math/rand/v2"
	"slices"
)

// Draw draws a table's seats and first dealer: the players in a random
// order round the table (seat 0 first, clockwise) and a random seat to
// deal first. The players are not changed.
func Draw(rng *rand.Rand, players []int64) (seats []int64, dealer int) {
	seats = slices.Clone(players)
	rng.Shuffle(len(seats), func(i, j int) { seats[i], seats[j] = seats[j], seats[i] })
	return seats, rng.IntN(len(seats))
}
