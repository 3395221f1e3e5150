package fortune

import (
	"cmp"
	"slices"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Check judges cards laid down as a new meld (R1, R2, R4) and says what
// they score. A set is three or four cards of one rank (more with
// HouseRules.BigSets); a sequence is three or more consecutive cards of one
// suit, the ace low (A-2-3) or high (Q-K-A) but never around the corner
// (K-A-2).
//
// Deuces are wild (R2). A declared reading (Play.As, "2C=KD") is taken as
// given, even when another reading would score more; an undeclared deuce is
// read the way that makes the meld valid and, among those, scores the most
// (the card notation). The trap: K, A, 2 reads as Q-K-A, never as K-A-2. A meld
// needs at least one natural card other than a deuce, so deuces never form a
// set of 2s.
//
// Where several readings score the same, the verdict is the same whatever
// order the cards come in: a set is preferred to a sequence, and of two
// sequences the lower one (so 5H 6H 2C reads 4-5-6 and 2C 3H 4H reads
// 2-3-4, the deuce in its own place). Free deuces take their readings in
// the order of the cards' canonical notation.
//
// A sequence holds each place once, so it has at most 13 cards: an ace
// plays high or low within a meld, never both (A-2-...-K-A is not a
// sequence; R1, ruling of this package).
//
// Check never fails: a meld the rules refuse, a card that is not in the
// deck, or a declared reading a deuce cannot take is an invalid Verdict
// whose Reason names the first thing wrong.
func Check(meld []cards.Play, h HouseRules) Verdict {
	return judge(meld, len(meld), nil, h).verdict
}

// slot is one card of a meld under judgement.
type slot struct {
	play    cards.Play
	index   int        // position in the caller's list
	wild    bool       // a deuce (R2)
	fixed   bool       // reading known: a natural, or a deuce with a declared reading
	reading cards.Card // the fixed reading, or the one chosen for a free deuce
	pos     int        // sequence place, 1 (ace low) to 14 (ace high)
	points  int        // what the card scores under the chosen reading (R4)
	added   bool       // laid off now: CheckLayoff reports its points
}

// failure tells CheckLayoff which rule an invalid result broke, where the
// lay-off rule (R3) has its own words for it.
type failure uint8

const (
	noFailure failure = iota
	otherFailure
	setTooBig
)

// judgement is a verdict with what CheckLayoff needs to word its own.
type judgement struct {
	verdict     Verdict
	failure     failure
	description msg.Msg // "sequence of hearts 4-5-6 with 2C as 4H, ace low"
	addedPoints int     // points of the cards from firstAdded on
	reading     candidate
}

// candidate is one way to read a meld: a set of one rank, or a sequence
// starting at one place.
type candidate struct {
	kind        Kind
	rank        cards.Rank // a set's rank
	suit        cards.Suit // a sequence's suit
	lo          int        // a sequence's lowest place
	total       int
	addedPoints int
}

// fail is the judgement on cards that break rule, for a reason that cites
// rules at its end.
func fail(rule string, rules []string, kind string, why msg.Msg) judgement {
	return judgement{verdict: refused(rule, rules, kind, why), failure: otherFailure}
}

// judge checks plays as one meld. plays[firstAdded:] are cards being laid
// off: among the best readings of the whole, the one that scores them the
// most is chosen, and their points are reported in addedPoints. intended,
// when not nil, is the reading of the meld they are laid off onto, which
// an invalid verdict explains itself against.
func judge(plays []cards.Play, firstAdded int, intended *candidate, h HouseRules) judgement {
	n := len(plays)
	if n < 3 {
		return fail("R1", []string{"R1"}, "meld", msg.New("fortune.too_few", msg.Words("Count", n)))
	}
	slots := make([]slot, n)
	for i, p := range plays {
		slots[i] = slot{play: p, index: i, added: i >= firstAdded}
	}
	// Judging the cards in canonical order makes the verdict, reason and
	// readings independent of the order the player gave them in.
	slices.SortStableFunc(slots, func(a, b slot) int { return comparePlays(a.play, b.play) })

	naturals := 0
	for i := range slots {
		s := &slots[i]
		c, as := s.play.Card, s.play.As
		if !isStandard(c) {
			return fail("R1", []string{"R1"}, "meld", msg.New("fortune.not_in_decks", msg.M("Card", cardName(c))))
		}
		s.wild = c.Rank == 2
		switch {
		case !s.wild && (as.IsZero() || as == c):
			s.fixed, s.reading = true, c
			naturals++
		case !s.wild:
			return fail("R2", []string{"R2"}, "meld", msg.New("fortune.only_deuces_wild", msg.V("Card", c), msg.M("As", cardName(as))))
		case as.IsZero():
			// A free deuce: its reading is chosen below.
		case !isStandard(as):
			return fail("R2", []string{"R2"}, "meld", msg.New("fortune.deuce_standard_only", msg.V("Card", c), msg.M("As", cardName(as))))
		default:
			s.fixed, s.reading = true, as
		}
	}
	if naturals == 0 {
		return fail("R2", []string{"R2"}, "meld", msg.New("fortune.deuces_alone"))
	}

	var best candidate
	consider := func(c candidate, ok bool) {
		if ok && (best.kind == NoKind || c.total > best.total || c.total == best.total && c.addedPoints > best.addedPoints) {
			best = c
		}
	}
	rank, sameRank := sharedRank(slots)
	if sameRank && (n <= 4 || h.BigSets) {
		consider(placeSet(slots, rank, h), true)
	}
	suit, sameSuit := sharedSuit(slots)
	if sameSuit {
		// A sequence spans places lo..lo+n-1 within 1 (ace low) and 14
		// (ace high), never both: at most 13 cards (R1).
		for lo := 1; lo+n-1 <= 14 && n <= 13; lo++ {
			consider(placeSequence(slots, suit, lo, h))
		}
	}
	if best.kind == NoKind {
		return explain(slots, n, intended, h)
	}
	if best.kind == Set {
		placeSet(slots, best.rank, h)
	} else {
		placeSequence(slots, best.suit, best.lo, h)
	}
	return describe(slots, best)
}

// comparePlays orders plays by the card, then the declared reading.
func comparePlays(a, b cards.Play) int {
	return cmp.Or(
		cmp.Compare(a.Card.Rank, b.Card.Rank),
		cmp.Compare(a.Card.Suit, b.Card.Suit),
		cmp.Compare(a.Card.Trump, b.Card.Trump),
		cmp.Compare(a.As.Rank, b.As.Rank),
		cmp.Compare(a.As.Suit, b.As.Suit),
		cmp.Compare(a.As.Trump, b.As.Trump),
	)
}

// cardName names a card in a reason; the zero Card is "a blank card".
func cardName(c cards.Card) msg.Msg {
	if c.IsZero() {
		return msg.New("fan.blank_card")
	}
	return msg.Value(c)
}

// sharedRank returns the rank of the fixed readings if they all share one.
func sharedRank(slots []slot) (cards.Rank, bool) {
	var r cards.Rank
	for _, s := range slots {
		switch {
		case !s.fixed:
		case r == 0:
			r = s.reading.Rank
		case s.reading.Rank != r:
			return 0, false
		}
	}
	return r, r != 0
}

// sharedSuit returns the suit of the fixed readings if they all share one.
func sharedSuit(slots []slot) (cards.Suit, bool) {
	var suit cards.Suit
	for _, s := range slots {
		switch {
		case !s.fixed:
		case suit == cards.NoSuit:
			suit = s.reading.Suit
		case s.reading.Suit != suit:
			return cards.NoSuit, false
		}
	}
	return suit, suit != cards.NoSuit
}

// standardSuits are the four suits in canonical order, kept here because
// cards.StandardSuits allocates a new slice on every call.
var standardSuits = [...]cards.Suit{cards.Spades, cards.Hearts, cards.Diamonds, cards.Clubs}

// placeSet reads the meld as a set of rank (R1) and scores it (R4). Free
// deuces take the suits the set holds least of, so that the readings look
// like a set a player could hold; the suit never changes the points, since
// a deuce as the queen of spades scores 10 like any queen.
func placeSet(slots []slot, rank cards.Rank, h HouseRules) candidate {
	var suits [5]int
	for _, s := range slots {
		if s.fixed {
			suits[s.reading.Suit]++
		}
	}
	c := candidate{kind: Set, rank: rank}
	for i := range slots {
		s := &slots[i]
		if !s.fixed {
			least := cards.Spades
			for _, suit := range standardSuits {
				if suits[suit] < suits[least] {
					least = suit
				}
			}
			suits[least]++
			s.reading = cards.Card{Rank: rank, Suit: least}
		}
		s.pos = 0
		s.points = cardPoints(s.wild, s.reading, Set, false, h)
		c.total += s.points
		if s.added {
			c.addedPoints += s.points
		}
	}
	return c
}

// sequencePlace returns where a card of rank r sits in the sequence lo..hi,
// or 0 if it cannot: an ace sits at 1 when the sequence starts with it and
// at 14 when it ends with it (R1).
func sequencePlace(r cards.Rank, lo, hi int) int {
	pos := int(r)
	if r == cards.Ace && hi == 14 {
		pos = 14
	}
	if pos < lo || pos > hi {
		return 0
	}
	return pos
}

// placeRank is the card rank at a sequence place.
func placeRank(pos int) cards.Rank {
	if pos == 14 {
		return cards.Ace
	}
	return cards.Rank(pos)
}

// placeSequence tries to read the meld as the sequence of suit from place
// lo (R1) and scores it (R4). Free deuces fill the empty places from the
// bottom, except that deuces being laid off take the best-scoring places
// first. It reports false when a fixed card does not fit or two share a
// place.
func placeSequence(slots []slot, suit cards.Suit, lo int, h HouseRules) (candidate, bool) {
	hi := lo + len(slots) - 1
	var taken [16]bool
	for i := range slots {
		s := &slots[i]
		if !s.fixed {
			continue
		}
		s.pos = sequencePlace(s.reading.Rank, lo, hi)
		if s.pos == 0 || taken[s.pos] {
			return candidate{}, false
		}
		taken[s.pos] = true
	}
	var open [14]int
	free := open[:0]
	for pos := lo; pos <= hi; pos++ {
		if !taken[pos] {
			free = append(free, pos)
		}
	}
	value := func(pos int) int {
		return cardPoints(true, cards.Card{Rank: placeRank(pos), Suit: suit}, Sequence, pos == 14, h)
	}
	for _, layingOff := range []bool{true, false} {
		for i := range slots {
			s := &slots[i]
			if s.fixed || s.added != layingOff {
				continue
			}
			pick := 0
			if layingOff {
				for j, pos := range free {
					if value(pos) > value(free[pick]) {
						pick = j
					}
				}
			}
			s.pos = free[pick]
			free = slices.Delete(free, pick, pick+1)
			s.reading = cards.Card{Rank: placeRank(s.pos), Suit: suit}
		}
	}
	c := candidate{kind: Sequence, suit: suit, lo: lo}
	for i := range slots {
		s := &slots[i]
		s.points = cardPoints(s.wild, s.reading, Sequence, s.pos == 14, h)
		c.total += s.points
		if s.added {
			c.addedPoints += s.points
		}
	}
	return c, true
}

// describe builds the verdict of a valid meld from its placed slots: "set
// of three kings with 2C as KH: 30 points (R1, R2, R4)" in English.
func describe(slots []slot, best candidate) judgement {
	n := len(slots)
	v := Verdict{Valid: true, Kind: best.kind, Points: best.total, Rule: "R1", Rules: []string{"R1", "R4"},
		Readings: make([]cards.Card, n), CardPoints: make([]int, n)}
	var meld msg.Msg
	if best.kind == Set {
		meld = msg.New("fortune.set", msg.Words("Count", n), msg.M("Ranks", ruling.RankPlural(best.rank)))
	} else {
		places := make([]msg.Msg, n)
		for i := range n {
			places[i] = msg.Value(placeRank(best.lo + i))
		}
		meld = msg.New("fortune.sequence", msg.M("Suit", suitName(best.suit)), msg.Join("Places", "-", places))
	}
	var deuces []msg.Msg
	acePoints := 0
	for _, s := range slots {
		v.Readings[s.index] = s.reading
		v.CardPoints[s.index] = s.points
		if s.reading.Rank == cards.Ace {
			acePoints, v.AceHigh = s.points, s.pos == 14
		}
		if s.wild {
			deuces = append(deuces, msg.New("fortune.deuce_as", msg.V("Card", s.play.Card), msg.V("As", s.reading)))
		}
	}
	if len(deuces) > 0 {
		// "with 2C as QH, 2D as JH and 2S as 9H", as a sentence lists them.
		meld = msg.New("fortune.with_deuces", msg.M("Meld", meld), msg.List("Deuces", deuces))
		v.Rules = []string{"R1", "R2", "R4"}
	}
	switch {
	case acePoints == 0:
	case best.kind == Set:
		meld = msg.New("fortune.aces_at", msg.M("Meld", meld), msg.N("Points", acePoints))
	case v.AceHigh:
		meld = msg.New("fortune.ace_high", msg.M("Meld", meld))
	default:
		meld = msg.New("fortune.ace_low", msg.M("Meld", meld))
	}
	v.Reason = cite(msg.New("fortune.scores", msg.M("Meld", meld), msg.N("Points", best.total)), v.Rules...).sentence()
	return judgement{verdict: v, description: meld, addedPoints: best.addedPoints, reading: best}
}
