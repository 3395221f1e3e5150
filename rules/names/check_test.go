package names

import (
	"errors"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		name string
		in   string
		most int
		want error // nil: accepted
	}{
		{"plain", "Ann", 40, nil},
		{"accents and scripts", "Zoë Ōtani 李", 40, nil},
		{"emoji with a variation selector", "Ann ☀️", 40, nil},
		{"inner no-break space", "Ann\u00a0Lee", 40, nil},
		{"exactly the limit", strings.Repeat("é", 40), 40, nil},
		{"one over the limit", strings.Repeat("é", 41), 40, ErrLong},
		{"league limit", strings.Repeat("x", 60), 60, nil},
		{"over the league limit", strings.Repeat("x", 61), 60, ErrLong},
		{"empty", "", 40, ErrEmpty},
		{"NUL alone", "\x00", 40, ErrControl},
		{"NUL inside", "An\x00n", 40, ErrControl},
		{"bell", "Ann\a", 40, ErrControl},
		{"tab inside", "Ann\tLee", 40, ErrControl},
		{"newline inside", "Ann\nLee", 40, ErrControl},
		{"carriage return", "Ann\rLee", 40, ErrControl},
		{"DEL", "Ann\x7f", 40, ErrControl},
		{"C1 control", "Ann\u0085Lee", 40, ErrControl},
		{"zero-width space", "Ann\u200b", 40, ErrControl},
		{"right-to-left override", "\u202eAnn", 40, ErrControl},
		{"byte-order mark", "\ufeffAnn", 40, ErrControl},
		{"soft hyphen", "An\u00adn", 40, ErrControl},
		{"private use", "Ann\ue000", 40, ErrControl},
		{"unassigned", "Ann\U000E0080", 40, ErrControl},
		{"noncharacter", "Ann\uffff", 40, ErrControl},
		{"line separator", "Ann\u2028Lee", 40, ErrControl},
		{"paragraph separator", "Ann\u2029Lee", 40, ErrControl},
		{"invalid UTF-8", "Ann\xff", 40, ErrEncoding},
		{"a lone surrogate, encoded", "Ann\xed\xa0\x80", 40, ErrEncoding},
		{"space at the start", " Ann", 40, ErrSpaces},
		{"space at the end", "Ann ", 40, ErrSpaces},
		{"no-break space at the end", "Ann\u00a0", 40, ErrSpaces},
		{"only spaces", "   ", 40, ErrSpaces},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Check(tc.in, tc.most)
			if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
				t.Fatalf("Check(%q, %d) = %v, want %v", tc.in, tc.most, err, tc.want)
			}
			if err == nil {
				return
			}
			var ne *Error
			if !errors.As(err, &ne) || ne.Name != tc.in || ne.Max != tc.most {
				t.Fatalf("error %#v is not a *Error of the name", err)
			}
			if msg := err.Error(); msg == "" || !utf8.ValidString(msg) || strings.ContainsRune(msg, 0) {
				t.Errorf("message %q cannot be shown", msg)
			}
		})
	}
}

func TestErrorSaysWhichCharacter(t *testing.T) {
	err := Check("Ann\u202eLee", 40)
	if !strings.Contains(err.Error(), "U+202E") {
		t.Errorf("%v does not name the character", err)
	}
	var ne *Error
	if errors.As(err, &ne); ne.At != 3 {
		t.Errorf("At = %d, want 3", ne.At)
	}
	err = Check("Ann\xffLee", 40)
	if errors.As(err, &ne); ne.At != 3 {
		t.Errorf("At = %d, want 3 for the invalid byte", ne.At)
	}
}

func TestTidy(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"already tidy", "Ann Lee", "Ann Lee"},
		{"ends trimmed", "  Ann Lee \n", "Ann Lee"},
		{"runs of spaces", "Ann    Lee", "Ann Lee"},
		{"no-break and ideographic spaces", "Ann\u00a0\u3000Lee", "Ann Lee"},
		{"a tab inside is left for Check", "Ann\tLee", "Ann\tLee"},
		{"a newline inside is left", "Ann\nLee", "Ann\nLee"},
		{"NUL is left", "\x00", "\x00"},
		{"blank", " \t ", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Tidy(tc.in); got != tc.want {
				t.Errorf("Tidy(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// FuzzCheck checks what every caller relies on: an accepted name is
// UTF-8, trimmed, within the limit and free of category C; tidying is
// done once for all, and leaves nothing Check calls untrimmed.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"Ann", " Ann  Lee ", "\x00", "A\tB", "\xff", "\u202e", "\u00a0x\u00a0", strings.Repeat("é", 41)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tidy := Tidy(s)
		if Tidy(tidy) != tidy {
			t.Fatalf("Tidy(%q) = %q is not tidy", s, tidy)
		}
		if err := Check(tidy, 1000); errors.Is(err, ErrSpaces) {
			t.Fatalf("Tidy(%q) = %q has spaces at an end", s, tidy)
		}
		if Check(s, 40) != nil {
			return
		}
		if !utf8.ValidString(s) || strings.TrimSpace(s) != s || utf8.RuneCountInString(s) > 40 || s == "" {
			t.Fatalf("accepted %q", s)
		}
		for _, r := range s {
			if unicode.In(r, unicode.C) || r == '\u2028' || r == '\u2029' {
				t.Fatalf("accepted %q with %U", s, r)
			}
		}
	})
}
