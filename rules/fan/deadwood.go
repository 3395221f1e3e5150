package fan

import (
	"math/bits"

	"meldpad/rules/cards"
)

// Arrangement is one way to split a hand into melds and deadwood (N3).
type Arrangement struct {
	Melds    [][]cards.Card // valid melds (N2): runs in rank order, sets in suit order S H D C
	Deadwood []cards.Card   // the cards left out of melds, in rank order
	Value    int            // the N1 value of Deadwood
}

// Deadwood returns the arrangement of hand with the least deadwood value
// (N3), found by an exact search in which every card may go to a set or to
// a run. Among arrangements with the same least value it prefers to meld:
// taking the hand's lowest card first (rank, then suit S H D C), a set of
// four before a set of three before a run, and a longer run before a
// shorter one. Runs that touch are shown as one run.
//
// Deadwood never fails: a card that is not in the standard deck, or a
// second copy of a card, cannot be melded and is left as deadwood (worth 0
// if it is not a standard card); Score refuses such hands outright.
func Deadwood(hand []cards.Card) Arrangement {
	h := newHand(hand)
	return h.arrange(h.bestMelds(h.full()), h.full(), h.stray)
}

// hand is a set of distinct standard cards numbered by local bit, in
// rank-major order, with every meld within it precomputed as a bit mask.
// Masks of local bits keep the searches allocation-free.
type hand struct {
	cards  []cards.Card   // local bit -> card
	values []int          // local bit -> N1 value
	local  [deckSize]int8 // global index -> local bit, -1 when absent
	stray  []cards.Card   // cards that cannot meld: not standard, or a second copy

	// melds lists every meld within the hand: sets of 3 and 4 and runs of
	// every length, ordered by lowest bit, then sets before runs, then
	// larger before smaller.
	melds []uint64
	// search lists the melds the deadwood search needs, in the same order:
	// all sets, and runs of 3 to 5 cards only, since a longer run splits
	// into runs of 3 to 5 that meld the same cards. Those whose lowest bit
	// is i are search[searchFrom[i]:searchFrom[i+1]].
	search     []uint64
	searchFrom []int

	table []int16        // least deadwood + 1 by mask, 0 unknown, for hands up to tableMax cards
	memo  map[uint64]int // least deadwood by mask for bigger hands, which only odd input brings
}

const tableMax = 12

func newHand(cs []cards.Card) *hand {
	h := &hand{}
	for i := range h.local {
		h.local[i] = -1
	}
	var present [deckSize]bool
	for _, c := range cs {
		i, ok := index(c)
		if !ok || present[i] {
			h.stray = append(h.stray, c)
			continue
		}
		present[i] = true
	}
	h.cards = make([]cards.Card, 0, len(cs))
	h.values = make([]int, 0, len(cs))
	for i, in := range present {
		if in {
			h.local[i] = int8(len(h.cards))
			h.cards = append(h.cards, cardAt(i))
			h.values = append(h.values, Value(cardAt(i)))
		}
	}
	h.melds = make([]uint64, 0, 2*len(h.cards))
	h.search = make([]uint64, 0, 2*len(h.cards))
	h.searchFrom = make([]int, len(h.cards)+1)
	for b, c := range h.cards {
		h.searchFrom[b] = len(h.search)
		g, _ := index(c)
		// Sets whose lowest card is b: b with 2 or 3 of the higher cards
		// of its rank, which sit in the same block of four.
		var above [3]uint64
		n := 0
		for i := g + 1; i < g&^3+4; i++ {
			if h.local[i] >= 0 {
				above[n] = 1 << h.local[i]
				n++
			}
		}
		if n == 3 {
			h.add(1<<b|above[0]|above[1]|above[2], true)
		}
		for x := 0; x < n; x++ {
			for y := x + 1; y < n; y++ {
				h.add(1<<b|above[x]|above[y], true)
			}
		}
		// Runs whose lowest card is b, longest first: prefix[k] holds the
		// run of k+1 cards.
		var prefix [13]uint64
		prefix[0] = 1 << b
		k := 0
		for next := g + 4; next < deckSize && h.local[next] >= 0; next += 4 {
			prefix[k+1] = prefix[k] | 1<<h.local[next]
			k++
		}
		for ; k >= 2; k-- {
			h.add(prefix[k], k+1 <= 5)
		}
	}
	h.searchFrom[len(h.cards)] = len(h.search)
	if len(h.cards) <= tableMax {
		h.table = make([]int16, 1<<len(h.cards))
	} else {
		h.memo = make(map[uint64]int)
	}
	return h
}

