package cards

import (
	"errors"
	"testing"
)

func TestParseNotation(t *testing.T) {
	tests := []struct {
		name  string
		deck  *Deck
		input string
		want  string
	}{
		{"standard canonical", Standard(), "10H", "10H"},
		{"standard lower case", Standard(), "qs", "QS"},
		{"standard T for ten", Standard(), "Th", "10H"},
		{"standard ace", Standard(), "ad", "AD"},
		{"standard symbol", Standard(), "Q♠", "QS"},
		{"standard symbol heart", Standard(), "10♥", "10H"},
		{"standard white symbol", Standard(), "7♡", "7H"},
		{"standard emoji variation", Standard(), "7♥\ufe0f", "7H"},
		{"standard spaces", Standard(), "  10   h ", "10H"},
		{"standard word", Standard(), "7 of clubs", "7C"},
		{"fanucci canonical", Fanucci(), "7 Lamps", "7 Lamps"},
		{"fanucci of", Fanucci(), "7 of Lamps", "7 Lamps"},
		{"fanucci inf", Fanucci(), "inf Tops", "∞ Tops"},
		{"fanucci infinity sign of", Fanucci(), "∞ of Tops", "∞ Tops"},
		{"fanucci prefix", Fanucci(), "3 Plu", "3 Plungers"},
		{"fanucci shorthand", Fanucci(), "7lam", "7 Lamps"},
		{"fanucci inf shorthand", Fanucci(), "inftops", "∞ Tops"},
		{"fanucci zero", Fanucci(), "0 zur", "0 Zurfs"},
		{"fanucci case", Fanucci(), "9 RAIN", "9 Rain"},
		{"trump", Fanucci(), "Grue", "Grue"},
		{"trump lower", Fanucci(), "granola", "Granola"},
		{"time is the trump", Fanucci(), "Time", "Time"},
		{"3 time is the suit", Fanucci(), "3 Time", "3 Time"},
		{"fortune deuce", DoubleStandard(), "2c", "2C"},
		{"black heart diamond", BlackHeart(), "kd", "KD"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := tc.deck.Parse(tc.input)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.input, err)
			}
			if got := c.String(); got != tc.want {
				t.Errorf("Parse(%q) = %s, want %s", tc.input, got, tc.want)
			}
		})
	}
}

func TestTimeTrumpAndSuitDiffer(t *testing.T) {
	trump, _ := Fanucci().Parse("Time")
	suited, _ := Fanucci().Parse("3 Time")
	if !trump.IsTrump() || trump.Trump != TimeTrump {
		t.Errorf("Time = %+v, want the trump", trump)
	}
	if suited.IsTrump() || suited.Suit != Time || suited.Rank != 3 {
		t.Errorf("3 Time = %+v, want the 3 of the Time suit", suited)
	}
}

func TestParseRejects(t *testing.T) {
	tests := []struct {
		name  string
		deck  *Deck
		input string
		want  error
	}{
		{"empty", Standard(), "  ", ErrUnknownCard},
		{"misspelt suit", Fanucci(), "7 Lampz", ErrUnknownCard},
		{"two-letter suit", Fanucci(), "7 La", ErrUnknownCard},
		{"fanucci ten", Fanucci(), "10 Lamps", ErrUnknownCard},
		{"standard one", Standard(), "1H", ErrUnknownCard},
		{"standard infinity", Standard(), "∞H", ErrUnknownCard},
		{"no suit", Standard(), "7", ErrUnknownCard},
		{"no rank", Fanucci(), "Lamps", ErrUnknownCard},
		{"garbage", Standard(), "hello", ErrUnknownCard},
		{"declared in Parse", DoubleStandard(), "2C=KD", ErrUnknownCard},
		{"fanucci card in standard deck", Standard(), "7 Lamps", ErrNotInDeck},
		{"standard card in fanucci deck", Fanucci(), "7H", ErrNotInDeck},
		{"heart court in black heart", BlackHeart(), "QH", ErrNotInDeck},
		{"diamond pip in black heart", BlackHeart(), "5D", ErrNotInDeck},
		{"trump in standard deck", Standard(), "Grue", ErrNotInDeck},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.deck.Parse(tc.input)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Parse(%q) error = %v, want %v", tc.input, err, tc.want)
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Input != tc.input || pe.Msg.IsZero() {
				t.Errorf("Parse(%q) error %#v does not name the input", tc.input, err)
			}
		})
	}
}

