package trophy

import (
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// What one trick can be worth, worked out from T2-T7 and the deal.
//
// Each player is dealt HandSize cards (14, 12 or 11 for 3, 4 or 5
// players) and plays one card a turn on the trick until folding, or
// until the first trump ends it (T2, T5). Nothing makes a player fold,
// so a trick can take every card dealt: players out of cards stay in and
// are skipped (T6), and when nobody still in holds a card the highest
// card wins (meldpad's ruling of T5 and T6). New hands are dealt after a
// trick that leaves a player out of cards (T6); after any other, every
// player still holds a card, so such a trick takes every card dealt but
// one a player (MostTrickCards).
//
// Its winner scores the 8s and 9s (thirty in the deck) 1 each, the ∞s
// (fifteen) 2 each, and the zeros (fifteen) 1 each when a trump, which
// scores nothing, was played (T7). A trick of c cards scores at most the
// ∞s first, then the 8s and 9s, then with a trump (one card of the c)
// the zeros: MaxTrickPoints. Every number from 0 to that is some trick's:
// swap a scoring card for a 1. So the bound is exact for one trick.
//
// The tricks of one hand share its cards, and a scorepad by points could
// add them up between redeals; it does not, since a hand's tricks are
// entered one by one and the deal's cards are not known: a second trick
// worth 57 after a first of 57 passes, though one hand of three players
// holds fifteen ∞s once. Only the trick's own bound is checked.

// MostTrickCards is the most cards one trick holds at a table of the
// given size (T2, T6): every card dealt when new hands are dealt after it
// (endsHand), every card but one a player otherwise.
func MostTrickCards(players int, endsHand bool) int {
	most := HandSize(players) * players
	if !endsHand {
		most -= players
	}
	return most
}

// The scoring cards of the Fanucci deck (T7): an 8 and a 9 of each of the
// fifteen suits, an ∞ and a zero.
const (
	deckOnes  = 30 // 8s and 9s, 1 each
	deckInfs  = 15 // ∞s, 2 each
	deckZeros = 15 // zeros, 1 each when a trump was played
)

// MaxTrickPoints is the most one trick scores at a table of the given
// size (T7): of MostTrickCards cards, untrumped, or trumped with one of
// them the trump; the more of the two. 57, 62 and 69 for 3, 4 and 5
// players when new hands are dealt after the trick; 54, 59 and 64
// otherwise.
func MaxTrickPoints(players int, endsHand bool) int {
	most := MostTrickCards(players, endsHand)
	return max(suitedWorth(most, false), suitedWorth(most-1, true))
}

// suitedWorth is the most n suited cards score on a trick (T7): the ∞s,
// then the 8s and 9s, then the zeros if trumped.
func suitedWorth(n int, trumped bool) int {
	infs := min(n, deckInfs)
	ones := deckOnes
	if trumped {
		ones += deckZeros
	}
	return 2*infs + min(ones, n-infs)
}

// checkTrickPoints checks a trick entered by points (T5-T7): only its
// winner scores, never below zero, and at most MaxTrickPoints.
func checkTrickPoints(r game.Round) error {
	if err := game.OnlyOneScores(r, "T7", msg.New("trophy.only_winner_scores")); err != nil {
		return err
	}
	if r.Seat < 0 || r.Seat >= len(r.Points) {
		return nil // the registry asks who won (T5)
	}
	players, p := len(r.Points), r.Points[r.Seat]
	if most := MaxTrickPoints(players, r.EndsHand); p > most {
		if r.EndsHand {
			return game.BeyondPoints(r.Seat, "T7", msg.New("trophy.points_over_out", msg.Digits("Points", p), msg.Words("Players", players), msg.N("Max", most), msg.N("Cards", MostTrickCards(players, true))))
		}
		return game.BeyondPoints(r.Seat, "T7", msg.New("trophy.points_over", msg.Digits("Points", p), msg.Words("Players", players), msg.N("Max", most)))
	}
	return nil
}
