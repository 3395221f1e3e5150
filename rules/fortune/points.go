package fortune

import "meldpad/rules/cards"

// isStandard reports whether c is one of the 52 standard cards, all of
// which Fortune Rummy's double deck holds twice (the decks).
func isStandard(c cards.Card) bool {
	return !c.IsTrump() && c.Suit.IsStandard() && c.Rank >= cards.Ace && c.Rank <= cards.King
}

// isDeuce reports whether c is a deuce, the wild card of R2.
func isDeuce(c cards.Card) bool { return isStandard(c) && c.Rank == 2 }

// isQueenOfSpades reports whether c is the queen of spades, the card R4,
// R5 and R7 single out.
func isQueenOfSpades(c cards.Card) bool { return c.Rank == cards.Queen && c.Suit == cards.Spades }

// MeldedPoints returns what one card scores on the table (R4). card is the
// card played; reading is what it stands for (ignored for a natural, which
// stands for itself; the zero Card means a deuce standing as itself); kind
// is the meld it sits in; aceHigh says whether an ace in a sequence sits
// above the king. Naturals: K Q J 10 9 8 score 10, 7-3 score 5, the queen
// of spades 50, an ace 10 high, 5 low and 10 in a set of aces (15 with
// HouseRules.AceSet15). A deuce scores 10 as K-8, 5 as 7-2, 10 as the
// queen of spades (not 50), and as an ace what that ace would score. A card
// that is not in Fortune Rummy's deck scores 0.
func MeldedPoints(card, reading cards.Card, kind Kind, aceHigh bool, h HouseRules) int {
	if !isStandard(card) {
		return 0
	}
	wild := card.Rank == 2
	if !wild || reading.IsZero() {
		reading = card
	}
	if !isStandard(reading) {
		return 0
	}
	return cardPoints(wild, reading, kind, aceHigh, h)
}

// cardPoints is MeldedPoints for a card already known to be standard, with
// its reading decided (R4).
func cardPoints(wild bool, reading cards.Card, kind Kind, aceHigh bool, h HouseRules) int {
	switch r := reading.Rank; {
	case r == cards.Ace && kind == Set && h.AceSet15:
		return 15
	case r == cards.Ace && (kind == Set || aceHigh):
		return 10
	case r == cards.Ace:
		return 5
	case isQueenOfSpades(reading) && !wild:
		return 50
	case r >= 8:
		return 10
	}
	return 5
}

// HeldPoints returns what a card left in hand at the end of the hand costs
// its holder (R5), as a positive number to subtract: K-8 cost 10, 7-3 cost
// 5, the queen of spades 50, and by the ruling of R5 an ace 10 and a deuce
// 10. A card that is not in Fortune Rummy's deck costs 0 (Score refuses
// such cards before counting).
func HeldPoints(c cards.Card) int {
	switch {
	case !isStandard(c):
		return 0
	case isQueenOfSpades(c):
		return 50
	case c.Rank == cards.Ace, c.Rank == 2, c.Rank >= 8:
		return 10
	}
	return 5
}
