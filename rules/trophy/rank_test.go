package trophy

import (
	"slices"
	"testing"

	"meldpad/rules/cards"
)

func TestOrderT4(t *testing.T) {
	tests := []struct {
		name   string
		played []string // the trick so far, lead first
		a, b   string
		want   int // Compare(a, b)
	}{
		{"within the led suit by number", []string{"3 Lamps"}, "8 Lamps", "3 Lamps", 1},
		{"∞ above 9", []string{"9 Lamps"}, "∞ Lamps", "9 Lamps", 1},
		{"0 below 1", []string{"1 Lamps"}, "0 Lamps", "1 Lamps", -1},
		{"second in-colour suit above the led suit", []string{"∞ Lamps", "0 Plungers"}, "0 Plungers", "∞ Lamps", 1},
		{"third in-colour suit above the second", []string{"5 Lamps", "∞ Plungers", "0 Fromps"}, "0 Fromps", "∞ Plungers", 1},
		{"the order is that of appearance, not of the suits' names", []string{"5 Plungers", "∞ Fromps", "0 Lamps"}, "0 Lamps", "∞ Fromps", 1},
		{"a suit not seen yet ranks as the next to come", []string{"5 Lamps"}, "0 Fromps", "∞ Lamps", 1},
		{"out of colour below the led zero", []string{"0 Lamps"}, "∞ Tops", "0 Lamps", -1},
		{"out-of-colour cards rank alike", []string{"0 Lamps"}, "∞ Tops", "0 Mazes", 0},
		{"a trump above an in-colour ∞ of the third suit", []string{"0 Lamps", "0 Plungers", "∞ Fromps"}, "Grue", "∞ Fromps", 1},
		{"the grey zero (no card) below out of colour", []string{"0 Lamps"}, "", "0 Tops", -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var o Order
			for _, s := range tc.played {
				o.See(mustCard(s))
			}
			a, b := cardOrZero(tc.a), cardOrZero(tc.b)
			if got := o.Compare(a, b); got != tc.want {
				t.Errorf("Compare(%v, %v) = %d, want %d", a, b, got, tc.want)
			}
			if got := o.Compare(b, a); got != -tc.want {
				t.Errorf("Compare(%v, %v) = %d, want %d", b, a, got, -tc.want)
			}
		})
	}
}

func cardOrZero(s string) cards.Card {
	if s == "" {
		return cards.Card{}
	}
	return mustCard(s)
}

func TestOrderLed(t *testing.T) {
	var o Order
	if o.Led() != cards.NoSuit {
		t.Errorf("Led before the lead = %v", o.Led())
	}
	for _, s := range []string{"4 Tops", "Grue", "3 Lamps", "5 Rain"} {
		o.See(mustCard(s))
	}
	if o.Led() != cards.Tops {
		t.Errorf("Led = %v, want Tops", o.Led())
	}
	// Lamps is out of colour on a Tops lead and Rain came second: Rain's 0
	// beats Tops' ∞, and Lamps ranks below both.
	if o.Compare(mustCard("0 Rain"), mustCard("∞ Tops")) != 1 || o.Compare(mustCard("∞ Lamps"), mustCard("0 Tops")) != -1 {
		t.Errorf("Rain should rank above Tops and Lamps below both after %v", o)
	}
}

func TestHighestT4(t *testing.T) {
	tests := []struct {
		name   string
		played []string
		want   int
	}{
		{"no cards", nil, -1},
		{"the lead alone", []string{"3 Lamps"}, 0},
		{"the seed's third suit wins", []string{"1 Lamps", "7 Plungers", "9 Plungers", "9 Fromps"}, 3},
		{"out of colour never beats the lead", []string{"0 Lamps", "∞ Tops", "∞ Mazes"}, 0},
		{"a trump beats all", []string{"∞ Lamps", "∞ Plungers", "Grue"}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var played []cards.Card
			for _, s := range tc.played {
				played = append(played, mustCard(s))
			}
			if got := Highest(played); got != tc.want {
				t.Errorf("Highest = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestStrengthOrder checks the whole ladder of T4 on a trick with all
// three red suits: every card of a later tier beats every card of an
// earlier one, and within a tier the numbers rise 0 to ∞.
func TestStrengthOrder(t *testing.T) {
	var o Order
	for _, s := range []string{"5 Plungers", "5 Lamps", "5 Fromps"} {
		o.See(mustCard(s))
	}
	prev := o.Strength(mustCard("∞ Tops"))
	for _, suit := range []cards.Suit{cards.Plungers, cards.Lamps, cards.Fromps} {
		for _, r := range []cards.Rank{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, cards.Infinity} {
			c := cards.Card{Rank: r, Suit: suit}
			if s := o.Strength(c); s <= prev {
				t.Fatalf("%v has strength %d, not above the card before (%d)", c, s, prev)
			} else {
				prev = s
			}
		}
	}
	if s := o.Strength(mustCard("Snail")); s <= prev {
		t.Errorf("a trump (%d) should beat ∞ Fromps (%d)", s, prev)
	}
	for _, bad := range []cards.Card{{Rank: 7, Suit: cards.Hearts}, {Rank: 10, Suit: cards.Lamps}, {Trump: 42}} {
		if s := o.Strength(bad); s != greyZero {
			t.Errorf("Strength(%v) = %d, want the grey zero's %d", bad, s, greyZero)
		}
	}
}

func TestDeckIndex(t *testing.T) {
	deck := cards.Fanucci().Cards()
	if len(deck) != deckSize {
		t.Fatalf("the Fanucci deck has %d cards, deckSize is %d", len(deck), deckSize)
	}
	var seen [deckSize]bool
	for _, c := range deck {
		i, ok := deckIndex(c)
		if !ok || i < 0 || i >= deckSize || seen[i] {
			t.Fatalf("deckIndex(%v) = %d, %v: not a fresh index", c, i, ok)
		}
		seen[i] = true
	}
	for _, c := range []cards.Card{{}, {Rank: 7, Suit: cards.Hearts}, {Rank: 10, Suit: cards.Lamps}, {Trump: 42}, {Trump: cards.Grue, Suit: cards.Lamps}} {
		if _, ok := deckIndex(c); ok {
			t.Errorf("deckIndex(%#v) accepted a card the Fanucci deck does not hold", c)
		}
	}
}

func TestEndingString(t *testing.T) {
	for e, want := range map[Ending]string{Open: "open", ByTrump: "trump", ByFolds: "folds", ByOutOfCards: "out_of_cards", 9: "unknown"} {
		if got := e.String(); got != want {
			t.Errorf("Ending(%d).String() = %q, want %q", e, got, want)
		}
	}
}

// TestColourTables checks the package's cache of rules/cards' colour
// table (the decks) against the original, so a deck printed otherwise
// stays a one-line change there.
func TestColourTables(t *testing.T) {
	for _, c := range cards.FanucciColours() {
		if got, want := suitsOf[c][:], c.Suits(); !slices.Equal(got, want) {
			t.Errorf("suitsOf[%v] = %v, want %v", c, got, want)
		}
	}
}
