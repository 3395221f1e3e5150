package cards

import (
	"strings"
	"unicode/utf8"
)

// fanucci reports whether the deck is the Fanucci deck (its cards are
// suited 0-9 and ∞, or trumps), so that a message about a card it cannot
// read speaks of that deck's ranks and suits, not another's.
func (d *Deck) fanucci() bool { return len(d.order) > 0 && d.order[0].IsFanucci() }

// explain says why s is not a card in words about this deck: a standard
// deck's player is told about S H D C, never about Fanucci suits ("9z" in
// Fortune Rummy), and the other way round. msg is what parseCard said.
func (d *Deck) explain(s, msg string) string {
	norm := normalize(s)
	_, rest, _, ok := cutRank(norm)
	switch {
	case norm == "" || strings.Contains(norm, "="):
		return msg
	case !ok && d.fanucci():
		return "it does not start with a rank (0-9 or ∞) or a trump's name"
	case !ok:
		return "it does not start with a rank (A, 2-10, J, Q or K)"
	}
	rest = strings.TrimSpace(rest)
	if after, found := strings.CutPrefix(rest, "of "); found {
		rest = strings.TrimSpace(after)
	}
	if rest == "" || d.fanucci() {
		return msg
	}
	if _, isSuit := standardSuit(rest); !isSuit {
		return "“" + rest + "” is not a suit (S, H, D or C: ♠ ♥ ♦ ♣)"
	}
	return msg
}

// Guess returns the card of this deck that s most likely meant, when s
// is a rank and a suit word off by a letter or two ("3 of klubs" is the
// 3 of clubs, "7 Lampz" the 7 of Lamps), and false when no single card is
// clearly nearest.
func (d *Deck) Guess(s string) (Card, bool) {
	norm := normalize(s)
	if strings.Contains(norm, "=") {
		return Card{}, false
	}
	rank, rest, reading, ok := cutRank(norm)
	if !ok {
		return Card{}, false
	}
	rest = strings.TrimSpace(rest)
	if after, found := strings.CutPrefix(rest, "of "); found {
		rest = strings.TrimSpace(after)
	}
	if utf8.RuneCountInString(rest) < 2 {
		return Card{}, false
	}
	var suits []Suit
	if d.fanucci() {
		if !reading.fanucci {
			return Card{}, false
		}
		suits = FanucciSuits()
	} else {
		if !reading.standard {
			return Card{}, false
		}
		rank = reading.std
		suits = StandardSuits()
	}
	best, bestDist, tie := NoSuit, 1<<30, false
	for _, suit := range suits {
		name := strings.ToLower(suit.String())
		dist := editDistance(rest, name)
		if singular := strings.TrimSuffix(name, "s"); singular != name {
			dist = min(dist, editDistance(rest, singular))
		}
		switch {
		case dist < bestDist:
			best, bestDist, tie = suit, dist, false
		case dist == bestDist:
			tie = true
		}
	}
	// A slip is a letter or two: "klubs", "hearst", "plungrs".
	if tie || bestDist == 0 || bestDist > max(1, utf8.RuneCountInString(rest)/3) {
		return Card{}, false
	}
	c := Card{Rank: rank, Suit: best}
	if !d.Contains(c) {
		return Card{}, false
	}
	return c, true
}

// editDistance is the Levenshtein distance between a and b, by runes:
// the fewest letters to add, drop or change to make one the other.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// Words says a card for a message as a player reads it: a standard card
// by its symbol and in words, "3♣ (3 of clubs)", "Q♠ (queen of
// spades)"; a Fanucci card or a trump by its canonical name ("7 Lamps",
// "Grue").
func (c Card) Words() string {
	if !c.Suit.IsStandard() {
		return c.String()
	}
	rank := c.Rank.String()
	switch c.Rank {
	case Ace:
		rank = "ace"
	case Jack:
		rank = "jack"
	case Queen:
		rank = "queen"
	case King:
		rank = "king"
	}
	return c.Rank.String() + c.Suit.Symbol() + " (" + rank + " of " + strings.ToLower(c.Suit.String()) + ")"
}
