package fan

import "meldpad/rules/cards"

// Value returns the deadwood value of a card (N1): an ace counts 1, 2-10
// their face value, and J, Q and K 10 each. The knock card's value is also
// the most deadwood a player may knock with (N1, N4). A card that is not in
// the standard deck is worth 0.
func Value(c cards.Card) int {
	if _, ok := index(c); !ok {
		return 0
	}
	if c.Rank >= cards.Ten {
		return 10
	}
	return int(c.Rank)
}

// deckSize is the number of cards in Fan Rummy's one standard deck (§1).
const deckSize = 52

// index returns the card's place in rank-major order (AS=0, AH=1, ...,
// KC=51) and whether it is a card of the standard deck at all. Rank-major
// order puts every meld's cards above its lowest card, which the deadwood
// search relies on: a set fills one block of four, a run climbs in steps
// of four.
func index(c cards.Card) (int, bool) {
	if c.Trump != cards.NoTrump || !c.Suit.IsStandard() || c.Rank < cards.Ace || c.Rank > cards.King {
		return 0, false
	}
	return (int(c.Rank)-1)*4 + int(c.Suit-cards.Spades), true
}

// cardAt is the inverse of index.
func cardAt(i int) cards.Card {
	return cards.Card{Rank: cards.Rank(i/4 + 1), Suit: cards.Spades + cards.Suit(i%4)}
}
