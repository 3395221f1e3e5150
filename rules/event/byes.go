package event

import (
	"cmp"
	"slices"

	"meldpad/rules/seating"
)

// ByesNeeded is how many of the players must sit out a round so that the
// others fill tables of the sizes allowed exactly: the fewest. It is a
// *seating.NoTableError when not even one table can be filled.
func ByesNeeded(players int, sizes []int) (int, error) {
	fits := make([]bool, players+1)
	fits[0] = true
	for m := 1; m <= players; m++ {
		for _, s := range sizes {
			if s >= 1 && s <= m && fits[m-s] {
				fits[m] = true
				break
			}
		}
	}
	for m := players; m > 0; m-- {
		if fits[m] {
			return players - m, nil
		}
	}
	return 0, &seating.NoTableError{Players: players, Smallest: slices.Min(sizes)}
}

// ChooseByes picks the n players who sit out: among those with the fewest
// byes so far (had), the lowest-ranked. ranked lists the players best
// first. The byes are returned in ranked order.
func ChooseByes(ranked []int64, had map[int64]int, n int) []int64 {
	if n <= 0 {
		return nil
	}
	pos := make(map[int64]int, len(ranked))
	for i, p := range ranked {
		pos[p] = i
	}
	order := slices.Clone(ranked)
	slices.SortStableFunc(order, func(a, b int64) int {
		if c := cmp.Compare(had[a], had[b]); c != 0 {
			return c
		}
		return cmp.Compare(pos[b], pos[a]) // the lowest-ranked first
	})
	out := order[:min(n, len(order))]
	slices.SortFunc(out, func(a, b int64) int { return cmp.Compare(pos[a], pos[b]) })
	return out
}
