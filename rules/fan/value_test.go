package fan

import (
	"testing"

	"meldpad/rules/cards"
)

func TestValueN1(t *testing.T) {
	tests := []struct {
		card string
		want int
	}{
		{"AS", 1}, {"2H", 2}, {"7D", 7}, {"9C", 9}, {"10S", 10}, {"JH", 10}, {"QD", 10}, {"KC", 10},
	}
	for _, tc := range tests {
		t.Run(tc.card, func(t *testing.T) {
			if got := Value(card(t, tc.card)); got != tc.want {
				t.Errorf("Value(%s) = %d, want %d", tc.card, got, tc.want)
			}
		})
	}
	t.Run("not a standard card", func(t *testing.T) {
		for _, c := range []cards.Card{{}, {Rank: 7, Suit: cards.Lamps}, cards.NewTrump(cards.Grue), {Rank: 14, Suit: cards.Spades}} {
			if got := Value(c); got != 0 {
				t.Errorf("Value(%v) = %d, want 0", c, got)
			}
		}
	})
}

func TestIndexRoundTrip(t *testing.T) {
	for g := range deckSize {
		if back, ok := index(cardAt(g)); !ok || back != g {
			t.Fatalf("index(cardAt(%d)) = %d, %v", g, back, ok)
		}
	}
}
