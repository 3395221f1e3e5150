package seating

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"
)

// bestKnown are the evenings whose best seating is known to repeat no
// pair: each must come back with no repeat.
var bestKnown = []struct {
	name    string
	players int
	size    int
	rounds  int
}{
	{"9 at 3 tables of 3 for 4 rounds", 9, 3, 4},
	{"12 at 4 tables of 3 for 4 rounds", 12, 3, 4},
	{"15 at 5 tables of 3 for 7 rounds (Kirkman)", 15, 3, 7},
	{"16 at 4 tables of 4 for 5 rounds", 16, 4, 5},
	{"20 at 5 tables of 4 for 5 rounds", 20, 4, 5},
	{"25 at 5 tables of 5 for 6 rounds", 25, 5, 6},
	{"24 at 6 tables of 4 for 7 rounds", 24, 4, 7},
	{"32 at 8 tables of 4 for 9 rounds", 32, 4, 9},
	{"20 in pairs for 19 rounds", 20, 2, 19},
	{"49 at 7 tables of 7 for 8 rounds", 49, 7, 8},
	{"27 at 9 tables of 3 for 13 rounds", 27, 3, 13},
	{"81 at 9 tables of 9 for 10 rounds", 81, 9, 10},
	{"63 at 21 tables of 3 for 20 rounds", 63, 3, 20},
}

func TestBestKnownRepeatNobody(t *testing.T) {
	for _, tc := range bestKnown {
		t.Run(tc.name, func(t *testing.T) {
			for seed := range uint64(3) {
				req := Request{Players: tc.players, Sizes: []int{tc.size}, Rounds: tc.rounds, Seed: seed}
				start := time.Now()
				s, err := Plan(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				took := time.Since(start)
				if err := checkSchedule(req, s); err != nil {
					t.Fatal(err)
				}
				if s.Repeats != 0 {
					t.Errorf("seed %d: %d repeats", seed, s.Repeats)
				}
				t.Logf("seed %d: %d repeats in %v", seed, s.Repeats, took)
			}
		})
	}
}

// TestRoundRobin: any even number of players in pairs meets everyone
// once in n-1 rounds (as many as a request takes).
func TestRoundRobin(t *testing.T) {
	for n := 2; n <= MaxPlayers; n += 2 {
		req := Request{Players: n, Sizes: []int{2}, Rounds: min(n-1, MaxRounds), Seed: uint64(n)}
		s, err := Plan(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkSchedule(req, s); err != nil {
			t.Fatalf("%d players: %v", n, err)
		}
		if s.Repeats != 0 {
			t.Errorf("%d players: %d repeats", n, s.Repeats)
		}
	}
}

// TestMixedSizes: sizes that do not divide the players still seat
// everyone, at the smallest tables allowed, without a repeat where
// there is room.
func TestMixedSizes(t *testing.T) {
	tests := []struct {
		players int
		sizes   []int
		rounds  int
	}{
		{14, []int{3, 4, 5}, 3},
		{14, []int{3, 4, 5}, 4},
		{23, []int{4, 5}, 4},
		{30, []int{3, 4}, 8},
		{47, []int{4, 5, 6}, 6},
		{62, []int{5, 6}, 5},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d players at %v for %d", tc.players, tc.sizes, tc.rounds), func(t *testing.T) {
			req := Request{Players: tc.players, Sizes: tc.sizes, Rounds: tc.rounds}
			s, err := Plan(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if err := checkSchedule(req, s); err != nil {
				t.Fatal(err)
			}
			if s.Repeats != 0 {
				t.Errorf("%d repeats", s.Repeats)
			}
		})
	}
}

func TestSameRequestSameAnswer(t *testing.T) {
	requests := []Request{
		{Players: 24, Sizes: []int{4}, Rounds: 7, Seed: 7},
		{Players: 14, Sizes: []int{3, 4, 5}, Rounds: 5, Met: [][2]int{{0, 1}, {2, 3}}, Byes: []int{4}},
		{Players: 37, Sizes: []int{4}, Rounds: 6, Byes: []int{1, 2}, Seed: 1 << 40},
		{Players: 12, Sizes: []int{4}, Rounds: 8},
	}
	for _, req := range requests {
		a, errA := Plan(context.Background(), req)
		b, errB := Plan(context.Background(), req)
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%+v: two answers", req)
		}
	}
	// The seed chooses among equally good seatings.
	req := Request{Players: 16, Sizes: []int{4}, Rounds: 5}
	first, _ := Plan(context.Background(), req)
	req.Seed = 1
	second, _ := Plan(context.Background(), req)
	if reflect.DeepEqual(first.Rounds, second.Rounds) {
		t.Error("seeds 0 and 1 seat 16 players alike")
	}
}

