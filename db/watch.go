package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// WatchID returns the game's read-only link id, making one the first time
// it is asked for.
func (s *Store) WatchID(ctx context.Context, gameID int64) (_ string, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	var id string
	err = s.write(ctx, func(tx wtx) error {
		var current sql.NullString
		if err := tx.QueryRowContext(ctx, `SELECT watch_id FROM games WHERE id = $1`, gameID).Scan(&current); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNotFound
			}
			return fmt.Errorf("db: watch link of game %d: %w", gameID, err)
		}
		if current.Valid {
			id = current.String
			return nil
		}
		// Only where there is none yet: a link made meanwhile by another
		// server's write stays, and is the one returned.
		if _, err := tx.ExecContext(ctx, `UPDATE games SET watch_id = $1 WHERE id = $2 AND watch_id IS NULL`, NewID(), gameID); err != nil {
			return fmt.Errorf("db: watch link of game %d: %w", gameID, err)
		}
		if err := tx.QueryRowContext(ctx, `SELECT watch_id FROM games WHERE id = $1`, gameID).Scan(&id); err != nil {
			return fmt.Errorf("db: watch link of game %d: %w", gameID, err)
		}
		return nil
	})
	return id, err
}

// GameByWatchID returns the game a read-only link shows.
func (s *Store) GameByWatchID(ctx context.Context, watchID string) (_ Game, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	if !ValidID(watchID) {
		return Game{}, ErrNotFound
	}
	var publicID string
	err = s.reads().QueryRowContext(ctx, `SELECT public_id FROM games WHERE watch_id = $1 AND deleted_at IS NULL`, watchID).Scan(&publicID)
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	if err != nil {
		return Game{}, fmt.Errorf("db: game of watch link: %w", err)
	}
	return s.Game(ctx, publicID)
}

const watchStampQuery = `SELECT g.id, g.version, coalesce(l.name, ''), coalesce(l.public_id, ''), ''
	FROM games g LEFT JOIN leagues l ON l.id = g.league_id WHERE g.watch_id = $1 AND g.deleted_at IS NULL`

// WatchStamp returns the stamp (GameStamp) of the game a read-only link
// shows, in one statement. A deleted game's read-only link shows nothing:
// its spectators cannot bring it back.
func (s *Store) WatchStamp(ctx context.Context, watchID string) (_ Stamp, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	return s.readStamp(ctx, "w", watchStampQuery, watchID, "game of watch link")
}
