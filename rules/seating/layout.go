package seating

import (
	"math/rand/v2"
	"slices"
)

// layout is the shape every round has: how many players sit out, and the
// sizes of the tables the others fill.
type layout struct {
	byes   int
	tables []int // sizes, largest first
}

// pairs is how many pairs of players one round seats together.
func (l layout) pairs() int {
	n := 0
	for _, s := range l.tables {
		n += s * (s - 1) / 2
	}
	return n
}

// uniform is the size of every table, or 0 when the sizes differ.
func (l layout) uniform() int {
	for _, s := range l.tables[1:] {
		if s != l.tables[0] {
			return 0
		}
	}
	return l.tables[0]
}

// layoutOf finds the shape of a round of players at tables of the sizes
// allowed. The fewest players sit out: a bye only when the others cannot
// all be seated. Of the ways to seat the rest, it takes the one that puts
// the fewest pairs together (then the fewest tables): every pair seated
// together is a meeting that may repeat one, so smaller tables leave the
// most room for new meetings. A caller who wants big tables allows only
// big sizes.
func layoutOf(players int, sizes []int) (layout, error) {
	allowed := slices.Clone(sizes)
	slices.Sort(allowed)
	allowed = slices.Compact(allowed)
	// best[m] is the fewest pairs (and then tables) that seat exactly m
	// players, choice[m] the size of one table that does it; -1: none.
	type cost struct{ pairs, tables int }
	best := make([]cost, players+1)
	choice := make([]int, players+1)
	for m := 1; m <= players; m++ {
		choice[m] = -1
		for _, s := range allowed {
			if s > m || (m-s > 0 && choice[m-s] < 0) {
				continue
			}
			c := cost{best[m-s].pairs + s*(s-1)/2, best[m-s].tables + 1}
			if choice[m] < 0 || c.pairs < best[m].pairs || (c.pairs == best[m].pairs && c.tables < best[m].tables) {
				best[m], choice[m] = c, s
			}
		}
	}
	for m := players; m > 0; m-- {
		if choice[m] < 0 {
			continue
		}
		l := layout{byes: players - m}
		for rest := m; rest > 0; rest -= choice[rest] {
			l.tables = append(l.tables, choice[rest])
		}
		slices.SortFunc(l.tables, func(a, b int) int { return b - a })
		return l, nil
	}
	return layout{}, &NoTableError{Players: players, Smallest: allowed[0]}
}

// assignByes chooses who sits out in each round: byes players a round,
// always among those with the fewest byes so far (had counts the byes
// before the first round), so that nobody has a second bye while anyone
// has had none. Among players with as many byes, the seed chooses; the
// search may change that choice later (search.canSitOut).
func assignByes(players, rounds, byes int, had []int32, rng *rand.Rand) [][]int {
	out := make([][]int, rounds)
	if byes == 0 {
		return out
	}
	count := slices.Clone(had)
	for r := range out {
		order := rng.Perm(players)
		slices.SortStableFunc(order, func(a, b int) int { return int(count[a] - count[b]) })
		out[r] = slices.Clone(order[:byes])
		slices.Sort(out[r])
		for _, p := range out[r] {
			count[p]++
		}
	}
	return out
}