func (h *hand) add(meld uint64, forSearch bool) {
	h.melds = append(h.melds, meld)
	if forSearch {
		h.search = append(h.search, meld)
	}
}

// startingAt returns the melds of the deadwood search whose lowest bit is
// low.
func (h *hand) startingAt(low int) []uint64 {
	return h.search[h.searchFrom[low]:h.searchFrom[low+1]]
}

func (h *hand) full() uint64 { return 1<<len(h.cards) - 1 }

// value returns the N1 value of the cards in mask m.
func (h *hand) value(m uint64) int {
	v := 0
	for ; m != 0; m &= m - 1 {
		v += h.values[bits.TrailingZeros64(m)]
	}
	return v
}

// least returns the least deadwood of the cards in m (N3). Its lowest card
// is either deadwood or in one of the melds that start at it; trying both,
// with memoisation, is exact.
func (h *hand) least(m uint64) int {
	if m == 0 {
		return 0
	}
	if h.table != nil {
		if v := h.table[m]; v > 0 {
			return int(v) - 1
		}
	} else if v, ok := h.memo[m]; ok {
		return v
	}
	low := bits.TrailingZeros64(m)
	best := h.values[low] + h.least(m&^(1<<low))
	for _, meld := range h.startingAt(low) {
		if meld&^m == 0 && best > 0 {
			best = min(best, h.least(m&^meld))
		}
	}
	if h.table != nil {
		h.table[m] = int16(best + 1)
	} else {
		h.memo[m] = best
	}
	return best
}

// bestMelds returns the melds of one least-deadwood arrangement of m,
// preferring a meld to deadwood, in the order of from, on ties.
func (h *hand) bestMelds(m uint64) []uint64 {
	var melds []uint64
	for m != 0 {
		target := h.least(m)
		low := bits.TrailingZeros64(m)
		rest := m &^ (1 << low)
		for _, meld := range h.startingAt(low) {
			if meld&^m == 0 && h.least(m&^meld) == target {
				melds = append(melds, meld)
				rest = m &^ meld
				break
			}
		}
		m = rest
	}
	return melds
}

// arrange turns melds (local masks within m) into an Arrangement of the
// cards of m plus the extra unmeldable cards. Touching runs of one suit are
// joined, since that is how a player lays them down.
func (h *hand) arrange(melds []uint64, m uint64, extra []cards.Card) Arrangement {
	a := Arrangement{Melds: [][]cards.Card{}, Deadwood: []cards.Card{}}
	for _, meld := range h.joinRuns(melds) {
		m &^= meld
		a.Melds = append(a.Melds, h.cardsOf(meld))
	}
	a.Deadwood = append(h.cardsOf(m), extra...)
	for _, c := range a.Deadwood {
		a.Value += Value(c)
	}
	return a
}

// joinRuns returns melds with touching runs of one suit joined into one,
// keeping the order of their first pieces.
func (h *hand) joinRuns(melds []uint64) []uint64 {
	var joined []uint64
next:
	for _, meld := range melds {
		if h.isRun(meld) {
			for j, earlier := range joined {
				if h.isRun(earlier) && h.touches(earlier, meld) {
					joined[j] |= meld
					continue next
				}
			}
		}
		joined = append(joined, meld)
	}
	return joined
}

func (h *hand) isRun(meld uint64) bool {
	lo, hi := bits.TrailingZeros64(meld), 63-bits.LeadingZeros64(meld)
	return h.cards[lo].Rank != h.cards[hi].Rank
}

// touches reports whether run b starts where run a ends, in a's suit.
func (h *hand) touches(a, b uint64) bool {
	top := h.cards[63-bits.LeadingZeros64(a)]
	bottom := h.cards[bits.TrailingZeros64(b)]
	return top.Suit == bottom.Suit && bottom.Rank == top.Rank+1
}

// cardsOf returns the cards of mask m in rank-major order.
func (h *hand) cardsOf(m uint64) []cards.Card {
	out := make([]cards.Card, 0, bits.OnesCount64(m))
	for ; m != 0; m &= m - 1 {
		out = append(out, h.cards[bits.TrailingZeros64(m)])
	}
	return out
}
