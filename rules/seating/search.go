package seating

import (
	"context"
	"math/rand/v2"
	"slices"
)

// The local search follows Dotú and Van Hentenryck's for the social
// golfer problem: a move swaps two players at different tables of one
// round; each step weighs the swaps of players who meet someone again at
// their table and makes the best (the one that removes the most repeats,
// ties broken by the seed), except swaps made recently (a tabu list);
// when the best seating found has not improved for a while, the search
// returns to it and shakes it with a few random swaps. A move may also
// seat a player who sits out in the place of one as fair to sit out
// instead (canSitOut).

// maxWork bounds one search, counted in the pair tests its moves make
// (about a nanosecond each): a search that cannot reach its lower bound
// stops after about half a second, whatever the size. It is a count, not
// a clock, so that the same request always gives the same answer.
const maxWork = 300_000_000

// stepWork is what a step costs beyond its pair tests, in the same
// units: choosing, swapping and keeping the best.
const stepWork = 300

// search is a seating of every round, with what a move needs at hand.
// Outside it, a seating is rounds of lists of players: the tables, then
// the round's byes as the last list.
type search struct {
	n       int
	met     []int32     // n*n: meetings before the first round
	had     []int32     // byes before the first round
	meet    []int32     // n*n: met plus the rounds' meetings
	cost    int         // the repeats of meet
	tableOf [][]int32   // [round][player]: the player's table, -1 for a bye
	tables  [][][]int32 // [round][table]: its players
	byes    [][]int32   // [round]: who sits out
	before  [][]int32   // [round][player]: byes before the round
	conf    [][]int32   // [round][player]: tablemates met more than once
	list    []int32     // round*n+player of every conf > 0
	pos     []int32     // round*n+player: index in list, or -1
	rng     *rand.Rand
}

// newSearch starts a search from a seating.
func newSearch(n int, met, had []int32, rounds [][][]int, rng *rand.Rand) *search {
	s := &search{n: n, met: met, had: had, rng: rng}
	s.load(rounds)
	return s
}

// load sets the seating and recounts everything.
func (s *search) load(seating [][][]int) {
	n := s.n
	s.meet = append(s.meet[:0], s.met...)
	if len(s.tableOf) != len(seating) {
		s.tableOf = make([][]int32, len(seating))
		s.tables = make([][][]int32, len(seating))
		s.byes = make([][]int32, len(seating))
		s.before = make([][]int32, len(seating))
		s.conf = make([][]int32, len(seating))
		s.pos = make([]int32, len(seating)*n)
	}
	for r, withByes := range seating {
		round, byes := withByes[:len(withByes)-1], withByes[len(withByes)-1]
		s.byes[r] = s.byes[r][:0]
		for _, p := range byes {
			s.byes[r] = append(s.byes[r], int32(p))
		}
		if r == 0 {
			s.before[r] = append(s.before[r][:0], s.had...)
		} else {
			s.before[r] = append(s.before[r][:0], s.before[r-1]...)
			for _, p := range s.byes[r-1] {
				s.before[r][p]++
			}
		}
		s.tableOf[r] = slices.Grow(s.tableOf[r][:0], n)[:n]
		s.conf[r] = slices.Grow(s.conf[r][:0], n)[:n]
		for p := range n {
			s.tableOf[r][p] = -1
			s.conf[r][p] = 0
		}
		if len(s.tables[r]) != len(round) {
			s.tables[r] = make([][]int32, len(round))
		}
		for t, table := range round {
			s.tables[r][t] = s.tables[r][t][:0]
			for _, p := range table {
				s.tables[r][t] = append(s.tables[r][t], int32(p))
				s.tableOf[r][p] = int32(t)
			}
			for i, p := range table {
				for _, q := range table[i+1:] {
					s.meet[p*n+q]++
					s.meet[q*n+p]++
				}
			}
		}
	}
	s.cost = 0
	for p := range n {
		for q := p + 1; q < n; q++ {
			s.cost += max(0, int(s.meet[p*n+q])-1)
		}
	}
	s.list = s.list[:0]
	for i := range s.pos {
		s.pos[i] = -1
	}
	for r := range s.tables {
		for _, table := range s.tables[r] {
			for _, p := range table {
				for _, q := range table {
					if p != q && s.meet[int(p)*n+int(q)] >= 2 {
						s.addConf(r, p, 1)
					}
				}
			}
		}
	}
}

