package fortune

import (
	"math/bits"

	"meldpad/rules/cards"
)

// This file is a second referee, written from the rules alone and as plainly
// as possible, so that the property tests can hold Check to it: every
// undeclared deuce is tried as every one of the 52 standard cards, and each
// full reading is judged as a set and as a sequence with the ace low and
// high.

// bruteValue is R4's table for a card standing for rank in a set or a
// sequence; aces and the queen of spades are handled apart.
var bruteValue = map[cards.Rank]int{
	2: 5, 3: 5, 4: 5, 5: 5, 6: 5, 7: 5,
	8: 10, 9: 10, 10: 10, cards.Jack: 10, cards.Queen: 10, cards.King: 10,
}

// bruteOutcome is the best the brute-force referee found.
type bruteOutcome struct {
	valid bool
	best  int // highest total of any valid reading
	// bestAdded is the most the cards from firstAdded on score among the
	// readings that reach best.
	bestAdded int
	// setAtBest reports whether a set is among the readings reaching best
	// and bestAdded (the tie-break of Check).
	setAtBest bool
}

var standard52 = func() []cards.Card {
	var cs []cards.Card
	for _, s := range cards.StandardSuits() {
		for r := cards.Ace; r <= cards.King; r++ {
			cs = append(cs, cards.Card{Rank: r, Suit: s})
		}
	}
	return cs
}()

// bruteCheck judges meld by trying every reading.
func bruteCheck(meld []cards.Play, firstAdded int, h HouseRules) bruteOutcome {
	var out bruteOutcome
	n := len(meld)
	if n < 3 {
		return out
	}
	readings := make([]cards.Card, n)
	deuce := make([]bool, n)
	var free []int
	naturals := 0
	for i, p := range meld {
		c := p.Card
		if c.IsTrump() || !c.Suit.IsStandard() || c.Rank < cards.Ace || c.Rank > cards.King {
			return out
		}
		deuce[i] = c.Rank == 2
		switch {
		case !deuce[i]:
			if !p.As.IsZero() && p.As != c {
				return out
			}
			readings[i] = c
			naturals++
		case p.As.IsZero():
			free = append(free, i)
		case p.As.IsTrump() || !p.As.Suit.IsStandard() || p.As.Rank < cards.Ace || p.As.Rank > cards.King:
			return out
		default:
			readings[i] = p.As
		}
	}
	if naturals == 0 {
		return out
	}
	var try func(k int)
	try = func(k int) {
		if k < len(free) {
			for _, c := range standard52 {
				readings[free[k]] = c
				try(k + 1)
			}
			return
		}
		if total, added, ok := bruteSet(readings, deuce, firstAdded, h); ok {
			out.offer(total, added, true)
		}
		for _, aceHigh := range []bool{false, true} {
			if total, added, ok := bruteSequence(readings, deuce, firstAdded, aceHigh); ok {
				out.offer(total, added, false)
			}
		}
	}
	try(0)
	return out
}

func (o *bruteOutcome) offer(total, added int, set bool) {
	switch {
	case !o.valid || total > o.best || total == o.best && added > o.bestAdded:
		*o = bruteOutcome{valid: true, best: total, bestAdded: added, setAtBest: set}
	case total == o.best && added == o.bestAdded:
		o.setAtBest = o.setAtBest || set
	}
}

// bruteSet scores readings as a set: one rank, three or four cards (any
// number from three with big sets).
func bruteSet(readings []cards.Card, deuce []bool, firstAdded int, h HouseRules) (total, added int, ok bool) {
	if len(readings) > 4 && !h.BigSets {
		return 0, 0, false
	}
	for i, r := range readings {
		if r.Rank != readings[0].Rank {
			return 0, 0, false
		}
		v := bruteValue[r.Rank]
		switch {
		case r.Rank == cards.Ace && h.AceSet15:
			v = 15
		case r.Rank == cards.Ace:
			v = 10
		case r.Rank == cards.Queen && r.Suit == cards.Spades && !deuce[i]:
			v = 50
		}
		total += v
		if i >= firstAdded {
			added += v
		}
	}
	return total, added, true
}

// bruteSequence scores readings as a sequence of one suit with every ace
// at 1 (low) or at 14 (high).
func bruteSequence(readings []cards.Card, deuce []bool, firstAdded int, aceHigh bool) (total, added int, ok bool) {
	var places uint32
	for i, r := range readings {
		if r.Suit != readings[0].Suit {
			return 0, 0, false
		}
		place, v := int(r.Rank), bruteValue[r.Rank]
		switch {
		case r.Rank == cards.Ace && aceHigh:
			place, v = 14, 10
		case r.Rank == cards.Ace:
			v = 5
		case r.Rank == cards.Queen && r.Suit == cards.Spades && !deuce[i]:
			v = 50
		}
		if places&(1<<place) != 0 {
			return 0, 0, false
		}
		places |= 1 << place
		total += v
		if i >= firstAdded {
			added += v
		}
	}
	// Consecutive places are one unbroken run of bits.
	run := places >> bits.TrailingZeros32(places)
	return total, added, run&(run+1) == 0
}
