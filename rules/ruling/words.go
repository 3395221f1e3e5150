package ruling

import (
	"strconv"

	"meldpad/rules/cards"
)

// numberWords are the small numbers as a verdict says them aloud.
var numberWords = [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight",
	"nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"}

// Number writes n in words up to sixteen ("no", "three") and in digits
// beyond, so that every game's reasons read like a sentence said at the
// table: "a set of three kings", "17 cards".
func Number(n int) string {
	if n >= 0 && n < len(numberWords) {
		return numberWords[n]
	}
	return strconv.Itoa(n)
}

// RankArticle names one standard card of rank r with its article, as a
// reason says it: "an ace", "a 7", "an 8", "a king".
func RankArticle(r cards.Rank) string {
	switch r {
	case cards.Ace:
		return "an ace"
	case 8:
		return "an 8"
	case cards.Jack:
		return "a jack"
	case cards.Queen:
		return "a queen"
	case cards.King:
		return "a king"
	}
	return "a " + r.String()
}

// RankPlural names several standard cards of rank r: "aces", "7s",
// "kings".
func RankPlural(r cards.Rank) string {
	switch r {
	case cards.Ace:
		return "aces"
	case cards.Jack:
		return "jacks"
	case cards.Queen:
		return "queens"
	case cards.King:
		return "kings"
	}
	return r.String() + "s"
}
