package fortune

import (
	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// What a hand entered by points can be, worked out from R4-R6.
//
// Every card counts 5, 10, 15 or 50, melded or held (R4, R5), so every
// score is a multiple of 5. A hand ends when a player has melded every
// card of the hand (R6): that player holds nothing and melded at least
// the 11 dealt, since a turn takes at least as many cards as it discards,
// so scores at least 11 x 5 = 55. Every other player holds a card at
// least, worth 5 or more: only the player who went out ends with an
// empty hand (R6). A player who melded anything melded a meld of three
// cards at least, 15 or more (R1).
//
// Each card of the two decks lies in one place at the end: melded by one
// player, held by one, or in the stock or the discards. Seat i's score is
// melded(i) - held(i), so the seats together use melded + held points
// worth at least the sum over seats of what their scores need (needWentOut,
// needHeld), and at most what the deck's cards are worth each at its
// best, melded or held (deckPoints): 920, or 1000 when aces in a set of
// aces score 15. A round is accepted when some seat reaches 55 and the
// seats' needs fit in the deck.
//
// These conditions are necessary, and they are all that CheckPoints
// asks. What they leave out is whether the deck's 104 cards can be split
// among the seats so that each gets its melded and held totals at once,
// in melds the rules allow (two queens of spades at 50, eight aces and
// eight deuces whose worth depends on their melds): a partition problem
// over the cards, with the melds' shapes on top. Near the deck's total a
// round can pass and still need, say, a third queen of spades; far from
// it, where hands are, every round passing is some hand's. Closing the
// gap would mean searching the deck for each round, which a form by
// points has no reason to do.

// WentOutMinimum is the least the player who went out scores: 11 cards
// melded, each worth 5 at least (R4, R6).
const WentOutMinimum = HandSize * 5

// needWentOut is what the player who went out, scoring s, uses of the
// deck's points: the cards melded, s, and nothing held (R6).
func needWentOut(s int) int { return s }

// needHeld is the least a player still holding cards, scoring s, uses of
// the deck's points, melded + held: the hand holds 5 at least; a player
// who melded melded 15 at least (R1, R4, R5). Below 0, holding -s and
// melding nothing; from 10 up, holding 5 and melding s + 5; at 0 and 5,
// melding 15 and holding 15 - s.
func needHeld(s int) int {
	if s < 0 {
		return -s
	}
	return s + 2*max(5, 15-s)
}

// deckPoints is what the two decks' cards are worth, each at its best:
// the most it scores melded (R4), in any meld and reading, or costs held
// (R5). The two sums it can take, by the house rule of aces in a set.
var deckPoints = map[bool]int{false: bestDeckPoints(HouseRules{}), true: bestDeckPoints(HouseRules{AceSet15: true})}

func bestDeckPoints(h HouseRules) int {
	double := cards.DoubleStandard()
	deck := double.Cards() // each card once; the deck holds it Copies times
	total := 0
	for _, c := range deck {
		best := HeldPoints(c)
		readings := []cards.Card{c}
		if isDeuce(c) {
			readings = deck
		}
		for _, reading := range readings {
			for _, kind := range []Kind{Set, Sequence} {
				for _, high := range []bool{false, true} {
					best = max(best, MeldedPoints(c, reading, kind, high, h))
				}
			}
		}
		total += best * double.Copies(c)
	}
	return total
}

// checkHandPoints checks a hand entered by points against R4-R6 as
// above. A number that is wrong on its own is said beside it; a round
// that is wrong as a whole, beside the seat whose score needs the most of
// the deck.
func checkHandPoints(points []int, h HouseRules) error {
	for seat, p := range points {
		if p%5 != 0 {
			below, above := game.NearestMultiples(p, 5)
			return game.BeyondPoints(seat, "R6", msg.New("fortune.points_five", msg.Digits("Points", p), msg.N("Below", below), msg.N("Above", above)))
		}
	}
	wentOut := 0 // the best score: the player who went out, if anyone
	for seat, p := range points {
		if p > points[wentOut] {
			wentOut = seat
		}
	}
	if points[wentOut] < WentOutMinimum {
		return game.BeyondPoints(wentOut, "R6", msg.New("fortune.points_best", msg.Digits("Points", points[wentOut]), msg.N("Cards", HandSize), msg.N("Min", WentOutMinimum)))
	}
	// Any seat reaching 55 may have gone out; each saves the same, 10,
	// by holding nothing.
	needs, total, greediest := make([]int, len(points)), 0, 0
	for seat, p := range points {
		needs[seat] = needHeld(p)
		if seat == wentOut {
			needs[seat] = needWentOut(p)
		}
		total += needs[seat]
		if needs[seat] > needs[greediest] {
			greediest = seat
		}
	}
	most := deckPoints[h.AceSet15]
	if total <= most {
		return nil
	}
	// The others at their least: 5 held each, and 55 for whoever went
	// out when it is not this seat.
	others := 5 * (len(points) - 1)
	if greediest != wentOut {
		others += WentOutMinimum - 5
	}
	if needs[greediest]+others <= most {
		return game.BeyondPoints(greediest, "R6", msg.New("fortune.points_decks", msg.N("Total", total), msg.N("Deck", most)))
	}
	switch p := points[greediest]; {
	case greediest == wentOut:
		return game.BeyondPoints(greediest, "R6", msg.New("fortune.points_over_out", msg.Digits("Points", p), msg.N("Players", len(points)), msg.N("Max", most-others)))
	case p < 0:
		return game.BeyondPoints(greediest, "R6", msg.New("fortune.points_under", msg.Digits("Points", p), msg.N("Min", -(most-others))))
	default:
		return game.BeyondPoints(greediest, "R6", msg.New("fortune.points_over", msg.Digits("Points", p), msg.N("Players", len(points)), msg.N("Max", most-others-10)))
	}
}
