package flathead

import (
	"strings"

	"meldpad/rules/cards"
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
		return Verdict{Rule: f.rule, Trump: trump}.citing("the meld on the table is itself invalid: "+f.why, f.rule, f.also)
	}
	if len(added) == 0 {
		return Verdict{Rule: "F5", Trump: trump}.citing("there is no card to lay off", "F5")
	}
	if before.Trump && hasTrump(added) {
		return Verdict{Rule: "F3", Trump: trump}.citing("the meld already holds a trump, and a meld may hold at most one", "F3", "F5")
	}
	if f, bad := cardFault(inDeckOrder(result)); bad {
		return Verdict{Rule: f.rule, Trump: trump}.citing(f.why, f.rule, f.also, "F5")
	}
	s := shapeOf(result)
	ks := s.kinds(trump)
	if k := ks.first(); k != NoKind {
		text, _, cites := describe(k, ks, s, trump)
		if k.Bonus() {
			text = strings.TrimSuffix(text, ": a bonus meld")
			text = strings.TrimSuffix(text, ", a bonus meld")
			text += ", but laying off never earns a bonus mark"
			cites += ", F4"
		}
		return Verdict{Valid: true, Kind: k, Rule: "F5", Trump: trump}.citing("now "+text, "F5", cites)
	}
	body, rules := layoffFault(onto, inDeckOrder(result))
	return Verdict{Rule: "F5", Trump: trump}.citing(body, rules...)
}

// layoffFault explains why a lay-off leaves no meld, judging the result as
// every kind the meld on the table could grow into: a set of its rank, a
// flush of its suit, a run of its colour.
func layoffFault(onto, result []cards.Card) (body string, rules []string) {
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
	var parts []string
	for _, f := range faults {
		rules = append(rules, f.rule, f.also)
		parts = append(parts, f.what+" ("+f.why+")")
	}
	switch len(parts) {
	case 0:
		// A valid meld is always one of the three; kept for safety.
		return "the result is not a meld", []string{"F5", "F1"}
	case 1:
		return "the result is not " + faults[0].what + ": " + faults[0].why, rules
	}
	return "the result is neither " + strings.Join(parts, " nor "), rules
}
