package db

import (
	"errors"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestCheckName(t *testing.T) {
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
		{"one over the limit", strings.Repeat("é", 41), 40, ErrNameLong},
		{"league limit", strings.Repeat("x", 60), 60, nil},
		{"over the league limit", strings.Repeat("x", 61), 60, ErrNameLong},
		{"empty", "", 40, ErrNameEmpty},
		{"NUL alone", "\x00", 40, ErrNameControl},
		{"NUL inside", "An\x00n", 40, ErrNameControl},
		{"bell", "Ann\a", 40, ErrNameControl},
		{"tab inside", "Ann\tLee", 40, ErrNameControl},
		{"newline inside", "Ann\nLee", 40, ErrNameControl},
		{"carriage return", "Ann\rLee", 40, ErrNameControl},
		{"DEL", "Ann\x7f", 40, ErrNameControl},
		{"C1 control", "Ann\u0085Lee", 40, ErrNameControl},
		{"zero-width space", "Ann\u200b", 40, ErrNameControl},
		{"right-to-left override", "\u202eAnn", 40, ErrNameControl},
		{"byte-order mark", "\ufeffAnn", 40, ErrNameControl},
		{"soft hyphen", "An\u00adn", 40, ErrNameControl},
		{"private use", "Ann\ue000", 40, ErrNameControl},
		{"unassigned", "Ann\U000E0080", 40, ErrNameControl},
		{"noncharacter", "Ann\uffff", 40, ErrNameControl},
		{"line separator", "Ann\u2028Lee", 40, ErrNameControl},
		{"paragraph separator", "Ann\u2029Lee", 40, ErrNameControl},
		{"invalid UTF-8", "Ann\xff", 40, ErrNameEncoding},
		{"a lone surrogate, encoded", "Ann\xed\xa0\x80", 40, ErrNameEncoding},
		{"space at the start", " Ann", 40, ErrNameSpaces},
		{"space at the end", "Ann ", 40, ErrNameSpaces},
		{"no-break space at the end", "Ann\u00a0", 40, ErrNameSpaces},
		{"only spaces", "   ", 40, ErrNameSpaces},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckName(tc.in, tc.most)
			if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
				t.Fatalf("CheckName(%q, %d) = %v, want %v", tc.in, tc.most, err, tc.want)
			}
			if err == nil {
				return
			}
			var ne *NameError
			if !errors.As(err, &ne) || ne.Name != tc.in || ne.Max != tc.most {
				t.Fatalf("error %#v is not a *NameError of the name", err)
			}
			if msg := err.Error(); msg == "" || !utf8.ValidString(msg) || strings.ContainsRune(msg, 0) {
				t.Errorf("message %q cannot be shown", msg)
			}
		})
	}
}

func TestNameErrorSaysWhichCharacter(t *testing.T) {
	err := CheckName("Ann\u202eLee", 40)
	if !strings.Contains(err.Error(), "U+202E") {
		t.Errorf("%v does not name the character", err)
	}
	var ne *NameError
	if errors.As(err, &ne); ne.At != 3 {
		t.Errorf("At = %d, want 3", ne.At)
	}
	err = CheckName("Ann\xffLee", 40)
	if errors.As(err, &ne); ne.At != 3 {
		t.Errorf("At = %d, want 3 for the invalid byte", ne.At)
	}
}

func TestTidyName(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"already tidy", "Ann Lee", "Ann Lee"},
		{"ends trimmed", "  Ann Lee \n", "Ann Lee"},
		{"runs of spaces", "Ann    Lee", "Ann Lee"},
		{"no-break and ideographic spaces", "Ann\u00a0\u3000Lee", "Ann Lee"},
		{"a tab inside is left for CheckName", "Ann\tLee", "Ann\tLee"},
		{"a newline inside is left", "Ann\nLee", "Ann\nLee"},
		{"NUL is left", "\x00", "\x00"},
		{"blank", " \t ", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := TidyName(tc.in); got != tc.want {
				t.Errorf("TidyName(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// FuzzCheckName checks what every caller relies on: an accepted name is
// UTF-8, trimmed, within the limit and free of category C; tidying is
// done once for all, and leaves nothing CheckName calls untrimmed.
func FuzzCheckName(f *testing.F) {
	for _, s := range []string{"Ann", " Ann  Lee ", "\x00", "A\tB", "\xff", "\u202e", "\u00a0x\u00a0", strings.Repeat("é", 41)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tidy := TidyName(s)
		if TidyName(tidy) != tidy {
			t.Fatalf("TidyName(%q) = %q is not tidy", s, tidy)
		}
		if err := CheckName(tidy, 1000); errors.Is(err, ErrNameSpaces) {
			t.Fatalf("TidyName(%q) = %q has spaces at an end", s, tidy)
		}
		if CheckName(s, MaxPlayerName) != nil {
			return
		}
		if !utf8.ValidString(s) || strings.TrimSpace(s) != s || utf8.RuneCountInString(s) > MaxPlayerName || s == "" {
			t.Fatalf("accepted %q", s)
		}
		for _, r := range s {
			if unicode.In(r, unicode.C) || r == '\u2028' || r == '\u2029' {
				t.Fatalf("accepted %q with %U", s, r)
			}
		}
	})
}
