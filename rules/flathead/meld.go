package flathead

import (
	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// Check judges cards laid down together as a new meld (F1-F4): three or
// more distinct Fanucci cards forming a set, a flush or a run, with at most
// one trump and at least two natural cards. A meld that is several kinds at
// once is reported as the first of them in Preference's order, and Bonus
// says whether laying it down earns a bonus mark. Check never fails: cards
// that are no meld get a Verdict with Valid false and the first thing wrong.
func Check(meld []cards.Card) Verdict {
	trump := hasTrump(meld)
	if _, bad := cardFault(meld); bad {
		f, _ := cardFault(inDeckOrder(meld))
		return invalid(f, trump)
	}
	s := shapeOf(meld)
	ks := s.kinds(trump)
	if k := ks.first(); k != NoKind {
		text, rule, cites := describe(k, ks, s, trump)
		return Verdict{Valid: true, Kind: k, Bonus: k.Bonus(), Rule: rule, Trump: trump}.citing(bonusMeld(k, text), cites)
	}
	f := layDownFault(inDeckOrder(meld), s)
	return invalid(f, trump)
}

// invalid returns the verdict for a fault of cards laid down.
func invalid(f fault, trump bool) Verdict {
	return Verdict{Rule: f.rule, Trump: trump}.citing(f.text(), f.rule, f.also)
}

// bonusMeld says that a meld of a bonus kind laid down is a bonus meld
// (F4): "a flush run of Faces from 5 to 7: a bonus meld", "three ∞s: an
// infinity, a bonus meld".
func bonusMeld(k Kind, text msg.Msg) msg.Msg {
	switch k {
	case FlushRun:
		return msg.New("flathead.bonus_meld", msg.M("Text", text))
	case Infinity, ColorSet:
		return msg.New("flathead.also_bonus_meld", msg.M("Text", text))
	}
	return text
}

// describe says what a valid meld is, for a reason: "three 7s with one
// trump" or "a flush run of Faces from 5 to 7" (bonusMeld adds that it
// is a bonus meld). It returns the words, the one rule the verdict rests
// on and the rules to cite.
func describe(k Kind, ks kindSet, s shape, trump bool) (text msg.Msg, rule, cites string) {
	size := s.n
	if trump {
		size++
	}
	lo, hi := s.span()
	rank := s.rank()
	rule, cites = "F1", "F1"
	if trump {
		rule, cites = "F3", "F1, F3"
	}
	var looksBonus bool // a natural card in the trump's place would make a bonus meld
	switch k {
	case Infinity:
		return msg.New("flathead.infinity", msg.Words("Count", size)), "F4", "F4"
	case FlushRun:
		return msg.New("flathead.flush_run", msg.S("Suit", s.suit.String()), msg.N("Lo", lo), msg.N("Hi", hi)), "F4", "F4"
	case ColorSet:
		return msg.New("flathead.colour_set", msg.Words("Count", size), msg.M("Colour", colourOfRanks(s.colour)), msg.M("Ranks", plural(rank))), "F4", "F4"
	case Set:
		id := "flathead.set"
		if trump {
			id = "flathead.set_trump"
		}
		text = msg.New(id, msg.Words("Count", size), msg.M("Ranks", plural(rank)))
		looksBonus = trump && (rank == cards.Infinity || s.sameColour && s.n < len(s.colour.Suits()))
	case Flush:
		id := "flathead.flush"
		if trump {
			id = "flathead.flush_trump"
		}
		text = msg.New(id, msg.Words("Count", size), msg.S("Suit", s.suit.String()))
		looksBonus = trump && ks.has(Run)
	case Run:
		text = msg.New("flathead.run", msg.M("Colour", colourOfRun(s.colour)), msg.N("Lo", lo), msg.N("Hi", hi))
		if trump {
			text = msg.New("flathead.run_trump", msg.M("Text", text), msg.M("Place", trumpPlace(s)))
		}
		looksBonus = trump && s.sameSuit
	}
	if looksBonus {
		text = msg.New("flathead.trump_never_bonus", msg.M("Text", text))
		cites += ", F4"
	}
	return text, rule, cites
}

// trumpPlace says which rank the trump stands for in a run whose
// naturals have shape s: the one missing rank, or a rank beyond an end.
func trumpPlace(s shape) msg.Msg {
	lo, hi := s.span()
	switch {
	case s.gaps() == 1:
		for r := lo + 1; r < hi; r++ {
			if s.ranks&(1<<r) == 0 {
				return msg.New("flathead.place", msg.N("Rank", r))
			}
		}
	case lo == 0:
		return msg.New("flathead.place", msg.N("Rank", hi+1))
	case hi == 9:
		return msg.New("flathead.place", msg.N("Rank", lo-1))
	}
	return msg.New("flathead.place_either", msg.N("Lo", lo-1), msg.N("Hi", hi+1))
}

// layDownFault explains why valid-looking cards (distinct, at most one
// trump, three or more) are no meld. It judges them as the kind they come
// closest to: the kind whose rank, suit or colour the most natural cards
// share (set, then flush, then run on a tie), so that "7 Lamps, 7 Plungers,
// 8 Zurfs" is told it is not a set of 7s because of the 8 Zurfs. Ties
// between ranks, suits or colours go to the first card in the given
// order, which callers make deck order.
func layDownFault(meld []cards.Card, s shape) fault {
	var byRank [cards.Infinity + 1]int
	var bySuit [cards.Zurfs + 1]int
	var byColour [cards.Yellow + 1]int
	for _, c := range meld {
		if !c.IsTrump() {
			byRank[c.Rank]++
			bySuit[c.Suit]++
			byColour[c.Colour()]++
		}
	}
	// The first card, in the order given, of the most common rank, suit
	// and colour.
	var rankCard, suitCard, colourCard cards.Card
	rankFit, suitFit, colourFit := 0, 0, 0
	for _, c := range meld {
		if c.IsTrump() {
			continue
		}
		if byRank[c.Rank] > rankFit {
			rankFit, rankCard = byRank[c.Rank], c
		}
		if bySuit[c.Suit] > suitFit {
			suitFit, suitCard = bySuit[c.Suit], c
		}
		if byColour[c.Colour()] > colourFit {
			colourFit, colourCard = byColour[c.Colour()], c
		}
	}
	// A card's colour is shared by at least the cards that share its
	// suit, so colourFit >= suitFit.
	switch {
	case colourFit == 1 && rankFit == 1:
		return fault{what: msg.New("flathead.a_meld"), why: msg.New("flathead.nothing_shared"), rule: "F1"}
	case rankFit == s.n:
		return setFault(meld, rankCard.Rank)
	case suitFit == s.n:
		return flushFault(meld, suitCard.Suit)
	case colourFit == s.n:
		return runFault(meld, colourCard.Colour())
	case rankFit >= colourFit:
		return setFault(meld, rankCard.Rank)
	case suitFit == colourFit:
		return flushFault(meld, suitCard.Suit)
	}
	return runFault(meld, colourCard.Colour())
}
