// Package ruling holds what every game's referee shares: the two kinds of
// error a referee returns, and the words and sums its reasons use.
//
// Input that is not well-formed (a card the deck does not hold, a hand of
// the wrong size, a seat that does not exist) is an *InputError naming the
// field it concerns; bad notation inside it is a *cards.ParseError. A
// well-formed situation that cannot happen under the rules (an illegal
// knock, a play out of turn, a meld the rules forbid inside a hand's
// record) is an *Error carrying the RULES.md id it breaks:
//
//	return ruling.Errorf("N4", "fan: knock with %d deadwood over knock value %d", dw, kv)
//
// The pages and the API answer the first with the message beside the
// field (400 in the API) and the second with the rule (422); nothing else
// a referee returns comes from what a client sent.
package ruling

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Error is a situation the rules forbid. Rule is the RULES.md id ("N4");
// Msg says what is wrong in plain words and cites the rule.
type Error struct {
	Rule string
	Msg  string
}

// InputError is input that is not well-formed, before any rule is asked.
// Field names the culprit the way the request does: an API body's path
// ("hands[1][3]", "knock_card", "" for the body as a whole) or a form's
// input ("hand_1").
type InputError struct {
	Field string
	Msg   string
}

func (e *InputError) Error() string { return e.Msg }

// BadInput returns an *InputError about field.
func BadInput(field, format string, args ...any) *InputError {
	return &InputError{Field: field, Msg: fmt.Sprintf(format, args...)}
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

// Plain is the message as a page shows it beside the table: without the
// package prefix every referee error carries ("fan: knock with ..."
// reads "knock with ..."), the rule id kept.
func (e *Error) Plain() string {
	if prefix, rest, ok := strings.Cut(e.Msg, ": "); ok && prefix != "" && strings.IndexFunc(prefix, func(r rune) bool { return r < 'a' || r > 'z' }) < 0 {
		return rest
	}
	return e.Msg
}

// Message is what a page shows of a referee's error, as a sentence: a
// rule's plain message, or the error's text.
func Message(err error) string {
	var broken *Error
	if errors.As(err, &broken) {
		return Sentence(broken.Plain())
	}
	return Sentence(err.Error())
}

// Sentence makes a referee's message or reason a sentence for a page,
// with a capital and a full stop: the rules write them lowercase, as Go's
// errors are ("knock with 1 deadwood ... (G3)"), and a page shows them on
// their own.
func Sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	first, size := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(first)) + s[size:]
	if last, _ := utf8.DecodeLastRuneInString(s); !strings.ContainsRune(".?!", last) {
		s += "."
	}
	return s
}