// seating is the search's seating.
func (s *search) seating() [][][]int {
	out := make([][][]int, len(s.tables))
	for r, round := range s.tables {
		out[r] = make([][]int, len(round)+1)
		for t, table := range append(round, s.byes[r]) {
			out[r][t] = make([]int, len(table))
		}
	}
	s.copySeating(out)
	return out
}

// copySeating copies the seating into one shaped as seating's.
func (s *search) copySeating(seating [][][]int) {
	for r, round := range s.tables {
		for t, table := range round {
			for i, p := range table {
				seating[r][t][i] = int(p)
			}
		}
		for i, p := range s.byes[r] {
			seating[r][len(round)][i] = int(p)
		}
	}
}

// lastBye is the last round in which p sits out, or -1.
func (s *search) lastBye(p int32) int {
	for r := len(s.byes) - 1; r >= 0; r-- {
		if slices.Contains(s.byes[r], p) {
			return r
		}
	}
	return -1
}

// canSitOut reports whether p, seated in round r, may sit out instead of
// q: they have sat out as often before the round, and neither sits out
// later (so that their counts of byes only change places, and every
// later round keeps its byes fair).
func (s *search) canSitOut(r int, p, q int32, lastBye []int) bool {
	return s.before[r][p] == s.before[r][q] && lastBye[p] < r && lastBye[q] == r
}

// sitOut seats q, who sits out round r, in the place of p, who sits out
// instead (canSitOut).
func (s *search) sitOut(r int, p, q int32) {
	n := int32(s.n)
	a := s.tableOf[r][p]
	table := s.tables[r][a]
	for _, x := range table {
		if x != p && s.meet[p*n+x] >= 2 {
			s.addConf(r, x, -1)
			s.addConf(r, p, -1)
		}
	}
	for _, x := range table {
		if x != p {
			s.change(p, x, -1, r)
			s.change(q, x, +1, r)
		}
	}
	table[slices.Index(table, p)] = q
	s.byes[r][slices.Index(s.byes[r], q)] = p
	s.tableOf[r][p], s.tableOf[r][q] = -1, a
	for _, x := range table {
		if x != q && s.meet[q*n+x] >= 2 {
			s.addConf(r, x, 1)
			s.addConf(r, q, 1)
		}
	}
	for later := r + 1; later < len(s.before); later++ {
		s.before[later][p]++
		s.before[later][q]--
	}
}

// addConf changes a player's count of repeated tablemates in round r by
// d, keeping the list of players in conflict.
func (s *search) addConf(r int, p int32, d int32) {
	c := &s.conf[r][p]
	was := *c
	*c += d
	key := int32(r*s.n) + p
	switch {
	case was == 0 && *c > 0:
		s.pos[key] = int32(len(s.list))
		s.list = append(s.list, key)
	case was > 0 && *c == 0:
		i := s.pos[key]
		last := s.list[len(s.list)-1]
		s.list[i] = last
		s.pos[last] = i
		s.list = s.list[:len(s.list)-1]
		s.pos[key] = -1
	}
}

// change adds d to the meetings of p and q, who sit together in round
// skip (or who have just been parted there): in every other round where
// they sit together, crossing two meetings changes their conflicts.
func (s *search) change(p, q int32, d int32, skip int) {
	n := int32(s.n)
	before := s.meet[p*n+q]
	after := before + d
	s.meet[p*n+q], s.meet[q*n+p] = after, after
	s.cost += max(0, int(after)-1) - max(0, int(before)-1)
	if (before >= 2) == (after >= 2) {
		return
	}
	step := int32(1)
	if after < 2 {
		step = -1
	}
	for r, tableOf := range s.tableOf {
		if r != skip && tableOf[p] >= 0 && tableOf[p] == tableOf[q] {
			s.addConf(r, p, step)
			s.addConf(r, q, step)
		}
	}
}

