package fortune

import (
	"cmp"
	"slices"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// explain words the verdict of cards that passed the card checks of judge
// but make neither a set nor a sequence. It names the first thing wrong,
// judging the cards the player fixed (naturals and declared deuces) in
// order of their readings, so the reason does not depend on the order the
// cards were given in. intended, when not nil, is the reading of the meld
// being laid off onto: what spoils that kind is what the player needs to
// hear.
func explain(slots []slot, n int, intended *candidate, h HouseRules) judgement {
	var fixed []slot
	for _, s := range slots {
		if s.fixed {
			fixed = append(fixed, s)
		}
	}
	slices.SortStableFunc(fixed, func(a, b slot) int {
		return cmp.Or(cmp.Compare(a.reading.Rank, b.reading.Rank), cmp.Compare(a.reading.Suit, b.reading.Suit))
	})
	free := n - len(fixed)

	if rank, ok := sharedRank(slots); ok && !h.BigSets {
		// All fixed cards share a rank, so only the size can have spoilt
		// the set, and no sequence fits either (R1).
		return judgement{
			verdict: refused("R1", []string{"R1"}, "set", msg.New("fortune.set_too_big", msg.Words("Count", n), msg.M("Ranks", ruling.RankPlural(rank)))),
			failure: setTooBig,
		}
	}
	if suit, ok := sharedSuit(slots); ok {
		return explainSequence(fixed, free, n, suit)
	}

	// Mixed ranks and suits: say what spoils the kind the cards come
	// closest to, the set when as many share a rank as share a suit, or
	// the kind of the meld on the table when laying off.
	var byRank [cards.King + 1]int
	var bySuit [5]int
	rank, suit := fixed[0].reading.Rank, cards.Spades
	for _, s := range fixed {
		byRank[s.reading.Rank]++
		bySuit[s.reading.Suit]++
		if byRank[s.reading.Rank] > byRank[rank] {
			rank = s.reading.Rank
		}
	}
	for _, st := range cards.StandardSuits() {
		if bySuit[st] > bySuit[suit] {
			suit = st
		}
	}
	if intended != nil && intended.kind == Set {
		byRank[intended.rank], bySuit[suit] = n, 0
		rank = intended.rank
	}
	if intended != nil && intended.kind == Sequence {
		byRank[rank], bySuit[intended.suit] = 0, n
		suit = intended.suit
	}
	switch {
	case byRank[rank] >= 2 && byRank[rank] >= bySuit[suit]:
		for _, s := range fixed {
			if s.reading.Rank != rank {
				return fail("R1", []string{"R1"}, "set", msg.New("fortune.not_rank", msg.V("Card", s.play), msg.M("Rank", ruling.RankArticle(rank))))
			}
		}
	case bySuit[suit] >= 2:
		for _, s := range fixed {
			if s.reading.Suit != suit {
				return fail("R1", []string{"R1"}, "sequence", msg.New("fan.not_suit."+suit.Letter(), msg.V("Card", s.play)))
			}
		}
	}
	return fail("R1", []string{"R1"}, "meld", msg.New("fortune.nothing_shared"))
}

// explainSequence words why cards of one suit make no sequence (R1): two
// cards in one place, too many cards, a sequence around the corner, or
// gaps the deuces cannot fill. fixed is sorted by reading.
func explainSequence(fixed []slot, free, n int, suit cards.Suit) judgement {
	for i := 1; i < len(fixed); i++ {
		a, b := fixed[i-1], fixed[i]
		switch {
		case a.reading.Rank != b.reading.Rank:
		case a.reading.Rank == cards.Ace:
			return fail("R1", []string{"R1"}, "sequence", msg.New("fortune.two_aces", msg.V("A", a.play), msg.V("B", b.play), msg.M("Suit", suitName(suit))))
		case a.play == b.play:
			return fail("R1", []string{"R1"}, "sequence", msg.New("fortune.twice", msg.V("Card", a.play)))
		default:
			return fail("R1", []string{"R1"}, "sequence", msg.New("fortune.same_place", msg.V("A", a.play), msg.V("B", b.play), msg.V("Card", a.reading)))
		}
	}
	if n > 13 {
		return fail("R1", []string{"R1"}, "sequence", msg.New("fortune.too_long", msg.Words("Count", n)))
	}

	// The fixed cards span fewer places with the ace low or with it high;
	// the gaps in the shorter span are what the free deuces must fill.
	first, last := fixed[0], fixed[len(fixed)-1]
	span := int(last.reading.Rank) - int(first.reading.Rank) + 1
	if first.reading.Rank == cards.Ace && len(fixed) > 1 {
		second := fixed[1]
		if high := 14 - int(second.reading.Rank) + 1; high < span {
			span, first, last = high, second, first
		}
	}
	if circularSpan(fixed) < span {
		return fail("R1", []string{"R1"}, "sequence", msg.New("fortune.around_corner"))
	}
	stand := msg.New("fortune.no_deuce")
	if free > 0 {
		stand = msg.New("fortune.only_deuces", msg.Words("Count", free))
	}
	return fail("R1", []string{"R1", "R2"}, "sequence", msg.New("fortune.gap", msg.V("A", first.play), msg.V("B", last.play),
		msg.Words("Count", span-len(fixed)), msg.M("Stand", stand)))
}

// circularSpan is how many places the fixed cards span if ranks wrapped
// round from K through A to 2, the reading R1 forbids: the 13 places less
// the longest run of empty ones between two fixed cards. fixed is sorted by
// rank and holds no two of one rank. When it is shorter than the span
// without wrapping, the player was reading the cards around the corner,
// and that is the first thing to tell them.
func circularSpan(fixed []slot) int {
	longestGap := 0
	for i, s := range fixed {
		next := int(fixed[(i+1)%len(fixed)].reading.Rank)
		if next <= int(s.reading.Rank) {
			next += 13
		}
		longestGap = max(longestGap, next-int(s.reading.Rank)-1)
	}
	return 13 - longestGap
}
