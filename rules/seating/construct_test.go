package seating

import (
	"fmt"
	"testing"
)

// checkDesign reports the first way rounds are not rounds of n players
// at tables of k with no pair meeting twice.
func checkDesign(rounds [][][]int, n, k int) error {
	met := make(map[[2]int]int)
	for r, round := range rounds {
		seen := make([]bool, n)
		for _, table := range round {
			if len(table) != k {
				return fmt.Errorf("round %d: a table of %d", r, len(table))
			}
			for i, p := range table {
				if p < 0 || p >= n || seen[p] {
					return fmt.Errorf("round %d: player %d out of place", r, p)
				}
				seen[p] = true
				for _, q := range table[i+1:] {
					pair := [2]int{min(p, q), max(p, q)}
					if met[pair] != 0 {
						return fmt.Errorf("round %d: %d and %d meet again (round %d)", r, p, q, met[pair]-1)
					}
					met[pair] = r + 1
				}
			}
		}
		for p, ok := range seen {
			if !ok {
				return fmt.Errorf("round %d: player %d missing", r, p)
			}
		}
	}
	return nil
}

func TestConstructions(t *testing.T) {
	tests := []struct {
		name    string
		build   func(n, k, want int) [][][]int
		n, k    int
		want    int
		reached int
	}{
		{"round robin of 2", func(n, _, _ int) [][][]int { return roundRobin(n) }, 2, 2, 1, 1},
		{"round robin of 12", func(n, _, _ int) [][][]int { return roundRobin(n) }, 12, 2, 11, 11},
		{"AG(2,3)", affineSpread, 9, 3, 20, 4},
		{"AG(2,4)", affineSpread, 16, 4, 20, 5},
		{"AG(2,5)", affineSpread, 25, 5, 20, 6},
		{"AG(2,7)", affineSpread, 49, 7, 20, 8},
		{"AG(2,8)", affineSpread, 64, 8, 20, 9},
		{"AG(2,9)", affineSpread, 81, 9, 20, 10},
		{"AG(2,11)", affineSpread, 121, 11, 20, 12},
		{"AG(3,3)", affineSpread, 27, 3, 20, 13},
		{"AG(3,4) lines", affineSpread, 64, 4, 20, 20},
		{"planes of GF(2)^5", affineSpread, 32, 4, 20, 9},
		{"planes of GF(3)^4", affineSpread, 81, 9, 20, 10},
		{"solids of GF(2)^7", affineSpread, 128, 8, 12, 12},
		{"transversal 3 by 4", transversal, 12, 3, 20, 4},
		{"transversal 4 by 5", transversal, 20, 4, 20, 5},
		{"transversal 4 by 8, rows seated", transversal, 32, 4, 20, 9},
		{"transversal 3 by 8", transversal, 24, 3, 20, 8},
		{"transversal 5 by 7", transversal, 35, 5, 20, 7},
		{"Kirkman's schoolgirls", linePacking, 15, 3, 7, 7},
		{"lines of PG(5,2)", linePacking, 63, 3, 20, 20},
		{"24 turned round 7", developed, 24, 4, 7, 7},
		{"only 7 rounds for 24 players at tables of 4", construct, 24, 4, 7, 7},
		{"construct: 15 at tables of 3", construct, 15, 3, 20, 7},
		{"construct: 36 at tables of 6", construct, 36, 6, 20, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rounds := tc.build(tc.n, tc.k, tc.want)
			if len(rounds) != tc.reached {
				t.Errorf("%d rounds, want %d", len(rounds), tc.reached)
			}
			if err := checkDesign(rounds, tc.n, tc.k); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestConstructionsNeverRepeat: whatever a construction reaches for n
// players at tables of k is a design (up to 64 players here; bigger
// ones in TestConstructions).
func TestConstructionsNeverRepeat(t *testing.T) {
	for n := 2; n <= 64; n++ {
		for k := 2; k <= MaxSize && k <= n; k++ {
			if n%k != 0 {
				continue
			}
			rounds := construct(n, k, 1+(n-1)/(k-1)) // as many as each player can have new tablemates
			if err := checkDesign(rounds, n, k); err != nil {
				t.Errorf("%d at tables of %d: %v", n, k, err)
			}
		}
	}
}

func TestPrimePower(t *testing.T) {
	for q, want := range map[int][2]int{2: {2, 1}, 4: {2, 2}, 9: {3, 2}, 11: {11, 1}, 64: {2, 6}, 81: {3, 4}, 97: {97, 1}} {
		if p, e, ok := primePower(q); !ok || p != want[0] || e != want[1] {
			t.Errorf("%d: %d^%d %v", q, p, e, ok)
		}
	}
	for _, q := range []int{0, 1, 6, 12, 100} {
		if _, _, ok := primePower(q); ok {
			t.Errorf("%d is not a prime power", q)
		}
	}
}

// TestFieldAxioms: GF(q) for every prime power up to 64 is a field.
func TestFieldAxioms(t *testing.T) {
	for q := 2; q <= 64; q++ {
		f, ok := newField(q)
		if _, _, power := primePower(q); ok != power {
			t.Fatalf("GF(%d): %v", q, ok)
		}
		if !ok {
			continue
		}
		add := func(a, b int) int { return f.add[a*q+b] }
		mul := func(a, b int) int { return f.mul[a*q+b] }
		step := 1 + q/16 // every element for small fields, a sample of big ones
		for a := 0; a < q; a++ {
			if add(a, 0) != a || mul(a, 1) != a || mul(a, 0) != 0 {
				t.Fatalf("GF(%d): identities of %d", q, a)
			}
			for b := 0; b < q; b += step {
				if add(a, b) != add(b, a) || mul(a, b) != mul(b, a) {
					t.Fatalf("GF(%d): %d, %d do not commute", q, a, b)
				}
				for c := 0; c < q; c += step {
					if mul(a, add(b, c)) != add(mul(a, b), mul(a, c)) ||
						mul(a, mul(b, c)) != mul(mul(a, b), c) || add(a, add(b, c)) != add(add(a, b), c) {
						t.Fatalf("GF(%d): %d, %d, %d break a law", q, a, b, c)
					}
				}
			}
		}
		if !f.inverses() {
			t.Fatalf("GF(%d): an element without inverse", q)
		}
	}
}
