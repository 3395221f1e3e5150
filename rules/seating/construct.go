package seating

import (
	"math/bits"
	"slices"
)

// A design is rounds of tables of players 0..n-1 in which no pair meets
// twice. The constructions below build the classic ones from first
// principles; the local search (search.go) seats whatever they do not
// cover.

// searchNodes bounds each construction that searches (a partial spread,
// a packing of lines): well under a tenth of a second.
const searchNodes = 200_000

// construct returns up to want rounds of n players at tables of k in
// which no pair meets twice: the most rounds any construction below
// reaches for n and k, or none.
func construct(n, k, want int) [][][]int {
	if k > 1 {
		// Each round brings a player k-1 new tablemates out of n-1.
		want = min(want, (n-1)/(k-1))
	}
	var best [][][]int
	try := func(design [][][]int) bool {
		if len(design) > len(best) {
			best = design
		}
		if len(best) > want {
			best = best[:want]
		}
		return len(best) == want
	}
	switch {
	case want <= 0 || n%k != 0:
		return nil
	case n == k:
		// Everyone at one table: once.
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		return [][][]int{{all}}
	}
	if k == 2 && try(roundRobin(n)) {
		return best
	}
	if try(affineSpread(n, k, want)) {
		return best
	}
	if try(transversal(n, k, want)) {
		return best
	}
	if try(linePacking(n, k, want)) {
		return best
	}
	try(developed(n, k, want))
	return best
}

// roundRobin is the circle method for an even number of players in
// pairs: player n-1 stays put while the others turn around a circle, and
// in n-1 rounds everyone meets everyone once.
func roundRobin(n int) [][][]int {
	m := n - 1
	rounds := make([][][]int, m)
	for r := range rounds {
		tables := [][]int{{r, n - 1}}
		for i := 1; i <= (n-2)/2; i++ {
			tables = append(tables, []int{(r + i) % m, (r - i + m) % m})
		}
		rounds[r] = tables
	}
	return rounds
}

// affineSpread seats q^d players, as the vectors of GF(q)^d, at tables of
// q^e: each round is the cosets of one e-dimensional subspace, and two
// players meet in a round exactly when their difference lies in its
// subspace. Subspaces that share only the zero vector (a partial spread)
// therefore never seat a pair together twice. For e = 1 every line
// through the origin will do, which gives the affine geometry AG(d, q):
// q^2 players at q tables of q for q+1 rounds (9, 16, 25, 49 players),
// or 27 players at tables of 3 for 13. For e > 1 a search finds the
// spread: 9 planes of GF(2)^5 give 32 players at 8 tables of 4 for 9
// rounds.
func affineSpread(n, k, want int) [][][]int {
	var best [][][]int
	for q := 2; q <= k; q++ {
		e, d := logOf(k, q), logOf(n, q)
		if e == 0 || d <= e {
			continue
		}
		f, ok := newField(q)
		if !ok {
			continue
		}
		s := newSpace(f, d)
		var subspaces [][]int
		var sets []pointSet
		s.subspaces(e, func(u []int) {
			subspaces = append(subspaces, u)
			sets = append(sets, setOf(u[1:]))
		})
		chosen := disjointFamily(sets, want, s.size-1, k-1)
		if len(chosen) <= len(best) {
			continue
		}
		best = best[:0]
		for _, i := range chosen {
			best = append(best, s.cosets(subspaces[i]))
		}
	}
	return best
}

// logOf is d with q^d = n, or 0 when n is not a power of q.
func logOf(n, q int) int {
	d := 0
	for ; n > 1 && n%q == 0; n /= q {
		d++
	}
	if n != 1 {
		return 0
	}
	return d
}

// subspaces calls visit with the vectors of every e-dimensional subspace
// of s once (0 first). Each is reached by its one basis b1 < b2 < ...
// where each b_i is the smallest vector of its span that the earlier ones
// do not span.
func (s space) subspaces(e int, visit func([]int)) {
	var extend func(basis []int, vecs []int)
	extend = func(basis []int, vecs []int) {
		if len(basis) == e {
			visit(vecs)
			return
		}
		inSpan := make([]bool, s.size)
		for _, v := range vecs {
			inSpan[v] = true
		}
		start := 1
		if len(basis) > 0 {
			start = basis[len(basis)-1] + 1
		}
	next:
		for b := start; b < s.size; b++ {
			if inSpan[b] {
				continue
			}
			for k := 1; k < s.f.q; k++ {
				for _, v := range vecs {
					if s.addScaled(v, b, k) < b {
						continue next
					}
				}
			}
			extend(append(basis, b), s.span(append(basis, b)))
		}
	}
	extend(nil, []int{0})
}

// pointSet is a set of players, who number fewer than 256.
type pointSet [4]uint64

func setOf(points []int) pointSet {
	var s pointSet
	for _, p := range points {
		s[p/64] |= 1 << (p % 64)
	}
	return s
}

