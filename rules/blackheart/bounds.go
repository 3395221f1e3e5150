package blackheart

import (
	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// What a deal entered by points can be, worked out from B4-B7.
//
// Every card counts 5, 10, 15 or 20, the Royale 150, going out 25 and a
// Black Heart 25 a player (B7), so every score is a multiple of 5. The
// player who went out holds nothing and scores the 25 for going out on
// top of what they played, and a Black Heart's 25 a player when it was
// one (B6). Every other player holds a card at least, worth 5 or more:
// a hand empties only on its player's own turn, and that is going out.
//
// The player who went out may have played little: the 10 cards dealt
// leave a hand one discard a turn while each turn's draw is played
// (B7's turn: draw, play, discard), and a diamond played may be swapped
// away by another player (B4), its points with it. A drawn diamond,
// played and swapped away turn after turn, empties a hand with nothing
// left on the table for its player, so the least a player who went out
// scores is the 25 for going out: no larger minimum holds.
//
// Each card of the deck lies in one place at the end: played by one
// player, held by one, or in the stock or the discards. Seat i's score is
// played(i) + bonus(i) - held(i), so the seats together use played + held
// points worth at least the sum over seats of what their scores need
// (needWentOut, needHeld), and at most what the deck's cards are worth
// (deckPoints): 660, the Royale's 150 in place of its cards' 45. A deal
// is accepted when the player who went out scores 25 or more and the
// seats' needs fit in the deck.
//
// These conditions are necessary, and all that CheckPoints asks. What
// they leave out is whether the 75 cards can be split among the seats to
// give each its played and held totals at once, in sets the rules allow
// (escorts for black court cards, the Royale whole): a partition problem
// over the cards with the sets' shapes on top, which only a search of the
// deck would settle. Near the deck's total a deal can pass that needs,
// say, a fourth ace of spades; where deals are, every deal passing is
// some deal's.

// needWentOut is what the player who went out, scoring s, uses of the
// deck's points at the least: the cards played, s less the bonuses, a
// Black Heart's too when s reaches them (B6, B7), and nothing held.
func needWentOut(s, players int) int {
	if blackHeart := GoingOutBonus + BlackHeartBonusPerPlayer*players; s >= blackHeart {
		return s - blackHeart
	}
	return s - GoingOutBonus
}

// needHeld is the least a player still holding cards, scoring s, uses of
// the deck's points, played + held: the hand holds 5 at least (B7). From
// -5 up, holding 5 and playing s + 5; below, holding -s.
func needHeld(s int) int {
	if s < -5 {
		return -s
	}
	return s + 10
}

// deckPoints is what the deck's 75 cards are worth (B7), the Royale's
// three diamonds at the 150 they score together.
var deckPoints = func() int {
	deck := cards.BlackHeart()
	total := RoyalePoints
	for _, c := range deck.Cards() {
		if c != jackOfDiamonds && c != queenOfDiamonds && c != kingOfDiamonds {
			total += CardPoints(c) * deck.Copies(c)
		}
	}
	return total
}()

// checkDealPoints checks a deal entered by points against B4-B7 as above.
// A number that is wrong on its own is said beside it; a deal that is
// wrong as a whole, beside the seat whose score needs the most of the
// deck.
func checkDealPoints(points []int, wentOut int) error {
	for seat, p := range points {
		if p%5 != 0 {
			below, above := game.NearestMultiples(p, 5)
			return game.BeyondPoints(seat, "B7", msg.New("blackheart.points_five", msg.Digits("Points", p), msg.N("Below", below), msg.N("Above", above)))
		}
	}
	if wentOut < 0 || wentOut >= len(points) {
		return nil // the registry asks who went out (B8)
	}
	if p := points[wentOut]; p < GoingOutBonus {
		return game.BeyondPoints(wentOut, "B7", msg.New("blackheart.points_out_min", msg.Digits("Points", p), msg.N("Min", GoingOutBonus)))
	}
	n := len(points)
	needs, total, greediest := make([]int, n), 0, wentOut
	for seat, p := range points {
		needs[seat] = needHeld(p)
		if seat == wentOut {
			needs[seat] = needWentOut(p, n)
		}
		total += needs[seat]
		if needs[seat] > needs[greediest] {
			greediest = seat
		}
	}
	if total <= deckPoints {
		return nil
	}
	// The others at their least: 5 held each but the player who went
	// out, who may have nothing on the table.
	others := 5 * (n - 2)
	if greediest == wentOut {
		others = 5 * (n - 1)
	}
	if needs[greediest]+others <= deckPoints {
		return game.BeyondPoints(greediest, "B7", msg.New("blackheart.points_deck", msg.N("Total", total), msg.N("Deck", deckPoints)))
	}
	switch p := points[greediest]; {
	case greediest == wentOut:
		return game.BeyondPoints(greediest, "B7", msg.New("blackheart.points_over_out", msg.Digits("Points", p), msg.N("Players", n), msg.N("Max", deckPoints-others+GoingOutBonus+BlackHeartBonusPerPlayer*n), msg.N("Deck", deckPoints)))
	case p < 0:
		return game.BeyondPoints(greediest, "B7", msg.New("blackheart.points_under", msg.Digits("Points", p), msg.N("Min", -(deckPoints-others)), msg.N("Deck", deckPoints)))
	default:
		return game.BeyondPoints(greediest, "B7", msg.New("blackheart.points_over", msg.Digits("Points", p), msg.N("Players", n), msg.N("Max", deckPoints-others-10)))
	}
}
