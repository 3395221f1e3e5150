package rules

import (
	"encoding/json"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/game"
)

// TestGameEndReasons: how each game ended (F9, R8, B8, N8, G4-G5, T8,
// P3-P4), as the end-of-game page says it: in English as it always read,
// and in German with the same name and rule ids in German words.
func TestGameEndReasons(t *testing.T) {
	two := []string{"Ann", "Bob"}
	for _, tc := range []struct {
		id       string
		names    []string
		points   []int
		settings string
		want     string
	}{
		{"flathead", two, []int{45, 0}, "", "Ann reached 42 first (F9)"},
		{"fortune", two, []int{505, -10}, "", "Ann has the highest total once 500 was reached (R8)"},
		{"blackheart", two, []int{505, -10}, "", "Ann went out with 500 or more (B8)"},
		{"fan", two, []int{105, 0}, "", "Ann reached 100 first (N8)"},
		{"gin", two, []int{105, 0}, "", "Ann reached 105 first (G4); with the bonuses, 335 to 0 (G5)"},
		{"trophy", []string{"Ann", "Bob", "Cy"}, []int{31, 0, 0}, "", "Ann has the highest total once 30 was reached (T8)"},
		{"points", two, []int{105, 3}, `{"name":"Hearts","players":2,"end":"target","target":100,"wins":"lowest"}`,
			"a player reached 100 (P3); the lowest total wins (P4)"},
		{"points", two, []int{5, 3}, `{"name":"Hearts","players":2,"end":"rounds","rounds":1,"wins":"highest"}`,
			"the last of 1 rounds was played (P3); the highest total wins (P4)"},
	} {
		t.Run(tc.id+" "+tc.want, func(t *testing.T) {
			g, _ := Lookup(tc.id)
			table := game.Table{Names: tc.names}
			if tc.settings != "" {
				table.Settings = json.RawMessage(tc.settings)
			}
			seat := -1
			if !g.SeatQuestion.IsZero() {
				seat = 0
			}
			_, res := g.Play(table, []Round{{Points: tc.points, Seat: seat, EndsHand: true}})
			if !res.Finished {
				t.Fatal("the game goes on")
			}
			if got := locale.English().Say(res.Reason); got != tc.want {
				t.Errorf("English: %q, want %q", got, tc.want)
			}
			de := locale.For("de").Say(res.Reason)
			if de == tc.want || !strings.Contains(de, "(P") && !strings.Contains(de, "Ann") {
				t.Errorf("German: %q", de)
			}
		})
	}
}
