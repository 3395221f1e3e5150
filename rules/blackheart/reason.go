package blackheart

import (
	"strconv"
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// This file words the verdicts: one sentence a player at the table reads,
// citing the rule ids in parentheses.

func suitSingular(s cards.Suit) string {
	return strings.ToLower(strings.TrimSuffix(s.String(), "s"))
}

func suitPlural(s cards.Suit) string { return strings.ToLower(s.String()) }

// ids joins rule ids as a reason cites them: "(B1, B2)".
func ids(rules ...string) string { return "(" + strings.Join(rules, ", ") + ")" }

// citing is a reason for the table and the ids of the rules it cites,
// kept apart so that a verdict carries the ids as a field (Verdict.Rules)
// and the sentence cites them at its end.
type citing struct {
	text  string
	rules []string
}

func cite(text string, rules ...string) citing { return citing{text: text, rules: rules} }

// sentence is the reason as the table reads it: "a group of three 7s (B1)".
func (c citing) sentence() string { return c.text + " " + ids(c.rules...) }

// listWords writes "5S", "5S and 6S" or "5S, 6S and 9S".
func listWords(ss []string) string {
	if len(ss) <= 1 {
		return strings.Join(ss, "")
	}
	return strings.Join(ss[:len(ss)-1], ", ") + " and " + ss[len(ss)-1]
}

// describe names a card as read: "KS", or "QD, standing for QS,".
func describe(c cards.Card, role Role) string {
	switch {
	case !role.Wild():
		return c.String()
	case role.Part == Escort:
		return c.String() + ", standing in for a heart,"
	}
	return c.String() + ", standing for " + role.As.String() + ","
}

// validReason says what a valid set is: "a series QS-KS-AS with two heart
// escorts (B1, B2)".
func (s *solver) validReason(rd reading, roles []Role, read []cards.Card) citing {
	if rd.kind == Royale {
		return cite("the Diamond Royale JD-QD-KD, worth "+strconv.Itoa(RoyalePoints)+" in all", "B3", "B7")
	}
	var b strings.Builder
	b.Grow(128)
	members, escorts := 0, 0
	for _, role := range roles {
		switch role.Part {
		case Member:
			members++
		case Escort:
			escorts++
		}
	}
	if rd.kind == Group {
		b.WriteString("a group of ")
		b.WriteString(ruling.Number(members))
		b.WriteByte(' ')
		b.WriteString(ruling.RankPlural(rd.rank))
	} else {
		b.WriteString("a series ")
		for i := 0; i < rd.length; i++ {
			r := seriesRank(rd, i)
			if i > 0 {
				b.WriteByte('-')
			}
			b.WriteString(cards.Card{Rank: r, Suit: rd.suit}.String())
		}
	}
	rules := []string{"B1"}
	if escorts > 0 {
		rules = append(rules, "B2")
	}
	diamonds, wilds := false, false
	for w := range nSlots {
		i := s.slot[w]
		if i < 0 {
			continue
		}
		diamonds = true
		switch role := roles[i]; {
		case !role.Wild():
		case role.Part == Escort:
			b.WriteString(", " + slotCards[w].String() + " standing in for a heart escort")
			wilds = true
		default:
			b.WriteString(", " + slotCards[w].String() + " standing for " + role.As.String())
			wilds = true
		}
	}
	if diamonds {
		rules = append(rules, "B3")
	}
	sep := " with "
	if wilds {
		sep = ", with "
	}
	switch escorts {
	case 0:
	case 1:
		b.WriteString(sep + "one heart escort")
	default:
		b.WriteString(sep + ruling.Number(escorts) + " heart escorts")
	}
	return cite(b.String(), rules...)
}

// failReason words why a set is not valid, naming the first thing wrong in
// the reading the player most likely meant. s is nil when the cards
// themselves are wrong.
func failReason(s *solver, f failure) (rule string, why citing) {
	rule = f.code.rule()
	var c cards.Card
	var declared cards.Card
	if s != nil && f.piece >= 0 {
		c, declared = s.pieces[f.piece].card, s.pieces[f.piece].as
	}
	switch f.code {
	case failEmpty:
		return rule, cite("no cards were given", rule)
	case failMisfit:
		return misfitReason(f.rd, c, declared)
	case failTooFew:
		return rule, tooFewReason(rule, f.count)
	case failNoNatural:
		return rule, cite("a set needs at least one member that is not a wild diamond; JD, QD and KD on their own are the Royale", rule)
	case failWildCopies:
		return rule, wildCopiesReason(rule, f.rd, c, declared)
	case failDuplicate:
		return duplicateReason(rule, f.rd, c)
	case failGap:
		return rule, gapReason(s, rule, f)
	case failHeartWrap:
		return rule, cite("heart series do not wrap around from 10 to A", rule)
	case failTooLong:
		return rule, tooLongReason(rule, f.rd)
	case failEscorts, failLayoffEscorts:
		return escortReason(s, f)
	}
	return "B1", cite("these cards make no set", "B1")
}

// tooFewReason words a reading with only count members, escorts aside.
func tooFewReason(rule string, count int) citing {
	if count == 1 {
		return cite("only one card makes the rank or the sequence; a set needs three, escorts not counted", rule)
	}
	return cite("only "+ruling.Number(count)+" cards make the rank or the sequence; a set needs three, escorts not counted", rule)
}

// wildCopiesReason words why the wild c (declared as declared, or zero)
// cannot be read as the reading rd has it: the deck holds no more copies
// of what it would stand for.
func wildCopiesReason(rule string, rd reading, c, declared cards.Card) citing {
	as := rd.opts[c.Rank-cards.Jack].as
	if !declared.IsZero() {
		as = declared
	}
	if as.IsZero() || as.Suit == cards.Hearts && rd.opts[c.Rank-cards.Jack].escort && declared.IsZero() {
		return cite(c.String()+" cannot stand in for a heart: the set already holds every heart it could be", rule)
	}
	if declared.IsZero() && rd.kind == Group {
		return cite(c.String()+" cannot stand for another "+rankSingular(rd.rank)+": the set already holds every copy it could be", "B1", rule)
	}
	return cite(c.String()+" cannot stand for "+as.String()+": the deck has no more of it than the set already holds", rule)
}

// duplicateReason words a rank the series rd holds twice, the second time
// as card c, natural or wild.
func duplicateReason(rule string, rd reading, c cards.Card) (string, citing) {
	if c.Suit == cards.Diamonds {
		return "B1", cite(c.String()+" standing for "+rd.opts[c.Rank-cards.Jack].as.String()+" repeats a rank of the series", "B1", "B3")
	}
	return rule, cite(c.String()+" appears twice, but a series holds each rank once", rule)
}

// gapReason words a series whose members cannot be placed in sequence,
// listing those whose rank is known; it cites B3 too when a wild is among
// them.
func gapReason(s *solver, rule string, f failure) citing {
	placed := placedMembers(s, f.rd)
	with, rules := "", []string{rule}
	if f.count > 0 {
		with = ", even with the wilds"
	}
	for _, w := range placed {
		if strings.Contains(w, "standing for") {
			rules = append(rules, "B3")
			break
		}
	}
	return cite(listWords(placed)+" are not in sequence"+with, rules...)
}

// placedMembers names the members of the series rd whose rank is known,
// lowest first: one natural card of each rank, then the wilds given that
// rank.
func placedMembers(s *solver, rd reading) []string {
	var placed []string
	for r := cards.Ace; r <= cards.King; r++ {
		for _, p := range s.pieces {
			if p.card.Suit == rd.suit && p.card.Rank == r {
				placed = append(placed, p.card.String())
				break
			}
		}
		for w := range nSlots {
			if o := rd.opts[w]; s.slot[w] >= 0 && !o.free && !o.escort && o.as.Rank == r {
				placed = append(placed, slotCards[w].String()+" standing for "+o.as.String())
			}
		}
	}
	return placed
}

// tooLongReason words a series with more members than ranks to hold them.
func tooLongReason(rule string, rd reading) citing {
	if rd.suit == cards.Hearts {
		return cite("a heart series runs from A to 10, so it holds ten cards at most", rule)
	}
	return cite("a series holds each rank once, so thirteen cards at most besides escorts", rule)
}

func rankSingular(r cards.Rank) string {
	return strings.TrimPrefix(strings.TrimPrefix(ruling.RankArticle(r), "an "), "a ")
}

// cardReason words what is wrong with a card itself.
func cardReason(pieces []piece, f failure) citing {
	p := pieces[f.piece]
	switch f.code {
	case failNotInDeck:
		if p.card.IsZero() {
			return cite("an empty card is not a card of the Black Heart deck", "B1")
		}
		return cite(p.card.String()+" is not a card of the Black Heart deck", "B1")
	case failCopies:
		if deckCopies(p.card) == 1 {
			return cite("there is only one "+p.card.String()+" in the Black Heart deck", "B1")
		}
		return cite("there are only two "+p.card.String()+" in the Black Heart deck", "B1")
	case failNotWild:
		return cite(p.card.String()+" is not wild, so it cannot stand for "+p.as.String()+"; only JD, QD and KD are", "B3")
	default: // failBadReading, the last check of checkCards
		switch p.card {
		case jackOfDiamonds:
			return cite("JD can stand only for a heart from A to 10, not "+p.as.String(), "B3")
		case queenOfDiamonds:
			return cite("QD can stand only for a spade or a club, not "+p.as.String(), "B3")
		}
		return cite("KD can stand for any card of the Black Heart deck, but the deck holds no "+p.as.String(), "B3")
	}
}

// misfitReason says why card c cannot belong to the set the reading makes.
// The rule is always B1, what a set is made of, whichever card is named
// first, so that the order of the cards never changes a verdict's rule.
func misfitReason(rd reading, c, declared cards.Card) (string, citing) {
	set := "a group of " + ruling.RankPlural(rd.rank)
	if rd.kind == Series {
		set = "a series of " + suitPlural(rd.suit)
	}
	switch {
	case c.Suit == cards.Diamonds && declared == c:
		return "B1", cite(c.String()+" read as itself belongs only in a group of "+ruling.RankPlural(c.Rank)+" or the Royale", "B1", "B3")
	case c.Suit == cards.Diamonds && !declared.IsZero():
		return "B1", cite(c.String()+" standing for "+declared.String()+" cannot join "+set, "B1", "B3")
	case c.Suit == cards.Diamonds:
		if rd.kind == Series && rd.suit == cards.Hearts {
			return "B1", cite(c.String()+" cannot stand for a heart, so it cannot join a heart series", "B1", "B3")
		}
		return "B1", cite(c.String()+" has no reading that fits "+set, "B1", "B3")
	case rd.kind == Group && c.Suit == cards.Hearts:
		return "B1", cite(c.String()+" is not "+ruling.RankArticle(rd.rank)+", and "+set+" has no court card for it to escort", "B1", "B2")
	case rd.kind == Group:
		return "B1", cite(c.String()+" is not "+ruling.RankArticle(rd.rank)+", so it cannot join "+set, "B1")
	}
	return "B1", cite(c.String()+" is not a "+suitSingular(rd.suit)+", so it cannot join "+set, "B1")
}

// escortReason names the first court card without an escort, or the first
// heart with nothing to do, in the failing reading.
func escortReason(s *solver, f failure) (string, citing) {
	roles, read := s.materialize(f.rd)
	escorted := make([]bool, len(roles))
	for _, role := range roles {
		if role.Part == Escort && role.Court >= 0 {
			escorted[role.Court] = true
		}
	}
	layoff := f.code == failLayoffEscorts
	for pass := 0; pass < 2; pass++ { // courts first, then spare hearts
		for i, role := range roles {
			if layoff && !s.pieces[i].added {
				continue
			}
			c := s.pieces[i].card
			rules := []string{"B2"}
			if role.Wild() {
				rules = append(rules, "B3")
			}
			switch {
			case pass == 0 && role.Part == Member && isBlackCourt(read[i]) && !escorted[i]:
				if layoff {
					return "B2", cite("the laid-off "+describe(c, role)+" needs its own heart escort among the laid-off cards", rules...)
				}
				return "B2", cite(describe(c, role)+" has no heart to escort it", rules...)
			case pass == 1 && role.Part == Escort && role.Court < 0:
				if layoff {
					return "B2", cite("the laid-off "+describe(c, role)+" has no laid-off court card to escort", rules...)
				}
				return "B2", cite(describe(c, role)+" is neither a member nor an escort: no court card is left for it to escort", rules...)
			}
		}
	}
	return "B2", cite("every black court card needs a heart escort of its own, and every other heart must be a member", "B2")
}
