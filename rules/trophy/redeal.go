package trophy

import "meldpad/rules/cards"

// MustRedeal reports whether a player about to lead with hand must show it
// instead, so that all hands are redealt: the hand holds cards, and every
// one of them is a trump, while a lead must be a suited card (T1). An empty
// hand never leads, because running out of cards ends the hand (T6).
func MustRedeal(hand []cards.Card) bool {
	for _, c := range hand {
		if !c.IsTrump() {
			return false
		}
	}
	return len(hand) > 0
}
