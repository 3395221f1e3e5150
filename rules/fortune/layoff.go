package fortune

import (
	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// CheckLayoff judges laying off added onto a meld already on the table
// (R3). The caller makes sure onto is the player's own meld: R3 allows
// laying off only there, and the cards alone cannot tell whose meld it is.
//
// The meld on the table must itself be valid, and onto and added together
// must make a valid meld; a set stays at most four cards unless the house
// plays big sets (R1, R3). The whole result is read afresh, as Check reads
// a meld, so an undeclared deuce already on the table may take a new
// reading; a player who wants a deuce pinned declares it ("2C=7H"). Among
// the best readings of the result, the one that scores the added cards the
// most is taken.
//
// Points is what the added cards score under that reading (R4); Kind is the
// kind of the result; Readings and CardPoints are parallel to onto followed
// by added. At the end of the hand Score counts each meld as a whole, which
// matches the sum of its lay-offs unless a lay-off made a deuce on the
// table change to a cheaper reading.
func CheckLayoff(onto, added []cards.Play, h HouseRules) Verdict {
	base := judge(onto, len(onto), nil, h)
	if !base.verdict.Valid {
		return base.verdict.within(base.verdict.Rule, layoffTableNotID)
	}
	if len(added) == 0 {
		return invalid("R3", cite(msg.New("fortune.layoff_none"), "R3"))
	}
	whole := make([]cards.Play, 0, len(onto)+len(added))
	whole = append(append(whole, onto...), added...)
	result := judge(whole, len(onto), &base.reading, h)
	switch {
	case result.failure == setTooBig:
		return invalid("R3", cite(msg.New("fortune.layoff_set_big", msg.Words("Count", len(whole))), "R1", "R3"))
	case !result.verdict.Valid:
		return result.verdict.within(result.verdict.Rule, layoffMakesNotID)
	}
	v := result.verdict
	v.Points = result.addedPoints
	v.Rule = "R3"
	rules := []string{"R1", "R3", "R4"}
	if hasDeuce(whole) {
		rules = []string{"R1", "R2", "R3", "R4"}
	}
	v.because(cite(msg.New("fortune.layoff_scores", msg.N("Count", len(added)), msg.N("Points", result.addedPoints),
		msg.M("Meld", result.description)), rules...))
	return v
}

// hasDeuce reports whether a meld holds a wild card (R2).
func hasDeuce(meld []cards.Play) bool {
	for _, p := range meld {
		if isDeuce(p.Card) {
			return true
		}
	}
	return false
}

// The lay-off verdicts that say what the meld on the table, or the meld
// the cards make, is not (Verdict.within).
const (
	layoffTableNotID = "fortune.layoff_table_not"
	layoffMakesNotID = "fortune.layoff_makes_not"
)
