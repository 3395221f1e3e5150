package seating

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
)

// Schedule is a seating for every round asked, and its repeats.
type Schedule struct {
	Rounds []Round
	// Repeats counts meetings beyond a pair's first: over every pair,
	// the meetings in Request.Met and in Rounds, less one when any.
	Repeats int
}

// Round seats every player once: at one of Tables, or in Bye. Each
// table lists its players in increasing order, and the tables are in
// the order of their first player.
type Round struct {
	Tables [][]int
	Bye    []int
}

// pcgStream is the second half of the generator's state: the seed is
// the first.
const pcgStream = 0x6d656c64706164 // "meldpad"

// relabellings is how many ways a construction is laid over the players
// when some of them have met already: the one that repeats the fewest of
// those meetings is kept for the search.
const relabellings = 16

// Plan seats req's players for req.Rounds rounds. Every round seats
// everyone once, at tables of the sizes allowed, or in the round's byes:
// as few byes as the sizes allow, given to the players with the fewest
// byes so far (Request.Byes, then the rounds before), so that nobody sits
// out twice while another has not sat out at all. Within that, Plan makes
// the repeats as few as it can: a construction when one fits (round
// robin, affine geometry, transversal design, Kirkman's packing; see
// construct.go), then a local search bounded by a count of steps.
//
// The answer depends on req alone. Plan fails with an *InputError for a
// request that is not well-formed, a *NoTableError when no table can be
// filled, and ctx's error when ctx ends first.
func Plan(ctx context.Context, req Request) (Schedule, error) {
	if err := req.Validate(); err != nil {
		return Schedule{}, err
	}
	l, err := layoutOf(req.Players, req.Sizes)
	if err != nil {
		return Schedule{}, err
	}
	if err := ctx.Err(); err != nil {
		return Schedule{}, err
	}
	n := req.Players
	rng := rand.New(rand.NewPCG(req.Seed, pcgStream))
	had := make([]int32, n)
	for _, p := range req.Byes {
		had[p]++
	}
	byes := assignByes(n, req.Rounds, l.byes, had, rng)
	met := make([]int32, n*n)
	for _, pair := range req.Met {
		met[pair[0]*n+pair[1]]++
		met[pair[1]*n+pair[0]]++
	}

	rounds := designed(n, l, req.Rounds, met, len(req.Met) > 0, rng)
	meet := slices.Clone(met)
	for _, round := range rounds {
		addMeetings(meet, n, round)
	}
	for r := len(rounds); r < req.Rounds; r++ {
		round := greedyRound(meet, n, byes[r], l.tables, rng)
		addMeetings(meet, n, round)
		rounds = append(rounds, round)
	}

	seating := make([][][]int, len(rounds))
	for r, round := range rounds {
		seating[r] = append(round, byes[r])
	}
	s := newSearch(n, met, had, seating, rng)
	if err := s.run(ctx, floor(n, l, req.Rounds, met)); err != nil {
		return Schedule{}, err
	}
	out := Schedule{Repeats: s.cost}
	for _, round := range s.seating() {
		for _, table := range round {
			slices.Sort(table)
		}
		tables, bye := round[:len(round)-1], round[len(round)-1]
		slices.SortFunc(tables, func(a, b []int) int { return cmp.Compare(a[0], b[0]) })
		out.Rounds = append(out.Rounds, Round{Tables: tables, Bye: bye})
	}
	return out, nil
}

// designed is the rounds a construction seats without a repeat, up to
// want, its players shuffled by the seed; none when the rounds have byes
// or tables of different sizes. When some players have met, the
// construction is laid over the players in a few ways and the one that
// repeats the fewest of those meetings is kept.
func designed(n int, l layout, want int, met []int32, anyMet bool, rng *rand.Rand) [][][]int {
	k := l.uniform()
	if l.byes > 0 || k == 0 {
		return nil
	}
	design := construct(n, k, want)
	if len(design) == 0 {
		return nil
	}
	tries := 1
	if anyMet {
		tries = relabellings
	}
	var best [][][]int
	bestCost := 0
	for range tries {
		perm := rng.Perm(n)
		rounds := make([][][]int, len(design))
		meet := slices.Clone(met)
		for r, round := range design {
			rounds[r] = make([][]int, len(round))
			for t, table := range round {
				rounds[r][t] = make([]int, len(table))
				for i, p := range table {
					rounds[r][t][i] = perm[p]
				}
			}
			addMeetings(meet, n, rounds[r])
		}
		cost := repeatsOf(meet, n)
		if best == nil || cost < bestCost {
			best, bestCost = rounds, cost
		}
	}
	return best
}

// addMeetings counts the meetings of one round into meet.
func addMeetings(meet []int32, n int, round [][]int) {
	for _, table := range round {
		for i, p := range table {
			for _, q := range table[i+1:] {
				meet[p*n+q]++
				meet[q*n+p]++
			}
		}
	}
}

// repeatsOf is the repeats of a count of meetings.
func repeatsOf(meet []int32, n int) int {
	total := 0
	for p := range n {
		for q := p + 1; q < n; q++ {
			total += max(0, int(meet[p*n+q])-1)
		}
	}
	return total
}

// greedyRound seats one round table by table, each seat going to the
// player who repeats the fewest meetings with those already at the
// table (then who has met them least often; then the seed's order).
func greedyRound(meet []int32, n int, bye []int, sizes []int, rng *rand.Rand) [][]int {
	out := make([]bool, n)
	for _, p := range bye {
		out[p] = true
	}
	var free []int
	for _, p := range rng.Perm(n) {
		if !out[p] {
			free = append(free, p)
		}
	}
	round := make([][]int, 0, len(sizes))
	for _, size := range sizes {
		table := []int{free[0]}
		free = free[1:]
		for len(table) < size {
			pick, pickRepeats, pickMeets := 0, 0, 0
			for i, p := range free {
				repeats, meets := 0, 0
				for _, x := range table {
					m := int(meet[p*n+x])
					meets += m
					if m > 0 {
						repeats++
					}
				}
				if i == 0 || repeats < pickRepeats || (repeats == pickRepeats && meets < pickMeets) {
					pick, pickRepeats, pickMeets = i, repeats, meets
				}
			}
			table = append(table, free[pick])
			free = slices.Delete(free, pick, pick+1)
		}
		round = append(round, table)
	}
	return round
}

// floor is a number of repeats no seating can go below: met's own
// repeats, plus the meetings the rounds must hold beyond the pairs still
// new to each other, counted over all pairs, and, when nobody sits out,
// player by player (each player has at least the smallest table's other
// players as tablemates each round; every repeat is counted by its two
// players). Byes are left out of the count by player, since the search
// may change who sits out.
func floor(n int, l layout, rounds int, met []int32) int {
	fresh := 0
	freshOf := make([]int, n)
	for p := range n {
		for q := range n {
			if p != q && met[p*n+q] == 0 {
				freshOf[p]++
				if p < q {
					fresh++
				}
			}
		}
	}
	overall := rounds*l.pairs() - fresh
	each := 0
	if l.byes == 0 {
		mates := rounds * (slices.Min(l.tables) - 1)
		for p := range n {
			each += max(0, mates-freshOf[p])
		}
	}
	return repeatsOf(met, n) + max(0, overall, (each+1)/2)
}
