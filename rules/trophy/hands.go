package trophy

import "meldpad/rules/cards"

// holdings tracks what each seat whose hand is known still holds as the
// trick goes on, counted by suit so that the following and folding checks
// of T2 and T3 cost no search; and what every seat has played, since no
// seat plays more cards on a trick than were dealt to it (T6).
type holdings struct {
	known  [MaxPlayers]bool
	holder [deckSize]int8 // seat+1 holding the card, 0 for nobody known
	suits  [MaxPlayers][cards.Zurfs + 1]uint8
	size   [MaxPlayers]uint8
	hands  [][]cards.Card
	played [MaxPlayers]uint8 // cards each seat has played on the trick
	dealt  uint8             // cards dealt to each seat: HandSize
}

// newHoldings records the hands of t. Cards are valid and distinct: the
// trick was validated.
func newHoldings(t *Trick) holdings {
	h := holdings{hands: t.Hands, dealt: uint8(HandSize(t.Players))}
	for seat, hand := range t.Hands {
		if len(hand) == 0 {
			continue
		}
		h.known[seat] = true
		h.size[seat] = uint8(len(hand))
		for _, c := range hand {
			i, _ := deckIndex(c)
			h.holder[i] = int8(seat + 1)
			if !c.IsTrump() {
				h.suits[seat][c.Suit]++
			}
		}
	}
	return h
}

// holder returns the seat known to hold c, or -1.
func (h *holdings) holderOf(c cards.Card) int {
	i, _ := deckIndex(c)
	return int(h.holder[i]) - 1
}

// play counts a card seat has just played, and takes it out of its
// holder's hand.
func (h *holdings) play(seat int, c cards.Card) {
	h.played[seat]++
	h.remove(c)
}

// remove takes c, just played, out of its holder's hand.
func (h *holdings) remove(c cards.Card) {
	i, _ := deckIndex(c)
	seat := int(h.holder[i]) - 1
	if seat < 0 {
		return
	}
	h.holder[i] = 0
	h.size[seat]--
	if !c.IsTrump() {
		h.suits[seat][c.Suit]--
	}
}

// outOfCards reports whether seat is known to hold no cards (T6): its
// hand is given and played out, or it has played on this trick every
// card dealt to it, whatever its hand.
func (h *holdings) outOfCards(seat int) bool {
	return h.known[seat] && h.size[seat] == 0 || h.played[seat] >= h.dealt
}

// holdsColour reports whether seat still holds a suited card of colour.
func (h *holdings) holdsColour(seat int, colour cards.Colour) bool {
	for _, s := range suitsOf[colour] {
		if s != cards.NoSuit && h.suits[seat][s] > 0 {
			return true
		}
	}
	return false
}

// onlyTrumps reports whether seat holds cards, all of them trumps (T1).
func (h *holdings) onlyTrumps(seat int) bool {
	if h.size[seat] == 0 {
		return false
	}
	for _, n := range h.suits[seat] {
		if n > 0 {
			return false
		}
	}
	return true
}

// heldWhere returns a card that seat still holds and that match accepts,
// to name it in a verdict, and whether there is one.
func (h *holdings) heldWhere(seat int, match func(cards.Card) bool) (cards.Card, bool) {
	for _, c := range h.hands[seat] {
		if match(c) && h.holderOf(c) == seat {
			return c, true
		}
	}
	return cards.Card{}, false
}

// suitsOf holds Colour.Suits of rules/cards' one colour table (the rules
// §1) in arrays, so that the checks of every turn do not allocate.
var suitsOf = func() (out [cards.Yellow + 1][3]cards.Suit) {
	for _, colour := range cards.FanucciColours() {
		copy(out[colour][:], colour.Suits())
	}
	return out
}()
