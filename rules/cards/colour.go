package cards

// Colour is the colour of a suit. Standard suits are red or black; each
// Fanucci colour holds three suits.
type Colour uint8

// The colours of the four decks.
const (
	NoColour Colour = iota
	Red
	Blue
	Black
	Green
	Yellow
)

var colourNames = [...]string{"none", "red", "blue", "black", "green", "yellow"}

// String returns the colour's name in lower case: "red".
func (c Colour) String() string {
	if int(c) < len(colourNames) {
		return colourNames[c]
	}
	return "none"
}

// suitColours is the one table of suit colours (the decks). The seeds fix
// red = Fromps, Lamps, Plungers and blue = Rain, Tops, Zurfs; the rest is
// meldpad's ruling, because the Trophy Case deck guide was lost. A deck
// printed otherwise is a change to this table and nothing else. It is an
// array indexed by Suit so that a lookup costs no hashing in the referee's
// inner loops.
var suitColours = [...]Colour{
	Spades: Black, Clubs: Black, Hearts: Red, Diamonds: Red,

	Fromps: Red, Lamps: Red, Plungers: Red,
	Rain: Blue, Tops: Blue, Zurfs: Blue,
	Faces: Black, Hives: Black, Inkblots: Black,
	Bugs: Green, Mazes: Green, Scythes: Green,
	Books: Yellow, Ears: Yellow, Time: Yellow,
}

// Colour returns the suit's colour (NoColour for NoSuit).
func (s Suit) Colour() Colour {
	if int(s) < len(suitColours) {
		return suitColours[s]
	}
	return NoColour
}

// FanucciColours lists the five Fanucci colours.
func FanucciColours() []Colour { return []Colour{Red, Blue, Black, Green, Yellow} }

// Suits returns the Fanucci suits of colour c in alphabetical order.
func (c Colour) Suits() []Suit {
	var out []Suit
	for _, s := range FanucciSuits() {
		if s.Colour() == c {
			out = append(out, s)
		}
	}
	return out
}
