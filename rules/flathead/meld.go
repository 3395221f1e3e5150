package flathead

import (
	"fmt"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// Check judges cards laid down together as a new meld (F1-F4): three or
// more distinct Fanucci cards forming a set, a flush or a run, with at most
// one trump and at least two natural cards. A meld that is several kinds at
// once is reported as the first of them in Preference's order, and Bonus
// says whether laying it down earns a bonus mark. Check never fails: cards
// that are no meld get a Verdict with Valid false and the first thing wrong.
func Check(meld []cards.Card) Verdict {
	trump := hasTrump(meld)
	if f, bad := cardFault(meld); bad {
		f, _ = cardFault(inDeckOrder(meld))
		return invalid(f, trump)
	}
	s := shapeOf(meld)
	ks := s.kinds(trump)
	if k := ks.first(); k != NoKind {
		text, rule, cites := describe(k, ks, s, trump)
		return Verdict{Valid: true, Kind: k, Bonus: k.Bonus(), Rule: rule, Trump: trump}.citing(text, cites)
	}
	f := layDownFault(inDeckOrder(meld), s)
	return invalid(f, trump)
}

// invalid returns the verdict for a fault of cards laid down.
func invalid(f fault, trump bool) Verdict {
	return Verdict{Rule: f.rule, Trump: trump}.citing(f.text(), f.rule, f.also)
}

// describe says what a valid meld is, for a reason: "three 7s with one
// trump" or "a flush run of Faces from 5 to 7: a bonus meld". It returns
// the words, the one rule the verdict rests on and the rules to cite.
func describe(k Kind, ks kindSet, s shape, trump bool) (text, rule, cites string) {
	size := s.n
	withTrump := ""
	if trump {
		size++
		withTrump = " with one trump"
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
		return fmt.Sprintf("%s ∞s: an infinity, a bonus meld", ruling.Number(size)), "F4", "F4"
	case FlushRun:
		return fmt.Sprintf("a flush run of %s from %d to %d: a bonus meld", s.suit, lo, hi), "F4", "F4"
	case ColorSet:
		return fmt.Sprintf("%s %s %s: a color set, a bonus meld", ruling.Number(size), s.colour, plural(rank)), "F4", "F4"
	case Set:
		text = ruling.Number(size) + " " + plural(rank) + withTrump
		looksBonus = trump && (rank == cards.Infinity || s.sameColour && s.n < len(s.colour.Suits()))
	case Flush:
		text = fmt.Sprintf("a flush of %s %s%s", ruling.Number(size), s.suit, withTrump)
		looksBonus = trump && ks.has(Run)
	case Run:
		text = fmt.Sprintf("a %s run from %d to %d", s.colour, lo, hi)
		if trump {
			text += ", the trump standing for " + trumpPlace(s)
		}
		looksBonus = trump && s.sameSuit
	}
	if looksBonus {
		text += "; a trump never makes a bonus meld"
		cites += ", F4"
	}
	return text, rule, cites
}

// trumpPlace says which rank the trump stands for in a run whose
// naturals have shape s: the one missing rank, or a rank beyond an end.
func trumpPlace(s shape) string {
	lo, hi := s.span()
	switch {
	case s.gaps() == 1:
		for r := lo + 1; r < hi; r++ {
			if s.ranks&(1<<r) == 0 {
				return fmt.Sprintf("the %d", r)
			}
		}
	case lo == 0:
		return fmt.Sprintf("the %d", hi+1)
	case hi == 9:
		return fmt.Sprintf("the %d", lo-1)
	}
	return fmt.Sprintf("the %d or the %d", lo-1, hi+1)
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
		return fault{what: "a meld", why: "no two of its natural cards share a rank, a suit or a colour", rule: "F1"}
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
