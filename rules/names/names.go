// Package names checks the names meldpad keeps, the same way for every
// one of them: players, games by points, leagues, seasons, who entered a
// hand, whether typed in a form or read from an import. It is standard
// library only, as the referee is, so that the game modules use it too.
//
//	if err := names.Check(names.Tidy(typed), 40); err != nil {
//		var bad *names.Error // what is wrong (bad.Err) and where (bad.At)
//	}
package names

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Why a name is refused; an *Error wraps one of them. Their texts and
// Error's are for logs and tests: the pages word a refused name by its
// sentinel, in the visitor's language.
var (
	ErrEmpty    = errors.New("empty")
	ErrEncoding = errors.New("not UTF-8 text")
	ErrControl  = errors.New("has a control or invisible character")
	ErrSpaces   = errors.New("has spaces at an end")
	ErrLong     = errors.New("too long")
)

// Error is a name Check refuses: what is wrong with it and where.
type Error struct {
	Name string
	Max  int   // the length allowed
	At   int   // the byte offset of the character refused, for ErrControl and ErrEncoding
	Err  error // one of the ErrName sentinels
}

func (e *Error) Error() string {
	switch e.Err {
	case ErrLong:
		return fmt.Sprintf("%q is longer than %d characters", shorten(e.Name), e.Max)
	case ErrControl:
		r, _ := utf8.DecodeRuneInString(e.Name[e.At:])
		return fmt.Sprintf("%q has a control or invisible character (%U)", shorten(e.Name), r)
	case ErrEmpty:
		return "missing"
	}
	return fmt.Sprintf("%q %s", shorten(e.Name), e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Check reports whether name is one meldpad keeps, for a player, a game
// by points, a league, a season or who entered a hand: UTF-8 text, not empty, without
// spaces at its ends, at most most characters, and without any character
// of Unicode's category C (controls such as NUL, tab and newline; format
// characters such as the zero-width space and the right-to-left override,
// which make two names look alike or a page read backwards; private-use
// and unassigned code points) nor a line or paragraph separator. Every
// form and the import check names with it, so a name that can be entered
// can also be exported and imported again. The error is an *Error.
func Check(name string, most int) error {
	if !utf8.ValidString(name) {
		at := 0
		for at < len(name) {
			r, size := utf8.DecodeRuneInString(name[at:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			at += size
		}
		return &Error{Name: name, Max: most, At: at, Err: ErrEncoding}
	}
	if name == "" {
		return &Error{Name: name, Max: most, Err: ErrEmpty}
	}
	if at := strings.IndexFunc(name, unwantedInName); at >= 0 {
		return &Error{Name: name, Max: most, At: at, Err: ErrControl}
	}
	if strings.TrimSpace(name) != name {
		return &Error{Name: name, Max: most, Err: ErrSpaces}
	}
	if utf8.RuneCountInString(name) > most {
		return &Error{Name: name, Max: most, Err: ErrLong}
	}
	return nil
}

// Tidy is a name as typed made into one meldpad keeps, when it can be:
// white space at its ends removed and each run of spaces inside made one
// space. Tabs, newlines, bytes that are not UTF-8 and every other
// character Check refuses are left for it to refuse, so that they are
// reported rather than silently changed (a byte that is not UTF-8 would
// otherwise become U+FFFD as the name is rebuilt).
func Tidy(name string) string {
	name = strings.TrimSpace(name)
	if !strings.ContainsFunc(name, isSpaceInName) || !utf8.ValidString(name) {
		return name
	}
	var b strings.Builder
	space := false
	for _, r := range name {
		if isSpaceInName(r) {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// isSpaceInName is a space between words (Unicode's category Zs: the
// space, the no-break space, the ideographic space...); a run of them
// becomes one space.
func isSpaceInName(r rune) bool { return unicode.Is(unicode.Zs, r) }

// unwantedInName reports a character no name may hold: Unicode's category
// C (Cc, Cf, Co, Cs and the unassigned Cn, which is every character in
// no category) and the line and paragraph separators.
func unwantedInName(r rune) bool {
	return !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs)
}

// shorten cuts a name for an error message to 40 bytes, at a
// character's start.
func shorten(s string) string {
	const most = 40
	if len(s) <= most {
		return s
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
