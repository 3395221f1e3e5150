package flathead

import (
	"cmp"
	"fmt"
	"slices"

	"meldpad/rules/cards"
)

// orderLayoffs lists the losers' lay-offs in an order in which they can be
// made: each meld's, lowest-numbered meld first, in the order meldOrder
// gives. Consecutive cards of one seat onto one meld are laid off
// together, in one lay-off (F7).
func orderLayoffs(table [][]cards.Card, laid []laidCard) ([]Layoff, error) {
	onto := make([][]laidCard, len(table))
	for _, l := range laid {
		onto[l.meld] = append(onto[l.meld], l)
	}
	var out []Layoff
	for m, added := range onto {
		if len(added) == 0 {
			continue
		}
		ordered, err := meldOrder(table[m], added)
		if err != nil {
			return nil, fmt.Errorf("flathead: internal error: table meld %d: %w", m, err)
		}
		for _, l := range ordered {
			out = append(out, Layoff{Seat: l.seat, Card: l.card, Meld: m})
		}
	}
	return out, nil
}

// meldOrder orders the cards the losers lay off onto one meld so that the
// meld is valid after every lay-off (F5, F7), taking them by seat and hand
// order wherever the rules allow:
//   - a meld that ends as a set or a flush takes them in that order;
//   - a meld that ends as a run (and not a flush) keeps being a run: of
//     its cards, in that order, the first that leaves it a run is laid
//     off next, the trump included;
//   - a meld of one suit with gaps that ends as a run first takes the
//     cards of its suit inside its gaps, which leave it a flush, then the
//     cards one loser holds for the gaps left, together, with its trump
//     first if they need it (F7).
//
// It returns an error if the cards cannot be laid off in any such order;
// the search never chooses such cards.
func meldOrder(base []cards.Card, added []laidCard) ([]laidCard, error) {
	remaining := slices.SortedFunc(slices.Values(added), func(a, b laidCard) int {
		return cmp.Or(a.seat-b.seat, a.pos-b.pos)
	})
	current := slices.Clone(base)
	var out []laidCard
	layOff := func(group []laidCard) bool {
		cs := make([]cards.Card, len(group))
		for i, l := range group {
			cs[i] = l.card
		}
		if !CheckLayoff(current, cs).Valid {
			return false
		}
		current = append(current, cs...)
		out = append(out, group...)
		remaining = slices.DeleteFunc(remaining, func(l laidCard) bool { return slices.Contains(cs, l.card) })
		return true
	}

	whole := slices.Clone(base)
	for _, l := range added {
		whole = append(whole, l.card)
	}
	end, start := shapeOf(whole), shapeOf(base)
	mustRun := !end.sameRank() && !end.sameSuit
	if mustRun && start.sameSuit && !isRun(current) {
		lo, hi := start.span()
		inGap := func(c cards.Card) bool {
			return !c.IsTrump() && int(c.Rank) > lo && int(c.Rank) < hi
		}
		for _, l := range slices.Clone(remaining) {
			if inGap(l.card) && l.card.Suit == start.suit {
				layOff([]laidCard{l}) // a flush takes any card of its suit
			}
		}
		for !isRun(current) {
			opened := false
			for _, seat := range seatsOf(remaining) {
				var group []laidCard
				for _, l := range remaining {
					if l.seat == seat && inGap(l.card) {
						group = append(group, l)
					}
				}
				if len(group) > 0 && isRun(appendCards(current, group)) && layOff(group) {
					opened = true
					break
				}
			}
			if opened {
				continue
			}
			// The gaps need the trump's allowance: the trump goes first.
			i := slices.IndexFunc(remaining, func(l laidCard) bool { return l.card.IsTrump() })
			if i < 0 || !layOff(remaining[i:i+1]) {
				return nil, fmt.Errorf("no loser can make %v a run", cards.Strings(current))
			}
		}
	}
	for len(remaining) > 0 {
		i := slices.IndexFunc(remaining, func(l laidCard) bool {
			next := appendCards(current, []laidCard{l})
			return CheckLayoff(current, []cards.Card{l.card}).Valid && (!mustRun || isRun(next))
		})
		if i < 0 {
			return nil, fmt.Errorf("none of %v can join %v next", remaining, cards.Strings(current))
		}
		layOff(remaining[i : i+1])
	}
	return out, nil
}

// isRun reports whether a meld is valid as a run (F1-F3).
func isRun(meld []cards.Card) bool {
	return Check(meld).Valid && shapeOf(meld).is(Run, hasTrump(meld))
}

// appendCards returns a copy of meld with the laid cards added.
func appendCards(meld []cards.Card, laid []laidCard) []cards.Card {
	out := slices.Clone(meld)
	for _, l := range laid {
		out = append(out, l.card)
	}
	return out
}

// seatsOf returns the seats holding the cards, in seat order.
func seatsOf(laid []laidCard) []int {
	var seats []int
	for _, l := range laid {
		if !slices.Contains(seats, l.seat) {
			seats = append(seats, l.seat)
		}
	}
	slices.Sort(seats)
	return seats
}
