// Package ruling holds what every game's referee shares: the error for a
// situation the rules do not allow, carrying the RULES.md id it breaks.
//
// Bad notation is a *cards.ParseError; a well-formed situation that cannot
// happen under the rules (an illegal knock, a play out of turn, a meld the
// rules forbid inside a hand's record) is a *ruling.Error:
//
//	return ruling.Errorf("N4", "fan: knock with %d deadwood over knock value %d", dw, kv)
package ruling

import (
	"errors"
	"fmt"
)

// Error is a situation the rules forbid. Rule is the RULES.md id ("N4");
// Msg says what is wrong in plain words and cites the rule.
type Error struct {
	Rule string
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Errorf returns an *Error for rule with a formatted message. The message
// should name the rule id in parentheses, as the verdicts do.
func Errorf(rule, format string, args ...any) *Error {
	return &Error{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// RuleOf returns the rule id of the first *Error in err's chain, and
// whether there was one.
func RuleOf(err error) (string, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e.Rule, true
	}
	return "", false
}
