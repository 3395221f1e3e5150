package points

import (
	"errors"
	"math/rand"
	"slices"
	"testing"

	"meldpad/rules/ruling"
)

// rounds builds entries from rows of numbers; a nil row is an end marker.
func rounds(rows ...[]int) []Round {
	out := make([]Round, len(rows))
	for i, r := range rows {
		if r == nil {
			out[i] = EndMarker()
		} else {
			out[i] = Round{Points: r}
		}
	}
	return out
}

func TestPlayP2P3P4(t *testing.T) {
	hearts := Setup{Name: "Hearts", Players: 4, End: AtTarget, Target: 100, Wins: Lowest}
	toFifty := Setup{Name: "Race", Players: 3, End: AtTarget, Target: 50}
	threeRounds := Setup{Name: "Golf", Players: 2, End: AfterRounds, Rounds: 3, Wins: Lowest}
	open := Setup{Name: "Skat", Players: 3, End: Open}
	tests := []struct {
		name     string
		setup    Setup
		rounds   []Round
		totals   []int
		played   int
		finished bool
		leaders  []int
		winners  []int
		places   []int
	}{
		{name: "no rounds yet", setup: hearts, totals: []int{0, 0, 0, 0}, places: []int{1, 1, 1, 1}},
		{name: "P2: negative numbers are allowed", setup: open, rounds: rounds([]int{-24, 48, -24}),
			totals: []int{-24, 48, -24}, played: 1, leaders: []int{1}, places: []int{2, 1, 2}},
		{name: "P3: hearts goes on below 100", setup: hearts, rounds: rounds([]int{26, 0, 0, 0}, []int{0, 13, 13, 0}, []int{26, 0, 0, 0}),
			totals: []int{52, 13, 13, 0}, played: 3, leaders: []int{3}, places: []int{4, 2, 2, 1}},
		// Lowest wins, yet reaching the target ends the game (P3): the
		// player who reached it loses.
		{name: "P3: hearts ends when a player reaches 100; the lowest wins", setup: hearts,
			rounds: rounds([]int{26, 0, 0, 0}, []int{50, 5, 8, 13}, []int{24, 2, 0, 0}),
			totals: []int{100, 7, 8, 13}, played: 3, finished: true, leaders: []int{1}, winners: []int{1}, places: []int{4, 1, 2, 3}},
		{name: "P3: over the target ends it too", setup: toFifty, rounds: rounds([]int{30, 20, 10}, []int{-5, 40, 0}),
			totals: []int{25, 60, 10}, played: 2, finished: true, leaders: []int{1}, winners: []int{1}, places: []int{2, 1, 3}},
		// Reaching the target ends the game, and the best total wins (P4),
		// which need not be the first to reach it.
		{name: "P3, P4: two reach the target in one round, the higher wins", setup: toFifty, rounds: rounds([]int{49, 45, 0}, []int{1, 10, 0}),
			totals: []int{50, 55, 0}, played: 2, finished: true, leaders: []int{1}, winners: []int{1}, places: []int{2, 1, 3}},
		{name: "P4: a tie at the top shares the win", setup: toFifty, rounds: rounds([]int{50, 50, 10}),
			totals: []int{50, 50, 10}, played: 1, finished: true, leaders: []int{0, 1}, winners: []int{0, 1}, places: []int{1, 1, 3}},
		{name: "P3: rounds: not over after two of three", setup: threeRounds, rounds: rounds([]int{4, 5}, []int{3, 3}),
			totals: []int{7, 8}, played: 2, leaders: []int{0}, places: []int{1, 2}},
		{name: "P3: rounds: over after the last", setup: threeRounds, rounds: rounds([]int{4, 5}, []int{3, 3}, []int{5, 3}),
			totals: []int{12, 11}, played: 3, finished: true, leaders: []int{1}, winners: []int{1}, places: []int{2, 1}},
		{name: "P4: a tie for lowest shares the win", setup: threeRounds, rounds: rounds([]int{4, 5}, []int{3, 3}, []int{4, 3}),
			totals: []int{11, 11}, played: 3, finished: true, leaders: []int{0, 1}, winners: []int{0, 1}, places: []int{1, 1}},
		{name: "P3: open: goes on until the table ends it", setup: open, rounds: rounds([]int{10, 20, 30}, []int{1000, 0, 0}),
			totals: []int{1010, 20, 30}, played: 2, leaders: []int{0}, places: []int{1, 3, 2}},
		{name: "P3: open: ended by the marker", setup: open, rounds: rounds([]int{10, 20, 30}, []int{0, 0, 5}, nil),
			totals: []int{10, 20, 35}, played: 2, finished: true, leaders: []int{2}, winners: []int{2}, places: []int{3, 2, 1}},
		{name: "one player, open", setup: Setup{Name: "Patience", Players: 1, End: Open}, rounds: rounds([]int{-3}, nil),
			totals: []int{-3}, played: 1, finished: true, leaders: []int{0}, winners: []int{0}, places: []int{1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := tc.setup.Play(tc.rounds)
			if err != nil {
				t.Fatalf("Play: %v", err)
			}
			if !slices.Equal(st.Totals, tc.totals) || st.Rounds != tc.played || st.Finished != tc.finished ||
				!slices.Equal(st.Leaders, tc.leaders) || !slices.Equal(st.Winners, tc.winners) || !slices.Equal(st.Places, tc.places) {
				t.Errorf("Play = %+v\nwant totals %v rounds %d finished %v leaders %v winners %v places %v",
					st, tc.totals, tc.played, tc.finished, tc.leaders, tc.winners, tc.places)
			}
			for i := range tc.rounds {
				if err := tc.setup.CheckRound(tc.rounds[i]); err != nil {
					t.Errorf("CheckRound(entry %d): %v", i+1, err)
				}
			}
		})
	}
}

