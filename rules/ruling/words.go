package ruling

import (
	"strconv"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
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

// RankArticle says one card of rank r with its article, as players say
// it: "an ace", "an 8", "a 7", "a king". English needs "an" before an 8,
// so it has an id of its own; other languages may say it as any number.
func RankArticle(r cards.Rank) msg.Msg {
	switch r {
	case cards.Ace, cards.Jack, cards.Queen, cards.King:
		return msg.New("card.a_rank." + r.String())
	case 8:
		return msg.New("card.a_rank.8")
	}
	return msg.New("card.a_rank.number", msg.S("Rank", r.String()))
}

// RankPlural says cards of rank r in the plural, as players say them:
// "aces", "7s", "kings".
func RankPlural(r cards.Rank) msg.Msg {
	switch r {
	case cards.Ace, cards.Jack, cards.Queen, cards.King:
		return msg.New("card.ranks." + r.String())
	}
	return msg.New("card.ranks.number", msg.S("Rank", r.String()))
}
