package blackheart

import "meldpad/rules/cards"

// Points of B7 that are not a single card's value.
const (
	// RoyalePoints is what a Diamond Royale scores in total, instead of
	// the 45 its three cards would (B3, B7).
	RoyalePoints = 150
	// GoingOutBonus is scored by the player who goes out (B7).
	GoingOutBonus = 25
	// BlackHeartBonusPerPlayer is scored, for each player in the game, by
	// a player who goes out with a Black Heart, on top of GoingOutBonus
	// (B6, B7).
	BlackHeartBonusPerPlayer = 25
)

// The three diamonds of the deck, which are the wild cards and the Royale.
var (
	jackOfDiamonds  = cards.Card{Rank: cards.Jack, Suit: cards.Diamonds}
	queenOfDiamonds = cards.Card{Rank: cards.Queen, Suit: cards.Diamonds}
	kingOfDiamonds  = cards.Card{Rank: cards.King, Suit: cards.Diamonds}
)

// CardPoints returns what c is worth, played (+) or held (-), by the chart
// of B7: A 15; 2-9 5; 10 10; black J Q K 10; JD 10, QD 15, KD 20, also when
// a diamond stands for another card. A card the Black Heart deck does not
// hold is worth 0. A Royale scores RoyalePoints as a whole, not the sum of
// its cards.
func CardPoints(c cards.Card) int {
	if !inDeck(c) {
		return 0
	}
	switch c {
	case jackOfDiamonds:
		return 10
	case queenOfDiamonds:
		return 15
	case kingOfDiamonds:
		return 20
	}
	switch {
	case c.Rank == cards.Ace:
		return 15
	case c.Rank < cards.Ten:
		return 5
	}
	return 10 // tens and the black court cards
}
