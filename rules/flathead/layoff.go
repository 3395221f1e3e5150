package flathead

import (
	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// CheckLayoff judges laying the added cards off onto a meld already on the
// table (F5). The meld must be valid, and with the added cards it must
// still be a valid meld of any kind: a flush run may become a plain flush
// or a plain run. The result may hold one trump at most, counting one
// already there (F3). Kind is the kind of the resulting meld, and Bonus is
// always false, since laying off never earns a bonus mark (F4).
func CheckLayoff(onto, added []cards.Card) Verdict {
	result := make([]cards.Card, 0, len(onto)+len(added))
	result = append(append(result, onto...), added...)
	trump := hasTrump(result)
	before := Check(onto)
	if !before.Valid {
		f, ok := cardFault(inDeckOrder(onto))
		if !ok {
			f = layDownFault(inDeckOrder(onto), shapeOf(onto))
		}
		return Verdict{Rule: f.rule, Trump: trump}.citing(msg.New("flathead.table_meld_invalid", msg.M("Why", f.why)), f.rule, f.also)
	}
	if len(added) == 0 {
		return Verdict{Rule: "F5", Trump: trump}.citing(msg.New("flathead.nothing_laid_off"), "F5")
	}
	if before.Trump && hasTrump(added) {
		return Verdict{Rule: "F3", Trump: trump}.citing(msg.New("flathead.holds_trump"), "F3", "F5")
	}
	if f, bad := cardFault(inDeckOrder(result)); bad {
		return Verdict{Rule: f.rule, Trump: trump}.citing(f.why, f.rule, f.also, "F5")
	}
	s := shapeOf(result)
	ks := s.kinds(trump)
	if k := ks.first(); k != NoKind {
		text, _, cites := describe(k, ks, s, trump)
		if k.Bonus() {
			text = msg.New("flathead.layoff_no_bonus", msg.M("Text", text))
			cites += ", F4"
		}
		return Verdict{Valid: true, Kind: k, Rule: "F5", Trump: trump}.citing(msg.New("flathead.now", msg.M("Text", text)), "F5", cites)
	}
	body, rules := layoffFault(onto, inDeckOrder(result))
	return Verdict{Rule: "F5", Trump: trump}.citing(body, rules...)
}

// layoffFault explains why a lay-off leaves no meld, judging the result as
// every kind the meld on the table could grow into: a set of its rank, a
// flush of its suit, a run of its colour.
func layoffFault(onto, result []cards.Card) (body msg.Msg, rules []string) {
	before := shapeOf(onto)
	var faults []fault
	if before.sameRank() {
		faults = append(faults, setFault(result, before.rank()))
	}
	if before.sameSuit {
		faults = append(faults, flushFault(result, before.suit))
	}
	if before.runnable() {
		faults = append(faults, runFault(result, before.colour))
	}
	rules = []string{"F5"}
	var parts []msg.Arg
	for i, f := range faults {
		rules = append(rules, f.rule, f.also)
		parts = append(parts, msg.M(string(rune('A'+i)), msg.New("flathead.what_why", msg.M("What", f.what), msg.M("Why", f.why))))
	}
	switch len(parts) {
	case 0:
		// A valid meld is always one of the three; kept for safety.
		return msg.New("flathead.result_no_meld"), []string{"F5", "F1"}
	case 1:
		return msg.New("flathead.result_not", msg.M("What", faults[0].what), msg.M("Why", faults[0].why)), rules
	case 2:
		return msg.New("flathead.result_neither", parts...), rules
	}
	return msg.New("flathead.result_neither3", parts...), rules
}
