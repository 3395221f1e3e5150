package blackheart

import (
	"context"
	"fmt"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Player is what one seat has at the end of a deal.
type Player struct {
	// Melds are the sets the player laid down this deal.
	Melds [][]cards.Play
	// Layoffs are the single cards the player laid off onto any set,
	// anyone's; they count for this player (B7).
	Layoffs []cards.Play
	// Hand is what the player still holds.
	Hand []cards.Card
}

// Deal is the end of one deal, as the scorepad records it.
type Deal struct {
	// WentOut is the seat that went out, or -1 when nobody did.
	WentOut int
	// BlackHeart reports that the player who went out did it with a Black
	// Heart: the whole hand in one turn, without having opened (B6).
	BlackHeart bool
	// Players are the seats in order, 2 to 6 of them.
	Players []Player
}

// Result is a deal's score, by seat.
type Result struct {
	// Points is each seat's score for the deal: Melded + Bonus - Held.
	Points []int
	// Melded is the points of the cards each seat played, lay-offs
	// included (B7).
	Melded []int
	// Held is the points of the cards left in each hand, as a positive
	// number that Points subtracts (B7).
	Held []int
	// Bonus is 25 for going out, and 25 for each player on top of it for a
	// Black Heart (B6, B7).
	Bonus []int
	// MeldVerdicts holds each seat's verdict on each of its sets.
	MeldVerdicts [][]Verdict
}

// Score scores a deal by B7: every card played scores for the player who
// played it, lay-offs included, and every card held counts against its
// holder (A 15, 2-9 5, 10 and black J Q K 10, JD 10, QD 15, KD 20, a
// Royale 150 in all); going out scores 25, and a Black Heart 25 for each
// player in the game on top (B6).
//
// Errors: a *ruling.InputError naming the field ("players", "went_out")
// when the deal's shape is wrong (fewer than 2 or more than 6 players,
// WentOut not -1 or a seat), or a wrapped *cards.ParseError when the deal
// holds a card the deck lacks or more copies of a card than it has (the
// API and the card sheet count the cards as they read them, so neither
// reaches Score with one); a *ruling.Error when the deal cannot happen under the rules: a
// set that is not valid (naming the player and the set, 1-based, with the
// rule it breaks), a Black Heart with nobody going out (B6), or the player
// who went out still holding cards (B7).
//
// Lay-offs are scored as single cards; which set each joined is not
// recorded, so CheckLayoff is where a lay-off is judged.
func Score(d Deal) (Result, error) {
	return ScoreContext(context.Background(), d)
}

// ScoreContext is Score under ctx: before judging each set it looks at
// ctx and, once ctx is done, stops and returns ctx.Err(). Each set is
// judged in microseconds and the deck bounds the sets, so a whole deal
// takes well under a millisecond (BenchmarkScoreWholeDeck); ctx bounds
// what a server spends whatever comes.
func ScoreContext(ctx context.Context, d Deal) (Result, error) {
	n := len(d.Players)
	if n < MinPlayers || n > MaxPlayers {
		return Result{}, ruling.Bad("players", msg.New("blackheart.players", msg.N("Min", MinPlayers), msg.N("Max", MaxPlayers), msg.N("Count", n)))
	}
	if d.WentOut < -1 || d.WentOut >= n {
		return Result{}, ruling.Bad("went_out", msg.New("blackheart.went_out_seat", msg.N("Seat", d.WentOut), msg.N("Last", n-1)))
	}
	if err := countCards(d); err != nil {
		return Result{}, err
	}
	if d.BlackHeart && d.WentOut < 0 {
		return Result{}, ruling.Refuse("B6", ruling.Prefixed("blackheart", msg.New("blackheart.nobody_out")))
	}
	if d.WentOut >= 0 && len(d.Players[d.WentOut].Hand) > 0 {
		return Result{}, ruling.Refuse("B7", ruling.Prefixed("blackheart", msg.New("blackheart.out_but_holds", msg.N("Player", d.WentOut+1), msg.N("Count", len(d.Players[d.WentOut].Hand)))))
	}
	r := Result{
		Points: make([]int, n), Melded: make([]int, n), Held: make([]int, n), Bonus: make([]int, n),
		MeldVerdicts: make([][]Verdict, n),
	}
	for seat, p := range d.Players {
		r.MeldVerdicts[seat] = make([]Verdict, len(p.Melds))
		for i, m := range p.Melds {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
			v := Check(m)
			if !v.Valid {
				return Result{}, ruling.Refuse(v.Rule, ruling.Prefixed("blackheart", msg.New("blackheart.set_invalid", msg.N("Player", seat+1), msg.N("Set", i+1), msg.M("Why", v.Reason))))
			}
			r.MeldVerdicts[seat][i] = v
			r.Melded[seat] += v.Points
		}
		for _, c := range p.Layoffs {
			r.Melded[seat] += CardPoints(c.Card)
		}
		for _, c := range p.Hand {
			r.Held[seat] += CardPoints(c)
		}
	}
	if d.WentOut >= 0 {
		r.Bonus[d.WentOut] = GoingOutBonus
		if d.BlackHeart {
			r.Bonus[d.WentOut] += BlackHeartBonusPerPlayer * n
		}
	}
	for seat := range r.Points {
		r.Points[seat] = r.Melded[seat] + r.Bonus[seat] - r.Held[seat]
	}
	return r, nil
}

// countCards checks that the deal's cards, melded, laid off and held,
// are no more than the Black Heart deck holds.
// countCards keeps the card's sentinel (cards.ErrTooManyCopies): the API
// and the sheet count the cards as they read them and say what is wrong
// in the table's language; these errors are for other callers.
func countCards(d Deal) error {
	tally := cards.BlackHeart().NewTally()
	for seat, p := range d.Players {
		for _, m := range p.Melds {
			for _, c := range m {
				if err := tally.Add(c.Card); err != nil {
					return fmt.Errorf("blackheart: player %d: %w", seat+1, err)
				}
			}
		}
		for _, c := range p.Layoffs {
			if err := tally.Add(c.Card); err != nil {
				return fmt.Errorf("blackheart: player %d: %w", seat+1, err)
			}
		}
		for _, c := range p.Hand {
			if err := tally.Add(c); err != nil {
				return fmt.Errorf("blackheart: player %d: %w", seat+1, err)
			}
		}
	}
	return nil
}
