package locale

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// TestPluralRules: the CLDR cardinal rules of each language, on CLDR's
// own sample numbers.
func TestPluralRules(t *testing.T) {
	samples := map[string]map[string][]int{
		"en": {"one": {1, -1}, "other": {0, 2, 5, 11, 21, 100, 1000000}},
		"de": {"one": {1}, "other": {0, 2, 21, 1000000}},
		"it": {"one": {1}, "many": {1000000, 2000000}, "other": {0, 2, 21, 1000, 1000001}},
		"es": {"one": {1}, "many": {1000000, 3000000}, "other": {0, 2, 21, 1000, 1000001}},
		"fr": {"one": {0, 1}, "many": {1000000, 5000000}, "other": {2, 21, 1000, 1000001}},
	}
	for _, lang := range Languages() {
		want, ok := samples[lang.Tag]
		if !ok {
			t.Errorf("%s: no plural samples in this test", lang.Tag)
			continue
		}
		for form, ns := range want {
			for _, n := range ns {
				if got := lang.Plural(n); got != form {
					t.Errorf("%s: Plural(%d) = %s, want %s", lang.Tag, n, got, form)
				}
			}
		}
	}
}

// TestNumbers: digits grouped as each language groups them (CLDR's
// decimal pattern and minimum grouping digits).
func TestNumbers(t *testing.T) {
	tests := []struct {
		tag  string
		n    int
		want string
	}{
		{"en", 999, "999"}, {"en", 1234, "1,234"}, {"en", -1234567, "-1,234,567"},
		{"de", 1234, "1.234"}, {"de", 1000000, "1.000.000"},
		{"it", 12345, "12.345"},
		{"es", 1234, "1234"}, {"es", 12345, "12.345"}, {"es", -123456, "-123.456"},
		{"fr", 1234, "1\u202f234"}, {"fr", 100, "100"},
	}
	for _, tc := range tests {
		if got := For(tc.tag).Number(tc.n); got != tc.want {
			t.Errorf("%s: Number(%d) = %q, want %q", tc.tag, tc.n, got, tc.want)
		}
	}
}

// TestLists: a list of three names as each language joins them.
func TestLists(t *testing.T) {
	names := msg.New(msg.TextID, msg.Strings("Text", []string{"Ann", "Bob", "Cy"}))
	want := map[string]string{"en": "Ann, Bob and Cy", "de": "Ann, Bob und Cy", "it": "Ann, Bob e Cy", "es": "Ann, Bob y Cy", "fr": "Ann, Bob et Cy"}
	for tag, w := range want {
		if got := For(tag).Say(names); got != w {
			t.Errorf("%s: %q, want %q", tag, got, w)
		}
	}
	if got := English().Say(msg.New(msg.TextID, msg.Strings("Text", []string{"Ann", "Bob"}))); got != "Ann and Bob" {
		t.Errorf("two: %q", got)
	}
}

// TestCards: a card as each language writes it in a sentence and in
// words; a Fanucci card keeps its printed name everywhere.
func TestCards(t *testing.T) {
	queen := cards.Card{Rank: cards.Queen, Suit: cards.Spades}
	jack := cards.Card{Rank: cards.Jack, Suit: cards.Hearts}
	tests := []struct {
		tag, card, words string
	}{
		{"en", "QS", "Q♠ (queen of spades)"},
		{"de", "D♠", "D♠ (Pik Dame)"},
		{"it", "Q♠", "Q♠ (donna di picche)"},
		{"es", "Q♠", "Q♠ (reina de picas)"},
		{"fr", "D♠", "D♠ (dame de pique)"},
	}
	for _, tc := range tests {
		l := For(tc.tag)
		if got := l.Card(queen); got != tc.card {
			t.Errorf("%s: Card = %q, want %q", tc.tag, got, tc.card)
		}
		if got := l.Say(queen.Words()); got != tc.words {
			t.Errorf("%s: Words = %q, want %q", tc.tag, got, tc.words)
		}
		lamps := cards.Card{Rank: 7, Suit: cards.Lamps}
		if got := l.Card(lamps); got != "7 Lamps" {
			t.Errorf("%s: a Fanucci card is %q", tc.tag, got)
		}
	}
	if got := For("de").Face(jack); got != "B♥" {
		t.Errorf("de: the jack of hearts shows as %q", got)
	}
}

