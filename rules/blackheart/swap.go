package blackheart

import (
	"strings"

	"meldpad/rules/cards"
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
		return Verdict{Rule: "B4", Rules: []string{"B4"}, Reason: "only a played JD, QD or KD may be swapped, not " + out.String() + " " + ids("B4")}
	}
	table := Check(set)
	if !table.Valid {
		return Verdict{Rule: table.Rule, Rules: table.Rules, Reason: "the set on the table is not valid: " + table.Reason}
	}
	if table.Kind == Royale {
		return Verdict{Rule: "B4", Rules: []string{"B3", "B4"}, Reason: "the diamonds of a Royale are never swapped " + ids("B3", "B4")}
	}
	var rest []cards.Play
	for _, p := range set {
		if p.Card != out {
			rest = append(rest, p)
		}
	}
	if len(rest) == len(set) {
		return Verdict{Rule: "B4", Rules: []string{"B4"}, Reason: out.String() + " is not in this set " + ids("B4")}
	}
	if len(in) == 0 || len(in) > 2 {
		return Verdict{Rule: "B4", Rules: []string{"B4"}, Reason: "a diamond is swapped for one card from hand, plus its escort if it needs one " + ids("B4")}
	}
	result := append(rest, in...)
	v := Check(result)
	if !v.Valid {
		return Verdict{Rule: v.Rule, Rules: v.Rules, Reason: "the swap would leave an invalid set: " + v.Reason}
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
		return Verdict{Rule: "B4", Rules: v.Rules, Reason: "the swap must leave a set of the same rank(s), but " + strings.Join(playStrings(in), " ") +
			" in place of " + out.String() + " would make " + v.Reason}
	}
	v.Rule, v.Points = "B4", 0
	for _, p := range in {
		v.Points += CardPoints(p.Card)
	}
	v.Reason = strings.Join(playStrings(in), " ") + " may take the place of " + out.String() + ", leaving " + strings.TrimSuffix(v.Reason, ")") + ", B4)"
	v.Rules = append(v.Rules, "B4")
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
