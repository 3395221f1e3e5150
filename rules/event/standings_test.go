package event

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

func rat(a, b int64) *big.Rat { return big.NewRat(a, b) }

// TestPlaceSharesP4: players who share a place share the points of the
// places they fill (P4: a shared win is shared, and so is first place).
func TestPlaceSharesP4(t *testing.T) {
	for _, tc := range []struct {
		name   string
		points []int
		places []int
		want   []*big.Rat
	}{
		{"no tie", []int{4, 2, 1, 0}, []int{2, 1, 4, 3}, []*big.Rat{rat(2, 1), rat(4, 1), rat(0, 1), rat(1, 1)}},
		{"two share the win", []int{4, 2, 1, 0}, []int{1, 1, 3, 4}, []*big.Rat{rat(3, 1), rat(3, 1), rat(1, 1), rat(0, 1)}},
		{"two share second", []int{4, 2, 1, 0}, []int{1, 2, 2, 4}, []*big.Rat{rat(4, 1), rat(3, 2), rat(3, 2), rat(0, 1)}},
		{"three share the win", []int{4, 2, 1}, []int{1, 1, 1}, []*big.Rat{rat(7, 3), rat(7, 3), rat(7, 3)}},
		{"places beyond the list are worth nothing", []int{3}, []int{1, 2, 3, 3, 5}, []*big.Rat{rat(3, 1), rat(0, 1), rat(0, 1), rat(0, 1), rat(0, 1)}},
		{"a tie across the end of the list", []int{5, 2}, []int{1, 2, 2}, []*big.Rat{rat(5, 1), rat(1, 1), rat(1, 1)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := PlaceShares(tc.points, tc.places)
			for i := range got {
				if got[i].Cmp(tc.want[i]) != 0 {
					t.Errorf("seat %d: %s, want %s", i, got[i].RatString(), tc.want[i].RatString())
				}
			}
		})
	}
}

// TestPlaceSharesKeepTheTotalP4: however places are shared (P4), a table
// pays out exactly the points of its places, and seats with equal
// places get equal points: a property over random tables.
func TestPlaceSharesKeepTheTotalP4(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := 2 + rng.IntN(11)
		totals := make([]int, n)
		for i := range totals {
			totals[i] = rng.IntN(4) // few values: many ties
		}
		places := competitionPlaces(totals)
		points := make([]int, rng.IntN(n+2))
		for i := range points {
			points[i] = rng.IntN(10)
		}
		slices.Sort(points)
		slices.Reverse(points)
		shares := PlaceShares(points, places)
		sum, want := new(big.Rat), new(big.Rat)
		for i, s := range shares {
			sum.Add(sum, s)
			if i < len(points) {
				want.Add(want, rat(int64(points[i]), 1))
			}
			for j := range shares {
				if places[i] == places[j] && s.Cmp(shares[j]) != 0 {
					t.Fatalf("places %v, points %v: seats %d and %d share place %d but get %s and %s",
						places, points, i, j, places[i], s.RatString(), shares[j].RatString())
				}
			}
		}
		if sum.Cmp(want) != 0 {
			t.Fatalf("places %v, points %v: pays %s, want %s", places, points, sum.RatString(), want.RatString())
		}
	}
}

// competitionPlaces are the places of totals, highest first, equal
// totals sharing a place and the next skipped (1, 2, 2, 4).
func competitionPlaces(totals []int) []int {
	places := make([]int, len(totals))
	for i, x := range totals {
		places[i] = 1
		for _, y := range totals {
			if y > x {
				places[i]++
			}
		}
	}
	return places
}

var byPlace = Config{Sizes: []int{3, 4}, Rounds: 3, Pairing: FewestRepeats, Scoring: ByPlace,
	PlacePoints: []int{4, 2, 1, 0}, Bye: ByeAverage, TieBreaks: DefaultTieBreaks(true)}

func table(round int, players []int64, places, totals []int) Table {
	return Table{Round: round, Players: players, Finished: true, Counts: true, Places: places, Totals: totals}
}