// swap exchanges p and q, at different tables of round r.
func (s *search) swap(r int, p, q int32) {
	n := int32(s.n)
	a, b := s.tableOf[r][p], s.tableOf[r][q]
	tableA, tableB := s.tables[r][a], s.tables[r][b]
	// Their conflicts in round r go, then their meetings change, then the
	// conflicts of round r come back at the new tables.
	for _, x := range tableA {
		if x != p && s.meet[p*n+x] >= 2 {
			s.addConf(r, x, -1)
			s.addConf(r, p, -1)
		}
	}
	for _, y := range tableB {
		if y != q && s.meet[q*n+y] >= 2 {
			s.addConf(r, y, -1)
			s.addConf(r, q, -1)
		}
	}
	for _, x := range tableA {
		if x != p {
			s.change(p, x, -1, r)
			s.change(q, x, +1, r)
		}
	}
	for _, y := range tableB {
		if y != q {
			s.change(q, y, -1, r)
			s.change(p, y, +1, r)
		}
	}
	tableA[slices.Index(tableA, p)] = q
	tableB[slices.Index(tableB, q)] = p
	s.tableOf[r][p], s.tableOf[r][q] = b, a
	for _, x := range tableA {
		if x != q && s.meet[q*n+x] >= 2 {
			s.addConf(r, x, 1)
			s.addConf(r, q, 1)
		}
	}
	for _, y := range tableB {
		if y != p && s.meet[p*n+y] >= 2 {
			s.addConf(r, y, 1)
			s.addConf(r, p, 1)
		}
	}
}

// The search's settings, found by trying the best-known cases and many
// others (shorter tabu tenures did best): how many players in conflict a
// step weighs at most, how long a swapped player stays away from the
// table they left, how many steps without a new best the search allows
// before it goes back to the best and shakes it, and by how many random
// swaps.
const (
	sample     = 64
	tabuMin    = 1
	tabuSpan   = 3
	stall      = 1000
	shakeMoves = 4
	patience   = 200_000 // steps without a new best, after which the search ends
)

// move is a swap of p and q in round r, and the change in repeats it
// makes; with sitOut, q sits out and takes p's seat.
type move struct {
	r      int
	p, q   int32
	delta  int32
	sitOut bool
}

// chooser keeps the best move offered, ties broken at random.
type chooser struct {
	best move
	ties int
}

func (c *chooser) offer(m move, rng *rand.Rand) {
	switch {
	case c.ties == 0 || m.delta < c.best.delta:
		c.best, c.ties = m, 1
	case m.delta == c.best.delta:
		c.ties++
		if rng.IntN(c.ties) == 0 {
			c.best = m
		}
	}
}

// run improves the seating until its repeats reach floor (none can do
// better) or its work runs out, and leaves it at the best found. It
// fails only when ctx ends first.
func (s *search) run(ctx context.Context, floor int) error {
	n := s.n
	rounds := len(s.tables)
	if rounds == 0 || len(s.tables[0])+min(1, len(s.byes[0])) < 2 {
		return nil // one table a round and no byes: no swap to make
	}
	tableCount := len(s.tables[0])
	// tabu[round][player*columns+table] is the step until which the
	// player may not go back to the table (column tableCount: the byes).
	columns := tableCount + 1
	tabu := make([][]int32, rounds)
	for r := range tabu {
		tabu[r] = make([]int32, n*columns)
	}
	lastBye := make([]int, n)
	for p := range lastBye {
		lastBye[p] = s.lastBye(int32(p))
	}
	inA := make([]int32, n)
	inP := make([]int32, tableCount)
	best := s.seating()
	bestCost := s.cost
	lastBest, bestStep := 0, 0
	work := 0
	var picks []int32
	for step := int32(1); s.cost > floor && work < maxWork; step++ {
		if step%64 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if int(step)-bestStep > patience {
			break
		}
		if int(step)-lastBest > stall {
			s.shake(best, lastBye, tableCount)
			for r := range tabu {
				clear(tabu[r])
			}
			lastBest = int(step)
			continue
		}
		if len(s.list) == 0 {
			break // no conflict left: only met's own repeats remain
		}
		picks = s.sample(picks[:0])
		var allowed, any chooser
		for _, key := range picks {
			work += s.weigh(key, step, bestCost, tabu, lastBye, inA, inP, &allowed, &any)
		}
		work += stepWork
		m := allowed.best
		if allowed.ties == 0 {
			m = any.best
		}
		a, b := s.tableOf[m.r][m.p], int32(tableCount)
		if m.sitOut {
			s.sitOut(m.r, m.p, m.q)
			lastBye[m.p], lastBye[m.q] = m.r, s.lastBye(m.q)
		} else {
			b = s.tableOf[m.r][m.q]
			s.swap(m.r, m.p, m.q)
		}
		tenure := int32(tabuMin + s.rng.IntN(tabuSpan))
		tabu[m.r][int(m.p)*columns+int(a)] = step + tenure
		tabu[m.r][int(m.q)*columns+int(b)] = step + tenure
		if s.cost < bestCost {
			bestCost, lastBest, bestStep = s.cost, int(step), int(step)
			s.copySeating(best)
		}
	}
	if s.cost > bestCost {
		s.load(best)
	}
	return nil
}

