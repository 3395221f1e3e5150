package fan

import (
	"math/rand"
	"slices"
	"testing"

	"meldpad/rules/cards"
)

func TestDeadwoodN3(t *testing.T) {
	tests := []struct {
		name     string
		hand     string
		melds    string // melds separated by |, as Deadwood orders them; "" for none
		deadwood string
		value    int
	}{
		{"the API's gin hand", "AS 2S 3S 4H 4D 4C 7C 8C 9C 10C", "AS 2S 3S|4H 4D 4C|7C 8C 9C 10C", "", 0},
		{"the API's defender has no meld", "KS KH 5D 6D 2H 9H JD QC 3D 8S", "", "2H 3D 5D 6D 8S 9H JD QC KS KH", 73},
		// 7S goes to the run and 7H 7D 7C still make a set.
		{"a card goes where both melds stand", "7S 8S 9S 7H 7D 7C", "7S 8S 9S|7H 7D 7C", "", 0},
		// The run 5-6-7S leaves 7H 7D (14); the set 7S 7H 7D leaves 5S 6S (11).
		{"the set beats the run", "5S 6S 7S 7H 7D", "7S 7H 7D", "5S 6S", 11},
		// The set of four leaves 8S 9S (17); the run and a set of three
		// leave nothing.
		{"a set of three and a run beat a set of four", "7S 7H 7D 7C 8S 9S", "7S 8S 9S|7H 7D 7C", "", 0},
		{"Q-K-A is not a run", "QS KS AS", "", "AS QS KS", 21},
		{"a long run is one meld", "3H 4H 5H 6H 7H 8H 9H AS AD AC", "AS AD AC|3H 4H 5H 6H 7H 8H 9H", "", 0},
		{"empty hand", "", "", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Deadwood(list(t, tc.hand))
			var want [][]cards.Card
			if tc.melds != "" {
				want = melds(t, tc.melds)
			}
			if !slices.EqualFunc(got.Melds, want, slices.Equal) || !slices.Equal(got.Deadwood, list(t, tc.deadwood)) || got.Value != tc.value {
				t.Errorf("Deadwood(%s) = %v, want melds %v, deadwood %s (%d)", tc.hand, got, want, tc.deadwood, tc.value)
			}
		})
	}
}

func TestDeadwoodN3OddInput(t *testing.T) {
	lamp := cards.Card{Rank: 7, Suit: cards.Lamps}
	got := Deadwood([]cards.Card{card(t, "7S"), card(t, "7S"), card(t, "7H"), card(t, "7D"), lamp})
	if len(got.Melds) != 1 || got.Value != 7 || len(got.Deadwood) != 2 {
		t.Errorf("a second 7S and a Fanucci card must stay deadwood: %v", got)
	}
	// The whole deck melds completely: a big hand must still be exact.
	var deck []cards.Card
	for g := range deckSize {
		deck = append(deck, cardAt(g))
	}
	if got := Deadwood(deck); got.Value != 0 || len(got.Melds) == 0 {
		t.Errorf("Deadwood(deck) = %v, want all melded", got)
	}
}

// TestDeadwoodN3Symmetry checks that the order of the cards and a
// relabelling of the suits never change the least deadwood.
func TestDeadwoodN3Symmetry(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for range 2000 {
		d := randomDeal(rng)
		h := d.Hands[0]
		want := Deadwood(h).Value
		shuffled := slices.Clone(h)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		if got := Deadwood(shuffled).Value; got != want {
			t.Fatalf("Deadwood changed with the order of %v: %d vs %d", h, got, want)
		}
		perm := rng.Perm(4)
		if got := Deadwood(relabel(h, perm)).Value; got != want {
			t.Fatalf("Deadwood changed with suits relabelled %v: %d vs %d", perm, got, want)
		}
	}
}

// relabel maps suit s to suit perm[s-1]+1 in every card.
func relabel(cs []cards.Card, perm []int) []cards.Card {
	out := make([]cards.Card, len(cs))
	for i, c := range cs {
		c.Suit = cards.Suit(perm[c.Suit-1] + 1)
		out[i] = c
	}
	return out
}
