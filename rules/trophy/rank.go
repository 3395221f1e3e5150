package trophy

import "meldpad/rules/cards"

// Strengths of T4, highest wins. In-colour cards take 11 steps per suit
// tier above inColour; a trump is above them all.
const (
	greyZero    = 0  // T6: a player out of cards, and any non-card
	outOfColour = 1  // T4: every out-of-colour card, all alike
	inColour    = 10 // T4: the led suit's 0; tiers and ranks add to it
	trumpRank   = 100
)

// rankIndex returns a Fanucci rank's place within its suit, 0-9 then ∞ as
// 10 (T4: 0 < 1 < ... < 9 < ∞).
func rankIndex(r cards.Rank) int {
	if r == cards.Infinity {
		return 10
	}
	return int(r)
}

// Order ranks the cards of one trick as T4 does. The rank of an in-colour
// card depends on the order in which the suits of the led colour first
// appear on the trick: the led suit lowest, the second suit above it, the
// third above that. So an Order is fed the trick's cards as they are played
// (See) and ranks cards against what it has seen (Strength, Compare).
//
// The zero Order has seen nothing; the first suited card it sees is the
// lead.
type Order struct {
	tiers [3]cards.Suit // suits of the led colour by first appearance; tiers[0] is led
	seen  int           // how many of tiers are filled
}

// See records that c was played on the trick, in play order. The first
// suited card seen is the lead; an in-colour card of a suit not seen before
// gives that suit the next tier (T4). Trumps, out-of-colour cards and
// cards that are not Fanucci suited cards change nothing.
func (o *Order) See(c cards.Card) {
	if c.IsTrump() || !c.Suit.IsFanucci() || o.seen == len(o.tiers) {
		return
	}
	if o.seen > 0 && c.Suit.Colour() != o.tiers[0].Colour() {
		return
	}
	for _, s := range o.tiers[:o.seen] {
		if s == c.Suit {
			return
		}
	}
	o.tiers[o.seen] = c.Suit
	o.seen++
}

// Led returns the led suit, or cards.NoSuit before the lead.
func (o Order) Led() cards.Suit { return o.tiers[0] }

// Strength returns c's rank in the trick as a number: a higher number
// beats a lower one (T4). A trump beats everything; an in-colour card
// beats every out-of-colour card, and in-colour cards rank by the tier of
// their suit, then by number (0 < ... < 9 < ∞); all out-of-colour cards
// rank alike, above only the grey zero of a player out of cards (T6),
// which the zero Card stands for. An in-colour card of a suit not seen yet
// ranks as if its suit came next; before the lead, any suited card ranks
// as the lead would.
func (o Order) Strength(c cards.Card) int {
	if c.IsTrump() {
		if _, ok := deckIndex(c); ok {
			return trumpRank
		}
		return greyZero
	}
	if _, ok := deckIndex(c); !ok {
		return greyZero
	}
	if o.seen > 0 && c.Suit.Colour() != o.tiers[0].Colour() {
		return outOfColour
	}
	tier := o.seen
	for i, s := range o.tiers[:o.seen] {
		if s == c.Suit {
			tier = i
			break
		}
	}
	return inColour + 11*tier + rankIndex(c.Rank)
}

// Compare returns +1 if a ranks above b in the trick, -1 if below, and 0
// if they rank alike (two out-of-colour cards, or two cards that are
// both no card). See Strength for the ranking.
func (o Order) Compare(a, b cards.Card) int {
	sa, sb := o.Strength(a), o.Strength(b)
	switch {
	case sa > sb:
		return 1
	case sa < sb:
		return -1
	}
	return 0
}

// Highest returns the index in played (the trick's cards in play order,
// the lead first) of the card that ranks highest (T4), or -1 if played is
// empty. Among cards that rank alike the earliest wins, though on a real
// trick that never matters: the lead is in colour, so the highest card is
// always in colour or a trump, and each card exists once.
func Highest(played []cards.Card) int {
	var o Order
	best, bestStrength := -1, -1
	for i, c := range played {
		o.See(c)
		if s := o.Strength(c); s > bestStrength {
			best, bestStrength = i, s
		}
	}
	return best
}
