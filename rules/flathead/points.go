package flathead

import (
	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/ruling"
)

// The Fanucci deck by kind (§1): 165 suited cards (15 suits of 0-9 and
// ∞) and 9 trumps.
var (
	trumpCards  = len(cards.Trumps())
	suitedCards = cards.Fanucci().Size() - trumpCards
)

// mostWinnerMarks is the most bonus marks the player who went out can hold
// when the losers keep cardsLeft cards (F4, F8). Each mark is a bonus
// meld laid down, three suited cards at least, since a meld holding a
// trump is never a bonus meld (F4); the losers' cards beyond the nine
// trumps are suited cards the winner cannot use. The 165 suited cards
// make 55 color sets of three (five colours of three suits, eleven
// ranks), and losers who keep the trumps first, then whole color sets,
// leave the rest whole, so no smaller bound holds on numbers alone; a
// score with lay-offs onto those melds (F7) comes out lower.
func mostWinnerMarks(cardsLeft int) int {
	return (suitedCards - max(0, cardsLeft-trumpCards)) / 3
}

// mostCardsLeft is the most cards the losers keep at the end of a hand
// of the given number of players: at most HandSize each (F6).
func mostCardsLeft(seats int) int { return HandSize * (seats - 1) }

// baseBonus is what a game of the given size adds to the count (F8).
func baseBonus(seats int) int {
	if seats == 2 {
		return TwoPlayerBonus
	}
	return 0
}

// PossibleScore reports whether points can be what the player who went
// out scores in a hand of a game of the given size (F6, F8): the base,
// the cards the losers keep (at most HandSize each) plus 5 in a
// two-player game, times a multiplier from 1 to 1 + the most bonus marks
// the winner can have laid down beside those cards (mostWinnerMarks).
//
// Score takes the bonus marks as given; a card sheet counts them from
// the melds laid down, so every hand a sheet scores passes this check.
func PossibleScore(points, seats int) bool {
	if seats < MinPlayers || seats > MaxPlayers || points < 0 {
		return false
	}
	for left := 0; left <= mostCardsLeft(seats); left++ {
		base := left + baseBonus(seats)
		if base == 0 {
			if points == 0 {
				return true
			}
			continue
		}
		if points%base == 0 && points/base >= 1 && points/base <= 1+mostWinnerMarks(left) {
			return true
		}
	}
	return false
}

// MaxScore is the most the player who went out can score in one hand of
// a game of the given size (F6, F8): 825 with two players (15 × 55), up
// to 2100 with six (50 × 42).
func MaxScore(seats int) int {
	most := 0
	for left := 0; left <= mostCardsLeft(seats); left++ {
		most = max(most, (left+baseBonus(seats))*(1+mostWinnerMarks(left)))
	}
	return most
}

// checkHandPoints checks a hand entered by points (F6, F8): only the
// player who went out scores, never below zero, at least the 5 for going
// out in a two-player game, and only a number PossibleScore allows.
func checkHandPoints(points []int, wentOut int) error {
	if err := game.OnlyOneScores(game.Round{Points: points, Seat: wentOut}, "F6", "Only the player who went out scores in Flathead."); err != nil {
		return err
	}
	if wentOut < 0 || wentOut >= len(points) {
		return ruling.Errorf("F6", "Say who went out (F6).")
	}
	seats, p := len(points), points[wentOut]
	switch {
	case seats == 2 && p < TwoPlayerBonus:
		return game.BadPoints(wentOut, "F8", "In a two-player game the player who went out scores at least %d (F8).", TwoPlayerBonus)
	case p > MaxScore(seats):
		return game.BeyondPoints(wentOut, "F8", "%d is more than a Flathead hand of %d players can score: at most %d (F6, F8).", p, seats, MaxScore(seats))
	case !PossibleScore(p, seats):
		base := "cards left"
		if bonus := baseBonus(seats); bonus > 0 {
			base = "(cards left + " + itoa(bonus) + ")"
		}
		return game.BeyondPoints(wentOut, "F8", "%d cannot be a Flathead score with %d players: it is %s × a multiplier, with at most %d cards left and at most %d bonus marks, and no such product makes %d (F6, F8).",
			p, seats, base, mostCardsLeft(seats), mostWinnerMarks(0), p)
	}
	return nil
}
