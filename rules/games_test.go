package rules

import (
	"testing"

	"meldpad/rules/ruling"
)

func TestGamesTable(t *testing.T) {
	want := map[string]struct {
		name             string
		min, max, target int
	}{
		Flathead:   {"Flathead Rummy", 2, 6, 42},
		Fortune:    {"Fortune Rummy", 2, 8, 500},
		BlackHeart: {"Black Heart Rum", 2, 6, 500},
		Fan:        {"Fan Rummy", 2, 2, 100},
		Trophy:     {"Trophy Case", 3, 5, 30},
	}
	if len(Games()) != len(want) {
		t.Fatalf("%d games, want %d", len(Games()), len(want))
	}
	for id, w := range want {
		g, ok := Lookup(id)
		if !ok {
			t.Fatalf("Lookup(%q) failed", id)
		}
		if g.Name != w.name || g.MinPlayers != w.min || g.MaxPlayers != w.max || g.Target != w.target {
			t.Errorf("%s = %+v, want %+v", id, g, w)
		}
	}
	if _, ok := Lookup("poker"); ok {
		t.Errorf("Lookup(poker) succeeded")
	}
}

func TestCheckPoints(t *testing.T) {
	tests := []struct {
		game  string
		round Round
		rule  string // "" means valid
	}{
		{Flathead, Round{Points: []int{14, 0, 0}, Seat: 0}, ""},
		{Flathead, Round{Points: []int{0, 0, 0}, Seat: 2}, ""},
		{Flathead, Round{Points: []int{14, 3, 0}, Seat: 0}, "F6"},
		{Flathead, Round{Points: []int{14, 0, 0}, Seat: -1}, "F6"},
		{Flathead, Round{Points: []int{0, 4}, Seat: 1}, "F8"},
		{Flathead, Round{Points: []int{-3, 0}, Seat: 0}, "F6"},
		{Fan, Round{Points: []int{18, 0}, Seat: -1}, ""},
		{Fan, Round{Points: []int{0, 0}, Seat: -1}, ""},
		{Fan, Round{Points: []int{18, 4}, Seat: -1}, "N6"},
		{Fan, Round{Points: []int{-2, 0}, Seat: -1}, "N6"},
		{Fortune, Round{Points: []int{45, -70, 0}, Seat: -1}, ""},
		{BlackHeart, Round{Points: []int{-30, 120}, Seat: 1}, ""},
		{BlackHeart, Round{Points: []int{-30, 120}, Seat: -1}, "B8"},
		{Trophy, Round{Points: []int{0, 3, 0}, Seat: 1}, ""},
		{Trophy, Round{Points: []int{1, 3, 0}, Seat: 1}, "T7"},
		{Trophy, Round{Points: []int{0, 76, 0}, Seat: 1}, "T7"},
	}
	for _, tc := range tests {
		t.Run(tc.game+" "+tc.rule, func(t *testing.T) {
			g, _ := Lookup(tc.game)
			err := g.CheckPoints(tc.round)
			rule, _ := ruling.RuleOf(err)
			if tc.rule == "" && err != nil {
				t.Fatalf("CheckPoints(%+v) = %v, want valid", tc.round, err)
			}
			if tc.rule != "" && (err == nil || rule != tc.rule) {
				t.Fatalf("CheckPoints(%+v) = %v (rule %q), want rule %s", tc.round, err, rule, tc.rule)
			}
		})
	}
	fl, _ := Lookup(Flathead)
	if err := fl.CheckPoints(Round{Points: []int{1}, Seat: 0}); err == nil {
		t.Errorf("one player accepted for Flathead")
	}
}

func TestDealerAndLeader(t *testing.T) {
	fan, _ := Lookup(Fan)
	if got := fan.Dealer(1, 2, []Round{{}, {}, {}}); got != 0 {
		t.Errorf("Fan dealer after 3 deals from seat 1 = %d, want 0", got)
	}
	tc, _ := Lookup(Trophy)
	rounds := []Round{{Seat: 2}, {Seat: 0, EndsHand: true}, {Seat: 3}}
	if got := tc.Dealer(0, 4, rounds); got != 1 {
		t.Errorf("Trophy dealer = %d, want 1 (one hand ended)", got)
	}
	// T6: the player to the left of the last trick's winner leads.
	if got := tc.NextLeader(0, 4, rounds); got != 0 {
		t.Errorf("Trophy next leader = %d, want 0", got)
	}
	if got := tc.NextLeader(3, 4, nil); got != 0 {
		t.Errorf("Trophy first leader = %d, want 0 (left of dealer 3)", got)
	}
}
