package flathead

import (
	"math/bits"

	"meldpad/rules/cards"
)

// The Fanucci deck has fifteen suits of eleven ranks (0-9 and ∞), one copy
// of each card (the decks). A meld with a trump needs some card that
// could stand in its place (F3), so a set already holding all fifteen cards
// of its rank, or a flush holding all eleven of its suit, cannot take one.
var (
	suitsPerRank = len(cards.FanucciSuits())
	ranksPerSuit = 11
)

// colourOfSuit copies the colour table of rules/cards into an array,
// because the search for lay-offs asks for colours millions of times and
// cards keeps its table in a map. It is built from cards, so the one table
// of the decks stays there.
var colourOfSuit = func() (t [cards.Zurfs + 1]cards.Colour) {
	for s := range t {
		t[s] = cards.Suit(s).Colour()
	}
	return t
}()

// colourOf returns the colour of card c.
func colourOf(c cards.Card) cards.Colour {
	if int(c.Suit) < len(colourOfSuit) {
		return colourOfSuit[c.Suit]
	}
	return cards.NoColour
}

// infinityBit is the bit of ∞ in shape.ranks, above the ten bits of 0-9.
const infinityBit = 1 << 10

// rankBit returns the bit of rank r in shape.ranks.
func rankBit(r cards.Rank) uint16 {
	if r == cards.Infinity || r > 9 {
		return infinityBit
	}
	return 1 << r
}

// shape summarises the natural cards of a meld: how many there are, which
// ranks they have, and whether they share one suit and one colour. It is
// all F1-F4 need to say which kinds a meld is, so Check and the search for
// the losers' lay-offs (F7) judge melds by the same code. The cards must be
// distinct Fanucci suited cards.
type shape struct {
	n          int
	ranks      uint16 // rankBit of every natural card
	suit       cards.Suit
	colour     cards.Colour
	sameSuit   bool
	sameColour bool
}

// shapeOf returns the shape of the natural cards in meld, ignoring trumps.
func shapeOf(meld []cards.Card) shape {
	var s shape
	for _, c := range meld {
		if !c.IsTrump() {
			s = s.with(c)
		}
	}
	return s
}

// with returns the shape after adding the natural card c.
func (s shape) with(c cards.Card) shape {
	if s.n == 0 {
		s.suit, s.colour, s.sameSuit, s.sameColour = c.Suit, colourOf(c), true, true
	} else {
		s.sameSuit = s.sameSuit && c.Suit == s.suit
		s.sameColour = s.sameColour && colourOf(c) == s.colour
	}
	s.n++
	s.ranks |= rankBit(c.Rank)
	return s
}

// sameRank reports whether every natural card has one rank.
func (s shape) sameRank() bool { return s.n > 0 && bits.OnesCount16(s.ranks) == 1 }

// rank returns the lowest rank present (∞ counting above 9): the rank of
// a set.
func (s shape) rank() cards.Rank {
	if r := s.ranks &^ infinityBit; r != 0 {
		return cards.Rank(bits.TrailingZeros16(r))
	}
	return cards.Infinity
}

// span returns the lowest and highest rank present among 0-9.
func (s shape) span() (lo, hi int) {
	r := s.ranks &^ infinityBit
	if r == 0 {
		return 0, -1
	}
	return bits.TrailingZeros16(r), 15 - bits.LeadingZeros16(r)
}

// gaps returns how many ranks between the lowest and the highest are
// missing.
func (s shape) gaps() int {
	lo, hi := s.span()
	return hi - lo + 1 - bits.OnesCount16(s.ranks&^infinityBit)
}

// runnable reports whether the naturals could belong to one run: one
// colour, no ∞ (F2) and no rank twice.
func (s shape) runnable() bool {
	return s.sameColour && s.ranks&infinityBit == 0 && bits.OnesCount16(s.ranks) == s.n
}

// kinds returns every kind the meld is, given its naturals and whether it
// also holds one trump. The caller has checked the card count (F1) and
// that there is at most one trump (F3).
func (s shape) kinds(trump bool) kindSet {
	var ks kindSet
	for _, k := range preference {
		if s.is(k, trump) {
			ks.add(k)
		}
	}
	return ks
}

// is reports whether the meld is of kind k, given its naturals and whether
// it also holds one trump. With a trump the meld is valid if some card
// could stand in the trump's place (F3), and it is never a bonus meld (F4,
// the seed's Grue ruling).
func (s shape) is(k Kind, trump bool) bool {
	if s.n == 0 {
		return false
	}
	switch k {
	case Set:
		return s.sameRank() && (!trump || s.n < suitsPerRank)
	case Infinity:
		return !trump && s.ranks == infinityBit
	case ColorSet:
		return !trump && s.sameRank() && s.sameColour
	case Flush:
		return s.sameSuit && (!trump || s.n < ranksPerSuit)
	case Run, FlushRun:
		if !s.runnable() || k == FlushRun && (trump || !s.sameSuit) {
			return false
		}
		gaps := s.gaps()
		if !trump {
			return gaps == 0
		}
		// The trump fills the one missing rank, or extends an end; an end
		// at 9 cannot be extended upwards, since ∞ never follows 9 (F2).
		lo, hi := s.span()
		return gaps == 1 || gaps == 0 && (lo > 0 || hi < 9)
	}
	return false
}
