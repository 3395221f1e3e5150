package trophy

import (
	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// CardPoints returns what c is worth to the player who wins the trick it
// was played on (T7): an 8 or a 9 is 1 point, an ∞ 2 points, a zero 1 point
// only if a trump was played on the trick, and anything else, trumps
// included, nothing.
func CardPoints(c cards.Card, trumped bool) int {
	if c.IsTrump() || !c.Suit.IsFanucci() {
		return 0
	}
	switch c.Rank {
	case 8, 9:
		return 1
	case cards.Infinity:
		return 2
	case 0:
		if trumped {
			return 1
		}
	}
	return 0
}

// Counted is one card that scores on a trick: who played it, and what it is
// worth to the winner (T7). The cards that score nothing are left out.
type Counted struct {
	Seat   int
	Card   cards.Card
	Points int
}

// count returns the trick's points and the cards that make them, in play
// order. Every card played counts, whoever played it and whether or not
// they folded later (T7). The grey zero of a player out of cards (T6) is
// not a card on the trick and scores nothing, even after a trump.
func count(plays []Play, trumped bool) (int, []Counted) {
	total := 0
	var counted []Counted
	for _, p := range plays {
		if p.Fold {
			continue
		}
		if pts := CardPoints(p.Card, trumped); pts > 0 {
			total += pts
			counted = append(counted, Counted{Seat: p.Seat, Card: p.Card, Points: pts})
		}
	}
	return total, counted
}

// TrickPoints counts a trick known only by its cards, in no order and
// without seats, as a scorepad's quick entry records it (T7): zeros score
// when a trump is among the cards. It returns the points, each card's
// points (parallel to heap), and whether a trump was played. A trick holds
// at most one trump, because the first trump ends it (T5); more is a
// *ruling.Error.
func TrickPoints(heap []cards.Card) (int, []int, bool, error) {
	trumps := 0
	for _, c := range heap {
		if c.IsTrump() {
			trumps++
		}
	}
	if trumps > 1 {
		return 0, nil, true, ruling.Refuse("T5", ruling.Prefixed("trophy", msg.New("trophy.one_trump")))
	}
	trumped := trumps == 1
	total, each := 0, make([]int, len(heap))
	for i, c := range heap {
		each[i] = CardPoints(c, trumped)
		total += each[i]
	}
	return total, each, trumped, nil
}
