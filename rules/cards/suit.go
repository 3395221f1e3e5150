package cards

import "strconv"

// Suit is the suit of a standard card or of a Fanucci suited card.
type Suit uint8

// The four standard suits, then the fifteen Fanucci suits in alphabetical
// order.
const (
	NoSuit Suit = iota
	Spades
	Hearts
	Diamonds
	Clubs

	Books
	Bugs
	Ears
	Faces
	Fromps
	Hives
	Inkblots
	Lamps
	Mazes
	Plungers
	Rain
	Scythes
	Time
	Tops
	Zurfs
)

const firstFanucci, lastFanucci = Books, Zurfs

var suitNames = [...]string{"", "Spades", "Hearts", "Diamonds", "Clubs",
	"Books", "Bugs", "Ears", "Faces", "Fromps", "Hives", "Inkblots", "Lamps",
	"Mazes", "Plungers", "Rain", "Scythes", "Time", "Tops", "Zurfs"}

// StandardSuits lists the four standard suits in canonical order.
func StandardSuits() []Suit { return []Suit{Spades, Hearts, Diamonds, Clubs} }

// FanucciSuits lists the fifteen Fanucci suits in alphabetical order.
func FanucciSuits() []Suit {
	out := make([]Suit, 0, lastFanucci-firstFanucci+1)
	for s := firstFanucci; s <= lastFanucci; s++ {
		out = append(out, s)
	}
	return out
}

// IsStandard reports whether s is one of the four standard suits.
func (s Suit) IsStandard() bool { return s >= Spades && s <= Clubs }

// IsFanucci reports whether s is one of the fifteen Fanucci suits.
func (s Suit) IsFanucci() bool { return s >= firstFanucci && s <= lastFanucci }

// String returns the suit's name: "Spades", "Lamps".
func (s Suit) String() string {
	if int(s) < len(suitNames) {
		return suitNames[s]
	}
	return "Suit(" + strconv.Itoa(int(s)) + ")"
}

// Letter returns the one-letter form of a standard suit ("S", "H", "D",
// "C") and the empty string for any other suit.
func (s Suit) Letter() string {
	switch s {
	case Spades:
		return "S"
	case Hearts:
		return "H"
	case Diamonds:
		return "D"
	case Clubs:
		return "C"
	}
	return ""
}

// Symbol returns ♠ ♥ ♦ ♣ for a standard suit and the empty string
// otherwise.
func (s Suit) Symbol() string {
	switch s {
	case Spades:
		return "♠"
	case Hearts:
		return "♥"
	case Diamonds:
		return "♦"
	case Clubs:
		return "♣"
	}
	return ""
}
