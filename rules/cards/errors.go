package cards

import (
	"errors"
	"strconv"

	"meldpad/rules/msg"
)

// Sentinel errors wrapped by ParseError, for callers that branch on the
// kind of mistake. Their texts are for logs: a person reads the
// ParseError's Message, in the catalogs.
var (
	// ErrUnknownCard means the text is not a card of any meldpad deck.
	ErrUnknownCard = errors.New("unknown card")
	// ErrNotInDeck means the card exists, but not in this game's deck.
	ErrNotInDeck = errors.New("card not in this deck")
	// ErrTooManyCopies means more copies of a card than the deck holds.
	ErrTooManyCopies = errors.New("more copies than the deck holds")
	// ErrNotWild means a reading was declared for a card that is not wild.
	ErrNotWild = errors.New("card is not wild")
)

// ParseError reports a card that cannot be accepted: it does not parse, is
// not in the deck, is one copy too many, or declares a reading it may not.
// Pos is the card's position in its list (0-based), or -1 for a card parsed
// on its own.
type ParseError struct {
	Input string  // what was given, as given
	Pos   int     // position in the list, -1 when not in a list
	Msg   msg.Msg // what is wrong, in plain words for a player
	Err   error   // one of the sentinels above
	// Guess is the card the player most likely meant (Deck.Guess), or
	// the zero Card.
	Guess Card
}

func (e *ParseError) Error() string {
	where := ""
	if e.Pos >= 0 {
		where = " (card " + strconv.Itoa(e.Pos+1) + ")"
	}
	return "cards: " + strconv.Quote(e.Input) + where + ": " + e.Msg.String()
}

// Message is what is wrong, to be said in the player's language.
func (e *ParseError) Message() msg.Msg { return e.Msg }

// Unwrap returns the sentinel error.
func (e *ParseError) Unwrap() error { return e.Err }
