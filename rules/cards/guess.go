package cards

import (
	"slices"
	"strings"
	"unicode/utf8"

	"meldpad/rules/msg"
)

// fanucci reports whether the deck is the Fanucci deck (its cards are
// suited 0-9 and ∞, or trumps), so that a message about a card it cannot
// read speaks of that deck's ranks and suits, not another's.
func (d *Deck) fanucci() bool { return len(d.order) > 0 && d.order[0].IsFanucci() }

// explain says why s is not a card in words about this deck: a standard
// deck's player is told about S H D C, never about Fanucci suits ("9z" in
// Fortune Rummy), and the other way round. why is what parseCard said.
func (d *Deck) explain(s string, why msg.Msg) msg.Msg {
	norm := normalize(s)
	_, rest, _, ok := cutRank(norm)
	word, _, _ := strings.Cut(norm, " ")
	_, spelt := d.nearestRank(word)
	switch {
	case norm == "" || strings.Contains(norm, "="):
		return why
	case spelt && d.fanucci():
		return msg.New("cards.write_rank_fanucci")
	case spelt:
		return msg.New("cards.write_rank_standard")
	case !ok && d.fanucci():
		return msg.New("cards.no_rank_fanucci")
	case !ok:
		return msg.New("cards.no_rank_standard")
	}
	rest = strings.TrimSpace(rest)
	if after, found := strings.CutPrefix(rest, "of "); found {
		rest = strings.TrimSpace(after)
	}
	if rest == "" || d.fanucci() {
		return why
	}
	if _, isSuit := standardSuit(rest); !isSuit {
		return msg.New("cards.not_standard_suit", msg.S("Text", rest))
	}
	return why
}

// Guess returns the card of this deck that s most likely meant, when s
// is a rank and a suit off by a letter or two: "3 of klubs" is the 3 of
// clubs, "7 Lampz" the 7 of Lamps, "king of hearts" and "kng hearts"
// the K of hearts. It reports false when no single card is clearly
// nearest, or when s is already a card.
func (d *Deck) Guess(s string) (Card, bool) {
	norm := normalize(s)
	if norm == "" || strings.Contains(norm, "=") {
		return Card{}, false
	}
	if c, why := parseCard(s); why.IsZero() && d.Contains(c) {
		return Card{}, false
	}
	var rank Rank
	var rest string
	word, after, _ := strings.Cut(norm, " ")
	if r, ok := d.nearestRank(word); ok {
		rank, rest = r, after // "king of hearts", "kng hearts"
	} else if r, after, reading, ok := cutRank(norm); ok && d.rankOK(reading) {
		rank, rest = d.pickRank(r, reading), after
	} else {
		return Card{}, false
	}
	rest = strings.TrimSpace(rest)
	if after, found := strings.CutPrefix(rest, "of "); found {
		rest = strings.TrimSpace(after)
	}
	if utf8.RuneCountInString(rest) < 2 {
		return Card{}, false
	}
	suits := StandardSuits()
	if d.fanucci() {
		suits = FanucciSuits()
	}
	names := make([]string, len(suits))
	for i, suit := range suits {
		names[i] = strings.ToLower(suit.String())
	}
	i, ok := nearest(rest, names, true)
	if !ok {
		return Card{}, false
	}
	c := Card{Rank: rank, Suit: suits[i]}
	if !d.Contains(c) {
		return Card{}, false
	}
	return c, true
}

// rankOK reports whether a rank read from the front of a text is one
// of this deck's kind of ranks.
func (d *Deck) rankOK(reading rankReading) bool {
	if d.fanucci() {
		return reading.fanucci
	}
	return reading.standard
}

// pickRank is a rank read from the front of a text, as this deck reads
// it.
func (d *Deck) pickRank(r Rank, reading rankReading) Rank {
	if d.fanucci() {
		return r
	}
	return reading.std
}

// rankWords name the ranks in words, for a player who spells them out
// ("king of hearts", "seven of lamps").
var (
	standardRankWords = map[string]Rank{"ace": Ace, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
		"eight": 8, "nine": 9, "ten": Ten, "jack": Jack, "queen": Queen, "king": King}
	fanucciRankWords = map[string]Rank{"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
		"seven": 7, "eight": 8, "nine": 9, "infinity": Infinity}
)

// nearestRank reads a rank spelt out, or nearly ("kng", "quen").
func (d *Deck) nearestRank(word string) (Rank, bool) {
	words := standardRankWords
	if d.fanucci() {
		words = fanucciRankWords
	}
	names := make([]string, 0, len(words))
	for name := range words {
		names = append(names, name)
	}
	slices.Sort(names)
	i, ok := nearest(word, names, false)
	if !ok {
		return 0, false
	}
	return words[names[i]], true
}

// nearest is the index of the name nearest to word, allowing a slip of a
// letter or two (one in three letters); with singular, the names'
// singular forms count too ("heart"). It reports false on a tie, or when
// none is that near.
func nearest(word string, names []string, singular bool) (int, bool) {
	best, bestDist, tie := -1, 1<<30, false
	for i, name := range names {
		dist := editDistance(word, name)
		if s := strings.TrimSuffix(name, "s"); singular && s != name {
			dist = min(dist, editDistance(word, s))
		}
		switch {
		case dist < bestDist:
			best, bestDist, tie = i, dist, false
		case dist == bestDist:
			tie = true
		}
	}
	if tie || bestDist > max(1, utf8.RuneCountInString(word)/3) {
		return 0, false
	}
	return best, true
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
// by its face and in words, "3♣ (3 of clubs)", "Q♠ (queen of spades)"
// (card.named, with card.rank_name.* and card.suit_name.*); a Fanucci
// card or a trump by its canonical name ("7 Lamps", "Grue").
func (c Card) Words() msg.Msg {
	if !c.Suit.IsStandard() {
		return msg.Value(c)
	}
	rank := msg.Value(int(c.Rank))
	switch c.Rank {
	case Ace, Jack, Queen, King:
		rank = msg.New("card.rank_name." + c.Rank.String())
	}
	return msg.New("card.named", msg.V("Face", Face(c)), msg.M("Rank", rank), msg.M("Suit", msg.New("card.suit_name."+c.Suit.Letter())))
}
