package trophy

import (
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

func TestTrickPointsT7(t *testing.T) {
	deck := cards.Fanucci()
	heap := func(ss ...string) []cards.Card {
		cs, err := deck.ParseList(ss)
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}
	tests := []struct {
		name    string
		heap    []cards.Card
		points  int
		trumped bool
		rule    string
	}{
		{"the API trick", heap("3 Lamps", "8 Fromps", "Grue"), 1, true, ""},
		{"zeros count with a trump", heap("0 Lamps", "0 Tops", "9 Rain", "Death"), 3, true, ""},
		{"zeros do not count without", heap("0 Lamps", "0 Tops", "9 Rain"), 1, false, ""},
		{"infinity is 2", heap("∞ Books", "8 Ears", "5 Time"), 3, false, ""},
		{"nothing scores", heap("1 Bugs", "2 Mazes"), 0, false, ""},
		{"two trumps cannot be on one trick", heap("Grue", "Death", "8 Lamps"), 0, true, "T5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			points, each, trumped, err := TrickPoints(tc.heap)
			if rule, _ := ruling.RuleOf(err); rule != tc.rule {
				t.Fatalf("error %v, want rule %q", err, tc.rule)
			}
			if err != nil {
				return
			}
			sum := 0
			for _, p := range each {
				sum += p
			}
			if points != tc.points || sum != points || trumped != tc.trumped {
				t.Errorf("TrickPoints = %d (%v), trumped %v; want %d, %v", points, each, trumped, tc.points, tc.trumped)
			}
		})
	}
}
