package cards

import "strconv"

// Rank is the rank of a suited card. Standard ranks run from Ace (1) to
// King (13); Fanucci ranks run from 0 to 9 plus Infinity. Which reading
// applies is decided by the card's suit.
type Rank uint8

// Standard court and ace ranks; pips are their own numbers (Rank(7) is a 7).
const (
	Ace   Rank = 1
	Ten   Rank = 10
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
)

// Infinity is the highest Fanucci rank (∞). It is deliberately not 10, so
// that no arithmetic on ranks can make it "follow" 9 (Flathead F2).
const Infinity Rank = 20

// String returns the rank as written in card notation: A 2..10 J Q K for
// standard ranks, ∞ for Infinity, and the digit for Fanucci ranks 0..9
// (Rank(1) prints as "A"; use Card.String for a Fanucci 1).
func (r Rank) String() string {
	switch r {
	case Ace:
		return "A"
	case Jack:
		return "J"
	case Queen:
		return "Q"
	case King:
		return "K"
	case Infinity:
		return "∞"
	}
	return strconv.Itoa(int(r))
}

// Trump is one of the nine Fanucci trump cards. Trumps have no rank and no
// suit.
type Trump uint8

// The nine Fanucci trumps. TimeTrump is the trump called Time; the suit of
// the same name is Time.
const (
	NoTrump Trump = iota
	Beauty
	Death
	Granola
	Grue
	Jester
	Light
	Lobster
	Snail
	TimeTrump
)

var trumpNames = [...]string{"", "Beauty", "Death", "Granola", "Grue", "Jester", "Light", "Lobster", "Snail", "Time"}

// Trumps lists the nine trumps in canonical order.
func Trumps() []Trump {
	return []Trump{Beauty, Death, Granola, Grue, Jester, Light, Lobster, Snail, TimeTrump}
}

// String returns the trump's name as printed on the card.
func (t Trump) String() string {
	if int(t) < len(trumpNames) {
		return trumpNames[t]
	}
	return "Trump(" + strconv.Itoa(int(t)) + ")"
}

// Card is one playing card of any meldpad deck: a standard card, a Fanucci
// suited card, or a Fanucci trump. The zero Card is no card. Cards are
// comparable and can be map keys.
type Card struct {
	Rank  Rank
	Suit  Suit
	Trump Trump
}

// NewTrump returns the trump card t.
func NewTrump(t Trump) Card { return Card{Trump: t} }

// IsZero reports whether c is the zero Card, which stands for no card.
func (c Card) IsZero() bool { return c == Card{} }

// IsTrump reports whether c is a Fanucci trump.
func (c Card) IsTrump() bool { return c.Trump != NoTrump }

// IsFanucci reports whether c belongs to the Fanucci deck (suited or trump).
func (c Card) IsFanucci() bool { return c.IsTrump() || c.Suit.IsFanucci() }

// Colour returns the colour of the card's suit; trumps have NoColour.
func (c Card) Colour() Colour { return c.Suit.Colour() }

// String returns the canonical card notation: "10H", "QS",
// "7 Lamps", "∞ Tops", "Grue".
func (c Card) String() string {
	switch {
	case c.IsTrump():
		return c.Trump.String()
	case c.Suit.IsFanucci():
		r := strconv.Itoa(int(c.Rank))
		if c.Rank == Infinity {
			r = "∞"
		}
		return r + " " + c.Suit.String()
	case c.Suit.IsStandard():
		return c.Rank.String() + c.Suit.Letter()
	}
	return "no card"
}

// Play is a card as it is put on the table: the card itself and, for a
// wild card whose reading the player declared ("2C=KD"), the card it
// stands for. As is the zero Card when nothing was declared.
type Play struct {
	Card Card
	As   Card
}

// Declared reports whether the play carries a declared reading.
func (p Play) Declared() bool { return !p.As.IsZero() }

// String returns "2C=KD" for a declared play and the card alone otherwise.
func (p Play) String() string {
	if p.Declared() {
		return p.Card.String() + "=" + p.As.String()
	}
	return p.Card.String()
}

// Strings returns the canonical notation of each card.
func Strings(cs []Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// Face is a card as its face shows it, for a message beside the chips:
// a standard card's suit by its symbol ("Q♠"), a Fanucci card as
// printed. A message names a Card by its notation ("QS").
type Face Card

// FacePlay is a play as its faces show it: "2♣=K♦".
type FacePlay Play
