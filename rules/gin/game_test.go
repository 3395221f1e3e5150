package gin

import (
	"errors"
	"testing"
)

func TestScoreGameG4G5(t *testing.T) {
	noBox := HouseRules{NoBoxBonus: true}
	noShutout := HouseRules{NoShutout: true}
	tests := []struct {
		name     string
		deals    [][]int
		house    HouseRules
		totals   [2]int
		finished bool
		winner   int
		shutout  bool
		bonus    Bonus
		final    [2]int
		reason   string
	}{
		// API.md's example: a gin, a draw, a big gin, a knock.
		{name: "API example", deals: [][]int{{25, 0}, {0, 0}, {0, 31}, {80, 0}},
			totals: [2]int{105, 31}, finished: true, winner: 0,
			bonus: Bonus{Game: [2]int{100, 0}, Box: [2]int{50, 25}}, final: [2]int{255, 56},
			reason: "seat 0 reached 105 and wins: game bonus 100, box bonuses 50 and 25 for two deals and one deal scored in; final 255 to 56 (G4, G5)"},
		{name: "API example without the box bonus", deals: [][]int{{25, 0}, {0, 0}, {0, 31}, {80, 0}}, house: noBox,
			totals: [2]int{105, 31}, finished: true, winner: 0,
			bonus: Bonus{Game: [2]int{100, 0}}, final: [2]int{205, 31},
			reason: "seat 0 reached 105 and wins: game bonus 100; final 205 to 31 (G4, G5)"},
		{name: "no deals yet", deals: nil, winner: -1},
		{name: "unfinished: no bonuses, final is the totals", deals: [][]int{{25, 0}, {0, 60}},
			totals: [2]int{25, 60}, winner: -1, final: [2]int{25, 60}},
		{name: "99 does not end the game", deals: [][]int{{99, 0}, {0, 0}},
			totals: [2]int{99, 0}, winner: -1, final: [2]int{99, 0}},
		{name: "exactly 100 ends the game", deals: [][]int{{0, 60}, {0, 40}},
			totals: [2]int{0, 100}, finished: true, winner: 1, shutout: true,
			bonus: Bonus{Game: [2]int{0, 100}, Box: [2]int{0, 50}, Shutout: [2]int{0, 100}}, final: [2]int{0, 350}},
		// The loser scored in no deal: the winner's 110 deal points are
		// doubled before the box bonus: 220 + 100 + 50.
		{name: "shutout doubles the winner's deal points", deals: [][]int{{50, 0}, {0, 0}, {60, 0}},
			totals: [2]int{110, 0}, finished: true, winner: 0, shutout: true,
			bonus: Bonus{Game: [2]int{100, 0}, Box: [2]int{50, 0}, Shutout: [2]int{110, 0}}, final: [2]int{370, 0},
			reason: "seat 0 reached 110 and wins: game bonus 100, shutout, the deal points doubled: 110 more, box bonuses 50 and 0 for two deals and no deals scored in; final 370 to 0 (G4, G5)"},
		{name: "the shutout house rule off", deals: [][]int{{50, 0}, {0, 0}, {60, 0}}, house: noShutout,
			totals: [2]int{110, 0}, finished: true, winner: 0,
			bonus: Bonus{Game: [2]int{100, 0}, Box: [2]int{50, 0}}, final: [2]int{260, 0}},
		{name: "shutout without the box bonus", deals: [][]int{{129, 0}}, house: noBox,
			totals: [2]int{129, 0}, finished: true, winner: 0, shutout: true,
			bonus: Bonus{Game: [2]int{100, 0}, Shutout: [2]int{129, 0}}, final: [2]int{358, 0}},
		{name: "no shutout when the loser scored once", deals: [][]int{{0, 1}, {99, 0}, {1, 0}},
			totals: [2]int{100, 1}, finished: true, winner: 0,
			bonus: Bonus{Game: [2]int{100, 0}, Box: [2]int{50, 25}}, final: [2]int{250, 26}},
		{name: "a tie scoring nothing is no box", deals: [][]int{{0, 0}, {0, 100}},
			totals: [2]int{0, 100}, finished: true, winner: 1, shutout: true,
			bonus: Bonus{Game: [2]int{0, 100}, Box: [2]int{0, 25}, Shutout: [2]int{0, 100}}, final: [2]int{0, 325}},
		{name: "Oklahoma: a doubled big gin of 258", deals: [][]int{{0, 258}}, house: HouseRules{Oklahoma: true, NoShutout: true},
			totals: [2]int{0, 258}, finished: true, winner: 1,
			bonus: Bonus{Game: [2]int{0, 100}, Box: [2]int{0, 25}}, final: [2]int{0, 383}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ScoreGame(tc.deals, tc.house)
			if err != nil {
				t.Fatalf("ScoreGame: %v", err)
			}
			if g.Totals != tc.totals || g.Finished != tc.finished || g.Winner != tc.winner || g.Shutout != tc.shutout ||
				g.Bonus != tc.bonus || g.Final != tc.final {
				t.Errorf("ScoreGame = %+v\nwant totals %v finished %v winner %d shutout %v bonus %+v final %v",
					g, tc.totals, tc.finished, tc.winner, tc.shutout, tc.bonus, tc.final)
			}
			if tc.reason != "" && english.Say(g.Reason) != tc.reason {
				t.Errorf("reason = %q\nwant     %q", english.Say(g.Reason), tc.reason)
			}
			if !tc.finished && (!g.Reason.IsZero() || g.Rules != nil) {
				t.Errorf("an unfinished game explains bonuses: %q %v", g.Reason, g.Rules)
			}
			if seat, ok := Winner(tc.deals); seat != tc.winner || ok != tc.finished {
				t.Errorf("Winner = %d, %v; want %d, %v", seat, ok, tc.winner, tc.finished)
			}
		})
	}
}

