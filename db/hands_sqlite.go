package db

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// A hand added on SQLite: AddHand's statements on the one writer's
// connection, in the committer's batch (on PostgreSQL one call of
// add_hand does the same: hands_postgres.go).

// insertHand adds a hand after the game's last: its seq is one more
// than the highest the game's hands took (gameHead.maxSeq). The one
// writer runs one write at a time, so two never take the same number,
// which UNIQUE (game_id, seq) would refuse.
const insertHand = `INSERT INTO hands (game_id, seq, entry, record, points, seat, ends_hand, ends_game, created_at, updated_at)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`

// addHand records the hand in the write's statements: the hand, its
// revision and the form's token, then the seats and the game.
func (d *sqliteDialect) addHand(ctx context.Context, s *Store, gameID int64, in HandInput, c Change, from int, derived Derived) (Hand, error) {
	var handID int64
	var saved Hand // the hand as inserted, when this call inserted it
	err := s.writePrepared(ctx, func(tx dbtx) error {
		saved = Hand{}
		head, sub, seen, err := loadHeadAndToken(ctx, tx, gameID, c.Token)
		if err != nil {
			return err
		}
		if seen {
			handID = sub.handID
			want := in.snapshot()
			return sub.repeats(&want)
		}
		switch {
		case head.status == StatusFinished:
			return ErrGameOver
		case c.Version != 0 && c.Version != head.version:
			return ErrConflict
		case head.version != from:
			return ErrStale
		}
		points, _ := json.Marshal(in.Points)
		now := formatTime(s.now())
		h := Hand{GameID: gameID, Seq: head.maxSeq + 1, Entry: in.Entry, Record: in.Record, Points: in.Points, Seat: in.Seat,
			EndsHand: in.EndsHand, EndsGame: in.EndsGame, Version: 1, Created: parseTime(now), Updated: parseTime(now)}
		h.ID, err = d.insertID(ctx, tx, insertHand,
			gameID, h.Seq, in.Entry, string(in.Record), string(points), seatOrNull(in.Seat), in.EndsHand, in.EndsGame, now, now)
		if err != nil {
			return fmt.Errorf("db: add hand to game %d: %w", gameID, err)
		}
		handID = h.ID
		after := in.snapshot()
		revisionID, err := s.revise(ctx, tx, handID, "add", c.Author, nil, &after)
		if err != nil {
			return err
		}
		if err := s.remember(ctx, tx, c, gameID, handID, revisionID); err != nil {
			return err
		}
		if err := s.appendRound(ctx, tx, head, in, derived); err != nil {
			return err
		}
		saved = h
		saved.GameVersion = head.version + 1 // writeGame's
		return nil
	})
	if err != nil {
		return Hand{}, err
	}
	if saved.ID != 0 {
		return saved, nil // as inserted: no need to read it again
	}
	return loadHand(ctx, s.reads(), gameID, handID)
}

// appendRound stores what an added hand (in, the game's hand number
// d.Rounds) decides, without reading the game's hands: the seats'
// totals, result and bests in one statement, then the game.
func (s *Store) appendRound(ctx context.Context, tx dbtx, head gameHead, in HandInput, d Derived) error {
	n := len(d.Seats)
	if n < 1 || n > MaxSeats {
		return fmt.Errorf("db: add to game %d: %d seats", head.id, n)
	}
	args := make([]any, 0, seatArgs*n+2)
	for seat, sr := range d.Seats {
		var final, place any // NULL while the game goes on
		if d.Finished {
			final, place = int64(sr.Final), int64(sr.Place)
		}
		points := int64(0)
		if seat < len(in.Points) {
			points = int64(in.Points[seat])
		}
		args = append(args, int64(sr.Total), final, place, points)
	}
	args = append(args, int64(d.Rounds), head.id)
	if _, err := tx.ExecContext(ctx, appendSeats[n], args...); err != nil {
		return fmt.Errorf("db: add to game %d: %w", head.id, err)
	}
	return s.writeGame(ctx, tx, head, d)
}

// seatArgs are appendSeats's arguments for each seat, in seat order:
// its total, final total and place (NULL while the game goes on) and the
// new round's points; after them come the round's number and the game.
const seatArgs = 4

// appendSeats[n] sets the totals and result of a game's n seats, and
// keeps each seat's best and worst hand unless the new one beats it (the
// earliest on a tie), from its arguments one by one (seatArgs): picking
// each seat's values out of a JSON array cost this statement about half
// its time, and it runs in every save. There is one for every number of
// seats a game may have.
var appendSeats = func() []string {
	out := make([]string, MaxSeats+1)
	for n := 1; n <= MaxSeats; n++ {
		// of is argument k of each seat, picked by the row's seat.
		of := func(k int) string {
			var b strings.Builder
			b.WriteString("(CASE seat")
			for seat := range n {
				fmt.Fprintf(&b, " WHEN %d THEN CAST($%d AS INTEGER)", seat, seat*seatArgs+k)
			}
			b.WriteString(" END)")
			return b.String()
		}
		points, hand := of(4), fmt.Sprintf("CAST($%d AS INTEGER)", n*seatArgs+1)
		better := "best_hand IS NULL OR " + points + " > best_points"
		worse := "worst_hand IS NULL OR " + points + " < worst_points"
		out[n] = `UPDATE seats SET total = ` + of(1) + `, final = ` + of(2) + `, place = ` + of(3) + `,
		best_points = CASE WHEN ` + better + ` THEN ` + points + ` ELSE best_points END,
		best_hand = CASE WHEN ` + better + ` THEN ` + hand + ` ELSE best_hand END,
		worst_points = CASE WHEN ` + worse + ` THEN ` + points + ` ELSE worst_points END,
		worst_hand = CASE WHEN ` + worse + ` THEN ` + hand + ` ELSE worst_hand END
		WHERE game_id ` + fmt.Sprintf("%s%d", keyByValue, n*seatArgs+2)
	}
	return out
}()