func TestNegotiate(t *testing.T) {
	tests := map[string]string{
		"":                          "en",
		"de":                        "de",
		"de-CH, fr;q=0.8, en;q=0.5": "de",
		"ja, fr;q=0.3":              "fr",
		"en-US,en;q=0.9,it;q=0.95":  "en",
		"pt-BR, es;q=0.2":           "es",
		"fr;q=0, it":                "it",
		"xx;q=zz, es-419":           "es",
		"*":                         "en",
	}
	for header, want := range tests {
		if got := Negotiate(header).Tag(); got != want {
			t.Errorf("Negotiate(%q) = %s, want %s", header, got, want)
		}
	}
	if For("fr-CA").Tag() != "fr" || For("sv").Tag() != "en" {
		t.Errorf("For falls back wrongly")
	}
}

// TestPluralMessage: a message with plural forms takes the form its
// Count asks for in each language.
func TestPluralMessage(t *testing.T) {
	seven := cards.Card{Rank: 7, Suit: cards.Spades}
	one := msg.New("cards.too_many_copies", msg.N("Count", 1), msg.V("Card", seven), msg.M("Deck", cards.Standard().In()))
	two := msg.New("cards.too_many_copies", msg.N("Count", 2), msg.V("Card", seven), msg.M("Deck", cards.DoubleStandard().In()))
	tests := []struct {
		tag      string
		one, two string
	}{
		{"en", "there is only one 7S in the standard deck", "there are only 2 copies of 7S in the two standard decks"},
		{"de", "7♠ gibt es nur einmal im gewöhnlichen Kartenspiel", "7♠ gibt es nur 2-mal in den zwei gewöhnlichen Kartenspielen"},
		{"fr", "il n’y a qu’un exemplaire de 7♠ dans le jeu ordinaire", "il n’y a que 2 exemplaires de 7♠ dans les deux jeux ordinaires"},
	}
	for _, tc := range tests {
		l := For(tc.tag)
		if got := l.Say(one); got != tc.one {
			t.Errorf("%s one: %q, want %q", tc.tag, got, tc.one)
		}
		if got := l.Say(two); got != tc.two {
			t.Errorf("%s two: %q, want %q", tc.tag, got, tc.two)
		}
	}
}

// TestBuiltins: the shapes every language gives a message alike.
func TestBuiltins(t *testing.T) {
	l := For("de")
	if got := l.Say(msg.Sentence(msg.Text("kein Satz"))); got != "Kein Satz." {
		t.Errorf("Sentence: %q", got)
	}
	if got := l.Say(msg.Stop(msg.Text("schon."))); got != "schon." {
		t.Errorf("Stop: %q", got)
	}
	if got := l.Say(msg.New("no.such.id", msg.N("Count", 2))); got != "no.such.id{Count=2}" {
		t.Errorf("an unknown id: %q", got)
	}
}

// TestError: an error is said by the first message in its chain.
func TestError(t *testing.T) {
	_, err := cards.Standard().Parse("7D7")
	wrapped := errors.Join(errors.New("context"), ruling.Bad("hand", msg.New("cards.none")))
	if got := For("it").Error(wrapped); got != "nessuna carta indicata" {
		t.Errorf("Error(joined) = %q", got)
	}
	if got := English().Error(err); !strings.Contains(got, "is not a card") {
		t.Errorf("Error(parse) = %q", got)
	}
	if got := English().Error(errors.New("plain")); got != "plain" {
		t.Errorf("Error(plain) = %q", got)
	}
}

func TestContext(t *testing.T) {
	ctx := NewContext(context.Background(), For("es"))
	if From(ctx).Tag() != "es" || msg.From(ctx).(*Localizer).Tag() != "es" {
		t.Errorf("the context lost its language")
	}
	if From(context.Background()).Tag() != "en" {
		t.Errorf("no language is English")
	}
}

