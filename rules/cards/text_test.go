package cards

import (
	"errors"
	"strings"
	"testing"
)

func TestParseText(t *testing.T) {
	tests := []struct {
		name  string
		deck  *Deck
		input string
		want  string
	}{
		{"commas", Fanucci(), "7 Lamps, 8 Lamps, Grue", "7 Lamps|8 Lamps|Grue"},
		{"spaces only", Fanucci(), "7 lamps 8 lam grue", "7 Lamps|8 Lamps|Grue"},
		{"of and infinity", Fanucci(), "7 of Lamps; inf tops\n∞ of Rain", "7 Lamps|∞ Tops|∞ Rain"},
		{"shorthand", Fanucci(), "7lam 8lam 9lam", "7 Lamps|8 Lamps|9 Lamps"},
		{"time trump then time suit", Fanucci(), "time 3 time", "Time|3 Time"},
		{"standard", Standard(), "10h qs ad", "10H|QS|AD"},
		{"standard symbols", Standard(), "10♥ Q♠,A♦", "10H|QS|AD"},
		{"declared wild", DoubleStandard(), "5h 6h 2c=7h", "5H|6H|2C=7H"},
		{"declared wild with spaces", BlackHeart(), "KD = QS, QC 7H", "KD=QS|QC|7H"},
		{"empty", Standard(), "  , ;\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			plays, err := tc.deck.ParseText(tc.input)
			if err != nil {
				t.Fatalf("ParseText(%q): %v", tc.input, err)
			}
			var got []string
			for _, p := range plays {
				got = append(got, p.String())
			}
			if strings.Join(got, "|") != tc.want {
				t.Errorf("ParseText(%q) = %v, want %s", tc.input, got, tc.want)
			}
		})
	}
}

func TestParseTextErrors(t *testing.T) {
	tests := []struct {
		name  string
		deck  *Deck
		input string
		pos   int
		bad   string
		err   error
	}{
		{"misspelt suit", Fanucci(), "7 Plungers, 7 Lampz, 7 Fromps", 1, "7 Lampz", ErrUnknownCard},
		{"unknown word", Standard(), "10h banana qs", 1, "banana", ErrUnknownCard},
		{"second Grue", Fanucci(), "Grue 5 Lamps grue", 2, "grue", ErrTooManyCopies},
		{"third seven of hearts", DoubleStandard(), "7h 7h 7h", 2, "7h", ErrTooManyCopies},
		{"not wild", DoubleStandard(), "7c=kd", 0, "7c=kd", ErrNotWild},
		{"not in deck", BlackHeart(), "JH QH", 0, "JH", ErrNotInDeck},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.deck.ParseText(tc.input)
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, tc.err) {
				t.Fatalf("error = %v, want %v", err, tc.err)
			}
			if pe.Pos != tc.pos || pe.Input != tc.bad {
				t.Errorf("error at %d (%q), want %d (%q)", pe.Pos, pe.Input, tc.pos, tc.bad)
			}
		})
	}
}

// FuzzParseText checks that no text panics the list parser and that what
// it reads prints back to text that reads the same.
func FuzzParseText(f *testing.F) {
	for _, s := range []string{"7 lamps 8 lam grue", "10h qs 2c=kd", "time 3 time", "∞ of tops; inf rain", "KD = QS", "7 of", ",,", "2c = = kd"} {
		f.Add(s)
	}
	decks := []*Deck{Fanucci(), Standard(), DoubleStandard(), BlackHeart()}
	f.Fuzz(func(t *testing.T, s string) {
		for _, d := range decks {
			plays, err := d.ParseText(s)
			if err != nil {
				continue
			}
			var printed []string
			for _, p := range plays {
				printed = append(printed, p.String())
			}
			again, err := d.ParseText(strings.Join(printed, ", "))
			if err != nil || len(again) != len(plays) {
				t.Fatalf("%s: %q read as %v; printed back it reads %v, %v", d.Name(), s, plays, again, err)
			}
			for i := range plays {
				if again[i] != plays[i] {
					t.Fatalf("%s: %q card %d %v became %v", d.Name(), s, i, plays[i], again[i])
				}
			}
		}
	})
}
