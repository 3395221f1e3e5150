package event

import "context"

// swissSteps bounds the search for a Swiss pairing without a rematch:
// players ranked close together nearly always pair at the first try, and
// a search this long that finds none hands over to the seating that
// makes the fewest rematches.
const swissSteps = 200_000

// PairSwiss pairs the players, ranked best first (an even number of
// them), for one Swiss round: each in turn, from the top, meets the next
// best player not yet paired whom they have not met, so that players of
// equal standing meet; when that leads nowhere further down, an earlier
// choice is undone. met counts the meetings of two players so far. It
// reports false when every pairing repeats a meeting (or the search gave
// up); the caller then seats the round for the fewest repeats.
func PairSwiss(ctx context.Context, ranked []int64, met func(a, b int64) int) ([][2]int64, bool) {
	if len(ranked)%2 != 0 {
		return nil, false
	}
	paired := make([]bool, len(ranked))
	pairs := make([][2]int64, 0, len(ranked)/2)
	steps := 0
	var search func(from int) bool
	search = func(from int) bool {
		for from < len(ranked) && paired[from] {
			from++
		}
		if from == len(ranked) {
			return true
		}
		if steps++; steps > swissSteps || (steps%1024 == 0 && ctx.Err() != nil) {
			return false
		}
		paired[from] = true
		for j := from + 1; j < len(ranked); j++ {
			if paired[j] || met(ranked[from], ranked[j]) > 0 {
				continue
			}
			paired[j] = true
			pairs = append(pairs, [2]int64{ranked[from], ranked[j]})
			if search(from + 1) {
				return true
			}
			pairs = pairs[:len(pairs)-1]
			paired[j] = false
			if steps > swissSteps {
				break
			}
		}
		paired[from] = false
		return false
	}
	if !search(0) {
		return nil, false
	}
	return pairs, true
}
