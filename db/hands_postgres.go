package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
)

// addHandCall adds a hand on PostgreSQL: its migration's add_hand does in
// one call what AddHand's statements do on SQLite.
const addHandCall = `SELECT outcome, hand_id, seq, saved FROM add_hand($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`

// addHand is AddHand on PostgreSQL: one statement, in its own
// transaction, so one round trip to the server.
func (d *postgresDialect) addHand(ctx context.Context, s *Store, gameID int64, in HandInput, c Change, from int, derived Derived) (Hand, error) {
	n := len(derived.Seats)
	if n < 1 || n > MaxSeats {
		return Hand{}, fmt.Errorf("db: add to game %d: %d seats", gameID, n)
	}
	totals, finals, places, round := make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
	for seat, sr := range derived.Seats {
		totals[seat], finals[seat], places[seat] = int64(sr.Total), int64(sr.Final), int64(sr.Place)
		if seat < len(in.Points) {
			round[seat] = int64(in.Points[seat])
		}
	}
	points, _ := json.Marshal(in.Points)
	after, _ := json.Marshal(in.snapshot())
	var tally any // NULL: no tally worked out
	if len(derived.Tally) > 0 {
		tally = string(derived.Tally)
	}
	now := formatTime(s.now())
	var outcome string
	var handID sql.NullInt64
	var seq sql.NullInt32
	var saved sql.NullString
	err := s.writing(func() error {
		for attempt := 1; ; attempt++ {
			err := d.pool.QueryRowContext(ctx, addHandCall, gameID, c.Token, c.Version, from,
				in.Entry, string(in.Record), string(points), seatOrNull(in.Seat), in.EndsHand, in.EndsGame,
				c.Author, now, string(after), totals, finals, places, round, derived.Rounds, derived.Finished, derived.Winner, tally,
			).Scan(&outcome, &handID, &seq, &saved)
			if err == nil || attempt == writeAttempts || !retryable(err) {
				return err
			}
		}
	})
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &pe) && pe.Code == "MPTKN":
		return Hand{}, ErrTokenElsewhere
	case err != nil:
		return Hand{}, fmt.Errorf("db: add hand to game %d: %w", gameID, err)
	}
	switch outcome {
	case "added":
		return Hand{ID: handID.Int64, GameID: gameID, Seq: int(seq.Int32), Entry: in.Entry, Record: in.Record, Points: in.Points,
			Seat: in.Seat, EndsHand: in.EndsHand, EndsGame: in.EndsGame, Version: 1, Created: parseTime(now), Updated: parseTime(now),
			GameVersion: from + 1}, nil
	case "saved already":
		sub, err := submissionOf(handID.Int64, saved)
		if err != nil {
			return Hand{}, err
		}
		want := in.snapshot()
		if err := sub.repeats(&want); err != nil {
			return Hand{}, err
		}
		return loadHand(ctx, s.reads(), gameID, handID.Int64)
	case "not found":
		return Hand{}, ErrNotFound
	case "game over":
		return Hand{}, ErrGameOver
	case "conflict":
		return Hand{}, ErrConflict
	case "stale":
		return Hand{}, ErrStale
	}
	return Hand{}, fmt.Errorf("db: add hand to game %d: %q", gameID, outcome)
}
