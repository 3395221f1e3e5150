package cards_test

import (
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/cards"
)

// TestReadTextBlamesTheWrongWord: a card that cannot be read is named by
// the words the player typed for it, the message speaks of the game's
// own deck, the likely card is suggested, and the cards around it are
// read all the same.
func TestReadTextBlamesTheWrongWord(t *testing.T) {
	tests := []struct {
		name    string
		deck    *cards.Deck
		input   string
		read    string // the cards read, canonical, "|"-joined
		blamed  string // the bad card's Input
		pos     int
		says    []string
		notSays []string
		guess   string // "" when no guess
	}{
		{"3 of klubs blames klubs", cards.DoubleStandard(), "3 of klubs", "", "3 of klubs", 0,
			[]string{"“klubs” is not a suit", "Did you mean 3♣ (3 of clubs)?"}, []string{"“3 of”"}, "3C"},
		{"9z in Fortune gets no Fanucci advice", cards.DoubleStandard(), "9z", "", "9z", 0,
			[]string{"“z” is not a suit", "S, H, D or C"}, []string{"three letters", "Zurfs"}, ""},
		{"the good cards around a bad one", cards.DoubleStandard(), "7s 9z 8h, kd", "7S|8H|KD", "9z", 1,
			[]string{"“z” is not a suit"}, nil, ""},
		{"hearst", cards.Standard(), "10 hearst", "", "10 hearst", 0, []string{"Did you mean 10♥ (10 of hearts)?"}, nil, "10H"},
		{"queen of spaeds", cards.Standard(), "q of spaeds", "", "q of spaeds", 0, []string{"Did you mean Q♠ (queen of spades)?"}, nil, "QS"},
		{"a Fanucci suit off by a letter", cards.Fanucci(), "7 Lampz, 8 Lamps", "8 Lamps", "7 Lampz", 0, []string{"Did you mean 7 Lamps?"}, nil, "7 Lamps"},
		{"a Fanucci deck's rank", cards.Fanucci(), "xyz", "", "xyz", 0, []string{"0-9 or ∞"}, []string{"J, Q or K"}, ""},
		{"a standard deck's rank", cards.Standard(), "xyz", "", "xyz", 0, []string{"A, 2-10, J, Q or K"}, []string{"∞"}, ""},
		{"no guess between suits as near", cards.Standard(), "7 x", "", "7 x", 0, nil, []string{"Did you mean"}, ""},
		{"no guess of a card the deck lacks", cards.BlackHeart(), "jd jh qh kh hearst", "JD", "jh", 1, nil, []string{"Did you mean"}, ""},
		{"kng hearts", cards.DoubleStandard(), "5h kng hearts", "5H", "kng hearts", 1, []string{"Did you mean K♥ (king of hearts)?"}, nil, "KH"},
		{"seven of lampz", cards.Fanucci(), "seven of lampz", "", "seven of lampz", 0, []string{"Did you mean 7 Lamps?"}, nil, "7 Lamps"},
		{"a Fanucci rank in a standard deck", cards.Standard(), "zero of hearts", "", "zero of hearts", 0, nil, []string{"Did you mean"}, ""},
		{"one copy too many, the rest read", cards.Standard(), "7s 7s 8s", "7S|8S", "7s", 1, []string{"7S"}, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			plays, bad := tc.deck.ReadText(tc.input)
			var read []string
			for _, p := range plays {
				read = append(read, p.String())
			}
			if strings.Join(read, "|") != tc.read {
				t.Errorf("read %v, want %s", read, tc.read)
			}
			if bad == nil {
				t.Fatalf("ReadText(%q) found nothing wrong", tc.input)
			}
			said := locale.English().Say(bad.Msg)
			if bad.Input != tc.blamed || bad.Pos != tc.pos {
				t.Errorf("blames %q at %d, want %q at %d (%s)", bad.Input, bad.Pos, tc.blamed, tc.pos, said)
			}
			for _, s := range tc.says {
				if !strings.Contains(said, s) {
					t.Errorf("%q does not say %q", said, s)
				}
			}
			for _, s := range tc.notSays {
				if strings.Contains(said, s) {
					t.Errorf("%q says %q", said, s)
				}
			}
			if got := bad.Guess; (tc.guess == "") != got.IsZero() || !got.IsZero() && got.String() != tc.guess {
				t.Errorf("guess %v, want %q", got, tc.guess)
			}
			// ParseText refuses the field with the same first error.
			if _, err := tc.deck.ParseText(tc.input); err == nil || err.Error() != bad.Error() {
				t.Errorf("ParseText: %v, want %v", err, bad)
			}
		})
	}
}
