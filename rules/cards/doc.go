// Package cards holds the cards and decks of the five meldpad games and the
// card card notation.
//
// Every card of every deck is a Card: a standard card (Rank and Suit), a
// Fanucci suited card (Rank 0-9 or Infinity, one of fifteen Fanucci suits)
// or a Fanucci trump. A Deck knows which cards it holds, how many copies,
// and which are wild; it parses text into cards and refuses a card it does
// not hold or one copy too many, with a *ParseError that names the card and
// its position:
//
//	deck := cards.Fanucci()
//	hand, err := deck.ParseList([]string{"7 of Lamps", "inf tops", "Grue"})
//	// hand[1].String() == "∞ Tops"
//
// Suit colours live in one table (colour.go), so a Fanucci deck printed with
// other colours is a one-line change.
package cards
