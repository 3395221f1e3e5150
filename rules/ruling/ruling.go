// Package ruling holds what every game's referee shares: the two kinds of
// error a referee returns, and the words and sums its reasons use.
//
// Input that is not well-formed (a card the deck does not hold, a hand of
// the wrong size, a seat that does not exist) is an *InputError naming the
// field it concerns; bad notation inside it is a *cards.ParseError. A
// well-formed situation that cannot happen under the rules (an illegal
// knock, a play out of turn, a meld the rules forbid inside a hand's
// record) is an *Error carrying the rule id it breaks:
//
//	return ruling.Refuse("N4", msg.New("fan.knock.over_value",
//		msg.N("Deadwood", dw), msg.N("KnockValue", kv)))
//
// Their messages are ids with arguments (rules/msg), said in the table's
// language by whoever shows them: every refusal a person can read is in
// the catalogs.
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

	"meldpad/rules/msg"
)

// Error is a situation the rules forbid. Rule is the rule id ("N4");
// Msg says what is wrong in plain words and cites the rule.
type Error struct {
	Rule string
	Msg  msg.Msg
}

// InputError is input that is not well-formed, before any rule is asked.
// Field names the culprit the way the request does: an API body's path
// ("hands[1][3]", "knock_card", "" for the body as a whole) or a form's
// input ("hand_1").
type InputError struct {
	Field string
	Msg   msg.Msg
}

// Error says the message plainly (msg.Plain): its id and arguments, or
// its English text when it has no id yet.
func (e *InputError) Error() string { return e.Msg.String() }

// Bad returns an *InputError about field, saying m.
func Bad(field string, m msg.Msg) *InputError {
	return &InputError{Field: field, Msg: m}
}

// BadInput returns an *InputError about field with a formatted English
// message, said as it is in every language. The rules say theirs
// through the catalogs (Bad); BadInput is kept for callers outside them
// whose words are not in the catalogs yet.
func BadInput(field, format string, args ...any) *InputError {
	return Bad(field, msg.Text(fmt.Sprintf(format, args...)))
}

// Error says the message plainly, as InputError's does.
func (e *Error) Error() string { return e.Msg.String() }

// Message is what is wrong, to be said in the table's language.
func (e *Error) Message() msg.Msg { return e.Msg }

// Message is what is wrong, to be said in the table's language.
func (e *InputError) Message() msg.Msg { return e.Msg }

// Refuse returns an *Error for rule, saying m. The message should cite
// the rule id in parentheses, as the verdicts do.
func Refuse(rule string, m msg.Msg) *Error {
	return &Error{Rule: rule, Msg: m}
}

// Errorf returns an *Error for rule with a formatted English message,
// said as it is in every language. The rules say theirs through the
// catalogs (Refuse); Errorf is kept for callers outside them whose words
// are not in the catalogs yet.
func Errorf(rule, format string, args ...any) *Error {
	return Refuse(rule, msg.Text(fmt.Sprintf(format, args...)))
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
// package prefix an English referee error carries ("fan: knock with ..."
// reads "knock with ..."), the rule id kept. A message with an id has no
// prefix to drop.
func (e *Error) Plain() msg.Msg { return withoutPrefix(e.Msg) }

// Plain is the message without the package prefix, as Error's Plain.
func (e *InputError) Plain() msg.Msg { return withoutPrefix(e.Msg) }

// Prefixed is m after the name of the game whose referee says it, as an
// error says it ("gin: the knocker's meld 1 ..."); a page drops the
// prefix (Plain).
func Prefixed(game string, m msg.Msg) msg.Msg {
	return msg.New(prefixedID, msg.S("Game", game), msg.M("Text", m))
}

const prefixedID = "ruling.prefixed"

func withoutPrefix(m msg.Msg) msg.Msg {
	if inner, ok := m.Arg("Text"); ok && m.ID == prefixedID {
		if text, ok := inner.(msg.Msg); ok {
			return text
		}
	}
	text, _ := m.Arg("Text")
	if s, ok := text.(string); ok && m.ID == msg.TextID {
		if prefix, rest, ok := strings.Cut(s, ": "); ok && prefix != "" && strings.IndexFunc(prefix, func(r rune) bool { return r < 'a' || r > 'z' }) < 0 {
			return msg.Text(rest)
		}
	}
	return m
}

// Message is what a page shows of a referee's error, as a sentence: a
// rule's plain message, an input error's message, or the error's text.
func Message(err error) msg.Msg {
	var broken *Error
	if errors.As(err, &broken) {
		return msg.Sentence(broken.Plain())
	}
	var bad *InputError
	if errors.As(err, &bad) {
		return msg.Sentence(bad.Msg)
	}
	return msg.Sentence(msg.Text(err.Error()))
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
