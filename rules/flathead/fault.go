package flathead

import (
	"cmp"
	"fmt"
	"slices"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// fault is the first thing wrong with some cards as a meld, in words a
// player understands.
type fault struct {
	what string // what the cards fail to be: "a run", "a flush of Lamps"; empty when the cards themselves are at fault
	why  string // why: "∞ never follows 9"
	rule string // the rule broken: "F2"
	also string // further rule ids the sentence cites, if any
}

// text writes the fault for cards laid down, without its rules: "not a
// run: ∞ never follows 9".
func (f fault) text() string {
	if f.what == "" {
		return f.why
	}
	return "not " + f.what + ": " + f.why
}

// deckIndex numbers the 174 cards of the Fanucci deck, so that a meld's
// cards can be checked against the deck and for repeats without a map per
// call.
var deckIndex = func() map[cards.Card]int {
	m := make(map[cards.Card]int)
	for i, c := range cards.Fanucci().Cards() {
		m[c] = i
	}
	return m
}()

// inDeckOrder returns a copy of the cards sorted as the Fanucci deck lists
// them, cards outside the deck first. Faults are found in this order, so
// that the order in which a player lists a meld's cards never changes the
// verdict.
func inDeckOrder(meld []cards.Card) []cards.Card {
	sorted := slices.Clone(meld)
	slices.SortFunc(sorted, func(a, b cards.Card) int {
		ia, okA := deckIndex[a]
		ib, okB := deckIndex[b]
		switch {
		case okA && okB:
			return ia - ib
		case okA != okB:
			if okA {
				return 1
			}
			return -1
		}
		return cmp.Or(cmp.Compare(a.Suit, b.Suit), cmp.Compare(a.Rank, b.Rank), cmp.Compare(a.Trump, b.Trump))
	})
	return sorted
}

// cardFault returns what is wrong with the cards themselves, before their
// kind is judged: a card outside the Fanucci deck or a card given twice
// (RULES.md §1: one copy of each), two trumps (F3), a trump without two
// natural cards (F3), or fewer than three cards (F1).
func cardFault(meld []cards.Card) (fault, bool) {
	var seen [3]uint64 // one bit per card of the deck
	var trumps []cards.Card
	for _, c := range meld {
		i, ok := deckIndex[c]
		if !ok {
			name := c.String()
			if c.IsZero() {
				name = "a blank card"
			}
			return fault{why: name + " is not a card of the Fanucci deck", rule: "F1"}, true
		}
		if seen[i/64]&(1<<(i%64)) != 0 {
			return fault{why: c.String() + " is there twice, but the Fanucci deck has only one", rule: "F1"}, true
		}
		seen[i/64] |= 1 << (i % 64)
		if c.IsTrump() {
			trumps = append(trumps, c)
		}
	}
	naturals := len(meld) - len(trumps)
	switch {
	case len(trumps) > 1:
		return fault{why: fmt.Sprintf("a meld may hold at most one trump, and %s are trumps", list(cards.Strings(trumps))), rule: "F3"}, true
	case len(trumps) == 1 && naturals < 2:
		return fault{why: "a meld needs two natural cards besides its trump, and this has " + ruling.Number(naturals), rule: "F3"}, true
	case len(meld) < 3:
		return fault{why: "a meld needs three or more cards, and this has " + ruling.Number(len(meld)), rule: "F1"}, true
	}
	return fault{}, false
}

// article returns "a" or "an" for a rank said aloud: "an 8", "an ∞"
// (infinity).
func article(r cards.Rank) string {
	if r == 8 || r == cards.Infinity {
		return "an"
	}
	return "a"
}

// setFault explains why distinct Fanucci cards with at most one trump are
// not a set of rank: a card of another rank, or (F3) no card left to stand
// in for the trump.
func setFault(meld []cards.Card, rank cards.Rank) fault {
	what := "a set of " + plural(rank)
	for _, c := range meld {
		if !c.IsTrump() && c.Rank != rank {
			return fault{what: what, why: fmt.Sprintf("%v is not %s %s", c, article(rank), rankText(rank)), rule: "F1"}
		}
	}
	return fault{what: what, why: fmt.Sprintf("no card could stand in for the trump, since all %s %s are in it", ruling.Number(suitsPerRank), plural(rank)), rule: "F3"}
}

// flushFault explains why cards are not a flush of suit.
func flushFault(meld []cards.Card, suit cards.Suit) fault {
	what := "a flush of " + suit.String()
	for _, c := range meld {
		if !c.IsTrump() && c.Suit != suit {
			return fault{what: what, why: c.String() + " is of another suit", rule: "F1"}
		}
	}
	return fault{what: what, why: fmt.Sprintf("no card could stand in for the trump, since all %s %s cards are in it", ruling.Number(ranksPerSuit), suit), rule: "F3"}
}

// runFault explains why cards are not a run of colour: a card of another
// colour (F1), an ∞ (F2), a rank twice (F1), or missing ranks that no
// trump, or one trump, cannot fill (F1, F3).
func runFault(meld []cards.Card, colour cards.Colour) fault {
	for _, c := range meld {
		if !c.IsTrump() && c.Colour() != colour {
			return fault{what: "a " + colour.String() + " run", why: fmt.Sprintf("%v is %s", c, c.Colour()), rule: "F1"}
		}
	}
	trump := hasTrump(meld)
	s := shapeOf(meld)
	lo, hi := s.span()
	if s.ranks&infinityBit != 0 {
		why := "∞ has no place in a run, which uses 0 to 9 only"
		switch {
		case hi == 9 || trump && hi == 8:
			why = "∞ never follows 9"
		case hi >= 0 && (lo == 0 || trump && lo == 1):
			why = "∞ never precedes 0"
		}
		return fault{what: "a run", why: why, rule: "F2"}
	}
	var seen uint16
	for _, c := range meld {
		if c.IsTrump() {
			continue
		}
		if seen&rankBit(c.Rank) != 0 {
			return fault{what: "a run", why: "it holds two " + plural(c.Rank), rule: "F1"}
		}
		seen |= rankBit(c.Rank)
	}
	var missing []string
	for r := lo; r <= hi; r++ {
		if s.ranks&(1<<r) == 0 {
			missing = append(missing, rankText(cards.Rank(r)))
		}
	}
	verb := " is missing"
	if len(missing) > 1 {
		verb = " are missing"
	}
	switch {
	case !trump && len(missing) > 0:
		return fault{what: "a run", why: list(missing) + verb, rule: "F1"}
	case trump && len(missing) > 1:
		return fault{what: "a run", why: list(missing) + verb + ", and a trump fills in for one card only", rule: "F3"}
	case trump && lo == 0 && hi == 9:
		return fault{what: "a run", why: "no card could stand in for the trump, since it runs from 0 to 9 already and ∞ never follows 9", rule: "F3", also: "F2"}
	}
	// Unreachable for cards that are not a run; said plainly all the same.
	return fault{what: "a run", why: "its ranks do not follow one another", rule: "F1"}
}

// hasTrump reports whether the cards include a trump.
func hasTrump(meld []cards.Card) bool {
	for _, c := range meld {
		if c.IsTrump() {
			return true
		}
	}
	return false
}
