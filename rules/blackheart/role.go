package blackheart

import (
	"strconv"

	"meldpad/rules/cards"
)

// Part is what a card does in a valid set: it makes the rank or the
// sequence, it escorts a black court card, or it is one third of a Royale.
type Part uint8

// The parts a card can play. NoPart is the zero value and never appears in
// a valid verdict.
const (
	NoPart Part = iota
	// Member cards make the rank of a group or the sequence of a series;
	// only they count towards the minimum of three (B1).
	Member
	// Escort is a heart (or JD or KD standing for one) that accompanies a
	// black court card (B2).
	Escort
	// RoyaleCard is one of JD, QD, KD in the Diamond Royale (B3).
	RoyaleCard
)

var partNames = [...]string{"none", "member", "escort", "royale"}

// String returns "member", "escort" or "royale".
func (p Part) String() string {
	if int(p) < len(partNames) {
		return partNames[p]
	}
	return "Part(" + strconv.Itoa(int(p)) + ")"
}

// Role is how one card of a set was read, so that the scorepad can draw the
// set as the table reads it: Q♠/6♥ pairs, and JD as 7♥.
type Role struct {
	// Part says whether the card is a member, an escort or a Royale card.
	Part Part
	// As is the card a wild diamond stands for (B3); it is the zero Card
	// for a card read as itself, a diamond in a group of its own rank
	// included.
	As cards.Card
	// Court is, for an escort, the index in the set of the black court card
	// it escorts (B2); it is -1 for every other card.
	Court int
}

// Wild reports whether the card stands for another card.
func (r Role) Wild() bool { return !r.As.IsZero() }

// String returns "member", "escort of 0", "member as 5C" and the like, for
// test output and logs.
func (r Role) String() string {
	s := r.Part.String()
	if r.Part == Escort {
		s += " of " + strconv.Itoa(r.Court)
	}
	if r.Wild() {
		s += " as " + r.As.String()
	}
	return s
}
