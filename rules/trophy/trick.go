package trophy

import "meldpad/rules/cards"

// Play is one turn on a trick: Seat either plays Card or, with Fold set,
// folds and is out of the trick (T2, T3). A fold carries no card.
type Play struct {
	Seat int
	Card cards.Card
	Fold bool
}

// Trick is a trick as the table records it, complete or still going on.
//
// Seats are numbered 0 to Players-1 clockwise, so the player to the left of
// seat i is seat i+1, wrapping (T2). Leader is the seat that leads. Plays
// are the turns in the order they were taken, starting with the lead.
//
// Hands is optional. When given it holds one entry per seat: the cards that
// seat held before the trick. An empty entry means that seat's hand is not
// known: no seat can start a trick with no cards, because a trick that
// leaves a player out of cards ends the hand (T6), so an empty hand can only
// mean "not entered". Plays by seats whose hands are known are checked
// against T1-T3; plays by the others only against turn order, the lead and
// the end of the trick.
type Trick struct {
	Players int
	Leader  int
	Plays   []Play
	Hands   [][]cards.Card
}
