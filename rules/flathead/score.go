package flathead

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// TwoPlayerBonus is added to the card count in a two-player game (F8).
const TwoPlayerBonus = 5

// Hand is the end of one hand of Flathead Rummy, as the score pad records
// it.
type Hand struct {
	// Winner is the seat (0-based) of the player who went out (F6).
	Winner int
	// Hands holds what each seat still holds when the hand ends; the
	// winner's is empty (F6).
	Hands [][]cards.Card
	// BonusMarks holds each seat's bonus marks for this hand (F4).
	BonusMarks []int
	// Table, when given, holds every meld on the table at the end of the
	// hand, lay-offs included. The losers then lay off onto it before the
	// count (F7); without it no lay-offs are made.
	Table [][]cards.Card
}

// Layoff is one card a loser lays off before the count (F7). A lay-off
// is one loser adding one or more cards to one meld: consecutive Layoffs
// of one seat onto one meld are laid off together.
type Layoff struct {
	Seat int        // the loser who lays the card off
	Card cards.Card // the card
	Meld int        // the meld it joins: an index into Hand.Table
}

// Result is the score of one hand (F7, F8), with the working the score pad
// shows: "7 cards x (1 + 2 - 1) = 14".
type Result struct {
	// Points holds each seat's points for the hand: the winner's score,
	// and 0 for everyone else (F6, F8).
	Points []int
	// CardsLeft is the number of cards left in all losers' hands after
	// their lay-offs, trumps included (F8).
	CardsLeft int
	// TwoPlayerBonus is 5 in a two-player game and 0 otherwise (F8).
	TwoPlayerBonus int
	// Base is CardsLeft plus TwoPlayerBonus (F8).
	Base int
	// WinnerMarks and LoserMarks are the winner's bonus marks and the sum
	// of all losers' marks (F4, F8).
	WinnerMarks, LoserMarks int
	// Multiplier is 1 + WinnerMarks - LoserMarks, but never below 1 (F8).
	Multiplier int
	// Layoffs are the losers' lay-offs made before the count, in an order
	// in which they can be made: the meld is valid after each lay-off, a
	// lay-off being one seat's consecutive cards onto one meld (F5, F7).
	// They are listed meld by meld, and by seat and hand order where the
	// rules allow.
	Layoffs []Layoff
	// Kept holds what each seat still holds after the lay-offs.
	Kept [][]cards.Card
}

// Working writes the arithmetic of the score as the score pad shows it:
// "7 cards x (1 + 2 - 1) = 14", "(7 cards + 5) x (1 + 2 - 1) = 24", and,
// when the losers' marks outweigh the winner's, "7 cards x 1 = 7
// (1 + 0 - 2 is below 1)".
func (r Result) Working() string {
	base := fmt.Sprintf("%d %s", r.CardsLeft, nouns(r.CardsLeft, "card"))
	if r.TwoPlayerBonus > 0 {
		base = fmt.Sprintf("(%s + %d)", base, r.TwoPlayerBonus)
	}
	sum := fmt.Sprintf("1 + %d - %d", r.WinnerMarks, r.LoserMarks)
	if 1+r.WinnerMarks-r.LoserMarks < 1 {
		return fmt.Sprintf("%s x 1 = %d (%s is below 1)", base, r.Base, sum)
	}
	return fmt.Sprintf("%s x (%s) = %d", base, sum, r.Base*r.Multiplier)
}

// Score scores a hand (F6-F8), as ScoreContext does without a deadline.
func Score(h Hand) (Result, error) {
	return ScoreContext(context.Background(), h)
}

// ScoreContext scores a hand (F6-F8). With a table, the losers first lay
// off what they can onto the melds on it, lay-off by lay-off, in the way
// that leaves the fewest cards in their hands in total (F5, F7; see
// bestLayoffs for the ruling and the tie-break). The count is what they
// still hold; the base is the count plus 5 in a two-player game; the
// winner scores base x (1 + winner's marks - losers' marks), never less
// than base x 1, and everyone else scores 0 (F8).
//
// The search for the lay-offs looks at ctx now and then, and stops with
// ctx's error once ctx is done (a deadline, or a client gone).
//
// Errors: a plain error for input the HTTP layer should have refused (2 to
// 6 seats, one bonus mark count per seat, the winner a seat, only distinct
// Fanucci cards); a *ruling.Error for what the rules forbid, found before
// any search: the winner still holding cards, or a loser more than
// HandSize (F6), a negative number of bonus marks (F4) or more than
// MaxMarks (F8), a table meld that is not a meld (its verdict's rule).
func ScoreContext(ctx context.Context, h Hand) (Result, error) {
	if err := checkShape(h); err != nil {
		return Result{}, err
	}
	if err := checkRules(h); err != nil {
		return Result{}, err
	}
	layoffs, err := bestLayoffs(ctx, h.Table, h.Hands, h.Winner)
	if err != nil {
		return Result{}, err
	}
	r := Result{Layoffs: layoffs, Points: make([]int, len(h.Hands)), Kept: kept(h.Hands, layoffs)}
	for seat, hand := range r.Kept {
		if seat != h.Winner {
			r.CardsLeft += len(hand)
			r.LoserMarks += h.BonusMarks[seat]
		}
	}
	if len(h.Hands) == 2 {
		r.TwoPlayerBonus = TwoPlayerBonus
	}
	r.Base = r.CardsLeft + r.TwoPlayerBonus
	r.WinnerMarks = h.BonusMarks[h.Winner]
	r.Multiplier = max(1, 1+r.WinnerMarks-r.LoserMarks)
	r.Points[h.Winner] = r.Base * r.Multiplier
	return r, nil
}

