package fortune

import (
	"testing"

	"meldpad/rules/cards"
)

// TestMeldedPointsR4 is the seed's scoring table, line by line.
func TestMeldedPointsR4(t *testing.T) {
	ace15 := HouseRules{AceSet15: true}
	tests := []struct {
		name          string
		card, reading string
		kind          Kind
		aceHigh       bool
		house         HouseRules
		want          int
	}{
		{"king", "KH", "", Set, false, HouseRules{}, 10},
		{"8", "8D", "", Sequence, false, HouseRules{}, 10},
		{"7", "7D", "", Sequence, false, HouseRules{}, 5},
		{"3", "3C", "", Set, false, HouseRules{}, 5},
		{"ace played high", "AH", "", Sequence, true, HouseRules{}, 10},
		{"ace played low", "AH", "", Sequence, false, HouseRules{}, 5},
		{"ace in a set of aces", "AH", "", Set, false, HouseRules{}, 10},
		{"ace in a set of aces, house rule 15", "AH", "", Set, false, ace15, 15},
		{"queen of spades", "QS", "", Sequence, false, HouseRules{}, 50},
		{"queen of spades in a set", "QS", "", Set, false, HouseRules{}, 50},
		{"another queen", "QH", "", Set, false, HouseRules{}, 10},
		{"2 played as K", "2C", "KD", Set, false, HouseRules{}, 10},
		{"2 played as 8", "2C", "8D", Sequence, false, HouseRules{}, 10},
		{"2 played as 7", "2C", "7D", Sequence, false, HouseRules{}, 5},
		{"2 played as a 2", "2C", "2D", Sequence, false, HouseRules{}, 5},
		{"2 standing as itself", "2C", "", Sequence, false, HouseRules{}, 5},
		{"2 as the queen of spades", "2C", "QS", Sequence, false, HouseRules{}, 10},
		{"2 as a high ace", "2C", "AD", Sequence, true, HouseRules{}, 10},
		{"2 as a low ace", "2C", "AD", Sequence, false, HouseRules{}, 5},
		{"2 as an ace in a set of aces, house rule 15", "2C", "AD", Set, false, ace15, 15},
		{"a natural's reading is ignored", "7H", "KH", Set, false, HouseRules{}, 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var reading cards.Card
			if tc.reading != "" {
				reading = card(tc.reading)
			}
			if got := MeldedPoints(card(tc.card), reading, tc.kind, tc.aceHigh, tc.house); got != tc.want {
				t.Errorf("MeldedPoints(%s as %s) = %d, want %d", tc.card, tc.reading, got, tc.want)
			}
		})
	}
	t.Run("a card outside the deck scores nothing", func(t *testing.T) {
		if got := MeldedPoints(cards.Card{Rank: 7, Suit: cards.Lamps}, cards.Card{}, Set, false, HouseRules{}); got != 0 {
			t.Errorf("MeldedPoints(7 Lamps) = %d, want 0", got)
		}
		if got := MeldedPoints(card("2C"), cards.NewTrump(cards.Grue), Set, false, HouseRules{}); got != 0 {
			t.Errorf("MeldedPoints(2C as Grue) = %d, want 0", got)
		}
	})
}

// TestHeldPointsR5 is the seed's table of cards left in hand, with the
// ruling of R5 for aces and deuces.
func TestHeldPointsR5(t *testing.T) {
	tests := []struct {
		card string
		want int
	}{
		{"KS", 10}, {"QH", 10}, {"JD", 10}, {"10C", 10}, {"9S", 10}, {"8H", 10},
		{"7D", 5}, {"6C", 5}, {"5S", 5}, {"4H", 5}, {"3D", 5},
		{"QS", 50},
		{"AH", 10}, // ruling
		{"2C", 10}, // ruling
	}
	for _, tc := range tests {
		t.Run(tc.card, func(t *testing.T) {
			if got := HeldPoints(card(tc.card)); got != tc.want {
				t.Errorf("HeldPoints(%s) = %d, want %d", tc.card, got, tc.want)
			}
		})
	}
	t.Run("a card outside the deck", func(t *testing.T) {
		if got := HeldPoints(cards.NewTrump(cards.Grue)); got != 0 {
			t.Errorf("HeldPoints(Grue) = %d, want 0", got)
		}
	})
}
