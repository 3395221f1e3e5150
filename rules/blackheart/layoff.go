package blackheart

import (
	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// CheckLayoff judges laying off added onto a set already on the table,
// anyone's (the seed: "including an opponent's set").
//
// The set on the table must itself be valid and not a Royale, on which
// nothing is laid off (B3). The result must be a valid set (B1-B3), and the
// laid-off cards must bring their own escorts: every black court card laid
// off, a wild standing for one included, is escorted by a laid-off heart,
// and a laid-off heart that is not a member escorts a laid-off court card
// (B2); the cards on the table keep their escorts. Points are those of the
// added cards only, which count for the player laying them off (B7); Kind
// is the kind of the result, which may differ from the set's (5S QD KD is
// read as a group of 5s, and 6S laid off makes it a series). Roles cover
// onto's cards, then added's. Ruling: the table's undeclared wilds are read
// afresh for the result; a table that fixed a wild's reading passes it
// declared ("KD=7S").
func CheckLayoff(onto, added []cards.Play) Verdict {
	if len(added) == 0 {
		return Verdict{Rule: "B1", Rules: []string{"B1"}, Reason: citeRules(msg.New("blackheart.no_layoff"), "B1")}
	}
	table := Check(onto)
	if !table.Valid {
		return Verdict{Rule: table.Rule, Rules: table.Rules, Reason: msg.New("blackheart.table_invalid", msg.M("Why", table.Reason))}
	}
	if table.Kind == Royale {
		return Verdict{Rule: "B3", Rules: []string{"B3"}, Reason: citeRules(msg.New("blackheart.royale_no_layoff"), "B3")}
	}
	pieces := make([]piece, 0, len(onto)+len(added))
	for _, p := range onto {
		pieces = append(pieces, piece{card: p.Card, as: p.As})
	}
	for _, p := range added {
		pieces = append(pieces, piece{card: p.Card, as: p.As, added: true})
	}
	v := judge(pieces, true)
	if v.Valid {
		v.Reason = msg.New("blackheart.layoff_makes", msg.M("Cards", playsMsg(added)), msg.M("Text", v.Reason))
	}
	return v
}
