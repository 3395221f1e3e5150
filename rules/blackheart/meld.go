package blackheart

import (
	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// Verdict is the referee's answer about one set: whether it may be laid
// down (or laid off), what kind it is, what it scores and why, in one
// sentence that cites the rules.
type Verdict struct {
	// Valid reports whether the set is allowed.
	Valid bool
	// Kind is the set's kind; NoKind when it is not valid.
	Kind Kind
	// Points is what the player scores for the cards (B7): for a lay-off
	// the laid-off cards only, for a Royale RoyalePoints. 0 when invalid.
	Points int
	// Roles says, card by card in the order given, how the set was read:
	// member or escort, which court an escort escorts, what a wild stands
	// for. Nil when the set is not valid.
	Roles []Role
	// Rule is the rule id that decided the verdict: for an invalid set
	// the rule it breaks, for a valid one the rule that makes it a set.
	Rule string
	// Rules are every rule id Reason cites, in its order.
	Rules []string
	// Reason is one sentence for the players, citing the rule ids, in
	// the table's language (rules/msg).
	Reason msg.Msg
	// body is Reason without its rule ids, for a longer sentence that
	// cites more (a swap).
	body msg.Msg
}

// Check judges cards laid down together as one set (B1-B3).
//
// A set is a group (three or more cards of one rank) or a series (three or
// more of one suit in sequence; spades and clubs may wrap K-A-2, hearts
// run A to 10 and never wrap), counted without escorts (B1). Every black
// J, Q or K needs a heart of its own as escort; a heart may instead be a
// member of a group of pips or of a heart series; a heart that is
// neither makes the set invalid (B2). JD, QD and KD alone are the Royale;
// in a group they count as a J, Q or K without escort; as wilds JD stands
// for a heart, QD for a spade or club, KD for any card, and a wild standing
// for a black court card needs an escort (B3).
//
// A play with a declared reading (As) is read only that way. An undeclared
// wild is read the way that makes the set valid and scores the most
// (the card notation); as a wild scores its own value whatever it stands for
// (B7), that only ever prefers the Royale. When several readings remain,
// Roles shows one chosen by fixed rules: a group before a series, a series
// whose wilds extend it upwards, diamonds looked at in the order JD, QD,
// KD. None of that depends on the order of the cards.
//
// Rulings where the rules are silent (B3): a set may hold all three wilds but
// needs at least one member that is not wild; a wild stands only for a card
// of the Black Heart deck (so JD is never a J of hearts, and heart series
// end at 10 with the ace low); a wild may not stand for a card whose every
// copy is already in the set; KD standing for JD or QD counts, as the seed
// has it ("Q/2+Q/7+K as the Q"), as a diamond court card in a group and
// needs no escort; a diamond read as itself joins only a group of its rank
// or the Royale; a series holds each rank once, so at most 13 cards besides
// escorts.
func Check(meld []cards.Play) Verdict {
	pieces := make([]piece, len(meld))
	for i, p := range meld {
		pieces[i] = piece{card: p.Card, as: p.As}
	}
	return judge(pieces, false)
}

// judge finds a set's verdict. With layoff, the pieces marked added were
// laid off onto the others and must bring their own escorts (B2).
func judge(pieces []piece, layoff bool) Verdict {
	if f, ok := checkCards(pieces); !ok {
		return cardsInvalid(pieces, f)
	}
	s := newSolver(pieces, layoff)
	s.run()
	if !s.found {
		return invalid(s, s.bestF)
	}
	v := Verdict{Valid: true, Kind: s.best.kind, Rule: "B1"}
	var read []cards.Card
	v.Roles, read = s.materialize(s.best)
	v.because(s.validReason(s.best, v.Roles, read))
	if v.Kind == Royale {
		v.Rule, v.Points = "B3", RoyalePoints
		return v
	}
	for _, p := range pieces {
		if !layoff || p.added {
			v.Points += CardPoints(p.card)
		}
	}
	return v
}

func invalid(s *solver, f failure) Verdict {
	rule, why := failReason(s, f)
	return Verdict{Rule: rule, Rules: why.rules, Reason: why.sentence(), body: why.text}
}

// cardsInvalid is the verdict on cards that are wrong in themselves.
func cardsInvalid(pieces []piece, f failure) Verdict {
	if f.code == failEmpty {
		return invalid(nil, f)
	}
	why := cardReason(pieces, f)
	return Verdict{Rule: f.code.rule(), Rules: why.rules, Reason: why.sentence(), body: why.text}
}

// because sets the verdict's reason and the rules it cites.
func (v *Verdict) because(why citing) {
	v.Reason, v.Rules, v.body = why.sentence(), why.rules, why.text
}

// materialize makes a reading concrete: what each card is read as and the
// part it plays, with each escort paired to its court card in the order
// given (for a lay-off, laid-off escorts with laid-off courts, B2).
func (s *solver) materialize(rd reading) ([]Role, []cards.Card) {
	n := len(s.pieces)
	roles := make([]Role, n)
	read := make([]cards.Card, n)
	for i, p := range s.pieces {
		roles[i].Court = -1
		read[i] = p.card
	}
	if rd.kind == Royale {
		for i := range roles {
			roles[i].Part = RoyaleCard
		}
		return roles, read
	}
	heartsAreMembers := (rd.kind == Group && rd.rank <= cards.Ten) || (rd.kind == Series && rd.suit == cards.Hearts)
	heartCount := s.heart
	for i, p := range s.pieces {
		switch {
		case p.card.Suit == cards.Diamonds:
		case p.card.Suit == cards.Hearts && !heartsAreMembers:
			roles[i].Part = Escort
		default:
			roles[i].Part = Member
		}
	}
	var free []int // slots read as series members the window places
	for w := range nSlots {
		i := s.slot[w]
		if i < 0 {
			continue
		}
		o := rd.opts[w]
		switch {
		case o.natural:
			roles[i].Part = Member
		case o.escort:
			roles[i].Part = Escort
			if !o.as.IsZero() {
				read[i], roles[i].As = o.as, o.as
				heartCount[o.as.Rank]++
			}
		case o.free:
			roles[i].Part = Member
			free = append(free, w)
		default:
			roles[i].Part = Member
			read[i], roles[i].As = o.as, o.as
			if o.as.Suit == cards.Hearts {
				heartCount[o.as.Rank]++
			}
		}
	}
	for w := range nSlots { // an escort of any heart is read as the lowest heart left
		if i := s.slot[w]; i >= 0 && rd.opts[w].escort && rd.opts[w].as.IsZero() {
			r := cards.Ace
			for r < cards.Ten && heartCount[r] >= 2 {
				r++
			}
			heartCount[r]++
			h := cards.Card{Rank: r, Suit: cards.Hearts}
			read[i], roles[i].As = h, h
		}
	}
	if len(free) > 0 {
		s.placeFree(rd, free, roles, read)
	}
	s.pairEscorts(roles, read)
	return roles, read
}

// seriesRank returns the rank at place i of a series reading.
func seriesRank(rd reading, i int) cards.Rank {
	if rd.suit == cards.Hearts {
		return rd.start + cards.Rank(i)
	}
	return cards.Rank((int(rd.start)-1+i)%13 + 1)
}

// placeFree puts the wilds whose rank a series window decides into its
// gaps, lowest gap first in diamond order; for a lay-off, in the order that
// keeps laid-off courts with laid-off escorts if one does (B2).
func (s *solver) placeFree(rd reading, free []int, roles []Role, read []cards.Card) {
	var taken uint16
	for i, role := range roles {
		if role.Part == Member && (s.pieces[i].card.Suit != cards.Diamonds || role.Wild()) {
			taken |= 1 << read[i].Rank
		}
	}
	var gaps []cards.Rank
	for i := 0; i < rd.length; i++ {
		if r := seriesRank(rd, i); taken&(1<<r) == 0 {
			gaps = append(gaps, r)
		}
	}
	if len(gaps) != len(free) {
		return // not a complete reading; only reasons look at it
	}
	order := []int{0, 1, 2}[:len(free)]
	place := func() {
		for k, w := range free {
			c := cards.Card{Rank: gaps[order[k]], Suit: rd.suit}
			read[s.slot[w]], roles[s.slot[w]].As = c, c
		}
	}
	place()
	if !s.layoff || len(free) < 2 || s.layoffBalanced(roles, read) {
		return
	}
	order[0], order[1] = 1, 0 // at most two wilds are members of a black series
	place()
	if !s.layoffBalanced(roles, read) {
		order[0], order[1] = 0, 1
		place()
	}
}

// layoffBalanced reports whether the laid-off cards hold as many escorts
// as court cards.
func (s *solver) layoffBalanced(roles []Role, read []cards.Card) bool {
	d := 0
	for i, role := range roles {
		if !s.pieces[i].added {
			continue
		}
		switch {
		case role.Part == Escort:
			d--
		case role.Part == Member && isBlackCourt(read[i]):
			d++
		}
	}
	return d == 0
}

// pairEscorts pairs escorts with black court cards in the order given; in
// a lay-off, laid-off cards with laid-off cards and the rest with the rest.
func (s *solver) pairEscorts(roles []Role, read []cards.Card) {
	for _, added := range []bool{false, true} {
		e := 0
		for c := range roles {
			if roles[c].Part != Member || !isBlackCourt(read[c]) || (s.layoff && s.pieces[c].added != added) {
				continue
			}
			for e < len(roles) && (roles[e].Part != Escort || (s.layoff && s.pieces[e].added != added)) {
				e++
			}
			if e == len(roles) {
				break
			}
			roles[e].Court = c
			e++
		}
		if !s.layoff {
			return
		}
	}
}
