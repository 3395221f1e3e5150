package fortune

import (
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// The helpers in this file turn counts, ranks and suits into the plain
// words the verdicts use, so that every reason reads like a sentence said
// at the table.

// count returns "one deuce", "three deuces", "no deuce".
func count(n int, singular, plural string) string {
	if n == 1 || n == 0 {
		return ruling.Number(n) + " " + singular
	}
	return ruling.Number(n) + " " + plural
}

// suitSingular names one card's suit: "heart".
func suitSingular(s cards.Suit) string {
	return strings.TrimSuffix(lowerSuit(s), "s")
}

// lowerSuit is a suit's name in the middle of a sentence: "hearts".
func lowerSuit(s cards.Suit) string {
	switch s {
	case cards.Spades:
		return "spades"
	case cards.Hearts:
		return "hearts"
	case cards.Diamonds:
		return "diamonds"
	case cards.Clubs:
		return "clubs"
	}
	return strings.ToLower(s.String())
}

// positionName prints a sequence position: 1 and 14 are both the ace.
func positionName(pos int) string {
	if pos == 1 || pos == 14 {
		return "A"
	}
	return cards.Rank(pos).String()
}

// playsString prints a meld as the player wrote it: "7H 2C=7S 8D".
func playsString(meld []cards.Play) string {
	parts := make([]string, len(meld))
	for i, p := range meld {
		parts[i] = p.String()
	}
	return strings.Join(parts, " ")
}

// lowerFirst turns a reason into the tail of a longer sentence:
// "Not a set: ..." becomes "not a set: ...".
func lowerFirst(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return s
	}
	return string(s[0]+'a'-'A') + s[1:]
}
