package event

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"meldpad/rules/seating"
)

func ids(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(i + 1)
	}
	return out
}

func TestByesNeeded(t *testing.T) {
	for _, tc := range []struct {
		players int
		sizes   []int
		want    int
	}{
		{14, []int{3, 4, 5}, 0}, {15, []int{3, 4, 5}, 0}, {16, []int{4}, 0}, {13, []int{4}, 1},
		{7, []int{2}, 1}, {11, []int{4, 5}, 1}, {7, []int{4, 5}, 2}, {3, []int{3}, 0}, {200, []int{12}, 8},
	} {
		got, err := ByesNeeded(tc.players, tc.sizes)
		if err != nil || got != tc.want {
			t.Errorf("%d players at %v: %d byes, %v; want %d", tc.players, tc.sizes, got, err, tc.want)
		}
	}
	var none *seating.NoTableError
	if _, err := ByesNeeded(2, []int{3, 4}); !errors.As(err, &none) || none.Smallest != 3 {
		t.Errorf("2 players at tables of 3 or 4: %v, want a NoTableError", err)
	}
}

func TestChooseByesLowestRankedWithoutOne(t *testing.T) {
	ranked := []int64{10, 20, 30, 40, 50}
	for _, tc := range []struct {
		name string
		had  map[int64]int
		n    int
		want []int64
	}{
		{"the last", nil, 1, []int64{50}},
		{"the last two", nil, 2, []int64{40, 50}},
		{"not a second bye while others have none", map[int64]int{50: 1}, 1, []int64{40}},
		{"the lowest-ranked among the fewest", map[int64]int{50: 1, 40: 1, 30: 1, 20: 1}, 1, []int64{10}},
		{"then the lowest-ranked of those with one", map[int64]int{10: 1, 20: 1, 30: 1, 40: 1, 50: 1}, 1, []int64{50}},
		{"none", nil, 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ChooseByes(ranked, tc.had, tc.n); !slices.Equal(got, tc.want) {
				t.Errorf("%v, want %v", got, tc.want)
			}
		})
	}
}

func TestPairSwiss(t *testing.T) {
	met := map[[2]int64]int{}
	count := func(a, b int64) int { return met[pairKey(a, b)] }
	ranked := ids(8)
	pairs, ok := PairSwiss(context.Background(), ranked, count)
	if !ok || !slices.Equal(pairs, [][2]int64{{1, 2}, {3, 4}, {5, 6}, {7, 8}}) {
		t.Fatalf("first round: %v %v, want the neighbours in the standings", pairs, ok)
	}
	for _, p := range pairs {
		met[pairKey(p[0], p[1])]++
	}
	// 1 and 2 met: 1 meets 3, and 2 the next free, 4.
	pairs, ok = PairSwiss(context.Background(), ranked, count)
	if !ok || !slices.Equal(pairs, [][2]int64{{1, 3}, {2, 4}, {5, 7}, {6, 8}}) {
		t.Fatalf("second round: %v %v", pairs, ok)
	}
	// An earlier choice undone: 3 and 4 met, so 1-2 leaves them
	// together; 1 meets 3 instead, and 2 meets 4.
	met = map[[2]int64]int{pairKey(3, 4): 1}
	pairs, ok = PairSwiss(context.Background(), ids(4), count)
	if !ok || !slices.Equal(pairs, [][2]int64{{1, 3}, {2, 4}}) {
		t.Fatalf("%v %v, want 1-3 and 2-4", pairs, ok)
	}
	met = map[[2]int64]int{pairKey(1, 2): 1, pairKey(3, 4): 1, pairKey(1, 3): 1, pairKey(2, 4): 1, pairKey(1, 4): 1, pairKey(2, 3): 1}
	if pairs, ok := PairSwiss(context.Background(), ids(4), count); ok {
		t.Errorf("everyone met everyone: %v, want no pairing", pairs)
	}
}

