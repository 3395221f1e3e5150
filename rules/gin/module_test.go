package gin

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"meldpad/rules/game"
	"meldpad/rules/ruling"
)

func table(house map[string]bool, rounds ...[]int) game.Table {
	t := game.Table{Names: []string{"Ann", "Bob"}, HouseRules: house, Tally: game.NewTally(2)}
	for _, p := range rounds {
		t.Tally = t.Tally.Add(game.Round{Points: p, Seat: -1, EndsHand: true})
	}
	return t
}

func TestInfo(t *testing.T) {
	i := Module{}.Info()
	if i.ID != "gin" || i.Name != "Gin Rummy" || i.MinPlayers != 2 || i.MaxPlayers != 2 || i.Target != 100 || i.EndRule != "G4" || i.Round != "deal" {
		t.Errorf("Info = %+v", i)
	}
	// G1, G3, G5: Oklahoma off, a tie an undercut, the box bonus and the
	// shutout on, unless chosen otherwise.
	want := map[string]bool{KeyOklahoma: false, KeyUndercutOnTie: true, KeyBoxBonus: true, KeyShutout: true}
	if len(i.HouseRules) != len(want) {
		t.Fatalf("house rules %+v", i.HouseRules)
	}
	for _, h := range i.HouseRules {
		if d, ok := want[h.Key]; !ok || h.Default != d || h.Rule == "" || !strings.Contains(english.Say(h.Help), "("+h.Rule+")") {
			t.Errorf("house rule %+v", h)
		}
	}
	for _, id := range []string{"G1", "G2", "G3", "G4", "G5", "N1", "N2", "N3", "N5"} {
		if r, ok := i.Rule(id); !ok || r.Text.IsZero() {
			t.Errorf("no text for %s", id)
		}
	}
}

// TestHouseOf: a key not stored keeps its default (the games created
// before house rules were stored on and off), a key stored is as chosen.
func TestHouseOf(t *testing.T) {
	tests := []struct {
		stored map[string]bool
		want   HouseRules
	}{
		{nil, HouseRules{}},
		{map[string]bool{KeyOklahoma: true}, HouseRules{Oklahoma: true}},
		{map[string]bool{KeyOklahoma: false, KeyUndercutOnTie: false, KeyBoxBonus: false, KeyShutout: false},
			HouseRules{UndercutOnlyWhenLess: true, NoBoxBonus: true, NoShutout: true}},
	}
	for _, tc := range tests {
		if got := HouseOf(game.Table{HouseRules: tc.stored}); got != tc.want {
			t.Errorf("HouseOf(%v) = %+v, want %+v", tc.stored, got, tc.want)
		}
	}
}

func TestCheckPoints(t *testing.T) {
	tests := []struct {
		name  string
		house map[string]bool
		round game.Round
		rule  string // "" for accepted
		field string // for bad input
	}{
		{"a knock", nil, game.Round{Points: []int{18, 0}}, "", ""},
		{"a draw, or a tie under undercut only when less", nil, game.Round{Points: []int{0, 0}}, "", ""},
		{"Big Gin against the most deadwood", nil, game.Round{Points: []int{0, 129}}, "", ""},
		{"both score", nil, game.Round{Points: []int{10, 4}}, "G3", ""},
		{"negative", nil, game.Round{Points: []int{-1, 0}}, "G3", ""},
		{"more than a deal", nil, game.Round{Points: []int{130, 0}}, "G3", ""},
		{"doubled under Oklahoma", map[string]bool{KeyOklahoma: true}, game.Round{Points: []int{258, 0}}, "", ""},
		{"odd over 129 under Oklahoma", map[string]bool{KeyOklahoma: true}, game.Round{Points: []int{131, 0}}, "G1", ""},
		{"three numbers", nil, game.Round{Points: []int{1, 0, 0}}, "", "points"},
		{"the table ends it", nil, game.Round{Points: []int{0, 0}, EndsGame: true}, "G4", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Module{}.CheckPoints(table(tc.house), tc.round)
			var bad *ruling.InputError
			switch {
			case tc.rule == "" && tc.field == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.rule != "" && ruleOf(err) != tc.rule:
				t.Fatalf("error %v, want rule %s", err, tc.rule)
			case tc.field != "" && (!errors.As(err, &bad) || bad.Field != tc.field):
				t.Fatalf("error %#v, want bad input for %s", err, tc.field)
			}
			if err != nil && strings.HasPrefix(english.Error(err), "gin: ") {
				t.Errorf("a page shows %q beside the game: no package prefix", err)
			}
		})
	}
}