func TestParsePlay(t *testing.T) {
	tests := []struct {
		name  string
		deck  *Deck
		input string
		want  string
		err   error
	}{
		{"fortune deuce as king", DoubleStandard(), "2c=kd", "2C=KD", nil},
		{"fortune undeclared", DoubleStandard(), "2c", "2C", nil},
		{"black heart queen as five", BlackHeart(), "QD=5C", "QD=5C", nil},
		{"black heart king as queen", BlackHeart(), "KD = QS", "KD=QS", nil},
		{"not wild", DoubleStandard(), "7C=KD", "", ErrNotWild},
		{"fan has no wilds", Standard(), "2C=KD", "", ErrNotWild},
		{"bad reading", DoubleStandard(), "2C=ZZ", "", ErrUnknownCard},
		{"fanucci reading", DoubleStandard(), "2C=7 Lamps", "", ErrUnknownCard},
		{"bad card", DoubleStandard(), "9Z=KD", "", ErrUnknownCard},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := tc.deck.ParsePlay(tc.input)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("ParsePlay(%q) error = %v, want %v", tc.input, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParsePlay(%q): %v", tc.input, err)
			}
			if got := p.String(); got != tc.want {
				t.Errorf("ParsePlay(%q) = %s, want %s", tc.input, got, tc.want)
			}
		})
	}
}

func TestDeckSizes(t *testing.T) {
	tests := []struct {
		deck     *Deck
		size     int
		distinct int
	}{
		{Fanucci(), 174, 174},
		{DoubleStandard(), 104, 52},
		{BlackHeart(), 75, 39},
		{Standard(), 52, 52},
	}
	for _, tc := range tests {
		t.Run(tc.deck.Name(), func(t *testing.T) {
			if got := tc.deck.Size(); got != tc.size {
				t.Errorf("Size() = %d, want %d", got, tc.size)
			}
			if got := len(tc.deck.Cards()); got != tc.distinct {
				t.Errorf("len(Cards()) = %d, want %d", got, tc.distinct)
			}
		})
	}
}

func TestFanucciColours(t *testing.T) {
	// the decks: five colours of three suits each; the seed's red and blue.
	for _, c := range FanucciColours() {
		if n := len(c.Suits()); n != 3 {
			t.Errorf("%s has %d suits, want 3", c, n)
		}
	}
	for _, s := range []Suit{Fromps, Lamps, Plungers} {
		if s.Colour() != Red {
			t.Errorf("%s is %s, want red", s, s.Colour())
		}
	}
	for _, s := range []Suit{Rain, Tops, Zurfs} {
		if s.Colour() != Blue {
			t.Errorf("%s is %s, want blue", s, s.Colour())
		}
	}
	if Faces.Colour() != Hives.Colour() {
		t.Errorf("Faces and Hives must share a colour")
	}
	if Suit(200).Colour() != NoColour {
		t.Errorf("a suit past the table has a colour")
	}
	if NewTrump(Grue).Colour() != NoColour {
		t.Errorf("a trump has no colour")
	}
}

func TestParseListPositions(t *testing.T) {
	tests := []struct {
		name  string
		deck  *Deck
		input []string
		pos   int
		err   error
	}{
		{"seed typo", Fanucci(), []string{"7 Plungers", "7 Fromps", "7 Lampz"}, 2, ErrUnknownCard},
		{"one Grue only", Fanucci(), []string{"Grue", "5 Lamps", "grue"}, 2, ErrTooManyCopies},
		{"fortune third copy", DoubleStandard(), []string{"7H", "7h", "7♥"}, 2, ErrTooManyCopies},
		{"fan second copy", Standard(), []string{"AS", "as"}, 1, ErrTooManyCopies},
		{"black heart one KD", BlackHeart(), []string{"KD", "KD=QS"}, 1, ErrTooManyCopies},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.deck.wild != nil {
				_, err = tc.deck.ParsePlays(tc.input)
			} else {
				_, err = tc.deck.ParseList(tc.input)
			}
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, tc.err) {
				t.Fatalf("error = %v, want %v", err, tc.err)
			}
			if pe.Pos != tc.pos || pe.Input != tc.input[tc.pos] {
				t.Errorf("error at %d (%q), want %d (%q)", pe.Pos, pe.Input, tc.pos, tc.input[tc.pos])
			}
		})
	}
}

func TestTallyAcrossLists(t *testing.T) {
	tally := DoubleStandard().NewTally()
	qs := Card{Rank: Queen, Suit: Spades}
	if err := tally.Add(qs); err != nil {
		t.Fatal(err)
	}
	if err := tally.Add(qs); err != nil {
		t.Fatal(err)
	}
	if err := tally.Add(qs); !errors.Is(err, ErrTooManyCopies) {
		t.Errorf("third QS: %v, want ErrTooManyCopies", err)
	}
	if got := tally.Count(qs); got != 2 {
		t.Errorf("Count = %d, want 2", got)
	}
}

func TestRoundTripEveryCard(t *testing.T) {
	for _, d := range []*Deck{Fanucci(), Standard(), DoubleStandard(), BlackHeart()} {
		for _, c := range d.Cards() {
			got, err := d.Parse(c.String())
			if err != nil || got != c {
				t.Errorf("%s: Parse(%q) = %v, %v", d.Name(), c.String(), got, err)
			}
		}
	}
}
