package blackheart

import (
	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// CheckSwap judges the swap of B4: any player, owner or not, takes the
// played diamond out of a set on the table and puts in a card from hand,
// plus an escort if that card needs one, before opening too. The set must
// be valid and not a Royale, out must be a diamond in it, and the result
// must be valid and a set of the same rank(s): a group of the same rank
// with as many members, or a series of the same suit over the same ranks.
// The seed's example: QS 2H QC 7H KD (KD as the Q) takes QS 10H for KD.
//
// Ruling: the cards put in count for the player who swaps, as laid-off
// cards do (B7), so Points is theirs; the diamond goes to that player's
// hand (and, if a discard was drawn for the swap, must be played that
// turn, which the app cannot see). Roles cover the resulting set, in the
// order set minus out, then in.
func CheckSwap(set []cards.Play, out cards.Card, in []cards.Play) Verdict {
	if out.Suit != cards.Diamonds || !inDeck(out) {
		return Verdict{Rule: "B4", Rules: []string{"B4"}, Reason: citeRules(msg.New("blackheart.swap_not_diamond", msg.V("Card", out)), "B4")}
	}
	table := Check(set)
	if !table.Valid {
		return Verdict{Rule: table.Rule, Rules: table.Rules, Reason: msg.New("blackheart.table_invalid", msg.M("Why", table.Reason))}
	}
	if table.Kind == Royale {
		return Verdict{Rule: "B4", Rules: []string{"B3", "B4"}, Reason: citeRules(msg.New("blackheart.swap_royale"), "B3", "B4")}
	}
	var rest []cards.Play
	for _, p := range set {
		if p.Card != out {
			rest = append(rest, p)
		}
	}
	if len(rest) == len(set) {
		return Verdict{Rule: "B4", Rules: []string{"B4"}, Reason: citeRules(msg.New("blackheart.swap_not_in_set", msg.V("Card", out)), "B4")}
	}
	if len(in) == 0 || len(in) > 2 {
		return Verdict{Rule: "B4", Rules: []string{"B4"}, Reason: citeRules(msg.New("blackheart.swap_count"), "B4")}
	}
	result := append(rest, in...)
	v := Check(result)
	if !v.Valid {
		return Verdict{Rule: v.Rule, Rules: v.Rules, Reason: msg.New("blackheart.swap_invalid", msg.M("Why", v.Reason))}
	}
	before, after := shapes(set), shapes(result)
	same := false
	for sh := range after {
		if before[sh] {
			same = true
			break
		}
	}
	if !same {
		return Verdict{Rule: "B4", Rules: v.Rules, Reason: msg.New("blackheart.swap_other_ranks",
			msg.M("In", playsMsg(in)), msg.V("Out", out), msg.M("Text", v.Reason))}
	}
	v.Rule, v.Points = "B4", 0
	for _, p := range in {
		v.Points += CardPoints(p.Card)
	}
	v.Rules = append(v.Rules, "B4")
	v.Reason = citeRules(msg.New("blackheart.swap_ok", msg.M("In", playsMsg(in)), msg.V("Out", out), msg.M("Text", v.body)), v.Rules...)
	return v
}

// shape is what B4 keeps in a swap: the kind, and the rank and number of a
// group's members or the suit and ranks of a series.
type shape struct {
	kind    Kind
	rank    cards.Rank
	members int
	suit    cards.Suit
	ranks   uint16
}

// shapes lists the shapes of every valid reading of a set.
func shapes(set []cards.Play) map[shape]bool {
	pieces := make([]piece, len(set))
	for i, p := range set {
		pieces[i] = piece{card: p.Card, as: p.As}
	}
	out := make(map[shape]bool)
	if _, ok := checkCards(pieces); !ok {
		return out
	}
	s := newSolver(pieces, false)
	s.collect = func(rd reading) {
		sh := shape{kind: rd.kind}
		switch rd.kind {
		case Group:
			sh.rank = rd.rank
			roles, _ := s.materialize(rd)
			for _, role := range roles {
				if role.Part == Member {
					sh.members++
				}
			}
		case Series:
			sh.suit = rd.suit
			for i := 0; i < rd.length; i++ {
				sh.ranks |= 1 << seriesRank(rd, i)
			}
		}
		out[sh] = true
	}
	s.run()
	return out
}
