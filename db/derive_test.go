package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"meldpad/rules"
	"meldpad/rules/game"
)

// The store stores what a game's hands decide and does not work it out:
// its callers do, by the game's rules (the scorepad package). These
// helpers do it for the store's tests, as the scorepad does, from the
// game as it is read before the write.

// derivedOf is what rounds decide in game g of the given rules.
func derivedOf(g Game, rounds []rules.Round) Derived {
	r, _ := rules.Lookup(g.Rules)
	t := tableOf(g)
	names := t.Names
	tally, res := r.Play(t, rounds)
	raw, _ := json.Marshal(tally)
	d := Derived{Tally: raw, Rounds: len(rounds), Finished: res.Finished, Winner: res.Winner(), Seats: make([]SeatResult, len(names))}
	points := make([][]int, len(rounds))
	for i, round := range rounds {
		points[i] = round.Points
	}
	best, worst := handExtremes(points, len(names))
	for seat := range d.Seats {
		d.Seats[seat].Total = tally.Totals[seat]
		if res.Finished {
			d.Seats[seat].Final, d.Seats[seat].Place = res.Final[seat], res.Places[seat]
		}
		if best[seat].Hand > 0 {
			d.Seats[seat].Best, d.Seats[seat].Worst = &best[seat], &worst[seat]
		}
	}
	return d
}

func roundFrom(h HandInput) rules.Round {
	return rules.Round{Points: h.Points, Seat: h.Seat, EndsHand: h.EndsHand, EndsGame: h.EndsGame}
}

// gameAndRounds reads game id as a write's caller does: the game, and
// its hands' rounds.
func (s *Store) gameAndRounds(ctx context.Context, gameID int64) (Game, []Hand, []rules.Round, error) {
	var link string
	if err := s.r.QueryRowContext(ctx, `SELECT public_id FROM games WHERE id = $1`, gameID).Scan(&link); err != nil {
		return Game{}, nil, nil, notFound(err)
	}
	g, err := s.GameEvenDeleted(ctx, link)
	if err != nil {
		return Game{}, nil, nil, err
	}
	hands, err := s.Hands(ctx, gameID)
	if err != nil {
		return Game{}, nil, nil, err
	}
	rounds := make([]rules.Round, len(hands))
	for i, h := range hands {
		rounds[i] = roundFrom(h.input())
	}
	return g, hands, rounds, nil
}

// addHand is AddHand with the game read and its new state worked out
// first, from its stored tally when it has one, as the scorepad does,
// again while another write wins the race (ErrStale).
func (s *Store) addHand(ctx context.Context, gameID int64, in HandInput, c Change) (Hand, error) {
	for {
		h, err := s.addHandOnce(ctx, gameID, in, c)
		if !errors.Is(err, ErrStale) {
			return h, err
		}
	}
}

func (s *Store) addHandOnce(ctx context.Context, gameID int64, in HandInput, c Change) (Hand, error) {
	var link string
	if err := s.r.QueryRowContext(ctx, `SELECT public_id FROM games WHERE id = $1`, gameID).Scan(&link); err != nil {
		return Hand{}, notFound(err)
	}
	g, err := s.GameEvenDeleted(ctx, link)
	if err != nil {
		return Hand{}, err
	}
	if g.Tally == nil {
		_, _, rounds, err := s.gameAndRounds(ctx, gameID)
		if err != nil {
			return Hand{}, err
		}
		return s.AddHand(ctx, gameID, in, c, g.Version, derivedOf(g, append(rounds, roundFrom(in))))
	}
	r, _ := rules.Lookup(g.Rules)
	t := tableOf(g)
	if err := json.Unmarshal(g.Tally, &t.Tally); err != nil {
		return Hand{}, err
	}
	tally, res := r.Next(t, roundFrom(in))
	raw, _ := json.Marshal(tally)
	d := Derived{Tally: raw, Rounds: tally.Rounds, Finished: res.Finished, Winner: res.Winner(), Seats: make([]SeatResult, len(t.Names))}
	for seat := range d.Seats {
		d.Seats[seat].Total = tally.Totals[seat]
		if res.Finished {
			d.Seats[seat].Final, d.Seats[seat].Place = res.Final[seat], res.Places[seat]
		}
	}
	return s.AddHand(ctx, gameID, in, c, g.Version, d)
}

// tableOf is game g as its rules see it, before any hand.
func tableOf(g Game) game.Table {
	names := make([]string, len(g.Seats))
	for i, seat := range g.Seats {
		names[i] = seat.Name
	}
	return game.Table{Names: names, HouseRules: g.HouseRules, Settings: g.Settings, FirstDealer: g.FirstDealer}
}

// correctHand is CorrectHand likewise.
func (s *Store) correctHand(ctx context.Context, gameID, handID int64, in HandInput, c Change) (Hand, error) {
	for {
		h, err := s.correctHandOnce(ctx, gameID, handID, in, c)
		if !errors.Is(err, ErrStale) {
			return h, err
		}
	}
}

func (s *Store) correctHandOnce(ctx context.Context, gameID, handID int64, in HandInput, c Change) (Hand, error) {
	g, hands, rounds, err := s.gameAndRounds(ctx, gameID)
	if err != nil {
		return Hand{}, err
	}
	for i, h := range hands {
		if h.ID == handID {
			rounds[i] = roundFrom(in)
		}
	}
	return s.CorrectHand(ctx, gameID, handID, in, c, g.Version, derivedOf(g, rounds))
}

// deleteHand is DeleteHand likewise.
func (s *Store) deleteHand(ctx context.Context, gameID, handID int64, c Change) error {
	for {
		if err := s.deleteHandOnce(ctx, gameID, handID, c); !errors.Is(err, ErrStale) {
			return err
		}
	}
}

func (s *Store) deleteHandOnce(ctx context.Context, gameID, handID int64, c Change) error {
	g, hands, rounds, err := s.gameAndRounds(ctx, gameID)
	if err != nil {
		return err
	}
	left := rounds[:0:0]
	for i, h := range hands {
		if h.ID != handID {
			left = append(left, rounds[i])
		}
	}
	return s.DeleteHand(ctx, gameID, handID, c, g.Version, derivedOf(g, left))
}

// notFound is ErrNotFound for a game that has no row, err for any other
// failure (a request gone).
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// handExtremes returns each seat's best and worst hand of a game: the most
// and the fewest points the seat got in one hand, the earliest hand on a
// tie. points holds the game's hands in order, each by seat.
func handExtremes(points [][]int, seats int) (best, worst []HandScore) {
	best, worst = make([]HandScore, seats), make([]HandScore, seats)
	for i, hand := range points {
		for seat := 0; seat < seats; seat++ {
			p := 0
			if seat < len(hand) {
				p = hand[seat]
			}
			if best[seat].Hand == 0 || p > best[seat].Points {
				best[seat] = HandScore{Points: p, Hand: i + 1}
			}
			if worst[seat].Hand == 0 || p < worst[seat].Points {
				worst[seat] = HandScore{Points: p, Hand: i + 1}
			}
		}
	}
	return best, worst
}