func (s pointSet) meets(t pointSet) bool {
	return s[0]&t[0] != 0 || s[1]&t[1] != 0 || s[2]&t[2] != 0 || s[3]&t[3] != 0
}

func (s pointSet) union(t pointSet) pointSet {
	return pointSet{s[0] | t[0], s[1] | t[1], s[2] | t[2], s[3] | t[3]}
}

func (s pointSet) len() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

// disjointFamily returns the indexes of up to want sets that are pairwise
// disjoint: the most a depth-first search finds within searchNodes steps.
// Every set has each points of total; a family can hold no more sets
// than the points left uncovered allow, which prunes the search.
func disjointFamily(sets []pointSet, want, total, each int) []int {
	var best, chosen []int
	nodes := 0
	var dfs func(from int, covered pointSet)
	dfs = func(from int, covered pointSet) {
		if len(chosen) > len(best) {
			best = append(best[:0], chosen...)
		}
		if len(best) >= want || nodes >= searchNodes {
			return
		}
		nodes++
		if len(chosen)+(total-covered.len())/each <= len(best) {
			return
		}
		for i := from; i < len(sets) && len(best) < want && nodes < searchNodes; i++ {
			if sets[i].meets(covered) {
				continue
			}
			chosen = append(chosen, i)
			dfs(i+1, covered.union(sets[i]))
			chosen = chosen[:len(chosen)-1]
		}
	}
	dfs(0, pointSet{})
	return best
}

// transversal seats n = k*g players, g a prime power at least k, as k
// rows of g: player a*g+b sits in row a at column b, a field element. In
// round m (an element of GF(g)) table t seats, from each row a, the
// player at column t + m*a; two players of different rows then meet in
// exactly one round and two of the same row in none, which makes g
// rounds (a resolvable transversal design: 12 players at 4 tables of 3
// for 4 rounds, 20 at 5 tables of 4 for 5). When k divides g, the rows
// then meet among themselves, each row seated by the best design for g
// players at tables of k: 32 players at 8 tables of 4 gain a ninth round.
func transversal(n, k, want int) [][][]int {
	g := n / k
	f, ok := newField(g)
	if !ok || g < k {
		return nil
	}
	var rounds [][][]int
	for m := 0; m < g && len(rounds) < want; m++ {
		tables := make([][]int, g)
		for t := range tables {
			table := make([]int, k)
			for a := range k {
				table[a] = a*g + f.add[t*g+f.mul[m*g+a]]
			}
			tables[t] = table
		}
		rounds = append(rounds, tables)
	}
	for _, sub := range construct(g, k, want-len(rounds)) {
		var tables [][]int
		for a := range k {
			for _, t := range sub {
				table := make([]int, len(t))
				for i, b := range t {
					table[i] = a*g + b
				}
				tables = append(tables, table)
			}
		}
		rounds = append(rounds, tables)
	}
	return rounds
}

// linePacking seats the 2^d - 1 points of the projective space PG(d-1,
// 2) (the nonzero vectors of GF(2)^d, d even) at tables of 3, its lines
// {a, b, a xor b}. Two lines share at most one point, so rounds that each
// split the points into lines, no line used twice, never repeat a pair. A
// search finds such rounds one table at a time, always covering next the
// point with the fewest lines left: for d = 4 all seven rounds, which is
// Kirkman's fifteen schoolgirls walking out three abreast on seven days.
func linePacking(n, k, want int) [][][]int {
	d := logOf(n+1, 2)
	if k != 3 || d < 4 || d%2 != 0 {
		return nil
	}
	lines, through := xorLines(n)
	used := make([]bool, len(lines))
	covered := make([]bool, n+1)
	var best, rounds [][][]int
	var round [][]int
	nodes := 0
	// open is whether line l can go into the round.
	open := func(l int) bool {
		line := lines[l]
		return !used[l] && !covered[line[0]] && !covered[line[1]] && !covered[line[2]]
	}
	var dfs func() bool
	dfs = func() bool {
		if len(rounds) > len(best) {
			// The rounds' tables are reused as the search backs up.
			best = best[:0]
			for _, r := range rounds {
				best = append(best, slices.Clone(r))
			}
		}
		if len(rounds) == want {
			return true
		}
		if nodes >= searchNodes {
			return false
		}
		nodes++
		pick, fewest := 0, len(lines)
		for p := 1; p <= n; p++ {
			if covered[p] {
				continue
			}
			count := 0
			for _, l := range through[p] {
				if open(l) {
					count++
				}
			}
			if count < fewest {
				pick, fewest = p, count
			}
		}
		if pick == 0 {
			// This round is whole: begin the next.
			done := round
			rounds = append(rounds, done)
			round = nil
			clear(covered)
			if dfs() {
				return true
			}
			rounds = rounds[:len(rounds)-1]
			round = done
			for _, t := range done {
				for _, x := range t {
					covered[x+1] = true
				}
			}
			return false
		}
		for _, l := range through[pick] {
			if !open(l) {
				continue
			}
			line := lines[l]
			used[l] = true
			for _, x := range line {
				covered[x] = true
			}
			round = append(round, []int{line[0] - 1, line[1] - 1, line[2] - 1})
			if dfs() {
				return true
			}
			round = round[:len(round)-1]
			for _, x := range line {
				covered[x] = false
			}
			used[l] = false
		}
		return false
	}
	dfs()
	return best
}