func pointsOf(rows []Row) map[int64]string {
	out := map[int64]string{}
	for _, r := range rows {
		out[r.Player] = r.Points.RatString()
	}
	return out
}

func order(rows []Row) []int64 {
	var out []int64
	for _, r := range rows {
		out = append(out, r.Player)
	}
	return out
}

func ranks(rows []Row) []int {
	var out []int
	for _, r := range rows {
		out = append(out, r.Rank)
	}
	return out
}

func TestStandingsPointsAndByes(t *testing.T) {
	tables := []Table{
		table(1, []int64{1, 2, 3}, []int{1, 2, 3}, []int{42, 10, 0}),
		table(1, []int64{4, 5, 6}, []int{1, 2, 2}, []int{45, 0, 0}),
		table(2, []int64{1, 4, 5}, []int{3, 1, 2}, []int{0, 50, 3}),
		// Still playing: nothing yet.
		{Round: 2, Players: []int64{2, 3, 6}, Counts: true},
	}
	byes := []Bye{{Round: 2, Player: 7}}
	t.Run("average bye", func(t *testing.T) {
		rows := Standings([]int64{1, 2, 3, 4, 5, 6, 7}, tables, byes, byPlace)
		want := map[int64]string{1: "5", 2: "2", 3: "1", 4: "8", 5: "7/2", 6: "3/2", 7: "0"}
		if got := pointsOf(rows); !mapsEqual(got, want) {
			t.Errorf("points %v, want %v", got, want)
		}
		if rows[0].Player != 4 || rows[0].Wins != 2 || rows[0].Played != 2 || rows[0].GamePoints != 95 {
			t.Errorf("leader %+v, want player 4 with 2 wins in 2 tables, 95 game points", rows[0])
		}
	})
	t.Run("a player's own average for a bye", func(t *testing.T) {
		more := append(slices.Clone(tables), table(3, []int64{7, 2, 3}, []int{1, 2, 3}, []int{42, 0, 0}))
		rows := Standings([]int64{1, 2, 3, 4, 5, 6, 7}, more, byes, byPlace)
		if got := pointsOf(rows)[7]; got != "8" {
			t.Errorf("player 7 won their one table (4) and had a bye worth their average: %s, want 8", got)
		}
	})
	t.Run("fixed bye", func(t *testing.T) {
		cfg := byPlace
		cfg.Bye, cfg.ByePoints = ByeFixed, 2
		rows := Standings([]int64{1, 2, 3, 4, 5, 6, 7}, tables, byes, cfg)
		if got := pointsOf(rows)[7]; got != "2" {
			t.Errorf("player 7's bye: %s, want 2", got)
		}
	})
	t.Run("a table that does not count", func(t *testing.T) {
		off := slices.Clone(tables)
		off[2].Counts = false
		rows := Standings([]int64{1, 2, 3, 4, 5, 6, 7}, off, byes, byPlace)
		want := map[int64]string{1: "4", 2: "2", 3: "1", 4: "4", 5: "3/2", 6: "3/2", 7: "0"}
		if got := pointsOf(rows); !mapsEqual(got, want) {
			t.Errorf("points %v, want %v", got, want)
		}
	})
	t.Run("by the game's own points", func(t *testing.T) {
		cfg := byPlace
		cfg.Scoring, cfg.PlacePoints = ByGamePoints, nil
		rows := Standings([]int64{1, 2, 3, 4, 5, 6, 7}, tables, byes, cfg)
		want := map[int64]string{1: "42", 2: "10", 3: "0", 4: "95", 5: "3", 6: "0", 7: "0"}
		if got := pointsOf(rows); !mapsEqual(got, want) {
			t.Errorf("points %v, want %v", got, want)
		}
	})
}

