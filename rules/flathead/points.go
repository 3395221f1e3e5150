package flathead

import (
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// MaxMarks is the most bonus marks one seat holds in a hand (F8). A
// player takes one card a turn and discards one, so holds at most 10
// cards between turns: a hand's winner lays at most 11 cards in all, a
// loser at most 10 (F6). A bonus meld is laid down whole, three cards at
// least (F4), so no seat lays down a fourth: 12 cards are more than
// anyone lays. The winner's multiplier, 1 + the winner's marks - the
// losers' (F8), is therefore 1 to 4.
const MaxMarks = 3

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

// PossibleScore reports whether points is what the player who went out
// scores in some real hand of a game of the given size (F6, F8): the
// base times a multiplier from 1 to 1 + MaxMarks.
//
// The base is the count, 0 to 10 cards a loser (F6), plus 5 with two
// players; the multiplier is 1 + the winner's marks - the losers', never
// below 1, so 1 to 4 (MaxMarks). Every such pair happens: the losers keep
// the count in cards no meld on the table takes and laid nothing down,
// and the winner laid multiplier - 1 color sets of three, 9 cards at
// most of the 11 a winner lays. So the scores are exactly these
// products, and 0 in a game of three or more when the losers keep
// nothing. Marks of the losers, and their cards laid, only lower the
// multiplier or the count, into the same set.
func PossibleScore(points, seats int) bool {
	if seats < MinPlayers || seats > MaxPlayers || points < 0 {
		return false
	}
	for base := baseBonus(seats); base <= mostCardsLeft(seats)+baseBonus(seats); base++ {
		switch {
		case base == 0 && points == 0:
			return true
		case base > 0 && points%base == 0 && points/base >= 1 && points/base <= 1+MaxMarks:
			return true
		}
	}
	return false
}

// MaxScore is the most the player who went out scores in one hand of a
// game of the given size (F6, F8): the losers keep 10 cards each, plus 5
// with two players, times 1 + MaxMarks: 60, 80, 120, 160 and 200 for 2
// to 6 players.
func MaxScore(seats int) int {
	return (mostCardsLeft(seats) + baseBonus(seats)) * (1 + MaxMarks)
}

// checkHandPoints checks a hand entered by points (F6, F8): only the
// player who went out scores, never below zero, at least the 5 for going
// out in a two-player game, and only a number PossibleScore allows.
func checkHandPoints(points []int, wentOut int) error {
	if err := game.OnlyOneScores(game.Round{Points: points, Seat: wentOut}, "F6", msg.New("flathead.only_winner_scores")); err != nil {
		return err
	}
	if wentOut < 0 || wentOut >= len(points) {
		return ruling.Refuse("F6", msg.New("flathead.say_who"))
	}
	seats, p := len(points), points[wentOut]
	switch {
	case seats == 2 && p < TwoPlayerBonus:
		return game.BadPoints(wentOut, "F8", msg.New("flathead.points_two_players", msg.Digits("Points", p), msg.N("Min", TwoPlayerBonus)))
	case p > MaxScore(seats):
		return game.BeyondPoints(wentOut, "F8", msg.New("flathead.points_over", msg.Digits("Points", p), msg.N("Seats", seats), msg.N("Max", MaxScore(seats)),
			msg.M("Base", baseWords(seats, mostCardsLeft(seats))), msg.N("Times", 1+MaxMarks), msg.N("Cards", HandSize), msg.N("Marks", MaxMarks)))
	case !PossibleScore(p, seats):
		return game.BeyondPoints(wentOut, "F8", msg.New("flathead.points_impossible", msg.Digits("Points", p), msg.N("Seats", seats),
			msg.M("Base", baseWords(seats, -1)), msg.N("Times", 1+MaxMarks), msg.N("Cards", HandSize), msg.N("Marks", MaxMarks)))
	}
	return nil
}

// baseWords says the base of a game of the given size (F8): "(10 cards
// + 5)", or "cards left" when left is negative.
func baseWords(seats, left int) msg.Msg {
	words := msg.New("flathead.cards_left")
	if left >= 0 {
		words = msg.New("flathead.n_cards", msg.N("Count", left))
	}
	if bonus := baseBonus(seats); bonus > 0 {
		return msg.New("flathead.base_bonus", msg.M("Cards", words), msg.N("Bonus", bonus))
	}
	return words
}
