package fortune

import (
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// The helpers in this file turn counts, ranks and suits into the plain
// words the verdicts use, so that every reason reads like a sentence said
// at the table.

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