// TestPairSwissNeverTwice: Swiss rounds of random standings never pair
// two players again while the number of rounds allows (n-1 rounds of n
// players), a property over random events.
func TestPairSwissNeverTwice(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 30 {
		n := 2 * (2 + rng.IntN(8))
		met := map[[2]int64]int{}
		for round := 1; round <= n/2; round++ {
			ranked := ids(n)
			rng.Shuffle(n, func(i, j int) { ranked[i], ranked[j] = ranked[j], ranked[i] })
			pairs, ok := PairSwiss(context.Background(), ranked, func(a, b int64) int { return met[pairKey(a, b)] })
			if !ok {
				// Not every order of standings has a pairing by round n/2;
				// Next then seats for the fewest repeats.
				break
			}
			for _, p := range pairs {
				if met[pairKey(p[0], p[1])]++; met[pairKey(p[0], p[1])] > 1 {
					t.Fatalf("%d players, round %d: %v meet again", n, round, p)
				}
			}
		}
	}
}

// seatedOnce checks a round: every player present once, at a table of an
// allowed size or sitting out.
func seatedOnce(t *testing.T, s Seating, present []int64, sizes []int) {
	t.Helper()
	var all []int64
	for _, table := range s.Tables {
		if !slices.Contains(sizes, len(table)) {
			t.Fatalf("a table of %d, sizes %v: %v", len(table), sizes, s)
		}
		all = append(all, table...)
	}
	all = append(all, s.Bye...)
	slices.Sort(all)
	want := slices.Clone(present)
	slices.Sort(want)
	if !slices.Equal(all, want) {
		t.Fatalf("seated %v, present %v", all, want)
	}
}

// evening plays an event round by round with Next: each round's
// meetings count for the next, the standings as given.
type evening struct {
	cfg    Config
	plan   *Plan
	met    [][2]int64
	byes   map[int64]int
	tables []Table
}

func (e *evening) seat(t *testing.T, round int, ranked []int64) Seating {
	t.Helper()
	s, plan, err := Next(context.Background(), e.cfg, State{Round: round, Ranked: ranked, Met: e.met, Byes: e.byes, Plan: e.plan, Seed: 9})
	if err != nil {
		t.Fatalf("round %d: %v", round, err)
	}
	seatedOnce(t, s, ranked, e.cfg.Sizes)
	e.plan = plan
	for _, table := range s.Tables {
		e.tables = append(e.tables, Table{Round: round, Players: table})
	}
	e.met = Meetings(e.tables)
	if e.byes == nil {
		e.byes = map[int64]int{}
	}
	for _, p := range s.Bye {
		e.byes[p]++
	}
	return s
}

func repeats(met [][2]int64) int {
	count := map[[2]int64]int{}
	n := 0
	for _, m := range met {
		if count[m]++; count[m] > 1 {
			n++
		}
	}
	return n
}

func TestNextPlansTheWholeEventAtOnce(t *testing.T) {
	// 16 players at tables of 4 for 5 rounds: a design in which nobody
	// meets twice, which round after round greedy seating does not find.
	e := &evening{cfg: Config{Sizes: []int{4}, Rounds: 5, Pairing: FewestRepeats}}
	players := ids(16)
	first := e.seat(t, 1, players)
	if e.plan == nil || len(e.plan.Rounds) != 5 {
		t.Fatalf("plan %+v, want the 5 rounds", e.plan)
	}
	if !slices.EqualFunc(first.Tables, ordered(e.plan.Rounds[0], players).Tables, slices.Equal) {
		t.Errorf("round 1 is not the plan's first")
	}
	planned := e.plan
	for round := 2; round <= 5; round++ {
		// The standings change; the plan holds while the players do.
		rng := rand.New(rand.NewPCG(uint64(round), 0))
		ranked := slices.Clone(players)
		rng.Shuffle(len(ranked), func(i, j int) { ranked[i], ranked[j] = ranked[j], ranked[i] })
		e.seat(t, round, ranked)
		if e.plan != planned {
			t.Fatalf("round %d planned again with the same players", round)
		}
	}
	if r := repeats(e.met); r != 0 {
		t.Errorf("%d repeats over the event; the design has none", r)
	}
}