// relabel renames the players of req by perm.
func relabel(req Request, perm []int) Request {
	out := req
	out.Met = make([][2]int, len(req.Met))
	for i, pair := range req.Met {
		out.Met[i] = [2]int{perm[pair[0]], perm[pair[1]]}
	}
	out.Byes = make([]int, len(req.Byes))
	for i, p := range req.Byes {
		out.Byes[i] = perm[p]
	}
	return out
}

// randomRequest is an evening part-way through: a few rounds already
// met and some byes.
func randomRequest(rng *rand.Rand) Request {
	sizeSets := [][]int{{3}, {4}, {3, 4}, {4, 5}, {2, 3}}
	req := Request{Players: 6 + rng.IntN(40), Sizes: sizeSets[rng.IntN(len(sizeSets))], Rounds: 1 + rng.IntN(4), Seed: rng.Uint64()}
	for range rng.IntN(3 * req.Players) {
		p, q := rng.IntN(req.Players), rng.IntN(req.Players)
		if p != q {
			req.Met = append(req.Met, [2]int{p, q})
		}
	}
	req.Byes = append(req.Byes, rng.Perm(req.Players)[:rng.IntN(req.Players/3)]...)
	return req
}

// TestRelabellingKeepsRepeats: renaming the players of an evening
// (who met, who sat out) changes who sits where, never how good the
// seating is: the repeats stay the same.
func TestRelabellingKeepsRepeats(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 40 {
		req := randomRequest(rng)
		perm := rng.Perm(req.Players)
		a, errA := Plan(context.Background(), req)
		b, errB := Plan(context.Background(), relabel(req, perm))
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if err := checkSchedule(req, a); err != nil {
			t.Fatalf("case %d %+v: %v", i, req, err)
		}
		if a.Repeats != b.Repeats {
			t.Errorf("case %d %+v: %d repeats, relabelled %d", i, req, a.Repeats, b.Repeats)
		}
	}
}

