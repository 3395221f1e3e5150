package flathead

import (
	"context"
	"errors"

	"meldpad/rules/cards"
)

// bestLayoffs finds the losers' lay-offs of F7 and lists them in an order
// in which they can be made. The search stops with ctx's error once ctx is
// done.
//
// Ruling (F5, F7): each lay-off is one loser adding one or more of their
// own cards to one meld on the table, which must be a valid meld after
// every lay-off (F5), holding one trump at most, counting one already in
// it (F3); a trump stands for whatever card the meld lacks at that moment,
// so it is read again after every lay-off (a flush's trump may become the
// missing card of a run). The losers may lay off in any order and more
// than once, so one loser's lay-off may open the way for another's. The
// lay-offs chosen leave the fewest cards in the losers' hands in total.
//
// The search is exact because it rests on four facts, argued here, and
// otherwise tries everything:
//
//  1. A lay-off changes one meld only, so lay-offs onto different melds
//     can be made in any order: the losers can make a set of lay-offs
//     exactly when each meld can take its own share, lay-off by lay-off.
//     The search chooses each meld's final cards; meldOrder finds the
//     order for each meld.
//  2. A meld that ends as a set or a flush takes its cards in any order,
//     one at a time: each step is a smaller set or flush of the same rank
//     or suit, and a trump that stands in a whole set or flush stands in
//     any part of it.
//  3. A meld that is a valid run takes, one card at a time, the cards of
//     any valid run that holds it: first the trump it is to hold, if it
//     has none yet (it can stand beyond an end, since a run that ends
//     holding a trump does not run from 0 to 9), then the cards next to
//     its ends, outwards; a card beyond the rank the run is to lack joins
//     once the trump can stand for that rank.
//  4. A flush that is no run (1, 3 and 5 of Lamps) ends as a run only if
//     the cards of other suits that fill the ranks missing between its
//     lowest and highest cards all come from one loser, but one of them
//     if the run ends holding a trump that none of those ranks needs:
//     until a card of another suit joins it the meld is a flush (its
//     suit's cards and a trump keep it one, whoever lays them), and the
//     lay-off that makes it a run must leave those ranks filled but one,
//     which its trump fills. Then fact 3 takes it to the end.
//
// So a card goes onto a set or flush whatever else joins it (but for the
// whole of a rank or suit, see newRunSearch), and the search only has to
// choose, colour by colour and rank by rank from 0 to 9, how each meld
// that may end as a run grows (runSearch); a trump counts the same
// wherever it goes, so spare trumps are only counted, and at the end
// they go onto the melds that can still take one.
//
// Tie-break: among the lay-offs that leave the fewest cards, the search
// keeps the first it meets, trying colour by colour (red, blue, black,
// green, yellow), rank by rank from 0 up, and meld by meld in table
// order: a flush that may become a run stays a flush if that is as good
// (the first in table order first); a run takes a card (in deck order)
// rather than none, and none rather than a trump; a card no run takes
// joins the first meld in table order that takes it whatever else joins
// it. The trumps laid off go, in deck order, to the melds taking one, in
// table order, spare trumps to the first melds that can take one.
// Neither the seat numbers nor the order of the cards in a hand make a
// difference: where it matters whose cards they are (fact 4), the
// losers are told apart by their lowest card in deck order.
func bestLayoffs(ctx context.Context, table, hands [][]cards.Card, winner int) ([]Layoff, error) {
	if len(table) == 0 {
		return nil, nil
	}
	s := newRunSearch(ctx, table, hands, winner)
	laid, err := s.solve()
	if err != nil {
		return nil, err
	}
	return orderLayoffs(table, laid)
}

// laidCard is a card laid off onto a meld.
type laidCard struct {
	heldCard
	meld int
}

// heldCard is one card in a loser's hand.
type heldCard struct {
	seat, pos int // seat, and position in that seat's hand
	card      cards.Card
}

// deckOrder orders the losers' cards for the tie-break: suited cards by
// colour, rank and suit, then trumps.
func deckOrder(a, b heldCard) int {
	x, y := a.card, b.card
	switch {
	case x.IsTrump() != y.IsTrump():
		if x.IsTrump() {
			return 1
		}
		return -1
	case x.IsTrump():
		return int(x.Trump) - int(y.Trump)
	case colourOf(x) != colourOf(y):
		return int(colourOf(x)) - int(colourOf(y))
	case x.Rank != y.Rank:
		return int(x.Rank) - int(y.Rank)
	}
	return int(x.Suit) - int(y.Suit)
}

// errNoWay is returned if the search finds no way to lay off at all,
// which cannot happen: keeping every card is always a way.
var errNoWay = errors.New("flathead: internal error: the lay-off search found no way (F7)")

// meldRole says how a table meld can grow by lay-offs, from the kinds its
// cards allow (F1): a set grows by cards of its rank, a flush by cards of
// its suit, a run by cards of its colour at the ranks next to it. A meld
// of one suit whose ranks could make a run (no ∞, F2) may end as either.
type meldRole uint8

const (
	setSink    meldRole = iota // a set: takes any card of its rank
	flushSink                  // a flush: any card of its suit
	runOnly                    // a run of several suits
	flushOrRun                 // one suit, ranks 0-9: ends as a flush or as a run
	runKept                    // a run no card of the losers' can join
)

// searchMeld is what the search knows of one table meld.
type searchMeld struct {
	role  meldRole
	base  shape // its natural cards
	trump bool  // it holds a trump already
	// For runs: the base's lowest and highest ranks, and the lowest and
	// highest the run could reach with the losers' cards (a bound).
	lo, hi, low, high int
	// holeFree says the run may leave a rank below its lowest card to a
	// trump: it holds one or the losers have one, and no rank inside it
	// needs the trump (no card in hand can fill it).
	holeFree bool
	// gaps holds, for a flush that is no run, the ranks missing between
	// its lowest and highest cards, when there are two or more (fact 4;
	// with one, the one card that fills it is always one loser's).
	gaps uint16
	// limit is the meld's index among the limitable melds, or -1.
	limit int
	// run is the meld's index among its colour's runs, or -1.
	run int
}

// fits reports whether natural card c can join the meld as a set of its
// rank or a flush of its suit (a flush or run meld counts as a flush
// here).
func (m *searchMeld) fits(c cards.Card) bool {
	switch m.role {
	case setSink:
		return c.Rank == m.base.rank()
	case flushSink, flushOrRun:
		return c.Suit == m.base.suit
	}
	return false
}