func TestNextPlansAgainAfterADropAndALateArrival(t *testing.T) {
	e := &evening{cfg: Config{Sizes: []int{3, 4, 5}, Rounds: 3, Pairing: FewestRepeats}}
	players := ids(14)
	e.seat(t, 1, players)
	first := e.plan
	// A late arrival before round 2.
	players = append(players, 15)
	e.seat(t, 2, players)
	if e.plan == first || e.plan.From != 2 || len(e.plan.Rounds) != 2 {
		t.Fatalf("after a late arrival: plan from %d of %d rounds, want a new plan of rounds 2-3", e.plan.From, len(e.plan.Rounds))
	}
	// A drop after round 2.
	second := e.plan
	players = slices.DeleteFunc(players, func(p int64) bool { return p == 4 })
	e.seat(t, 3, players)
	if e.plan == second || e.plan.From != 3 {
		t.Fatalf("after a drop: plan from %d, want a new plan of round 3", e.plan.From)
	}
	if r := repeats(e.met); r > 1 {
		t.Errorf("%d repeats over three rounds of 14-15 players at tables of 3-5", r)
	}
}

func TestNextByesToTheLowestRanked(t *testing.T) {
	// 13 players at tables of 4: one sits out each round, the
	// lowest-ranked who has not sat out yet.
	e := &evening{cfg: Config{Sizes: []int{4}, Rounds: 4, Pairing: FewestRepeats}}
	ranked := ids(13)
	for round := 1; round <= 4; round++ {
		s := e.seat(t, round, ranked)
		if want := ranked[len(ranked)-round]; !slices.Equal(s.Bye, []int64{want}) {
			t.Fatalf("round %d: bye %v, want %d", round, s.Bye, want)
		}
		if e.plan != nil {
			t.Errorf("round %d: a plan kept although byes follow the standings", round)
		}
	}
}

func TestNextSwiss(t *testing.T) {
	e := &evening{cfg: Config{Sizes: []int{2}, Rounds: 4, Pairing: Swiss}}
	ranked := ids(7)
	for round := 1; round <= 4; round++ {
		s := e.seat(t, round, ranked)
		if len(s.Bye) != 1 || e.byes[s.Bye[0]] != 1 {
			t.Fatalf("round %d: bye %v (byes %v): one, to someone without one", round, s.Bye, e.byes)
		}
		// The next round's standings: this round's first seats win.
		var next []int64
		for _, table := range s.Tables {
			next = append(next, table[0])
		}
		next = append(next, s.Bye...)
		for _, table := range s.Tables {
			next = append(next, table[1])
		}
		ranked = next
	}
	if r := repeats(e.met); r != 0 {
		t.Errorf("%d rematches in 4 Swiss rounds of 7", r)
	}
}

func TestNextRoundRobin(t *testing.T) {
	for _, n := range []int{6, 7} {
		rounds := n - 1 + n%2
		e := &evening{cfg: Config{Sizes: []int{2}, Rounds: rounds, Pairing: RoundRobin}}
		for round := 1; round <= rounds; round++ {
			e.seat(t, round, ids(n))
		}
		if len(e.met) != n*(n-1)/2 || repeats(e.met) != 0 {
			t.Errorf("%d players, %d rounds: %d meetings, %d repeats; want each pair once", n, rounds, len(e.met), repeats(e.met))
		}
		for p, b := range e.byes {
			if b != 1 {
				t.Errorf("%d players: %d sat out %d times", n, p, b)
			}
		}
		if n%2 == 1 && len(e.byes) != n {
			t.Errorf("%d players: byes %v, want one each", n, e.byes)
		}
	}
}

func TestNextTooFewToSeat(t *testing.T) {
	var none *seating.NoTableError
	for _, cfg := range []Config{
		{Sizes: []int{3, 4}, Rounds: 2, Pairing: FewestRepeats},
		{Sizes: []int{2}, Rounds: 2, Pairing: Swiss},
	} {
		if _, _, err := Next(context.Background(), cfg, State{Round: 1, Ranked: ids(1)}); !errors.As(err, &none) {
			t.Errorf("%s: one player: %v, want a NoTableError", cfg.Pairing, err)
		}
	}
}

func TestNextStopsAtTheDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cfg := Config{Sizes: []int{3, 4, 5}, Rounds: 20, Pairing: FewestRepeats}
	if _, _, err := Next(ctx, cfg, State{Round: 1, Ranked: ids(200)}); !errors.Is(err, context.Canceled) {
		t.Errorf("%v, want the context's error", err)
	}
}

func TestDraw(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	players := []int64{4, 8, 15, 16}
	dealers := map[int]bool{}
	for range 100 {
		seats, dealer := Draw(rng, players)
		got := slices.Clone(seats)
		slices.Sort(got)
		if !slices.Equal(got, players) || dealer < 0 || dealer >= len(seats) {
			t.Fatalf("seats %v, dealer %d", seats, dealer)
		}
		dealers[dealer] = true
	}
	if len(dealers) != 4 || !slices.Equal(players, []int64{4, 8, 15, 16}) {
		t.Errorf("dealers drawn %v; players %v", dealers, players)
	}
}

func TestConfigCheck(t *testing.T) {
	flathead := Game{Name: "Flathead Rummy", MinPlayers: 2, MaxPlayers: 6, Totals: true}
	good := func() Config {
		return Config{Sizes: []int{5, 3, 4}, Rounds: 3, Pairing: FewestRepeats, Scoring: ByPlace,
			PlacePoints: []int{4, 2, 1, 0}, Bye: ByeAverage, TieBreaks: DefaultTieBreaks(true)}
	}
	c := good()
	if err := c.Check(flathead); err != nil || !slices.Equal(c.Sizes, []int{3, 4, 5}) {
		t.Fatalf("%v, sizes %v", err, c.Sizes)
	}
	for _, tc := range []struct {
		field string
		game  Game
		edit  func(*Config)
	}{
		{"sizes", flathead, func(c *Config) { c.Sizes = nil }},
		{"sizes", flathead, func(c *Config) { c.Sizes = []int{7} }},
		{"sizes", Game{Name: "Any game", MinPlayers: 1, MaxPlayers: 12}, func(c *Config) { c.Sizes = []int{1} }},
		{"rounds", flathead, func(c *Config) { c.Rounds = 21 }},
		{"pairing", flathead, func(c *Config) { c.Pairing = Swiss }},
		{"pairing", flathead, func(c *Config) { c.Pairing = "" }},
		{"place_points", flathead, func(c *Config) { c.PlacePoints = nil }},
		{"place_points", flathead, func(c *Config) { c.PlacePoints = []int{1, 2} }},
		{"place_points", flathead, func(c *Config) { c.PlacePoints = []int{-1} }},
		{"scoring", Game{Name: "Hearts", MinPlayers: 3, MaxPlayers: 6}, func(c *Config) { c.Scoring = ByGamePoints }},
		{"bye_points", flathead, func(c *Config) { c.Bye, c.ByePoints = ByeFixed, 1001 }},
		{"bye", flathead, func(c *Config) { c.Bye = "free" }},
		{"tie_breaks[0]", flathead, func(c *Config) { c.TieBreaks = []Criterion{ByWins, ByPoints} }},
		{"tie_breaks[2]", flathead, func(c *Config) { c.TieBreaks = []Criterion{ByPoints, ByWins, ByWins} }},
		{"tie_breaks[1]", Game{Name: "Hearts", MinPlayers: 3, MaxPlayers: 6}, func(c *Config) { c.TieBreaks = []Criterion{ByPoints, ByGameTotals} }},
		{"tie_breaks[1]", flathead, func(c *Config) { c.TieBreaks = []Criterion{ByPoints, "luck"} }},
	} {
		c := good()
		tc.edit(&c)
		var bad *ConfigError
		if err := c.Check(tc.game); !errors.As(err, &bad) || bad.Field != tc.field {
			t.Errorf("%+v: %v, want a problem with %s", c, err, tc.field)
		}
	}
	fan := Game{Name: "Fan Rummy", MinPlayers: 2, MaxPlayers: 2, Totals: true}
	c = good()
	c.Sizes, c.Pairing = []int{2}, Swiss
	if err := c.Check(fan); err != nil {
		t.Errorf("Swiss Fan Rummy: %v", err)
	}
}
