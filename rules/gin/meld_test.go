package gin

import (
	"testing"

	"meldpad/locale"
)

// TestCheckN2 checks that gin's melds and lay-offs are Fan Rummy's (N2,
// N5), as Gin Rummy's rules say: the ace is low only.
func TestCheckN2(t *testing.T) {
	tests := []struct {
		name        string
		onto, cards string
		valid       bool
		kind        string
		rule        string
		reason      string
	}{
		{name: "Q-K-A is not a run", cards: "QS KS AS", rule: "N2",
			reason: "Not a run: the ace is low only, so Q-K-A is not a run (N2)"},
		{name: "A-2-3 is a run", cards: "AS 2S 3S", valid: true, kind: "run", rule: "N2", reason: "a run of spades, A to 3 (N2)"},
		{name: "a set of three", cards: "7S 7H 7D", valid: true, kind: "set", rule: "N2", reason: "three 7s (N2)"},
		{name: "a set and a run at once is neither", cards: "7S 7H 8H", rule: "N2"},
		{name: "lay-off: a run grows by two", onto: "5H 6H 7H", cards: "8H 9H", valid: true, kind: "run", rule: "N5"},
		{name: "lay-off: K onto Q-K-A is still no run", onto: "10S JS QS", cards: "KS AS", rule: "N5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var v Verdict
			if tc.onto != "" {
				v = CheckLayoff(list(t, tc.onto), list(t, tc.cards))
			} else {
				v = Check(list(t, tc.cards))
			}
			if v.Valid != tc.valid || v.Kind.String() != tc.kind || v.Rule != tc.rule || tc.reason != "" && locale.English().Say(v.Reason) != tc.reason {
				t.Errorf("= %+v, want valid %v kind %q rule %s %q", v, tc.valid, tc.kind, tc.rule, tc.reason)
			}
		})
	}
}

func TestValueN1(t *testing.T) {
	for s, want := range map[string]int{"AS": 1, "7H": 7, "10D": 10, "JC": 10, "QS": 10, "KH": 10} {
		if got := Value(card(t, s)); got != want {
			t.Errorf("Value(%s) = %d, want %d", s, got, want)
		}
	}
}
