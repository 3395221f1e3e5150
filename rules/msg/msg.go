// Package msg is how the rules speak without a language of their own. A
// message is an id and named arguments (cards, counts, rule ids, other
// messages); the pages, the API and the phone's referee say it in the
// table's language through a Sayer (meldpad/locale), whose catalogs hold
// one text per id and language.
//
//	return ruling.Refuse("N4", msg.New("fan.knock.over_value",
//		msg.N("Deadwood", dw), msg.N("KnockValue", kv)))
//
// A module that lays out a page for someone (a card sheet, a referee's
// answer, an API answer) says its messages with the Sayer carried in the
// request's context (From); what it judges (verdicts, errors, a game's
// description) it returns as messages, and the caller says them.
//
// Like the rest of rules/, msg uses the standard library only: it is
// part of the phone's referee.
package msg

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Msg is a message: the id of its text in the catalogs, and the values
// its text names. The zero Msg is no message.
type Msg struct {
	ID   string
	Args []Arg
}

// Arg is one named value of a message. The catalogs name it in their
// texts as {{.Name}}; Value is one of the kinds the constructors below
// make (a number, plain text, a message, a list) or a card, which the
// Sayer writes as the language writes cards.
type Arg struct {
	Name  string
	Value any
}

// New returns the message id with its arguments.
func New(id string, args ...Arg) Msg { return Msg{ID: id, Args: args} }

// IsZero reports whether m is no message.
func (m Msg) IsZero() bool { return m.ID == "" }

// Arg returns the value of the named argument.
func (m Msg) Arg(name string) (any, bool) {
	for _, a := range m.Args {
		if a.Name == name {
			return a.Value, true
		}
	}
	return nil, false
}

// String writes the message without a language, as Plain says it.
func (m Msg) String() string { return Plain.Say(m) }

// N is a whole number: written in the language's digits, and when named
// Count, the number whose plural form the text takes ("1 card", "2
// cards").
func N(name string, n int) Arg { return Arg{Name: name, Value: n} }

// Digits is a whole number written in digits alone, in every language:
// a number as a person typed it ("1000 is more than ..."), which reads
// back as typed, without the language's grouping.
func Digits(name string, n int) Arg { return Arg{Name: name, Value: strconv.Itoa(n)} }

// Words is a small number a sentence says aloud where the language does
// ("three kings"), in digits where it does not or beyond sixteen.
func Words(name string, n int) Arg { return Arg{Name: name, Value: NumberWords(n)} }

// NumberWords is a number said in words where the language does (Words).
type NumberWords int

// S is text said as it is, in every language: a player's name, a rule
// id, a field of a request, what was typed.
func S(name, s string) Arg { return Arg{Name: name, Value: s} }

// M is a message inside another: said in the same language.
func M(name string, m Msg) Arg { return Arg{Name: name, Value: m} }

// List is messages said as the language lists them: "a, b and c".
func List(name string, items []Msg) Arg { return Arg{Name: name, Value: items} }

// Strings is text said as it is, listed as the language lists: "Ann and
// Bob".
func Strings(name string, items []string) Arg { return Arg{Name: name, Value: items} }

// Join is messages said one after the other with sep between them, the
// same in every language: "30 + 15", "Ann 3, Bob 0".
func Join(name, sep string, items []Msg) Arg {
	return Arg{Name: name, Value: Joined{Sep: sep, Items: items}}
}

// Joined is the value of a Join.
type Joined struct {
	Sep   string
	Items []Msg
}

// V is any other value a Sayer knows how to say: a card, a play, a list
// of cards (meldpad/locale).
func V(name string, v any) Arg { return Arg{Name: name, Value: v} }

// The ids below are said by every Sayer itself; no catalog holds them.
const (
	// SentenceID makes its Text a sentence: a capital, a full stop.
	SentenceID = "~sentence"
	// CapitalID gives its Text a capital letter.
	CapitalID = "~capital"
	// StopID ends its Text with a full stop, unless it ends with one.
	StopID = "~stop"
	// TextID is its Text argument as it is.
	TextID = "~text"
	// ValueID is its Value argument alone: a card, a number.
	ValueID = "~value"
)