func mapsEqual(a, b map[int64]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestStandingsTieBreaks(t *testing.T) {
	// 1 and 2 end level on points (4 each) behind 3; 1 won a table, 2
	// did not but scored more; 2 finished ahead of 1 where they met.
	tables := []Table{
		table(1, []int64{1, 2, 3, 7}, []int{4, 2, 1, 3}, []int{0, 10, 42, 5}),
		table(2, []int64{1, 4, 5}, []int{1, 2, 3}, []int{42, 3, 0}),
		table(2, []int64{2, 3, 6}, []int{2, 1, 3}, []int{40, 44, 0}),
	}
	players := []int64{1, 2, 3, 4, 5, 6, 7}
	for _, tc := range []struct {
		name  string
		order []Criterion
		first int64
	}{
		{"wins", []Criterion{ByPoints, ByWins}, 1},
		{"head to head", []Criterion{ByPoints, HeadToHead}, 2},
		{"game points", []Criterion{ByPoints, ByGameTotals, ByWins}, 2},
		{"the order chosen decides", []Criterion{ByPoints, ByWins, HeadToHead}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := byPlace
			cfg.TieBreaks = tc.order
			rows := Standings(players, tables, nil, cfg)
			// 3: 4+4 = 8, the leader; 1 and 2 next on 4.
			if rows[0].Player != 3 || rows[1].Player != tc.first || rows[1].Rank != 2 || rows[2].Rank != 3 {
				t.Errorf("order %v ranks %v; want 3, then %d", order(rows), ranks(rows), tc.first)
			}
		})
	}
	t.Run("level on everything: a shared rank", func(t *testing.T) {
		cfg := byPlace
		cfg.TieBreaks = []Criterion{ByPoints}
		rows := Standings(players, tables, nil, cfg)
		if got := ranks(rows); !slices.Equal(got, []int{1, 2, 2, 4, 5, 5, 5}) {
			t.Errorf("ranks %v (order %v), want 1 2 2 4 5 5 5", got, order(rows))
		}
	})
	t.Run("head to head among those still level only", func(t *testing.T) {
		// 4, 5, 6 each beat the others of the three once, at a table of
		// the three; 6 then beat 7, who is not level with them.
		tables := []Table{
			table(1, []int64{4, 5, 6, 7}, []int{1, 2, 3, 4}, []int{9, 5, 2, 0}),
			table(2, []int64{4, 5, 6}, []int{2, 3, 1}, []int{5, 0, 9}),
			table(3, []int64{4, 5, 6}, []int{3, 1, 2}, []int{0, 9, 5}),
		}
		cfg := byPlace
		cfg.PlacePoints = []int{1, 1, 1, 1}
		cfg.TieBreaks = []Criterion{ByPoints, HeadToHead}
		rows := Standings([]int64{4, 5, 6, 7}, tables, nil, cfg)
		if got := ranks(rows); !slices.Equal(got, []int{1, 1, 1, 4}) {
			t.Errorf("ranks %v (order %v): three who beat each other as often are level", got, order(rows))
		}
	})
}

func TestRankedDrawsAmongEquals(t *testing.T) {
	rows := []Row{{Player: 5, Rank: 1}, {Player: 1, Rank: 2}, {Player: 2, Rank: 2}, {Player: 3, Rank: 2}, {Player: 4, Rank: 5}}
	seen := map[int64]bool{}
	for seed := range uint64(50) {
		got := Ranked(rows, seed)
		if got[0] != 5 || got[4] != 4 {
			t.Fatalf("seed %d: %v: the draw moved a player out of their rank", seed, got)
		}
		inner := slices.Clone(got[1:4])
		slices.Sort(inner)
		if !slices.Equal(inner, []int64{1, 2, 3}) {
			t.Fatalf("seed %d: %v", seed, got)
		}
		seen[got[1]] = true
		if !slices.Equal(got, Ranked(rows, seed)) {
			t.Fatalf("seed %d: two draws differ", seed)
		}
	}
	if len(seen) != 3 {
		t.Errorf("over 50 seeds only %v came first among equals", seen)
	}
}

func TestFormatPoints(t *testing.T) {
	for _, tc := range []struct {
		p    *big.Rat
		want string
	}{{rat(3, 1), "3"}, {rat(7, 3), "2.33"}, {rat(3, 2), "1.50"}, {new(big.Rat), "0"}, {nil, "0"}} {
		if got := FormatPoints(tc.p); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.p, got, tc.want)
		}
	}
}