func TestPlayRefusals(t *testing.T) {
	hearts := Setup{Name: "Hearts", Players: 4, End: AtTarget, Target: 100, Wins: Lowest}
	twoRounds := Setup{Name: "Golf", Players: 2, End: AfterRounds, Rounds: 2}
	open := Setup{Name: "Skat", Players: 3, End: Open}
	tests := []struct {
		name   string
		setup  Setup
		rounds []Round
		rule   string
		field  string // for an *InputError
		msg    string
	}{
		{name: "P3: a round after the target was reached", setup: hearts, rounds: rounds([]int{100, 0, 0, 0}, []int{0, 0, 0, 0}),
			rule: "P3", msg: "points: entry 2 comes after the game ended (P3)"},
		{name: "P3: a round after the last round", setup: twoRounds, rounds: rounds([]int{1, 2}, []int{3, 4}, []int{5, 6}),
			rule: "P3", msg: "points: entry 3 comes after the game ended (P3)"},
		{name: "P3: a round after the end marker", setup: open, rounds: rounds([]int{1, 2, 3}, nil, []int{1, 1, 1}),
			rule: "P3", msg: "points: entry 3 comes after the game ended (P3)"},
		{name: "P3: two end markers", setup: open, rounds: rounds([]int{1, 2, 3}, nil, nil),
			rule: "P3", msg: "points: entry 3 comes after the game ended (P3)"},
		{name: "P3: an end marker in a target game", setup: hearts, rounds: rounds([]int{1, 2, 3, 20}, nil),
			rule: "P3", msg: "points: entry 2 ends the game, but it ends when a player reaches 100 (P3)"},
		{name: "P3: an end marker in a game of rounds", setup: twoRounds, rounds: rounds(nil),
			rule: "P3", msg: "points: entry 1 ends the game, but it ends after 2 rounds (P3)"},
		{name: "P3: an end marker before any round", setup: open, rounds: rounds(nil),
			rule: "P3", msg: "points: entry 1 ends the game before any round was played (P3)"},
		{name: "P2: too few numbers", setup: open, rounds: rounds([]int{1, 2, 3}, []int{1, 2}),
			field: "rounds[1].points", rule: "P2", msg: "points: entry 2: a round has one number for each of the 3 players, not 2 (P2)"},
		{name: "P2: a number over the limit", setup: open, rounds: rounds([]int{1, -MaxPoints - 1, 3}),
			field: "rounds[0].points[1]", rule: "P2", msg: "points: entry 1: -1000001 is more than a round can hold: -1000000 to 1000000 (P2)"},
		{name: "P3: an end marker with points", setup: open, rounds: []Round{{Points: []int{1, 2, 3}, End: true}},
			field: "rounds[0].points", rule: "P3", msg: "points: entry 1: an end of the game holds no points: enter the last round first (P3)"},
		{name: "P1: a setup that is not valid", setup: Setup{Name: "Hearts", Players: 13, End: Open}, rounds: nil,
			field: "players", rule: "P1", msg: "points: a game has 1 to 12 players, not 13 (P1)"},
		// Bad input is reported where it is, even after the end.
		{name: "P2 before P3", setup: twoRounds, rounds: rounds([]int{1, 2}, []int{3, 4}, []int{5}),
			field: "rounds[2].points", rule: "P2", msg: "points: entry 3: a round has one number for each of the 2 players, not 1 (P2)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.setup.Play(tc.rounds)
			if err == nil || english.Error(err) != tc.msg {
				t.Fatalf("Play error = %v, want %q", err, tc.msg)
			}
			var ie *InputError
			var re *ruling.Error
			switch {
			case tc.field != "" && (!errors.As(err, &ie) || ie.Field != tc.field || ie.Rule != tc.rule):
				t.Errorf("error %#v, want an *InputError for %s (%s)", err, tc.field, tc.rule)
			case tc.field == "" && (!errors.As(err, &re) || re.Rule != tc.rule):
				t.Errorf("error %#v, want a *ruling.Error for %s", err, tc.rule)
			}
		})
	}
}

