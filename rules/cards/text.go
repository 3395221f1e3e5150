package cards

import (
	"strings"
	"unicode"
)

// ParseText reads the cards typed in one field, the way a player types
// them on a phone: separated by commas, semicolons, new lines or just
// spaces, in any card notation: "7 lamps, 8 lam grue",
// "10h qs 2c=kd", "7 of Lamps; inf tops". Declared readings are allowed
// only for the deck's wild cards. It checks copies against the deck, as
// ParsePlays does; a *ParseError's Pos is the position of the bad card in
// the list and Input what was typed for it.
func (d *Deck) ParseText(s string) ([]Play, error) {
	plays, err := d.ReadText(s)
	if err != nil {
		return nil, err
	}
	return plays, nil
}

// ReadText reads a field as ParseText does, but reads on past a bad
// card: it returns every card it could read, in order, and the first
// bad one as a *ParseError (nil when there is none), whose Pos counts
// the cards read before it. A page shows the good cards beside the
// message about the bad one, so one slip does not hide the rest.
func (d *Deck) ReadText(s string) ([]Play, *ParseError) {
	var plays []Play
	var first *ParseError
	fail := func(err *ParseError) {
		if first == nil {
			first = err
		}
	}
	tally := d.NewTally()
	for _, chunk := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '\n' || r == '\r' }) {
		tokens := strings.Fields(chunk)
		for i := 0; i < len(tokens); {
			p, used, err := d.parseTokens(tokens[i:], len(plays))
			if err != nil {
				fail(err)
				i += used
				continue
			}
			if err := tally.add(p.Card, strings.Join(tokens[i:i+used], " "), len(plays)); err != nil {
				fail(err)
			} else {
				plays = append(plays, p)
			}
			i += used
		}
	}
	return plays, first
}

// maxTokens is the most words one card takes: "∞ of Tops", "2C = KD".
const maxTokens = 3

// parseTokens reads one card from the front of tokens, trying the longest
// run of words that makes a card first, and returns how many words it
// took; for a card it cannot read, how many words the error is about.
func (d *Deck) parseTokens(tokens []string, pos int) (Play, int, *ParseError) {
	for n := min(maxTokens, len(tokens)); n >= 1; n-- {
		if p, err := d.parsePlay(strings.Join(tokens[:n], " "), pos); err == nil {
			return p, n, nil
		}
	}
	// Nothing parses: report the card as the player most likely meant it:
	// the words around an "of" ("3 of klubs"), a bare rank with the word
	// after it ("7 Lampz"), two words that make a likely card ("kng
	// hearts"), or the one word.
	n := 1
	switch {
	case len(tokens) > 2 && strings.EqualFold(tokens[1], "of"):
		n = 3 // "3 of klubs", "king of hearts": the words around "of" make the card
	case len(tokens) > 1 && isBareRank(tokens[0]):
		n = 2
	case len(tokens) > 1:
		if _, ok := d.Guess(tokens[0] + " " + tokens[1]); ok {
			n = 2 // "kng hearts"
		}
	}
	_, err := d.parsePlay(strings.Join(tokens[:n], " "), pos)
	return Play{}, n, err
}

func isBareRank(s string) bool {
	s = strings.ToLower(s)
	if s == "inf" || s == "infinity" || s == "∞" || s == "10" {
		return true
	}
	return len(s) == 1 && (unicode.IsDigit(rune(s[0])) || strings.ContainsRune("atjqk", rune(s[0])))
}
