package db

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The longest names meldpad keeps, in characters (the schema's CHECKs).
const (
	MaxPlayerName = 40 // players, and who entered a hand
	MaxLeagueName = 60 // leagues and seasons
)

// Why a name is refused; a *NameError wraps one of them.
var (
	ErrNameEmpty    = errors.New("empty")
	ErrNameEncoding = errors.New("not UTF-8 text")
	ErrNameControl  = errors.New("has a control or invisible character")
	ErrNameSpaces   = errors.New("has spaces at an end")
	ErrNameLong     = errors.New("too long")
)

// NameError is a name CheckName refuses: what is wrong with it and where.
type NameError struct {
	Name string
	Max  int   // the length allowed
	At   int   // the byte offset of the character refused, for ErrNameControl and ErrNameEncoding
	Err  error // one of the ErrName sentinels
}

func (e *NameError) Error() string {
	switch e.Err {
	case ErrNameLong:
		return fmt.Sprintf("%q is longer than %d characters", shorten(e.Name), e.Max)
	case ErrNameControl:
		r, _ := utf8.DecodeRuneInString(e.Name[e.At:])
		return fmt.Sprintf("%q has a control or invisible character (%U)", shorten(e.Name), r)
	case ErrNameEmpty:
		return "missing"
	}
	return fmt.Sprintf("%q %s", shorten(e.Name), e.Err)
}

func (e *NameError) Unwrap() error { return e.Err }

// CheckName reports whether name is one meldpad keeps, for a player, a
// league, a season or who entered a hand: UTF-8 text, not empty, without
// spaces at its ends, at most most characters, and without any character
// of Unicode's category C (controls such as NUL, tab and newline; format
// characters such as the zero-width space and the right-to-left override,
// which make two names look alike or a page read backwards; private-use
// and unassigned code points) nor a line or paragraph separator. Every
// form and the import check names with it, so a name that can be entered
// can also be exported and imported again. The error is a *NameError.
func CheckName(name string, most int) error {
	if !utf8.ValidString(name) {
		at := 0
		for at < len(name) {
			r, size := utf8.DecodeRuneInString(name[at:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			at += size
		}
		return &NameError{Name: name, Max: most, At: at, Err: ErrNameEncoding}
	}
	if name == "" {
		return &NameError{Name: name, Max: most, Err: ErrNameEmpty}
	}
	if at := strings.IndexFunc(name, unwantedInName); at >= 0 {
		return &NameError{Name: name, Max: most, At: at, Err: ErrNameControl}
	}
	if strings.TrimSpace(name) != name {
		return &NameError{Name: name, Max: most, Err: ErrNameSpaces}
	}
	if utf8.RuneCountInString(name) > most {
		return &NameError{Name: name, Max: most, Err: ErrNameLong}
	}
	return nil
}

// TidyName is a name as typed made into one meldpad keeps, when it can
// be: white space at its ends removed and each run of spaces inside made
// one space. Tabs, newlines and every other character CheckName refuses
// are left for it to refuse, so that they are reported rather than
// silently changed.
func TidyName(name string) string {
	name = strings.TrimSpace(name)
	if !strings.ContainsFunc(name, isSpaceInName) {
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