// TestCardWordsAreTyped: a card may be typed in the words every catalog
// names it by (card.rank_name, card.suit_name), as rules/cards reads
// them: a new language's words must reach its parser too.
func TestCardWordsAreTyped(t *testing.T) {
	ranks, suits := cards.CardWords()
	for _, lang := range Languages() {
		l := For(lang.Tag)
		for _, r := range []cards.Rank{cards.Ace, cards.Jack, cards.Queen, cards.King} {
			w := strings.ToLower(l.Say(msg.New("card.rank_name." + r.String())))
			if got, ok := ranks[w]; !ok || got != r {
				t.Errorf("%s: %q is not read as the rank %s", lang.Tag, w, r)
			}
		}
		for _, s := range cards.StandardSuits() {
			w := strings.ToLower(l.Say(msg.New("card.suit_name." + s.Letter())))
			if got, ok := suits[w]; !ok || got != s {
				t.Errorf("%s: %q is not read as the suit %s", lang.Tag, w, s)
			}
			queen := cards.Card{Rank: cards.Queen, Suit: s}
			inWords := strings.Trim(strings.TrimPrefix(l.Say(queen.Words()), l.Face(queen)), " ()")
			if c, err := cards.Standard().Parse(inWords); err != nil || c != queen {
				t.Errorf("%s: the words of the queen of %s are not read back: %v, %v", lang.Tag, s, c, err)
			}
		}
	}
}

// FuzzNegotiate: any Accept-Language header gives one of meldpad's
// languages, without panicking, and a header naming only languages
// meldpad does not speak gives English.
func FuzzNegotiate(f *testing.F) {
	for _, s := range []string{"", "de", "de-CH, fr;q=0.8, en;q=0.5", "xx;q=zz, es-419", "*;q=0", ";;;,,,", "fr;q=1e9", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		l := Negotiate(header)
		if _, ok := find(l.Tag()); !ok {
			t.Fatalf("Negotiate(%q) = %q, not a language meldpad speaks", header, l.Tag())
		}
		spoken := false
		for _, part := range strings.Split(header, ",") {
			tag, _, _ := strings.Cut(part, ";")
			_, ok := find(tag)
			spoken = spoken || ok
		}
		if !spoken && l.Tag() != "en" {
			t.Fatalf("Negotiate(%q) = %s, though it names no language meldpad speaks", header, l.Tag())
		}
	})
}

func ExampleLocalizer_Say() {
	l := For("de")
	fmt.Println(l.Say(msg.New("fan.too_few", msg.N("Count", 2))))
	fmt.Println(English().Say(msg.Sentence(cards.Card{Rank: cards.Queen, Suit: cards.Spades}.Words())))
	// Output:
	// eine Auslage braucht mindestens 3 Karten, nicht 2
	// Q♠ (queen of spades).
}

// TestOrdinal: places as each language abbreviates them.
func TestOrdinal(t *testing.T) {
	for _, tc := range []struct {
		tag  string
		n    int
		want string
	}{
		{"en", 1, "1st"}, {"en", 2, "2nd"}, {"en", 3, "3rd"}, {"en", 4, "4th"},
		{"en", 11, "11th"}, {"en", 12, "12th"}, {"en", 13, "13th"}, {"en", 21, "21st"}, {"en", 112, "112th"},
		{"de", 2, "2."}, {"it", 2, "2º"}, {"es", 2, "2.º"}, {"fr", 1, "1er"}, {"fr", 2, "2e"},
	} {
		if got := For(tc.tag).Ordinal(tc.n); got != tc.want {
			t.Errorf("%s: Ordinal(%d) = %q, want %q", tc.tag, tc.n, got, tc.want)
		}
	}
}

// TestDecimal: a decimal number with each language's decimal mark.
func TestDecimal(t *testing.T) {
	for _, tc := range []struct {
		tag  string
		f    float64
		want string
	}{
		{"en", 27.63, "27.6"}, {"de", 27.63, "27,6"}, {"fr", -1.8, "-1,8"}, {"it", 1, "1,0"}, {"es", 0.5, "0,5"},
	} {
		if got := For(tc.tag).Decimal(tc.f, 1); got != tc.want {
			t.Errorf("%s: Decimal(%v, 1) = %q, want %q", tc.tag, tc.f, got, tc.want)
		}
	}
}