func bonus(name string, points []int) game.Bonus {
	return game.Bonus{Name: name, Rule: "G5", Points: points}
}

// TestResult: the game ends when a player reaches 100 (G4) and the
// bonuses of G5 are added then, each as a line of the scorepad.
func TestResult(t *testing.T) {
	tests := []struct {
		name     string
		house    map[string]bool
		deals    [][]int
		finished bool
		winner   int
		bonuses  []game.Bonus
		final    []int
	}{
		{name: "goes on", deals: [][]int{{25, 0}, {0, 31}}, final: []int{25, 31}},
		{name: "API.md's example", deals: [][]int{{25, 0}, {0, 0}, {0, 31}, {80, 0}}, finished: true, winner: 0,
			bonuses: []game.Bonus{bonus("Game bonus", []int{100, 0}), bonus("Box bonus", []int{50, 25})}, final: []int{255, 56}},
		{name: "shutout", deals: [][]int{{0, 50}, {0, 0}, {0, 60}}, finished: true, winner: 1,
			bonuses: []game.Bonus{bonus("Game bonus", []int{0, 100}), bonus("Shutout", []int{0, 110}), bonus("Box bonus", []int{0, 50})},
			final:   []int{0, 370}},
		{name: "no box bonus, no shutout", house: map[string]bool{KeyBoxBonus: false, KeyShutout: false},
			deals: [][]int{{0, 50}, {0, 0}, {0, 60}}, finished: true, winner: 1,
			bonuses: []game.Bonus{bonus("Game bonus", []int{0, 100})}, final: []int{0, 210}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := Module{}.Result(table(tc.house, tc.deals...))
			if res.Finished != tc.finished || !reflect.DeepEqual(res.Final, tc.final) || !reflect.DeepEqual(res.Bonuses, tc.bonuses) {
				t.Fatalf("Result = %+v", res)
			}
			if !tc.finished {
				return
			}
			places := []int{2, 2}
			places[tc.winner] = 1
			if res.Winner() != tc.winner || !reflect.DeepEqual(res.Places, places) || !strings.Contains(english.Say(res.Reason), "(G4)") {
				t.Errorf("winner %d places %v reason %q", res.Winner(), res.Places, res.Reason)
			}
			// The same as the API's games/score.
			g, err := ScoreGame(tc.deals, HouseOf(game.Table{HouseRules: tc.house}))
			if err != nil || g.Final[0] != res.Final[0] || g.Final[1] != res.Final[1] {
				t.Errorf("ScoreGame = %+v, %v", g, err)
			}
		})
	}
}

// TestSampleRound: every seeded deal passes the checks by points, and
// seeded games end.
func TestSampleRound(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for g := range 50 {
		tb := table(nil)
		for n := 0; ; n++ {
			r := Module{}.SampleRound(rng, tb, []float64{1, 1}, func() int { return rng.IntN(2) })
			if err := (Module{}).CheckPoints(tb, r); err != nil {
				t.Fatalf("game %d: seeded %v: %v", g, r.Points, err)
			}
			tb.Tally = tb.Tally.Add(r)
			if (Module{}).Result(tb).Finished {
				break
			}
			if n > 500 {
				t.Fatalf("game %d never ends", g)
			}
		}
	}
}