// shake starts again from the best seating found, with a few random
// swaps between the first table and the others (run); lastBye is kept
// as the seating now has it.
func (s *search) shake(best [][][]int, lastBye []int, tableCount int) {
	s.load(best)
	for p := range lastBye {
		lastBye[p] = s.lastBye(int32(p))
	}
	rounds := len(s.tables)
	for i := 0; i < shakeMoves && tableCount > 1; i++ {
		r := s.rng.IntN(rounds)
		p := s.tables[r][0][s.rng.IntN(len(s.tables[r][0]))]
		t := 1 + s.rng.IntN(tableCount-1)
		q := s.tables[r][t][s.rng.IntN(len(s.tables[r][t]))]
		s.swap(r, p, q)
	}
}

// sample appends to picks the conflicts a step weighs: all of them, or
// sample of them at random.
func (s *search) sample(picks []int32) []int32 {
	if len(s.list) <= sample {
		return append(picks, s.list...)
	}
	for range sample {
		picks = append(picks, s.list[s.rng.IntN(len(s.list))])
	}
	return picks
}

// weigh offers allowed and any every move of the player of conflict key
// (round and player) at step: a swap with someone at another table, or
// sitting out instead of someone as fair to rest. A move is allowed
// when tabu lets both go where it sends them, or when it beats
// bestCost. inA and inP are scratch of n and of the tables. It returns
// the work it did.
func (s *search) weigh(key, step int32, bestCost int, tabu [][]int32, lastBye []int, inA, inP []int32, allowed, any *chooser) int {
	n := s.n
	tableCount := len(s.tables[0])
	columns := tableCount + 1
	r, p := int(key)/n, key%int32(n)
	a := s.tableOf[r][p]
	tableA := s.tables[r][a]
	// inA[q]: how many of p's tablemates q has met; inP[t]: how
	// many at table t p has met.
	clear(inA)
	for _, x := range tableA {
		if x == p {
			continue
		}
		row := s.meet[int(x)*n : int(x)*n+n]
		for q, m := range row {
			if m > 0 {
				inA[q]++
			}
		}
	}
	clear(inP)
	rowP := s.meet[int(p)*n : int(p)*n+n]
	for t, table := range s.tables[r] {
		for _, y := range table {
			if rowP[y] > 0 {
				inP[t]++
			}
		}
	}
	// The pair tests above, and a few for each swap weighed.
	work := n*(len(tableA)+1) + n + 4*n
	confP := s.conf[r][p]
	tabuR := tabu[r]
	for t, table := range s.tables[r] {
		if int32(t) == a {
			continue
		}
		tabuP := tabuR[int(p)*columns+t] >= step
		for _, q := range table {
			delta := -confP + inP[t] - s.conf[r][q] + inA[q]
			if rowP[q] > 0 {
				delta--
			}
			m := move{r: r, p: p, q: q, delta: delta}
			free := !tabuP && tabuR[int(q)*columns+int(a)] < step
			if free || s.cost+int(delta) < bestCost {
				allowed.offer(m, s.rng)
			}
			any.offer(m, s.rng)
		}
	}
	// p may sit out instead of someone as fair to rest.
	tabuP := tabuR[int(p)*columns+tableCount] >= step
	for _, q := range s.byes[r] {
		if !s.canSitOut(r, p, q, lastBye) {
			continue
		}
		m := move{r: r, p: p, q: q, delta: -confP + inA[q], sitOut: true}
		free := !tabuP && tabuR[int(q)*columns+int(a)] < step
		if free || s.cost+int(m.delta) < bestCost {
			allowed.offer(m, s.rng)
		}
		any.offer(m, s.rng)
	}
	return work
}
