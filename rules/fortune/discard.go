package fortune

import (
	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// CheckDiscard says whether a player may discard c (R7): any card may be
// discarded except the queen of spades, which may go to the discard pile
// only as the player's last card, when going out. lastCard reports whether
// c is the last card in the player's hand. The error is a *ruling.Error
// with rule R7.
func CheckDiscard(c cards.Card, lastCard bool) error {
	if isQueenOfSpades(c) && !lastCard {
		return ruling.Refuse("R7", ruling.Prefixed("fortune", msg.New("fortune.queen_discard")))
	}
	return nil
}