// xorLines are the lines of the points 1..n, the triples a, b, a^b
// (linePacking); through[p] lists the lines through p by number.
func xorLines(n int) (lines [][3]int, through [][]int) {
	through = make([][]int, n+1)
	for a := 1; a <= n; a++ {
		for b := a + 1; b <= n; b++ {
			if c := a ^ b; c > b {
				for _, p := range []int{a, b, c} {
					through[p] = append(through[p], len(lines))
				}
				lines = append(lines, [3]int{a, b, c})
			}
		}
	}
	return lines, through
}

// developed seats n = c*m + f players, c copies of the integers modulo m
// and f fixed players, by one base round that the rounds turn around the
// circle: round t seats x+t wherever the base round seats x (a fixed
// player stays put). A depth-first search finds a base round in which
// no pair meets twice over the want rounds, checking every pair its
// turns make (the difference method of design theory). 24 players at 6
// tables of 4 for 7 rounds, which no other construction here reaches,
// take 3 copies of the integers modulo 7 and 3 fixed players.
func developed(n, k, want int) [][][]int {
	tables := n / k
	if k == 2 {
		return nil // the circle method seats every even number in pairs
	}
	budget := developWork
	for m := max(want, 2); m <= n && budget > 0; m++ {
		for f := 0; f <= tables && f < n && budget > 0; f++ {
			if (n-f)%m != 0 {
				continue
			}
			base, used := baseRound(n, k, m, f, want, min(budget, developWorkEach))
			budget -= used
			if base == nil {
				continue
			}
			rounds := make([][][]int, want)
			for t := range rounds {
				rounds[t] = make([][]int, len(base))
				for b, block := range base {
					rounds[t][b] = make([]int, len(block))
					for i, p := range block {
						rounds[t][b][i] = turn(p, t, m, n-f)
					}
				}
			}
			return rounds
		}
	}
	return nil
}

// developWork bounds the search for base rounds, in pairs checked
// (a few nanoseconds each), a quarter of it for each choice of m and f.
const (
	developWork     = 16_000_000
	developWorkEach = 4_000_000
)

// turn is player p in round t of a developed design: the finite players
// (below finite) move t along their circle of m; the fixed ones stay.
func turn(p, t, m, finite int) int {
	if p >= finite {
		return p
	}
	return p/m*m + (p%m+t)%m
}

// baseRound searches for the base round of developed, within work pairs
// checked; it returns the round, or nil, and the work it took.
func baseRound(n, k, m, f, want, work int) ([][]int, int) {
	finite := n - f
	// turned[t*n+p] is turn(p, t, ...).
	turned := make([]int, want*n)
	for t := range want {
		for p := range n {
			turned[t*n+p] = turn(p, t, m, finite)
		}
	}
	meet := make([]bool, n*n)
	placed := make([]bool, n)
	blocks := make([][]int, n/k)
	steps := 0
	// join adds p to a block with members, marking the pairs of every
	// round; it fails, changing nothing, when a pair would meet twice.
	join := func(p int, members []int) bool {
		for i, q := range members {
			for t := range want {
				steps++
				u, v := turned[t*n+p], turned[t*n+q]
				if meet[u*n+v] {
					// Unmark what this join marked, up to here.
					for j, q := range members[:i+1] {
						for t2 := range want {
							if j == i && t2 == t {
								break
							}
							u, v := turned[t2*n+p], turned[t2*n+q]
							meet[u*n+v], meet[v*n+u] = false, false
						}
					}
					return false
				}
				meet[u*n+v], meet[v*n+u] = true, true
			}
		}
		return true
	}
	leave := func(p int, members []int) {
		for _, q := range members {
			for t := range want {
				u, v := turned[t*n+p], turned[t*n+q]
				meet[u*n+v], meet[v*n+u] = false, false
			}
		}
	}
	var dfs func(b int) bool
	dfs = func(b int) bool {
		if b == len(blocks) {
			return true
		}
		if steps >= work {
			return false
		}
		block := blocks[b]
		if len(block) == k {
			return dfs(b + 1)
		}
		from := 0
		if len(block) > 0 {
			from = block[len(block)-1] + 1
		}
		for p := from; p < n; p++ {
			if placed[p] || !join(p, block) {
				if len(block) == 0 && !placed[p] {
					return false
				}
				continue
			}
			placed[p] = true
			blocks[b] = append(block, p)
			if dfs(b) {
				return true
			}
			blocks[b] = block
			placed[p] = false
			leave(p, block)
			if len(block) == 0 {
				// A block's first player is the smallest left: trying
				// another would only find the same rounds in another
				// order.
				return false
			}
		}
		return false
	}
	if !dfs(0) {
		return nil, steps
	}
	return blocks, steps
}