// Sentence is m as a sentence on its own: a capital first letter and a
// full stop, unless it ends with one already. The rules write messages
// lowercase, as Go's errors are; a page shows them on their own.
func Sentence(m Msg) Msg { return New(SentenceID, M("Text", m)) }

// Capital is m with a capital first letter.
func Capital(m Msg) Msg { return New(CapitalID, M("Text", m)) }

// Stop is m ending with a full stop, as a sentence that follows a name
// ("Ann: 75 cannot be ... (F8).").
func Stop(m Msg) Msg { return New(StopID, M("Text", m)) }

// Text is s as a message, said as it is in every language: an error
// from outside the rules, a value as typed.
func Text(s string) Msg { return New(TextID, S("Text", s)) }

// Value is one value as a message: a card, a number, a play.
func Value(v any) Msg { return New(ValueID, V("Value", v)) }

// Values is each value as a message, for a List or a Join.
func Values[T any](vs []T) []Msg {
	out := make([]Msg, len(vs))
	for i, v := range vs {
		out[i] = Value(v)
	}
	return out
}

// Sayer says messages in one language.
type Sayer interface {
	Say(m Msg) string
}

// Plain says a message in no language, for logs, errors' Error methods
// and tests: its id and arguments, "fan.knock.over_value{Deadwood=12
// KnockValue=7}".
var Plain Sayer = plain{}

type plain struct{}

func (plain) Say(m Msg) string {
	var b strings.Builder
	writePlain(&b, m)
	return b.String()
}

func writePlain(b *strings.Builder, m Msg) {
	switch m.ID {
	case TextID, ValueID:
		if len(m.Args) == 1 {
			writeValue(b, m.Args[0].Value)
			return
		}
	case SentenceID, CapitalID, StopID:
		if len(m.Args) == 1 {
			var inner strings.Builder
			writeValue(&inner, m.Args[0].Value)
			b.WriteString(Shape(m.ID, inner.String()))
			return
		}
	}
	b.WriteString(m.ID)
	if len(m.Args) == 0 {
		return
	}
	b.WriteByte('{')
	for i, a := range m.Args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(a.Name)
		b.WriteByte('=')
		writeValue(b, a.Value)
	}
	b.WriteByte('}')
}

func writeValue(b *strings.Builder, v any) {
	switch x := v.(type) {
	case Msg:
		writePlain(b, x)
	case []Msg:
		b.WriteByte('[')
		for i, m := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			writePlain(b, m)
		}
		b.WriteByte(']')
	case Joined:
		for i, m := range x.Items {
			if i > 0 {
				b.WriteString(x.Sep)
			}
			writePlain(b, m)
		}
	case string:
		b.WriteString(x)
	case int:
		b.WriteString(strconv.Itoa(x))
	case NumberWords:
		b.WriteString(strconv.Itoa(int(x)))
	default:
		fmt.Fprint(b, x)
	}
}

// Shape gives s the shape the builtin id asks for: a sentence (a capital
// and a full stop), a capital, or a full stop. Every Sayer shapes the
// builtins' text so, in every language.
func Shape(id, s string) string {
	switch id {
	case SentenceID:
		return stop(capital(strings.TrimSpace(s)))
	case CapitalID:
		return capital(s)
	case StopID:
		return stop(strings.TrimSpace(s))
	}
	return s
}

// capital gives s a capital first letter.
func capital(s string) string {
	first, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return string(unicode.ToUpper(first)) + s[size:]
}

// stop ends s with a full stop, unless it is empty or ends with one (or
// a question or exclamation mark) already.
func stop(s string) string {
	if s == "" {
		return s
	}
	if last, _ := utf8.DecodeLastRuneInString(s); !strings.ContainsRune(".?!", last) {
		s += "."
	}
	return s
}

type contextKey struct{}

// NewContext returns ctx carrying s, the language of the page or the
// answer being made.
func NewContext(ctx context.Context, s Sayer) context.Context {
	return context.WithValue(ctx, contextKey{}, s)
}

// From returns the Sayer ctx carries, or Plain when it carries none.
func From(ctx context.Context) Sayer {
	if s, ok := ctx.Value(contextKey{}).(Sayer); ok {
		return s
	}
	return Plain
}
