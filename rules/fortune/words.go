package fortune

import (
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// The helpers in this file turn counts, ranks and suits into the plain
// words the verdicts use, so that every reason reads like a sentence said
// at the table.

// rankPlural names several cards of rank r: "kings", "7s" in English.
func rankPlural(r cards.Rank) msg.Msg {
	if r == cards.Ace || r >= cards.Jack {
		return msg.New("card.ranks." + r.String())
	}
	return msg.New("card.ranks.number", msg.S("Rank", r.String()))
}

// aRank names one card of rank r with its article: "an ace", "a 7".
func aRank(r cards.Rank) msg.Msg {
	switch {
	case r == cards.Ace || r >= cards.Jack:
		return msg.New("card.a_rank." + r.String())
	case r == 8:
		return msg.New("card.a_rank.8")
	}
	return msg.New("card.a_rank.number", msg.S("Rank", r.String()))
}

// suitName is a suit's name in a sentence: "hearts" in English.
func suitName(s cards.Suit) msg.Msg { return msg.New("card.suit_name." + s.Letter()) }

// playsString prints a meld as the player wrote it: "7H 2C=7S 8D".
func playsString(meld []cards.Play) string {
	parts := make([]string, len(meld))
	for i, p := range meld {
		parts[i] = p.String()
	}
	return strings.Join(parts, " ")
}
