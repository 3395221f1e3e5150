package blackheart

import (
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// This file words the verdicts: one sentence a player at the table reads,
// citing the rule ids in parentheses, as messages said in the table's
// language (rules/msg).

// citing is a reason for the table and the ids of the rules it cites,
// kept apart so that a verdict carries the ids as a field (Verdict.Rules)
// and the sentence cites them at its end.
type citing struct {
	text  msg.Msg
	rules []string
}

func cite(text msg.Msg, rules ...string) citing { return citing{text: text, rules: rules} }

// sentence is the reason as the table reads it: "a group of three 7s (B1)".
func (c citing) sentence() msg.Msg { return citeRules(c.text, c.rules...) }

// citeRules is text citing rules at its end: "a group of three 7s (B1)".
func citeRules(text msg.Msg, rules ...string) msg.Msg {
	return msg.New("verdict.citing", msg.M("Text", text), msg.S("Rules", strings.Join(rules, ", ")))
}

// card names one card as the language writes it.
func card(c cards.Card) msg.Msg { return msg.Value(c) }

// playsMsg names cards as the player wrote them: "7H 2C=7S".
func playsMsg(ps []cards.Play) msg.Msg {
	return msg.Value(msg.Joined{Sep: " ", Items: msg.Values(ps)})
}

// rankName names a rank alone: "king", "7".
func rankName(r cards.Rank) msg.Msg {
	if r == cards.Ace || r >= cards.Jack {
		return msg.New("card.rank_name." + r.String())
	}
	return msg.Value(r)
}

// describe names a card as read: "KS", or "QD, standing for QS,".
func describe(c cards.Card, role Role) msg.Msg {
	switch {
	case !role.Wild():
		return card(c)
	case role.Part == Escort:
		return msg.New("blackheart.card_escort", msg.V("Card", c))
	}
	return msg.New("blackheart.card_as", msg.V("Card", c), msg.V("As", role.As))
}

// validReason says what a valid set is: "a series QS-KS-AS with two heart
// escorts (B1, B2)".
func (s *solver) validReason(rd reading, roles []Role, read []cards.Card) citing {
	if rd.kind == Royale {
		return cite(msg.New("blackheart.royale", msg.Join("Cards", "-", msg.Values(slotCards[:])), msg.N("Points", RoyalePoints)), "B3", "B7")
	}
	members, escorts := 0, 0
	for _, role := range roles {
		switch role.Part {
		case Member:
			members++
		case Escort:
			escorts++
		}
	}
	var set msg.Msg
	if rd.kind == Group {
		set = msg.New("blackheart.a_group", msg.Words("Count", members), msg.M("Ranks", ruling.RankPlural(rd.rank)))
	} else {
		series := make([]msg.Msg, rd.length)
		for i := range rd.length {
			series[i] = card(cards.Card{Rank: seriesRank(rd, i), Suit: rd.suit})
		}
		set = msg.New("blackheart.a_series", msg.Join("Cards", "-", series))
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
			set = msg.New("blackheart.wild_escort", msg.M("Set", set), msg.V("Card", slotCards[w]))
			wilds = true
		default:
			set = msg.New("blackheart.wild_as", msg.M("Set", set), msg.V("Card", slotCards[w]), msg.V("As", role.As))
			wilds = true
		}
	}
	if diamonds {
		rules = append(rules, "B3")
	}
	if escorts > 0 {
		id := "blackheart.with_escorts"
		if wilds {
			id = "blackheart.then_escorts"
		}
		set = msg.New(id, msg.M("Set", set), msg.Words("Count", escorts))
	}
	return cite(set, rules...)
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
		return rule, cite(msg.New("blackheart.no_cards"), rule)
	case failMisfit:
		return misfitReason(f.rd, c, declared)
	case failTooFew:
		return rule, cite(msg.New("blackheart.too_few", msg.Words("Count", f.count)), rule)
	case failNoNatural:
		return rule, cite(msg.New("blackheart.no_natural"), rule)
	case failWildCopies:
		return rule, wildCopiesReason(rule, f.rd, c, declared)
	case failDuplicate:
		return duplicateReason(rule, f.rd, c)
	case failGap:
		return rule, gapReason(s, rule, f)
	case failHeartWrap:
		return rule, cite(msg.New("blackheart.heart_wrap"), rule)
	case failTooLong:
		if f.rd.suit == cards.Hearts {
			return rule, cite(msg.New("blackheart.too_long_hearts"), rule)
		}
		return rule, cite(msg.New("blackheart.too_long"), rule)
	case failEscorts, failLayoffEscorts:
		return escortReason(s, f)
	}
	return "B1", cite(msg.New("blackheart.no_set"), "B1")
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
		return cite(msg.New("blackheart.no_heart_left", msg.V("Card", c)), rule)
	}
	if declared.IsZero() && rd.kind == Group {
		return cite(msg.New("blackheart.no_copy_left", msg.V("Card", c), msg.M("Rank", rankName(rd.rank))), "B1", rule)
	}
	return cite(msg.New("blackheart.no_more_of", msg.V("Card", c), msg.V("As", as)), rule)
}

// duplicateReason words a rank the series rd holds twice, the second time
// as card c, natural or wild.
func duplicateReason(rule string, rd reading, c cards.Card) (string, citing) {
	if c.Suit == cards.Diamonds {
		return "B1", cite(msg.New("blackheart.wild_repeats", msg.V("Card", c), msg.V("As", rd.opts[c.Rank-cards.Jack].as)), "B1", "B3")
	}
	return rule, cite(msg.New("blackheart.twice", msg.V("Card", c)), rule)
}

