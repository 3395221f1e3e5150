package cards

import "strings"

// A standard card may be typed in words, in any of meldpad's languages:
// "queen of spades", "Dame Pik", "donna di picche", "reina de picas",
// "dame de pique", "Herz-Ass", "7 Herz". A word is read whole, never by
// its first letter: "D" is the English diamonds but the German and French
// queen, so the letters stay the English notation's (QS) in every
// language, and a word is either a rank or a suit in all of them.
//
// The words are the catalogs' card.rank_name and card.suit_name (in the
// singular and the plural); a test of meldpad/locale checks that every
// catalog's words are here, so a new language's are added here too.

// rankWords are the ace and the court cards in words.
var rankWords = map[string]Rank{
	"ace": Ace, "jack": Jack, "queen": Queen, "king": King, // en
	"ass": Ace, "bube": Jack, "dame": Queen, "könig": King, "konig": King, "koenig": King, // de, fr dame
	"asso": Ace, "fante": Jack, "donna": Queen, "re": King, // it
	"as": Ace, "jota": Jack, "reina": Queen, "rey": King, // es, fr as
	"valet": Jack, "roi": King, // fr
}

// suitWords are the standard suits in words.
var suitWords = map[string]Suit{
	"spades": Spades, "spade": Spades, "hearts": Hearts, "heart": Hearts,
	"diamonds": Diamonds, "diamond": Diamonds, "clubs": Clubs, "club": Clubs, // en
	"pik": Spades, "herz": Hearts, "karo": Diamonds, "kreuz": Clubs, // de
	"picche": Spades, "picca": Spades, "cuori": Hearts, "cuore": Hearts,
	"quadri": Diamonds, "quadro": Diamonds, "fiori": Clubs, "fiore": Clubs, // it
	"picas": Spades, "pica": Spades, "corazones": Hearts, "corazón": Hearts, "corazon": Hearts,
	"diamantes": Diamonds, "diamante": Diamonds, "tréboles": Clubs, "treboles": Clubs, "trébol": Clubs, "trebol": Clubs, // es
	"pique": Spades, "piques": Spades, "cœur": Hearts, "cœurs": Hearts, "coeur": Hearts, "coeurs": Hearts,
	"carreau": Diamonds, "carreaux": Diamonds, "trèfle": Clubs, "trèfles": Clubs, "trefle": Clubs, "trefles": Clubs, // fr
}

// joiners are the words between a rank and a suit: "of", "de", "di".
var joiners = map[string]bool{"of": true, "de": true, "di": true}

// wordCard reads a standard card typed in words (norm is normalized): a
// rank and a suit in either order, the rank in words or as the notation
// writes it (2-10, A J Q K), the suit in words, maybe joined ("of",
// "de", "di", a hyphen). It reports false for anything else.
func wordCard(norm string) (Card, bool) {
	var words []string
	for _, w := range strings.Fields(strings.ReplaceAll(norm, "-", " ")) {
		if !joiners[w] {
			words = append(words, w)
		}
	}
	if len(words) != 2 {
		return Card{}, false
	}
	for _, order := range [2][2]int{{0, 1}, {1, 0}} {
		rank, ok := rankWord(words[order[0]])
		suit, isSuit := suitWords[words[order[1]]]
		if ok && isSuit {
			return Card{Rank: rank, Suit: suit}, true
		}
	}
	return Card{}, false
}

// rankWord reads a standard rank in words or as the notation writes it.
func rankWord(w string) (Rank, bool) {
	if r, ok := rankWords[w]; ok {
		return r, true
	}
	switch w {
	case "a":
		return Ace, true
	case "j":
		return Jack, true
	case "q":
		return Queen, true
	case "k":
		return King, true
	case "10":
		return Ten, true
	}
	if len(w) == 1 && w[0] >= '2' && w[0] <= '9' {
		return Rank(w[0] - '0'), true
	}
	return 0, false
}

// CardWords lists the words a standard card may be typed in, for a test
// that every language's catalog is read.
func CardWords() (ranks map[string]Rank, suits map[string]Suit) {
	ranks, suits = map[string]Rank{}, map[string]Suit{}
	for w, r := range rankWords {
		ranks[w] = r
	}
	for w, s := range suitWords {
		suits[w] = s
	}
	return ranks, suits
}