func TestScoreGameRefusals(t *testing.T) {
	tests := []struct {
		name  string
		deals [][]int
		house HouseRules
		rule  string // "" for a *DealError
		field string
		msg   string
	}{
		{name: "G4: a deal after the game was won", deals: [][]int{{100, 0}, {0, 0}}, rule: "G4",
			msg: "gin: deal 2 comes after the game was won: seat 0 reached 100 in deal 1 (G4)"},
		{name: "G4: a scoring deal after the win", deals: [][]int{{60, 0}, {0, 20}, {45, 0}, {0, 30}}, rule: "G4",
			msg: "gin: deal 4 comes after the game was won: seat 0 reached 105 in deal 3 (G4)"},
		{name: "G3: both players score", deals: [][]int{{10, 0}, {5, 5}}, rule: "G3",
			msg: "gin: deal 2: both players score (5 and 5), but only one side scores in a deal (G3)"},
		{name: "G3: a negative number", deals: [][]int{{0, -4}}, rule: "G3",
			msg: "gin: deal 1: seat 1 has -4, but points are never negative (G3)"},
		{name: "G3: more than Big Gin can score", deals: [][]int{{130, 0}}, rule: "G3",
			msg: "gin: deal 1: 130 points are more than a deal can score: at most 129 (G3)"},
		{name: "G3: more than a doubled Big Gin under Oklahoma", deals: [][]int{{0, 260}}, house: HouseRules{Oklahoma: true}, rule: "G3",
			msg: "gin: deal 1: 260 points are more than a deal can score: at most 258 (G3)"},
		{name: "G1: over 129 only a doubled deal, so even", deals: [][]int{{131, 0}}, house: HouseRules{Oklahoma: true}, rule: "G1",
			msg: "gin: deal 1: 131 points: over 129 only a deal doubled by a spade up-card scores, and doubled points are even (G1)"},
		{name: "three numbers", deals: [][]int{{10, 0}, {1, 0, 0}}, field: "deals[1]",
			msg: "gin: deal 2 has three numbers, but gin is for 2 players: one number each"},
		{name: "one number", deals: [][]int{{10}}, field: "deals[0]",
			msg: "gin: deal 1 has one number, but gin is for 2 players: one number each"},
		// Bad input is reported before what the rules forbid, as the API
		// answers 400 before 422.
		{name: "a short deal after the win is bad input first", deals: [][]int{{100, 0}, {}}, field: "deals[1]",
			msg: "gin: deal 2 has no numbers, but gin is for 2 players: one number each"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ScoreGame(tc.deals, tc.house)
			if err == nil || english.Error(err) != tc.msg {
				t.Fatalf("ScoreGame error = %v, want %q", err, tc.msg)
			}
			var de *DealError
			switch {
			case tc.rule != "" && ruleOf(err) != tc.rule:
				t.Errorf("rule = %q, want %q", ruleOf(err), tc.rule)
			case tc.rule == "" && (!errors.As(err, &de) || de.Field != tc.field):
				t.Errorf("error %#v, want a *DealError for %s", err, tc.field)
			}
		})
	}
}

// TestScoreGameSwapsSeats checks that swapping the seats of every deal
// swaps every number of the game score.
func TestScoreGameSwapsSeats(t *testing.T) {
	rng := newRand(29)
	for range 2000 {
		deals := make([][]int, rng.Intn(12))
		for i := range deals {
			deals[i] = make([]int, 2)
			if rng.Intn(5) > 0 {
				deals[i][rng.Intn(2)] = rng.Intn(45)
			}
		}
		house := HouseRules{NoBoxBonus: rng.Intn(3) == 0, NoShutout: rng.Intn(3) == 0}
		want, wantErr := ScoreGame(deals, house)
		swapped := make([][]int, len(deals))
		for i, d := range deals {
			swapped[i] = []int{d[1], d[0]}
		}
		got, err := ScoreGame(swapped, house)
		if ruleOf(err) != ruleOf(wantErr) {
			t.Fatalf("%v: %v vs %v", deals, err, wantErr)
		}
		if err != nil {
			continue
		}
		flip := func(a [2]int) [2]int { return [2]int{a[1], a[0]} }
		wantWinner := want.Winner
		if wantWinner >= 0 {
			wantWinner = 1 - wantWinner
		}
		if got.Totals != flip(want.Totals) || got.Final != flip(want.Final) || got.Winner != wantWinner || got.Shutout != want.Shutout ||
			got.Bonus.Game != flip(want.Bonus.Game) || got.Bonus.Box != flip(want.Bonus.Box) || got.Bonus.Shutout != flip(want.Bonus.Shutout) {
			t.Fatalf("%v: %+v\nswapped %+v", deals, want, got)
		}
		if want.Final != [2]int{
			want.Totals[0] + want.Bonus.Game[0] + want.Bonus.Box[0] + want.Bonus.Shutout[0],
			want.Totals[1] + want.Bonus.Game[1] + want.Bonus.Box[1] + want.Bonus.Shutout[1],
		} {
			t.Fatalf("final %v is not the totals plus the bonuses: %+v", want.Final, want)
		}
	}
}
