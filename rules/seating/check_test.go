package seating

import (
	"fmt"
	"slices"
)

// checkSchedule reports the first way s breaks what Plan promises for
// req: every player once a round, tables of allowed sizes, the fewest
// byes, byes to those with the fewest, and Repeats counted right.
func checkSchedule(req Request, s Schedule) error {
	n := req.Players
	if len(s.Rounds) != req.Rounds {
		return fmt.Errorf("%d rounds, want %d", len(s.Rounds), req.Rounds)
	}
	// The fewest byes: the most players that tables of the sizes seat.
	can := make([]bool, n+1)
	can[0] = true
	for m := 1; m <= n; m++ {
		for _, size := range req.Sizes {
			if size <= m && can[m-size] {
				can[m] = true
			}
		}
	}
	fewest := 0
	for !can[n-fewest] {
		fewest++
	}
	byes := make([]int, n)
	for _, p := range req.Byes {
		byes[p]++
	}
	meet := make(map[[2]int]int)
	for _, pair := range req.Met {
		meet[[2]int{min(pair[0], pair[1]), max(pair[0], pair[1])}]++
	}
	for r, round := range s.Rounds {
		seen := make([]int, n)
		for _, table := range round.Tables {
			if !slices.Contains(req.Sizes, len(table)) {
				return fmt.Errorf("round %d: a table of %d, sizes %v", r, len(table), req.Sizes)
			}
			for i, p := range table {
				if p < 0 || p >= n {
					return fmt.Errorf("round %d: player %d", r, p)
				}
				seen[p]++
				for _, q := range table[i+1:] {
					meet[[2]int{min(p, q), max(p, q)}]++
				}
			}
		}
		for _, p := range round.Bye {
			if p < 0 || p >= n {
				return fmt.Errorf("round %d: bye %d", r, p)
			}
			seen[p]++
		}
		for p, c := range seen {
			if c != 1 {
				return fmt.Errorf("round %d: player %d seated %d times", r, p, c)
			}
		}
		if len(round.Bye) != fewest {
			return fmt.Errorf("round %d: %d byes, the fewest is %d", r, len(round.Bye), fewest)
		}
		// Nobody sits out again while a player who sat out less plays.
		most := -1
		for _, p := range round.Bye {
			most = max(most, byes[p])
		}
		for p := range n {
			if !slices.Contains(round.Bye, p) && byes[p] < most {
				return fmt.Errorf("round %d: a bye for a player with %d byes while player %d has %d", r, most, p, byes[p])
			}
		}
		for _, p := range round.Bye {
			byes[p]++
		}
	}
	repeats := 0
	for _, m := range meet {
		repeats += max(0, m-1)
	}
	if repeats != s.Repeats {
		return fmt.Errorf("repeats %d, counted %d", s.Repeats, repeats)
	}
	return nil
}
