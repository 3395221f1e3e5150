package seating

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// baselineRepeats seats req's rounds the simple way and counts its
// repeats: byes to the players with the fewest byes (the lowest numbers
// first), then each table in turn, each seat to the player with the
// fewest earlier meetings with those already at the table (the lowest
// number first). The table sizes are taken from shape, one list a round.
func baselineRepeats(req Request, shape [][]int) int {
	n := req.Players
	meet := make([][]int, n)
	for p := range meet {
		meet[p] = make([]int, n)
	}
	for _, pair := range req.Met {
		meet[pair[0]][pair[1]]++
		meet[pair[1]][pair[0]]++
	}
	byes := make([]int, n)
	for _, p := range req.Byes {
		byes[p]++
	}
	for _, sizes := range shape {
		seated := 0
		for _, s := range sizes {
			seated += s
		}
		order := make([]int, n)
		for p := range order {
			order[p] = p
		}
		slices.SortStableFunc(order, func(a, b int) int { return byes[a] - byes[b] })
		free := make([]bool, n)
		for _, p := range order[n-seated:] {
			free[p] = true
		}
		for _, p := range order[:n-seated] {
			byes[p]++
		}
		for _, size := range sizes {
			var table []int
			for len(table) < size {
				pick, pickMeets := -1, 0
				for p := range n {
					if !free[p] {
						continue
					}
					meets := 0
					for _, x := range table {
						meets += meet[p][x]
					}
					if pick < 0 || meets < pickMeets {
						pick, pickMeets = p, meets
					}
				}
				free[pick] = false
				for _, x := range table {
					meet[pick][x]++
					meet[x][pick]++
				}
				table = append(table, pick)
			}
		}
	}
	repeats := 0
	for p := range n {
		for q := p + 1; q < n; q++ {
			repeats += max(0, meet[p][q]-1)
		}
	}
	return repeats
}

// TestNeverWorseThanBaseline: for 4 to 64 players, several sets of sizes
// and numbers of rounds, Plan repeats no more meetings than the simple
// greedy seating, with the same table sizes in each round.
func TestNeverWorseThanBaseline(t *testing.T) {
	sizeSets := [][]int{{2}, {3}, {4}, {5}, {3, 4}, {4, 5}, {2, 3, 4}, {6}}
	roundCounts := []int{3, 6, 10}
	var log strings.Builder
	fmt.Fprintf(&log, "players sizes rounds: baseline plan\n")
	worse, better, total := 0, 0, 0
	start := time.Now()
	for n := 4; n <= 64; n++ {
		for _, rounds := range roundCounts {
			sizes := sizeSets[(n+rounds)%len(sizeSets)]
			req := Request{Players: n, Sizes: sizes, Rounds: rounds, Seed: uint64(n)}
			began := time.Now()
			s, err := Plan(context.Background(), req)
			if err != nil {
				continue // fewer players than the smallest table
			}
			took := time.Since(began)
			if err := checkSchedule(req, s); err != nil {
				t.Fatalf("%v: %v", req, err)
			}
			shape := make([][]int, len(s.Rounds))
			for r, round := range s.Rounds {
				for _, table := range round.Tables {
					shape[r] = append(shape[r], len(table))
				}
			}
			base := baselineRepeats(req, shape)
			total++
			if s.Repeats > base {
				worse++
				t.Errorf("%d players %v %d rounds: %d repeats, the baseline %d", n, sizes, rounds, s.Repeats, base)
			}
			if s.Repeats < base {
				better++
			}
			fmt.Fprintf(&log, "%d %v %d: %d %d (%v)\n", n, sizes, rounds, base, s.Repeats, took.Round(time.Millisecond))
		}
	}
	t.Logf("%s%d cases: fewer repeats than the baseline in %d, more in %d (%v)", log.String(), total, better, worse, time.Since(start).Round(time.Millisecond))
}