// gapReason words a series whose members cannot be placed in sequence,
// listing those whose rank is known; it cites B3 too when a wild is among
// them.
func gapReason(s *solver, rule string, f failure) citing {
	placed, wild := placedMembers(s, f.rd)
	rules := []string{rule}
	if wild {
		rules = append(rules, "B3")
	}
	id := "blackheart.not_in_sequence"
	if f.count > 0 {
		id = "blackheart.not_in_sequence_wilds"
	}
	return cite(msg.New(id, msg.List("Cards", placed)), rules...)
}

// placedMembers names the members of the series rd whose rank is known,
// lowest first: one natural card of each rank, then the wilds given that
// rank; and whether a wild is among them.
func placedMembers(s *solver, rd reading) (placed []msg.Msg, wild bool) {
	for r := cards.Ace; r <= cards.King; r++ {
		for _, p := range s.pieces {
			if p.card.Suit == rd.suit && p.card.Rank == r {
				placed = append(placed, card(p.card))
				break
			}
		}
		for w := range nSlots {
			if o := rd.opts[w]; s.slot[w] >= 0 && !o.free && !o.escort && o.as.Rank == r {
				placed = append(placed, msg.New("blackheart.standing_for", msg.V("Card", slotCards[w]), msg.V("As", o.as)))
				wild = true
			}
		}
	}
	return placed, wild
}

// cardReason words what is wrong with a card itself.
func cardReason(pieces []piece, f failure) citing {
	p := pieces[f.piece]
	switch f.code {
	case failNotInDeck:
		if p.card.IsZero() {
			return cite(msg.New("blackheart.empty_card"), "B1")
		}
		return cite(msg.New("blackheart.not_in_deck", msg.V("Card", p.card)), "B1")
	case failCopies:
		if deckCopies(p.card) == 1 {
			return cite(msg.New("blackheart.only_one", msg.V("Card", p.card)), "B1")
		}
		return cite(msg.New("blackheart.only_two", msg.V("Card", p.card)), "B1")
	case failNotWild:
		return cite(msg.New("blackheart.not_wild", msg.V("Card", p.card), msg.V("As", p.as)), "B3")
	default: // failBadReading, the last check of checkCards
		switch p.card {
		case jackOfDiamonds:
			return cite(msg.New("blackheart.jd_reading", msg.V("As", p.as)), "B3")
		case queenOfDiamonds:
			return cite(msg.New("blackheart.qd_reading", msg.V("As", p.as)), "B3")
		}
		return cite(msg.New("blackheart.kd_reading", msg.V("As", p.as)), "B3")
	}
}

// misfitReason says why card c cannot belong to the set the reading makes.
// The rule is always B1, what a set is made of, whichever card is named
// first, so that the order of the cards never changes a verdict's rule.
func misfitReason(rd reading, c, declared cards.Card) (string, citing) {
	set := msg.New("blackheart.group_of", msg.M("Ranks", ruling.RankPlural(rd.rank)))
	if rd.kind == Series {
		set = msg.New("blackheart.series_of", msg.M("Suit", msg.New("card.suit_name."+rd.suit.Letter())))
	}
	switch {
	case c.Suit == cards.Diamonds && declared == c:
		return "B1", cite(msg.New("blackheart.read_as_itself", msg.V("Card", c), msg.M("Ranks", ruling.RankPlural(c.Rank))), "B1", "B3")
	case c.Suit == cards.Diamonds && !declared.IsZero():
		return "B1", cite(msg.New("blackheart.declared_misfit", msg.V("Card", c), msg.V("As", declared), msg.M("Set", set)), "B1", "B3")
	case c.Suit == cards.Diamonds:
		if rd.kind == Series && rd.suit == cards.Hearts {
			return "B1", cite(msg.New("blackheart.no_heart_reading", msg.V("Card", c)), "B1", "B3")
		}
		return "B1", cite(msg.New("blackheart.no_reading_fits", msg.V("Card", c), msg.M("Set", set)), "B1", "B3")
	case rd.kind == Group && c.Suit == cards.Hearts:
		return "B1", cite(msg.New("blackheart.heart_misfit", msg.V("Card", c), msg.M("Rank", ruling.RankArticle(rd.rank)), msg.M("Set", set)), "B1", "B2")
	case rd.kind == Group:
		return "B1", cite(msg.New("blackheart.rank_misfit", msg.V("Card", c), msg.M("Rank", ruling.RankArticle(rd.rank)), msg.M("Set", set)), "B1")
	}
	return "B1", cite(msg.New("blackheart.suit_misfit", msg.M("NotSuit", msg.New("fan.not_suit."+rd.suit.Letter(), msg.V("Card", c))), msg.M("Set", set)), "B1")
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
					return "B2", cite(msg.New("blackheart.laid_off_needs_escort", msg.M("Card", describe(c, role))), rules...)
				}
				return "B2", cite(msg.New("blackheart.no_escort", msg.M("Card", describe(c, role))), rules...)
			case pass == 1 && role.Part == Escort && role.Court < 0:
				if layoff {
					return "B2", cite(msg.New("blackheart.laid_off_nothing_to_escort", msg.M("Card", describe(c, role))), rules...)
				}
				return "B2", cite(msg.New("blackheart.spare_heart", msg.M("Card", describe(c, role))), rules...)
			}
		}
	}
	return "B2", cite(msg.New("blackheart.escorts_rule"), "B2")
}
