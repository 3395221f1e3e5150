package fortune

import (
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// Verdict is the referee's answer about one meld or one lay-off: whether it
// stands, what it is, what it scores, how each card was read, and one
// sentence a player can read that cites the rule ids.
type Verdict struct {
	// Valid reports whether the cards make a meld (or a lay-off) the rules
	// allow.
	Valid bool
	// Kind is the kind of the meld: for a lay-off, of the meld it makes.
	// NoKind when the verdict is invalid.
	Kind Kind
	// Points is what the cards score on the table (R4); for a lay-off,
	// what the added cards alone score. 0 when invalid.
	Points int
	// Readings holds, parallel to the cards judged (for a lay-off: the
	// meld on the table, then the added cards), the card each one stands
	// for: the card itself for a natural, the declared or chosen reading
	// for a deuce. Nil when invalid.
	Readings []cards.Card
	// CardPoints holds, parallel to Readings, what each card scores (R4),
	// so that the scorepad can show a deuce's 10 beside its reading. Nil
	// when invalid.
	CardPoints []int
	// AceHigh reports whether the meld is a sequence whose ace (natural,
	// or a deuce's reading) sits above the king, scoring 10 rather than 5
	// (R4). Readings alone cannot tell for a sequence of all thirteen ranks.
	AceHigh bool
	// Rule is the rule id the verdict turns on: the rule broken when
	// invalid, "R1" for a meld and "R3" for a lay-off that stands.
	Rule string
	// Rules are every rule id Reason cites, in its order.
	Rules []string
	// Reason is one sentence for the table, citing rule ids in
	// parentheses, said in the table's language (rules/msg). An invalid
	// verdict's reason names the first thing wrong: "Not a set: 8D is not
	// a 7 (R1)" in English.
	Reason msg.Msg
	// not is the kind an invalid verdict says the cards are not ("set"),
	// why what spoils it: the reason again, to be said inside another
	// sentence ("... is not a set: 8D is not a 7 (R1)").
	not string
	why msg.Msg
}

// invalid returns the verdict for a meld that breaks rule for the reason
// why, which cites the rules it rests on.
func invalid(rule string, why citing) Verdict {
	return Verdict{Rule: rule, Rules: why.rules, Reason: why.sentence()}
}

// because sets the verdict's reason and the rules it cites.
func (v *Verdict) because(why citing) { v.Reason, v.Rules = why.sentence(), why.rules }

// citing is a reason for the table and the ids of the rules it cites,
// kept apart so that a verdict carries the ids as a field (Verdict.Rules)
// and the sentence cites them at its end.
type citing struct {
	text  msg.Msg
	rules []string
}

func cite(text msg.Msg, rules ...string) citing { return citing{text: text, rules: rules} }

// sentence is the reason as the table reads it: "Not a set: 8D is not a 7
// (R1)".
func (c citing) sentence() msg.Msg {
	return msg.New("verdict.citing", msg.M("Text", c.text), msg.S("Rules", strings.Join(c.rules, ", ")))
}

// refused is the verdict on cards that are not a kind of meld ("meld",
// "set", "sequence") under rule, for the reason why, citing rules.
func refused(rule string, rules []string, kind string, why msg.Msg) Verdict {
	return Verdict{Rule: rule, Rules: rules, not: kind, why: why,
		Reason: cite(msg.New("fortune.not."+kind, msg.M("Why", why)), rules...).sentence()}
}

// tail is the reason as the end of a longer sentence: "not a set: 8D is
// not a 7 (R1)".
func (v Verdict) tail() msg.Msg {
	if v.not == "" {
		return v.Reason
	}
	return cite(msg.New("fortune.is_not."+v.not, msg.M("Why", v.why)), v.Rules...).sentence()
}

// within is the verdict as the tail of a longer one, the message id
// saying the rest, citing the same rules: "Not a lay-off: the meld on the
// table is not a set: ...".
func (v Verdict) within(rule, id string) Verdict {
	return Verdict{Rule: rule, Rules: v.Rules, Reason: msg.New(id, msg.M("Not", v.tail()))}
}
