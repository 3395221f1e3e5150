package fortune

import (
	"strings"

	"meldpad/rules/cards"
)

// plays parses a meld written as at the table, "7H 2C=7S 2D", through the
// deck's own parser. Test fixtures are fixed text, so a parse error is a
// broken test and panics.
func plays(s string) []cards.Play {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	ps, err := cards.DoubleStandard().ParsePlays(strings.Fields(s))
	if err != nil {
		panic(err)
	}
	return ps
}

// hand parses cards held in hand: "QS AH 2D".
func hand(s string) []cards.Card {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	cs, err := cards.DoubleStandard().ParseList(strings.Fields(s))
	if err != nil {
		panic(err)
	}
	return cs
}

// card parses one card.
func card(s string) cards.Card {
	c, err := cards.ParseCard(s)
	if err != nil {
		panic(err)
	}
	return c
}

// cardsString prints readings as "5H 6H 4H" for comparison with fixtures.
func cardsString(cs []cards.Card) string { return strings.Join(cards.Strings(cs), " ") }
