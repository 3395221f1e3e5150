package flathead

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"

	"meldpad/rules/cards"
)

// orderLayoffs lists the losers' lay-offs in an order in which they can be
// made: meld by meld in table order, each meld's in the order meldOrder
// finds. Lay-offs onto different melds never get in each other's way
// (bestLayoffs, fact 1), so any order of the melds will do. Consecutive
// cards of one seat onto one meld are laid off together, in one lay-off
// (F7).
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
// meld is valid after every lay-off (F5, F7), each lay-off being one
// seat's cards. It tries every order: from the cards laid so far, each
// seat in turn (lowest first) lays off one of its cards (in hand order),
// or failing that two together, and so on, and the search goes on from
// there, remembering the sets of cards from which the rest cannot follow.
// So it finds an order whenever there is one, and takes the cards one at
// a time, by seat and hand order, wherever the rules allow. It returns an
// error if there is none; the search never chooses such cards.
func meldOrder(base []cards.Card, added []laidCard) ([]laidCard, error) {
	added = slices.SortedFunc(slices.Values(added), func(a, b laidCard) int {
		return cmp.Or(a.seat-b.seat, a.pos-b.pos)
	})
	if len(added) > 64 {
		return nil, fmt.Errorf("%d cards to lay off onto one meld", len(added))
	}
	valid := layoffCheck(base, added)
	seats := bySeat(added)
	all := ^uint64(0) >> (64 - len(added))
	stuck := map[uint64]bool{}
	var steps []uint64 // the lay-offs, last first
	var from func(on uint64) bool
	from = func(on uint64) bool {
		if on == all {
			return true
		}
		if stuck[on] {
			return false
		}
		for _, seat := range seats {
			var left []int
			for _, i := range seat {
				if on&(1<<i) == 0 {
					left = append(left, i)
				}
			}
			for size := 1; size <= len(left); size++ {
				for pick := uint64(1)<<size - 1; pick < 1<<len(left); pick = nextPick(pick) {
					group := picked(left, pick)
					if valid(on|group) && from(on|group) {
						steps = append(steps, group)
						return true
					}
				}
			}
		}
		stuck[on] = true
		return false
	}
	if !from(0) {
		return nil, fmt.Errorf("no order lays off %v onto %v", cards.Strings(cardsOf(added)), cards.Strings(base))
	}
	var out []laidCard
	for _, group := range slices.Backward(steps) {
		for i := range added {
			if group&(1<<i) != 0 {
				out = append(out, added[i])
			}
		}
	}
	return out, nil
}

// layoffCheck returns valid, which reports whether the meld base with
// the cards of set (bits of added) on it is a meld (F1-F3); the cards
// are distinct Fanucci cards and the meld on the table already holds
// three or more, two of them natural.
func layoffCheck(base []cards.Card, added []laidCard) (valid func(set uint64) bool) {
	baseShape, baseTrumps := shapeOf(base), 0
	for _, c := range base {
		if c.IsTrump() {
			baseTrumps++
		}
	}
	return func(set uint64) bool {
		s, trumps := baseShape, baseTrumps
		for i := range added {
			if set&(1<<i) == 0 {
				continue
			}
			if c := added[i].card; c.IsTrump() {
				trumps++
			} else {
				s = s.with(c)
			}
		}
		return trumps <= 1 && s.kinds(trumps == 1) != 0
	}
}

// bySeat is the indices into added, sorted by seat, of each seat's
// cards.
func bySeat(added []laidCard) [][]int {
	var seats [][]int
	for i, l := range added {
		if i == 0 || l.seat != added[i-1].seat {
			seats = append(seats, nil)
		}
		seats[len(seats)-1] = append(seats[len(seats)-1], i)
	}
	return seats
}

// picked is the set of cards (bits of added) that pick chooses among
// left (indices into added).
func picked(left []int, pick uint64) uint64 {
	var group uint64
	for b, i := range left {
		if pick&(1<<b) != 0 {
			group |= 1 << i
		}
	}
	return group
}

// nextPick returns the next larger number with as many bits set as pick
// (Gosper's hack): the subsets of one size in increasing order.
func nextPick(pick uint64) uint64 {
	low := pick & -pick
	ripple := pick + low
	return ripple | (pick^ripple)>>(2+bits.TrailingZeros64(low))
}

// cardsOf returns the laid cards' cards.
func cardsOf(laid []laidCard) []cards.Card {
	out := make([]cards.Card, len(laid))
	for i, l := range laid {
		out[i] = l.card
	}
	return out
}