func TestCheckRoundP2(t *testing.T) {
	s := Setup{Name: "Skat", Players: 3, End: Open}
	tests := []struct {
		round Round
		field string
	}{
		{Round{Points: []int{MaxPoints, -MaxPoints, 0}}, ""},
		{EndMarker(), ""},
		{Round{Points: []int{1, 2}}, "points"},
		{Round{}, "points"},
		{Round{Points: []int{0, 0, MaxPoints + 1}}, "points[2]"},
		{Round{Points: []int{0, 0, 0}, End: true}, "points"},
	}
	for _, tc := range tests {
		err := s.CheckRound(tc.round)
		var ie *InputError
		if tc.field == "" && err != nil || tc.field != "" && (!errors.As(err, &ie) || ie.Field != tc.field) {
			t.Errorf("CheckRound(%+v) = %v, want field %q", tc.round, err, tc.field)
		}
	}
}

// randomGame deals a random setup and entries that keep to it.
func randomGame(rng *rand.Rand) (Setup, []Round) {
	s := Setup{Name: "Game", Players: 1 + rng.Intn(MaxPlayers), Wins: Order(rng.Intn(2))}
	switch rng.Intn(3) {
	case 0:
		s.End, s.Target = AtTarget, 1+rng.Intn(200)
	case 1:
		s.End, s.Rounds = AfterRounds, 1+rng.Intn(12)
	default:
		s.End = Open
	}
	var rs []Round
	for range rng.Intn(20) {
		r := Round{Points: make([]int, s.Players)}
		for seat := range r.Points {
			r.Points[seat] = rng.Intn(61) - 20
			if rng.Intn(4) == 0 {
				r.Points[seat] = 10 * rng.Intn(3) // ties
			}
		}
		rs = append(rs, r)
		if st, err := s.Play(rs); err != nil || st.Finished {
			break
		}
	}
	if s.End == Open && len(rs) > 0 && rng.Intn(2) == 0 {
		rs = append(rs, EndMarker())
	}
	return s, rs
}

// TestPlayP4Properties checks on random games that the winners hold the
// best total and every other seat a worse one; that reversing the order
// and negating every number gives the same places; and that moving the
// seats moves every result with them.
func TestPlayP4Properties(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	finished := map[End]int{}
	for range 3000 {
		s, rs := randomGame(rng)
		st, err := s.Play(rs)
		if err != nil {
			t.Fatalf("%+v %v: %v", s, rs, err)
		}
		if st.Finished {
			finished[s.End]++
		}
		for seat, place := range st.Places {
			if (place == 1) != slices.Contains(st.Leaders, seat) && st.Rounds > 0 {
				t.Fatalf("seat %d place %d, leaders %v: %+v", seat, place, st.Leaders, st)
			}
		}
		if st.Finished != (st.Winners != nil) || st.Finished && !slices.Equal(st.Winners, st.Leaders) {
			t.Fatalf("finished %v with winners %v, leaders %v", st.Finished, st.Winners, st.Leaders)
		}

		mirror := s
		mirror.Wins = 1 - s.Wins
		mirror.End = Open // a target reads the numbers' sign; the mirror ends where s did
		var mirrored []Round
		for _, r := range rs {
			m := Round{End: r.End}
			for _, p := range r.Points {
				m.Points = append(m.Points, -p)
			}
			mirrored = append(mirrored, m)
		}
		if st.Finished && !rs[len(rs)-1].End {
			mirrored = append(mirrored, EndMarker())
		}
		mst, err := mirror.Play(mirrored)
		if err != nil || !slices.Equal(mst.Places, st.Places) || !slices.Equal(mst.Winners, st.Winners) || mst.Finished != st.Finished {
			t.Fatalf("mirror: %+v, %v\nwant places %v winners %v", mst, err, st.Places, st.Winners)
		}

		perm := rng.Perm(s.Players)
		var moved []Round
		for _, r := range rs {
			m := Round{End: r.End}
			if !r.End {
				m.Points = make([]int, s.Players)
				for seat, p := range r.Points {
					m.Points[perm[seat]] = p
				}
			}
			moved = append(moved, m)
		}
		pst, err := s.Play(moved)
		if err != nil || pst.Finished != st.Finished {
			t.Fatalf("moved seats: %+v, %v", pst, err)
		}
		for seat := range st.Totals {
			if pst.Totals[perm[seat]] != st.Totals[seat] || pst.Places[perm[seat]] != st.Places[seat] ||
				slices.Contains(pst.Winners, perm[seat]) != slices.Contains(st.Winners, seat) {
				t.Fatalf("moved seats by %v: %+v, was %+v", perm, pst, st)
			}
		}
	}
	for _, end := range []End{AtTarget, AfterRounds, Open} {
		if finished[end] == 0 {
			t.Errorf("no random game ended %s: %v", end, finished)
		}
	}
}
