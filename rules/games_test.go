package rules

import (
	"fmt"
	"strings"
	"testing"

	"meldpad/rules/game"
	"meldpad/rules/game/gametest"
	"meldpad/rules/ruling"
)

func TestGamesTable(t *testing.T) {
	want := map[string]struct {
		name             string
		min, max, target int
	}{
		"flathead":   {"Flathead Rummy", 2, 6, 42},
		"fortune":    {"Fortune Rummy", 2, 8, 500},
		"blackheart": {"Black Heart Rum", 2, 6, 500},
		"fan":        {"Fan Rummy", 2, 2, 100},
		"gin":        {"Gin Rummy", 2, 2, 100},
		"trophy":     {"Trophy Case", 3, 5, 30},
		"points":     {"Any game, by points", 1, 12, 0},
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
		{"flathead", Round{Points: []int{14, 0, 0}, Seat: 0}, ""},
		{"flathead", Round{Points: []int{0, 0, 0}, Seat: 2}, ""},
		{"flathead", Round{Points: []int{14, 3, 0}, Seat: 0}, "F6"},
		{"flathead", Round{Points: []int{14, 0, 0}, Seat: -1}, "F6"},
		{"flathead", Round{Points: []int{0, 4}, Seat: 1}, "F8"},
		{"flathead", Round{Points: []int{-3, 0}, Seat: 0}, "F6"},
		{"fan", Round{Points: []int{18, 0}, Seat: -1}, ""},
		{"fan", Round{Points: []int{0, 0}, Seat: -1}, ""},
		{"fan", Round{Points: []int{18, 4}, Seat: -1}, "N6"},
		{"fan", Round{Points: []int{-2, 0}, Seat: -1}, "N6"},
		{"fortune", Round{Points: []int{45, -70, 0}, Seat: -1}, "R6"},
		{"fortune", Round{Points: []int{55, -70, 0}, Seat: -1}, ""},
		{"blackheart", Round{Points: []int{-30, 120}, Seat: 1}, ""},
		{"blackheart", Round{Points: []int{-30, 120}, Seat: -1}, "B8"},
		{"trophy", Round{Points: []int{0, 3, 0}, Seat: 1}, ""},
		{"trophy", Round{Points: []int{1, 3, 0}, Seat: 1}, "T7"},
		{"trophy", Round{Points: []int{0, 76, 0}, Seat: 1}, "T7"},
		// What the rules allow on numbers (issue: Fan 1000, Fortune 47,
		// Black Heart's player who went out at -40, 2-player Flathead 107).
		{"fan", Round{Points: []int{1000, 0}, Seat: -1}, "N7"},
		{"fan", Round{Points: []int{0, 259}, Seat: -1}, "N7"},
		{"fan", Round{Points: []int{0, 258}, Seat: -1}, ""},
		{"fan", Round{Points: []int{129, 0}, Seat: -1}, ""},
		{"fan", Round{Points: []int{130, 0}, Seat: -1}, ""},
		{"fan", Round{Points: []int{131, 0}, Seat: -1}, "N7"},
		{"fortune", Round{Points: []int{47, 0}, Seat: -1}, "R6"},
		{"fortune", Round{Points: []int{45, -3}, Seat: -1}, "R6"},
		{"fortune", Round{Points: []int{645, -150}, Seat: -1}, ""},
		{"blackheart", Round{Points: []int{-40, 30}, Seat: 0}, "B7"},
		{"blackheart", Round{Points: []int{24, 30}, Seat: 0}, "B7"},
		{"blackheart", Round{Points: []int{25, -45}, Seat: 0}, ""},
		{"blackheart", Round{Points: []int{75, -43}, Seat: 0}, "B7"},
		{"flathead", Round{Points: []int{107, 0}, Seat: 0}, "F8"},
		{"flathead", Round{Points: []int{105, 0}, Seat: 0}, "F8"},
		{"flathead", Round{Points: []int{60, 0}, Seat: 0}, ""},
		{"flathead", Round{Points: []int{0, 0, 200, 0, 0, 0}, Seat: 2}, ""},
		{"flathead", Round{Points: []int{0, 0, 2100, 0, 0, 0}, Seat: 2}, "F8"},
		{"flathead", Round{Points: []int{0, 0, 2101, 0, 0, 0}, Seat: 2}, "F8"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.game, tc.round.Points, tc.rule), func(t *testing.T) {
			g, _ := Lookup(tc.game)
			err := g.CheckPoints(game.Table{Names: make([]string, len(tc.round.Points))}, tc.round)
			rule, _ := ruling.RuleOf(err)
			if tc.rule == "" && err != nil {
				t.Fatalf("CheckPoints(%+v) = %v, want valid", tc.round, err)
			}
			if tc.rule != "" && (err == nil || rule != tc.rule) {
				t.Fatalf("CheckPoints(%+v) = %v (rule %q), want rule %s", tc.round, err, rule, tc.rule)
			}
		})
	}
	fl, _ := Lookup("flathead")
	if err := fl.CheckPoints(game.Table{Names: []string{"Ann"}}, Round{Points: []int{1}, Seat: 0}); err == nil {
		t.Errorf("one player accepted for Flathead")
	}
}

func TestDealerAndLeader(t *testing.T) {
	if got := (game.Table{Names: make([]string, 2), FirstDealer: 1, Tally: game.TallyOf(2, []Round{{EndsHand: true}, {EndsHand: true}, {EndsHand: true}})}).Dealer(); got != 0 {
		t.Errorf("Fan dealer after 3 deals from seat 1 = %d, want 0", got)
	}
	tc, _ := Lookup("trophy")
	rounds := []Round{{Seat: 2}, {Seat: 0, EndsHand: true}, {Seat: 3}}
	table := game.Table{Names: make([]string, 4), Tally: game.TallyOf(4, rounds)}
	if got := table.Dealer(); got != 1 {
		t.Errorf("Trophy dealer = %d, want 1 (one hand ended)", got)
	}
	// T6: the player to the left of the last trick's winner leads.
	leader, ok := tc.Module.(game.Leader)
	if !ok {
		t.Fatal("Trophy Case does not say who leads next")
	}
	if got, rule := leader.NextLeader(table); got != 0 || rule != "T6" {
		t.Errorf("Trophy next leader = %d (%s), want 0 (T6)", got, rule)
	}
	if got, _ := leader.NextLeader(game.Table{Names: make([]string, 4), FirstDealer: 3, Tally: game.NewTally(4)}); got != 0 {
		t.Errorf("Trophy first leader = %d, want 0 (left of dealer 3)", got)
	}
}

// TestSheetNotesNeedNoScript: a sheet's notes are read on the page
// without scripts too, so they speak of typing, not of the picker.
func TestSheetNotesNeedNoScript(t *testing.T) {
	for _, g := range Games() {
		sh, ok := g.Sheet()
		if !ok {
			continue
		}
		table := game.Table{Names: make([]string, g.MinPlayers)}
		for i := range table.Names {
			table.Names[i] = fmt.Sprint("P", i)
		}
		sheet, _, _ := sh.Judge(gametest.English(), table, sh.Blank(table))
		for _, note := range sheet.Notes {
			if strings.Contains(note, "picker") || strings.Contains(note, "tap ") {
				t.Errorf("%s: note %q speaks of the picker", g.ID, note)
			}
		}
	}
}
