package flathead

import "meldpad/rules/msg"

// Verdict is the referee's answer about one meld, laid down (Check) or
// laid off (CheckLayoff). An invalid meld is an answer, not an error.
type Verdict struct {
	// Valid reports whether the meld may be on the table.
	Valid bool
	// Kind is what the meld is (NoKind when invalid). When it is several
	// kinds at once, the first in Preference's order is given (F4). For a
	// lay-off it is the kind of the meld that results.
	Kind Kind
	// Bonus reports whether laying the meld down earns a bonus mark: true
	// exactly when Kind is a bonus kind and the cards were laid down; a
	// lay-off never earns one (F4).
	Bonus bool
	// Rule is the rule id the verdict rests on: for an invalid meld the
	// rule broken first, for a valid one the rule that makes it what it is.
	Rule string
	// Rules are every rule id Reason cites, in its order.
	Rules []string
	// Reason is one sentence for the table, citing the rule ids in
	// parentheses: "not a run: ∞ never follows 9 (F2)" in English.
	Reason msg.Msg
	// Trump reports whether the cards judged hold a trump (for a lay-off,
	// the meld on the table and the added cards together); a valid meld
	// with a trump can take no other (F3).
	Trump bool
}

// String returns the verdict's reason, said plainly (msg.Plain).
func (v Verdict) String() string { return v.Reason.String() }
