package flathead

import (
	"cmp"
	"slices"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// fault is the first thing wrong with some cards as a meld, in words a
// player understands.
type fault struct {
	what msg.Msg // what the cards fail to be: "a run", "a flush of Lamps"; none when the cards themselves are at fault
	why  msg.Msg // why: "∞ never follows 9"
	rule string  // the rule broken: "F2"
	also string  // further rule ids the sentence cites, if any
}

// text says the fault for cards laid down, without its rules: "not a
// run: ∞ never follows 9".
func (f fault) text() msg.Msg {
	if f.what.IsZero() {
		return f.why
	}
	return msg.New("flathead.not_what", msg.M("What", f.what), msg.M("Why", f.why))
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
// (the decks: one copy of each), two trumps (F3), a trump without two
// natural cards (F3), or fewer than three cards (F1).
func cardFault(meld []cards.Card) (fault, bool) {
	var seen [3]uint64 // one bit per card of the deck
	var trumps []cards.Card
	for _, c := range meld {
		i, ok := deckIndex[c]
		if !ok {
			if c.IsZero() {
				return fault{why: msg.New("flathead.blank_card"), rule: "F1"}, true
			}
			return fault{why: msg.New("flathead.not_fanucci", msg.V("Card", c)), rule: "F1"}, true
		}
		if seen[i/64]&(1<<(i%64)) != 0 {
			return fault{why: msg.New("flathead.twice", msg.V("Card", c)), rule: "F1"}, true
		}
		seen[i/64] |= 1 << (i % 64)
		if c.IsTrump() {
			trumps = append(trumps, c)
		}
	}
	naturals := len(meld) - len(trumps)
	switch {
	case len(trumps) > 1:
		return fault{why: msg.New("flathead.two_trumps", msg.List("Trumps", msg.Values(trumps))), rule: "F3"}, true
	case len(trumps) == 1 && naturals < 2:
		return fault{why: msg.New("flathead.trump_naturals", msg.Words("Count", naturals)), rule: "F3"}, true
	case len(meld) < 3:
		return fault{why: msg.New("flathead.too_few", msg.Words("Count", len(meld))), rule: "F1"}, true
	}
	return fault{}, false
}

// notRank says that c is not of rank r. English needs the article a
// rank takes when said aloud ("an 8", "an ∞" for infinity), so the two
// have ids of their own; other languages say them alike.
func notRank(c cards.Card, r cards.Rank) msg.Msg {
	id := "flathead.not_rank"
	if r == 8 || r == cards.Infinity {
		id = "flathead.not_rank_an"
	}
	return msg.New(id, msg.V("Card", c), msg.S("Rank", rankText(r)))
}

// setFault explains why distinct Fanucci cards with at most one trump are
// not a set of rank: a card of another rank, or (F3) no card left to stand
// in for the trump.
func setFault(meld []cards.Card, rank cards.Rank) fault {
	what := msg.New("flathead.a_set", msg.M("Ranks", plural(rank)))
	for _, c := range meld {
		if !c.IsTrump() && c.Rank != rank {
			return fault{what: what, why: notRank(c, rank), rule: "F1"}
		}
	}
	return fault{what: what, why: msg.New("flathead.set_full", msg.Words("Count", suitsPerRank), msg.M("Ranks", plural(rank))), rule: "F3"}
}

// flushFault explains why cards are not a flush of suit.
func flushFault(meld []cards.Card, suit cards.Suit) fault {
	what := msg.New("flathead.a_flush", msg.S("Suit", suit.String()))
	for _, c := range meld {
		if !c.IsTrump() && c.Suit != suit {
			return fault{what: what, why: msg.New("flathead.other_suit", msg.V("Card", c)), rule: "F1"}
		}
	}
	return fault{what: what, why: msg.New("flathead.flush_full", msg.Words("Count", ranksPerSuit), msg.S("Suit", suit.String())), rule: "F3"}
}

// runFault explains why cards are not a run of colour: a card of another
// colour (F1), an ∞ (F2), a rank twice (F1), or missing ranks that no
// trump, or one trump, cannot fill (F1, F3).
func runFault(meld []cards.Card, runColour cards.Colour) fault {
	aRun := msg.New("flathead.a_run")
	for _, c := range meld {
		if !c.IsTrump() && c.Colour() != runColour {
			return fault{what: msg.New("flathead.a_colour_run", msg.M("Colour", colourOfRun(runColour))),
				why: msg.New("flathead.is_colour", msg.V("Card", c), msg.M("Colour", colour(c.Colour()))), rule: "F1"}
		}
	}
	trump := hasTrump(meld)
	s := shapeOf(meld)
	lo, hi := s.span()
	if s.ranks&infinityBit != 0 {
		why := msg.New("flathead.infinity_no_place")
		switch {
		case hi == 9 || trump && hi == 8:
			why = msg.New("flathead.infinity_after_9")
		case hi >= 0 && (lo == 0 || trump && lo == 1):
			why = msg.New("flathead.infinity_before_0")
		}
		return fault{what: aRun, why: why, rule: "F2"}
	}
	var seen uint16
	for _, c := range meld {
		if c.IsTrump() {
			continue
		}
		if seen&rankBit(c.Rank) != 0 {
			return fault{what: aRun, why: msg.New("flathead.holds_two", msg.M("Ranks", plural(c.Rank))), rule: "F1"}
		}
		seen |= rankBit(c.Rank)
	}
	var missing []string
	for r := lo; r <= hi; r++ {
		if s.ranks&(1<<r) == 0 {
			missing = append(missing, rankText(cards.Rank(r)))
		}
	}
	switch {
	case !trump && len(missing) > 0:
		return fault{what: aRun, why: msg.New("flathead.missing", msg.N("Count", len(missing)), msg.Strings("Ranks", missing)), rule: "F1"}
	case trump && len(missing) > 1:
		return fault{what: aRun, why: msg.New("flathead.missing_trump", msg.N("Count", len(missing)), msg.Strings("Ranks", missing)), rule: "F3"}
	case trump && lo == 0 && hi == 9:
		return fault{what: aRun, why: msg.New("flathead.run_full"), rule: "F3", also: "F2"}
	}
	// Unreachable for cards that are not a run; said plainly all the same.
	return fault{what: aRun, why: msg.New("flathead.ranks_apart"), rule: "F1"}
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