// TestMetCounted: meetings before the first round count, and the rounds
// avoid them.
func TestMetCounted(t *testing.T) {
	// 0 and 1 met three times: two repeats already, and none more.
	req := Request{Players: 4, Sizes: []int{2}, Rounds: 2, Met: [][2]int{{0, 1}, {1, 0}, {0, 1}}}
	s, err := Plan(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkSchedule(req, s); err != nil {
		t.Fatal(err)
	}
	if s.Repeats != 2 {
		t.Errorf("%d repeats, want 2: %v", s.Repeats, s.Rounds)
	}

	// After one round of 16 at tables of 4, five more fit without a
	// repeat (the affine plane of order 4 has six rounds).
	var met [][2]int
	for t := range 4 {
		for i := range 4 {
			for j := i + 1; j < 4; j++ {
				met = append(met, [2]int{4*t + i, 4*t + j})
			}
		}
	}
	req = Request{Players: 16, Sizes: []int{4}, Rounds: 4, Met: met}
	if s, err = Plan(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if err := checkSchedule(req, s); err != nil {
		t.Fatal(err)
	}
	if s.Repeats != 0 {
		t.Errorf("after a round: %d repeats", s.Repeats)
	}

	// Every pair met: every meeting now repeats.
	met = nil
	for p := range 6 {
		for q := p + 1; q < 6; q++ {
			met = append(met, [2]int{p, q})
		}
	}
	req = Request{Players: 6, Sizes: []int{3}, Rounds: 2, Met: met}
	if s, err = Plan(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if s.Repeats != 12 {
		t.Errorf("all met: %d repeats, want 2 rounds x 2 tables x 3 pairs", s.Repeats)
	}
}

func TestByes(t *testing.T) {
	// 10 at tables of 4: two sit out each round, and over five rounds
	// everyone once.
	req := Request{Players: 10, Sizes: []int{4}, Rounds: 5}
	s, err := Plan(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkSchedule(req, s); err != nil {
		t.Fatal(err)
	}
	var all []int
	for _, round := range s.Rounds {
		all = append(all, round.Bye...)
	}
	slices.Sort(all)
	if !slices.Equal(all, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) {
		t.Errorf("byes %v", all)
	}

	// Those who sat out already play until everyone has.
	req = Request{Players: 10, Sizes: []int{4}, Rounds: 1, Byes: []int{0, 1, 2, 3, 4, 5, 6, 7}}
	if s, err = Plan(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Rounds[0].Bye, []int{8, 9}) {
		t.Errorf("bye %v, want [8 9]", s.Rounds[0].Bye)
	}

	// No bye when sizes seat everyone, however mixed.
	req = Request{Players: 11, Sizes: []int{3, 4}, Rounds: 3}
	if s, err = Plan(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if err := checkSchedule(req, s); err != nil {
		t.Fatal(err)
	}
	if len(s.Rounds[0].Bye) != 0 {
		t.Errorf("bye %v", s.Rounds[0].Bye)
	}
}

func TestNoTable(t *testing.T) {
	for _, req := range []Request{
		{Players: 3, Sizes: []int{4}, Rounds: 1},
		{Players: 5, Sizes: []int{7, 6}, Rounds: 2},
	} {
		_, err := Plan(context.Background(), req)
		var none *NoTableError
		if !errors.As(err, &none) || none.Players != req.Players || none.Smallest != slices.Min(req.Sizes) {
			t.Errorf("%+v: %v", req, err)
		}
	}
}

func TestValidate(t *testing.T) {
	good := Request{Players: 8, Sizes: []int{4}, Rounds: 2}
	tests := []struct {
		name  string
		edit  func(*Request)
		field string
	}{
		{"one player", func(r *Request) { r.Players = 1 }, "players"},
		{"too many players", func(r *Request) { r.Players = 201 }, "players"},
		{"no sizes", func(r *Request) { r.Sizes = nil }, "sizes"},
		{"a size of 1", func(r *Request) { r.Sizes = []int{4, 1} }, "sizes[1]"},
		{"a size of 13", func(r *Request) { r.Sizes = []int{13} }, "sizes[0]"},
		{"no rounds", func(r *Request) { r.Rounds = 0 }, "rounds"},
		{"21 rounds", func(r *Request) { r.Rounds = 21 }, "rounds"},
		{"met a stranger", func(r *Request) { r.Met = [][2]int{{0, 1}, {2, 8}} }, "met[1][1]"},
		{"met a negative", func(r *Request) { r.Met = [][2]int{{-1, 1}} }, "met[0][0]"},
		{"met themselves", func(r *Request) { r.Met = [][2]int{{3, 3}} }, "met[0][1]"},
		{"a bye for a stranger", func(r *Request) { r.Byes = []int{8} }, "byes[0]"},
		{"a bye twice", func(r *Request) { r.Byes = []int{2, 5, 2} }, "byes[2]"},
	}
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := good
			tc.edit(&req)
			var bad *InputError
			if err := req.Validate(); !errors.As(err, &bad) || bad.Field != tc.field {
				t.Fatalf("%v, want field %q", err, tc.field)
			}
			if _, err := Plan(context.Background(), req); !errors.As(err, &bad) {
				t.Errorf("Plan: %v", err)
			}
		})
	}
}

func TestLayout(t *testing.T) {
	tests := []struct {
		players int
		sizes   []int
		byes    int
		tables  []int
	}{
		{16, []int{4}, 0, []int{4, 4, 4, 4}},
		{17, []int{4}, 1, []int{4, 4, 4, 4}},
		{14, []int{3, 4, 5}, 0, []int{4, 4, 3, 3}},
		{12, []int{4, 3}, 0, []int{3, 3, 3, 3}},
		{7, []int{2, 3}, 0, []int{3, 2, 2}},
		{13, []int{6}, 1, []int{6, 6}},
		{5, []int{5, 4}, 0, []int{5}},
		{11, []int{4, 4}, 3, []int{4, 4}},
	}
	for _, tc := range tests {
		l, err := layoutOf(tc.players, tc.sizes)
		if err != nil || l.byes != tc.byes || !slices.Equal(l.tables, tc.tables) {
			t.Errorf("%d players at %v: %+v %v, want %d byes %v", tc.players, tc.sizes, l, err, tc.byes, tc.tables)
		}
	}
}

// TestFloorIsBelow: the floor at which the search stops is never above
// a seating the search found, nor above the simple greedy seating's.
func TestFloorIsBelow(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 30 {
		req := randomRequest(rng)
		s, err := Plan(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		l, _ := layoutOf(req.Players, req.Sizes)
		shape := make([][]int, len(s.Rounds))
		for r, round := range s.Rounds {
			for _, table := range round.Tables {
				shape[r] = append(shape[r], len(table))
			}
		}
		met := make([]int32, req.Players*req.Players)
		for _, pair := range req.Met {
			met[pair[0]*req.Players+pair[1]]++
			met[pair[1]*req.Players+pair[0]]++
		}
		f := floor(req.Players, l, req.Rounds, met)
		if base := baselineRepeats(req, shape); f > s.Repeats || f > base {
			t.Errorf("%+v: floor %d above %d repeats or the baseline's %d", req, f, s.Repeats, base)
		}
	}
}

func TestContextEnded(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Plan(ctx, Request{Players: 60, Sizes: []int{6}, Rounds: 10}); !errors.Is(err, context.Canceled) {
		t.Errorf("err %v", err)
	}
	// The search looks at its context as it goes.
	ctx, cancel = context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	if _, err := Plan(ctx, Request{Players: 60, Sizes: []int{6}, Rounds: 10}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err %v", err)
	}
}

// FuzzPlan: whatever the request, Plan answers a valid seating or an
// error, never a panic.
func FuzzPlan(f *testing.F) {
	f.Add(uint8(16), uint8(4), uint8(0), uint8(5), []byte{0, 1, 2, 3}, []byte{5}, uint64(7))
	f.Add(uint8(14), uint8(3), uint8(5), uint8(3), []byte{}, []byte{}, uint64(0))
	f.Add(uint8(3), uint8(4), uint8(0), uint8(1), []byte{}, []byte{}, uint64(0))
	f.Fuzz(func(t *testing.T, players, size, other, rounds uint8, met, byes []byte, seed uint64) {
		req := Request{Players: int(players) % 64, Sizes: []int{int(size % 14)}, Rounds: int(rounds % 8), Seed: seed}
		if other != 0 {
			req.Sizes = append(req.Sizes, int(other%14))
		}
		for i := 0; i+1 < len(met) && i < 40; i += 2 {
			req.Met = append(req.Met, [2]int{int(met[i]) % 70, int(met[i+1]) % 70})
		}
		for _, b := range byes {
			req.Byes = append(req.Byes, int(b)%70)
		}
		s, err := Plan(context.Background(), req)
		var bad *InputError
		var none *NoTableError
		switch {
		case errors.As(err, &bad):
			if req.Validate() == nil {
				t.Fatalf("%+v: %v, but valid", req, err)
			}
		case errors.As(err, &none):
		case err != nil:
			t.Fatalf("%+v: %v", req, err)
		default:
			if err := checkSchedule(req, s); err != nil {
				t.Fatalf("%+v: %v", req, err)
			}
		}
	})
}

func ExamplePlan() {
	s, err := Plan(context.Background(), Request{Players: 16, Sizes: []int{4}, Rounds: 5, Seed: 7})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(s.Rounds), "rounds of", len(s.Rounds[0].Tables), "tables,", s.Repeats, "repeats")
	// Output: 5 rounds of 4 tables, 0 repeats
}

// TestEveningInParts: an evening seated a few rounds at a time, each
// request carrying what the earlier answers seated (met, byes), still
// repeats nobody where the whole evening can, and keeps its byes fair
// across requests.
func TestEveningInParts(t *testing.T) {
	tests := []struct {
		players int
		sizes   []int
		parts   []int
		repeats int
	}{
		{16, []int{4}, []int{2, 3}, 0},
		{15, []int{3}, []int{3, 2}, 0},
		{18, []int{4}, []int{2, 2}, 0},
		{13, []int{3, 4}, []int{1, 1, 1}, 0},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d at %v in %v", tc.players, tc.sizes, tc.parts), func(t *testing.T) {
			var met [][2]int
			var byes []int
			total := 0
			for _, rounds := range tc.parts {
				req := Request{Players: tc.players, Sizes: tc.sizes, Rounds: rounds, Met: met, Byes: slices.Clone(byes)}
				s, err := Plan(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				if err := checkSchedule(req, s); err != nil {
					t.Fatal(err)
				}
				total = s.Repeats
				for _, round := range s.Rounds {
					for _, table := range round.Tables {
						for i, p := range table {
							for _, q := range table[i+1:] {
								met = append(met, [2]int{p, q})
							}
						}
					}
					for _, p := range round.Bye {
						if !slices.Contains(byes, p) {
							byes = append(byes, p)
						}
					}
				}
			}
			if total != tc.repeats {
				t.Errorf("%d repeats, want %d", total, tc.repeats)
			}
		})
	}
}