// checkShape returns a plain error for input the HTTP layer checks before
// calling Score (game.Body says those to a person in their language), so
// its errors never reach a person as they are.
func checkShape(h Hand) error {
	switch {
	case len(h.Hands) < MinPlayers || len(h.Hands) > MaxPlayers:
		return fmt.Errorf("flathead: %d hands given; Flathead is for %d to %d players", len(h.Hands), MinPlayers, MaxPlayers)
	case len(h.BonusMarks) != len(h.Hands):
		return fmt.Errorf("flathead: %d bonus mark counts given for %d players", len(h.BonusMarks), len(h.Hands))
	case h.Winner < 0 || h.Winner >= len(h.Hands):
		return fmt.Errorf("flathead: winner seat %d is not a seat of a %d-player game", h.Winner, len(h.Hands))
	}
	tally := cards.Fanucci().NewTally()
	add := func(where string, c cards.Card) error {
		if err := tally.Add(c); err != nil {
			var pe *cards.ParseError
			if errors.As(err, &pe) {
				// Keep the sentinel (cards.ErrTooManyCopies, ErrNotInDeck)
				// for callers that branch on it.
				return fmt.Errorf("flathead: %s: %w", where, pe)
			}
			return fmt.Errorf("flathead: %s: %w", where, err)
		}
		return nil
	}
	for seat, hand := range h.Hands {
		for i, c := range hand {
			if err := add(fmt.Sprintf("hands[%d][%d]", seat, i), c); err != nil {
				return err
			}
		}
	}
	for m, meld := range h.Table {
		for i, c := range meld {
			if err := add(fmt.Sprintf("table[%d][%d]", m, i), c); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkRules returns a *ruling.Error for a hand the rules do not allow.
func checkRules(h Hand) error {
	if n := len(h.Hands[h.Winner]); n > 0 {
		return ruling.Refuse("F6", ruling.Prefixed("flathead", msg.New("flathead.winner_holds", msg.N("Seat", h.Winner), msg.N("Count", n))))
	}
	// Ruling (F6): a player holds at most HandSize cards between turns
	// (draw one, discard one), so no loser ends a hand with more. Such a
	// hand is refused before any search for lay-offs.
	for seat, hand := range h.Hands {
		if n := len(hand); n > HandSize {
			return ruling.Refuse("F6", ruling.Prefixed("flathead", msg.New("flathead.seat_holds", msg.N("Seat", seat), msg.N("Count", n), msg.N("Max", HandSize))))
		}
	}
	for seat, marks := range h.BonusMarks {
		switch {
		case marks < 0:
			return ruling.Refuse("F4", ruling.Prefixed("flathead", msg.New("flathead.marks_negative", msg.N("Seat", seat), msg.N("Count", marks))))
		case marks > MaxMarks:
			return ruling.Refuse("F8", ruling.Prefixed("flathead", msg.New("flathead.marks_over", msg.N("Seat", seat), msg.N("Count", marks), msg.N("Max", MaxMarks))))
		}
	}
	for m, meld := range h.Table {
		if v := Check(meld); !v.Valid {
			return ruling.Refuse(v.Rule, msg.New("flathead.table_meld_no_meld", msg.N("Meld", m), msg.S("Cards", strings.Join(cards.Strings(meld), ", ")), msg.M("Why", v.Reason)))
		}
	}
	return nil
}

// kept returns what each seat holds after the lay-offs.
func kept(hands [][]cards.Card, layoffs []Layoff) [][]cards.Card {
	gone := make(map[cards.Card]bool, len(layoffs))
	for _, l := range layoffs {
		gone[l.Card] = true
	}
	out := make([][]cards.Card, len(hands))
	for seat, hand := range hands {
		out[seat] = []cards.Card{}
		for _, c := range hand {
			if !gone[c] {
				out[seat] = append(out[seat], c)
			}
		}
	}
	return out
}

// nouns writes a noun for n things: "card" for one, "cards" otherwise.
func nouns(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}
