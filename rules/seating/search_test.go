package seating

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSearchBookkeeping: after any run of swaps and changes of who sits
// out, what the search keeps at hand (meetings, repeats, conflicts, the
// list of players in conflict, byes so far) is what counting afresh
// gives.
func TestSearchBookkeeping(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{10, 17, 23} {
		l, err := layoutOf(n, []int{3, 4})
		if err != nil {
			t.Fatal(err)
		}
		const rounds = 5
		met := make([]int32, n*n)
		for range 2 * n {
			p, q := rng.IntN(n), rng.IntN(n)
			if p != q {
				met[p*n+q]++
				met[q*n+p]++
			}
		}
		had := make([]int32, n)
		byes := assignByes(n, rounds, l.byes, make([]int32, n), rng)
		meet := slices.Clone(met)
		var seating [][][]int
		for r := range rounds {
			// One table fewer than the players fill: its players sit out
			// too, which leaves room to change who sits out.
			round := greedyRound(meet, n, byes[r], l.tables[:len(l.tables)-1], rng)
			addMeetings(meet, n, round)
			seating = append(seating, append(round, seatedOut(n, round)))
		}
		s := newSearch(n, met, had, seating, rng)
		satOut := 0
		for step := range 3000 {
			r := rng.IntN(rounds)
			p := s.tables[r][rng.IntN(len(s.tables[r]))][0]
			if rng.IntN(3) == 0 {
				lastBye := make([]int, n)
				for x := range lastBye {
					lastBye[x] = s.lastBye(int32(x))
				}
				for _, q := range s.byes[r] {
					if s.canSitOut(r, p, q, lastBye) {
						s.sitOut(r, p, q)
						satOut++
						break
					}
				}
			} else {
				q := int32(rng.IntN(n))
				if s.tableOf[r][q] >= 0 && s.tableOf[r][q] != s.tableOf[r][p] {
					s.swap(r, p, q)
				}
			}
			fresh := newSearch(n, met, had, s.seating(), rng)
			if fresh.cost != s.cost || !slices.Equal(fresh.meet, s.meet) || len(fresh.list) != len(s.list) {
				t.Fatalf("%d players, step %d: cost %d, afresh %d", n, step, s.cost, fresh.cost)
			}
			for r := range s.conf {
				if !slices.Equal(fresh.conf[r], s.conf[r]) || !slices.Equal(fresh.before[r], s.before[r]) {
					t.Fatalf("%d players, step %d: round %d conflicts or byes differ", n, step, r)
				}
			}
			for _, key := range s.list {
				if s.conf[int(key)/n][int(key)%n] == 0 {
					t.Fatalf("step %d: %d listed without a conflict", step, key)
				}
			}
		}
		if satOut < 100 {
			t.Errorf("%d players: only %d changes of who sits out", n, satOut)
		}
	}
}

// seatedOut lists the players of 0..n-1 that round does not seat.
func seatedOut(n int, round [][]int) []int {
	var out []int
	for p := range n {
		if !slices.ContainsFunc(round, func(t []int) bool { return slices.Contains(t, p) }) {
			out = append(out, p)
		}
	}
	return out
}
