package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
)

// dbtx is what the writes run their statements on: a transaction, with
// the writer's prepared statements (prepTx) or without (the import's).
type dbtx interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// reader runs queries: a transaction or the reader pool.
type reader interface {
	querier
	rowQuerier
}

// Derived is what a game's hands decide, worked out from its rules by
// the caller (the scorepad package) and stored as it is, in the same
// transaction as the change to the hands: the game's tally, whether it
// is over and who won, and each seat's totals. The store knows no game's
// rules; it checks only that the game is still at the version the
// caller worked Derived out from (ErrStale otherwise).
type Derived struct {
	// Tally is what the game keeps of its hands, as the rules encode it
	// (game.Tally): stored, and given back in Game.Tally.
	Tally json.RawMessage
	// Rounds counts the game's hands, the new one included: an added
	// hand's number among them, for its seats' best and worst hands.
	Rounds   int
	Finished bool
	Winner   int // the winning seat (the first of several), -1 while it goes on
	Seats    []SeatResult
}

// SeatResult is what a seat's hands decide.
type SeatResult struct {
	Total int
	// Final and Place once the game is over: the final total (bonuses
	// included) and the finishing place.
	Final, Place int
	// Best and Worst are the seat's best and worst hands, worked out from
	// all its hands after a correction or a deletion (nil for a game
	// without hands). An added hand leaves them nil: the write keeps them
	// itself, comparing the new hand's points with the stored ones.
	Best, Worst *HandScore
}

// MaxSeats is the most seats a game may have (any game by points: 12).
const MaxSeats = 12

// ErrStale means the game changed between the read its Derived was worked
// out from and the write (another phone saved, or the game was changed
// on another server): nothing was written, and the caller reads the game
// again and works the change out anew.
var ErrStale = errors.New("db: the game changed since it was read")

// gameHead is what a write to a game's hands reads of the game: its
// status and version (to check the phone's and the caller's), when it
// finished, whether a league counts it, and the highest seq its hands
// took, deleted ones too (the next hand's is one more).
type gameHead struct {
	id         int64
	status     string
	version    int
	finishedAt string
	inLeague   bool
	maxSeq     int
}

const (
	// headQuery reads a game's head; headTokenQuery with it what a form
	// token already saved in the game (its hand, and the values it saved),
	// NULLs when nothing: a new hand reads both in one statement.
	headQuery      = headColumns + ` FROM games WHERE id = $1 AND deleted_at IS NULL`
	headTokenQuery = headColumns + tokenColumns + ` FROM games WHERE id = $2 AND deleted_at IS NULL`
	headColumns    = `SELECT status, version, coalesce(finished_at, ''), league_id IS NOT NULL,
		(SELECT coalesce(max(h.seq), 0) FROM hands h WHERE h.game_id = games.id)`
	tokenColumns = `, (SELECT s.hand_id FROM submissions s WHERE s.token = $1 AND s.game_id = games.id AND s.hand_id IS NOT NULL),
		(SELECT r.after FROM submissions s JOIN revisions r ON r.id = s.revision_id
			WHERE s.token = $1 AND s.game_id = games.id AND s.hand_id IS NOT NULL)`
)

// loadHead reads the head of the game a write changes; ErrNotFound when
// there is none, or it was deleted.
func loadHead(ctx context.Context, q rowQuerier, gameID int64) (gameHead, error) {
	return scanHead(q.QueryRowContext(ctx, headQuery, gameID), gameID)
}

// loadHeadAndToken is loadHead and submitted in one statement.
func loadHeadAndToken(ctx context.Context, q rowQuerier, gameID int64, token string) (gameHead, submission, bool, error) {
	var handID sql.NullInt64
	var after sql.NullString
	head, err := scanHead(q.QueryRowContext(ctx, headTokenQuery, token, gameID), gameID, &handID, &after)
	if err != nil || !handID.Valid {
		return head, submission{}, false, err
	}
	sub, err := submissionOf(handID.Int64, after)
	return head, sub, err == nil, err
}

// scanHead reads headColumns, and into more whatever columns follow.
func scanHead(row scanner, gameID int64, more ...any) (gameHead, error) {
	head := gameHead{id: gameID}
	err := row.Scan(append([]any{&head.status, &head.version, &head.finishedAt, &head.inLeague, &head.maxSeq}, more...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return gameHead{}, ErrNotFound
	}
	if err != nil {
		return gameHead{}, fmt.Errorf("db: load game %d: %w", gameID, err)
	}
	return head, nil
}

const (
	writeGameQuery = `UPDATE games SET status = $1, winner_seat = $2, finished_at = $3, tally = $4,
		version = version + 1, updated_at = $5 WHERE id = $6`
)

// seatRow is one seat of statements.recomputeSeats's JSON list.
type seatRow struct {
	Seat  int        `json:"seat"`
	Total int        `json:"total"`
	Final *int       `json:"final"`
	Place *int       `json:"place"`
	Best  *HandScore `json:"best,omitempty"`
	Worst *HandScore `json:"worst,omitempty"`
}

// rederive stores what a game's hands decide after a change that is not
// an added hand (a correction, a deletion, an import): every seat's
// total, result, best and worst hand, then the game.
func (s *Store) rederive(ctx context.Context, tx dbtx, head gameHead, d Derived) error {
	rows := make([]seatRow, len(d.Seats))
	for seat, sr := range d.Seats {
		rows[seat] = seatRow{Seat: seat, Total: sr.Total, Best: sr.Best, Worst: sr.Worst}
		if d.Finished {
			rows[seat].Final, rows[seat].Place = &d.Seats[seat].Final, &d.Seats[seat].Place
		}
	}
	raw, _ := json.Marshal(rows) // ints only
	if _, err := tx.ExecContext(ctx, s.q.recomputeSeats, string(raw), head.id); err != nil {
		return fmt.Errorf("db: recompute game %d: %w", head.id, err)
	}
	return s.writeGame(ctx, tx, head, d)
}

// writeGame writes the game's status, winner, tally and version. A
// league's standings are computed from its games' totals and results, so
// the version of the game's league, if it has one, moves in this same
// transaction. A game that was over already keeps its finishing time.
func (s *Store) writeGame(ctx context.Context, tx dbtx, head gameHead, d Derived) error {
	status, winnerSeat, finished := StatusPlaying, any(nil), any(nil)
	if d.Finished {
		status, winnerSeat = StatusFinished, d.Winner
		finished = head.finishedAt
		if head.finishedAt == "" {
			finished = formatTime(s.now())
		}
	}
	tally := any(nil)
	if len(d.Tally) > 0 {
		tally = string(d.Tally)
	}
	if _, err := tx.ExecContext(ctx, writeGameQuery, status, winnerSeat, finished, tally, formatTime(s.now()), head.id); err != nil {
		return fmt.Errorf("db: write game %d: %w", head.id, err)
	}
	if !head.inLeague {
		return nil
	}
	return leagueGameChanged(ctx, tx, head.id)
}
