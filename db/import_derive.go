package db

import (
	"context"
	"encoding/json"
	"fmt"

	"meldpad/rules"
	"meldpad/rules/game"
)

// recompute works out what an imported game's hands decide, by its
// rules, and stores it.
func (s *Store) recompute(ctx context.Context, tx dbtx, gameID int64) error {
	var rulesID, houseRules, settings, names string
	var firstDealer int
	err := tx.QueryRowContext(ctx, s.q.table, gameID).Scan(&rulesID, &houseRules, &settings, &firstDealer, &names)
	if err != nil {
		return fmt.Errorf("db: import game %d: %w", gameID, err)
	}
	g, err := rules.MustLookup(rulesID)
	if err != nil {
		return err
	}
	t := game.Table{Settings: json.RawMessage(settings), FirstDealer: firstDealer}
	if err := json.Unmarshal([]byte(houseRules), &t.HouseRules); err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(names), &t.Names); err != nil {
		return err
	}
	hands, err := s.loadHands(ctx, tx, gameID)
	if err != nil {
		return err
	}
	rounds := make([]rules.Round, len(hands))
	points := make([][]int, len(hands))
	for i, h := range hands {
		rounds[i] = rules.Round{Points: h.Points, Seat: h.Seat, EndsHand: h.EndsHand, EndsGame: h.EndsGame}
		points[i] = h.Points
	}
	tally, res := g.Play(t, rounds)
	raw, _ := json.Marshal(tally)
	d := Derived{Tally: raw, Rounds: len(rounds), Finished: res.Finished, Winner: res.Winner(), Seats: make([]SeatResult, len(t.Names))}
	best, worst := handExtremes(points, len(t.Names))
	for seat := range d.Seats {
		d.Seats[seat].Total = tally.Totals[seat]
		if res.Finished {
			d.Seats[seat].Final, d.Seats[seat].Place = res.Final[seat], res.Places[seat]
		}
		if best[seat].Hand > 0 {
			d.Seats[seat].Best, d.Seats[seat].Worst = &best[seat], &worst[seat]
		}
	}
	head, err := loadHead(ctx, tx, gameID)
	if err != nil {
		return err
	}
	return s.rederive(ctx, tx, head, d)
}
