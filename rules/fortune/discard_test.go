package fortune

import (
	"testing"

	"meldpad/rules/ruling"
)

func TestCheckDiscardR7(t *testing.T) {
	tests := []struct {
		name     string
		card     string
		lastCard bool
		allowed  bool
	}{
		{"the queen of spades mid-hand", "QS", false, false},
		{"the queen of spades when going out", "QS", true, true},
		{"another queen mid-hand", "QH", false, true},
		{"any other card", "2C", false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckDiscard(card(tc.card), tc.lastCard)
			if (err == nil) != tc.allowed {
				t.Fatalf("CheckDiscard(%s, %v) = %v; allowed should be %v", tc.card, tc.lastCard, err, tc.allowed)
			}
			if err != nil {
				if rule, ok := ruling.RuleOf(err); !ok || rule != "R7" {
					t.Errorf("rule = %q, %v; want R7", rule, ok)
				}
			}
		})
	}
}
