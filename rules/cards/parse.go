package cards

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"meldpad/rules/msg"
)

// ParseCard reads one card in any card notation, whatever the
// deck: "10H", "th", "Q♠", "7 Lamps", "7 of Lamps", "inf Tops", "∞tops",
// "7lam", "Grue". Parsing ignores case and surrounding spaces. A declared
// reading ("2C=KD") is not a card; use Deck.ParsePlay for those.
func ParseCard(s string) (Card, error) {
	c, why := parseCard(s)
	if !why.IsZero() {
		return Card{}, &ParseError{Input: s, Pos: -1, Msg: why, Err: ErrUnknownCard}
	}
	return c, nil
}

// parseCard returns the card, or a reason in plain words why s is not
// one (the zero Msg when it is).
func parseCard(s string) (Card, msg.Msg) {
	norm := normalize(s)
	if norm == "" {
		return Card{}, msg.New("cards.none")
	}
	if strings.Contains(norm, "=") {
		return Card{}, msg.New("cards.reading_not_here")
	}
	for _, t := range Trumps() {
		if norm == strings.ToLower(t.String()) {
			return NewTrump(t), msg.Msg{}
		}
	}
	if c, ok := wordCard(norm); ok {
		return c, msg.Msg{}
	}
	rank, rest, fanucciRank, ok := cutRank(norm)
	if !ok {
		return Card{}, msg.New("cards.no_rank")
	}
	rest = strings.TrimSpace(rest)
	if after, found := strings.CutPrefix(rest, "of "); found {
		rest = strings.TrimSpace(after)
	}
	if rest == "" {
		return Card{}, msg.New("cards.no_suit")
	}
	if suit, ok := standardSuit(rest); ok {
		if !fanucciRank.standard {
			return Card{}, msg.New("cards.standard_rank")
		}
		return Card{Rank: fanucciRank.std, Suit: suit}, msg.Msg{}
	}
	suit, why := fanucciSuit(rest)
	if !why.IsZero() {
		return Card{}, why
	}
	if !fanucciRank.fanucci {
		return Card{}, msg.New("cards.fanucci_rank")
	}
	return Card{Rank: rank, Suit: suit}, msg.Msg{}
}

// normalize lower-cases s, trims it, drops emoji variation selectors and
// folds runs of spaces into one.
func normalize(s string) string {
	s = strings.ReplaceAll(s, "\ufe0f", "")
	s = strings.ReplaceAll(s, "\ufe0e", "")
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// rankReading says how a rank token can be read: as a standard rank, as a
// Fanucci rank, or both ("7").
type rankReading struct {
	std               Rank
	standard, fanucci bool
}

// cutRank takes the rank token off the front of s. The returned Rank is the
// Fanucci reading; reading.std the standard one.
func cutRank(s string) (Rank, string, rankReading, bool) {
	switch {
	case strings.HasPrefix(s, "infinity"):
		return Infinity, s[len("infinity"):], rankReading{fanucci: true}, true
	case strings.HasPrefix(s, "inf"):
		return Infinity, s[len("inf"):], rankReading{fanucci: true}, true
	case strings.HasPrefix(s, "∞"):
		return Infinity, s[len("∞"):], rankReading{fanucci: true}, true
	case strings.HasPrefix(s, "10"):
		return 0, s[2:], rankReading{std: Ten, standard: true}, true
	}
	r, size := utf8.DecodeRuneInString(s)
	switch {
	case r >= '0' && r <= '9':
		n := Rank(r - '0')
		reading := rankReading{fanucci: true}
		if n >= 2 {
			reading.std, reading.standard = n, true
		}
		return n, s[size:], reading, true
	case r == 'a':
		return 0, s[size:], rankReading{std: Ace, standard: true}, true
	case r == 't':
		return 0, s[size:], rankReading{std: Ten, standard: true}, true
	case r == 'j':
		return 0, s[size:], rankReading{std: Jack, standard: true}, true
	case r == 'q':
		return 0, s[size:], rankReading{std: Queen, standard: true}, true
	case r == 'k':
		return 0, s[size:], rankReading{std: King, standard: true}, true
	}
	return 0, s, rankReading{}, false
}

// standardSuit reads a standard suit: a letter, a symbol or the English
// name ("h", "♥", "♡", "hearts", "heart").
func standardSuit(s string) (Suit, bool) {
	switch s {
	case "s", "♠", "♤", "spade", "spades":
		return Spades, true
	case "h", "♥", "♡", "heart", "hearts":
		return Hearts, true
	case "d", "♦", "♢", "diamond", "diamonds":
		return Diamonds, true
	case "c", "♣", "♧", "club", "clubs":
		return Clubs, true
	}
	return NoSuit, false
}

// fanucciSuit reads a Fanucci suit given by a unique prefix of at least
// three letters ("plu" = Plungers).
func fanucciSuit(s string) (Suit, msg.Msg) {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return NoSuit, msg.New("cards.not_suit", msg.S("Text", s))
		}
	}
	var found []Suit
	for _, suit := range FanucciSuits() {
		if strings.HasPrefix(strings.ToLower(suit.String()), s) {
			found = append(found, suit)
		}
	}
	switch {
	case len(found) == 0:
		return NoSuit, msg.New("cards.no_such_suit", msg.S("Text", s))
	case utf8.RuneCountInString(s) < 3:
		return NoSuit, msg.New("cards.suit_too_short", msg.S("Text", s))
	case len(found) > 1:
		return NoSuit, msg.New("cards.suit_ambiguous", msg.S("Text", s))
	}
	return found[0], msg.Msg{}
}
