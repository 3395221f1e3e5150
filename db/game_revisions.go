package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// A game outside leagues belongs to whoever has its link, as its hands
// do: anyone with the link renames its seats, and deletes it. Each such
// change is kept, with who made it and when (game_revisions), as the
// changes to its hands are (revisions). A deleted game keeps its rows,
// hidden from every page; for a while (the caller's window) it can be
// brought back.

// Why a change to a game is refused.
var (
	// ErrInLeague means the game belongs to a league: its seats are the
	// league's players, renamed by the league's organizer, and it leaves
	// the league rather than being deleted.
	ErrInLeague = errors.New("db: the game belongs to a league")
	// ErrSeatNameTaken means another seat of the game has that name (in
	// any case).
	ErrSeatNameTaken = errors.New("db: another seat of the game has that name")
	// ErrUndoExpired means a deleted game can no longer be brought back.
	ErrUndoExpired = errors.New("db: the game was deleted too long ago to bring back")
)

// DeletedGameError is a deleted game asked for by its link. It is also
// ErrNotFound: to every page but the link's own, a deleted game is none.
type DeletedGameError struct {
	ID       int64
	PublicID string
	Version  int
	Deleted  time.Time
}

func (e *DeletedGameError) Error() string {
	return fmt.Sprintf("db: game %s was deleted at %s", e.PublicID, formatTime(e.Deleted))
}

// Is makes errors.Is(err, ErrNotFound) hold.
func (e *DeletedGameError) Is(target error) bool { return target == ErrNotFound }

// SeatRename is one seat's new name, and the name the form showed for it
// (Was), so that a rename made meanwhile on another phone is not undone
// unseen.
type SeatRename struct {
	Seat int
	Was  string
	Name string
}

// RenameConflictError is a rename whose seat another phone renamed since
// the form was shown: nothing was changed.
type RenameConflictError struct {
	Seat int
	Now  string // the seat's name now
}

func (e *RenameConflictError) Error() string {
	return fmt.Sprintf("db: seat %d was renamed %q meanwhile", e.Seat, e.Now)
}

// Is makes errors.Is(err, ErrConflict) hold.
func (e *RenameConflictError) Is(target error) bool { return target == ErrConflict }

// GameRevision is one change to a game itself: a seat renamed (Seat,
// Before and After are its names), the game deleted or brought back.
type GameRevision struct {
	ID     int64
	Action string // "rename", "delete" or "restore"
	Seat   int    // -1 but for a rename
	Author string
	At     time.Time
	Before string
	After  string
}

// gameForChange reads, in a write, whether the game is in a league and
// when it was deleted ("" for a game in use), after taking the game's
// turn (lockGame).
func (s *Store) gameForChange(ctx context.Context, tx wtx, gameID int64) (inLeague bool, deleted string, err error) {
	if err := s.d.lockGame(ctx, tx, gameID); err != nil {
		return false, "", err
	}
	err = tx.QueryRowContext(ctx, `SELECT league_id IS NOT NULL, coalesce(deleted_at, '') FROM games WHERE id = $1`, gameID).
		Scan(&inLeague, &deleted)
	if errors.Is(err, sql.ErrNoRows) {
		return false, "", ErrNotFound
	}
	if err != nil {
		return false, "", fmt.Errorf("db: game %d: %w", gameID, err)
	}
	return inLeague, deleted, nil
}

// unleaguedForChange is gameForChange for a change only a game outside
// leagues takes (renaming its seats, deleting it): whether the game is
// deleted, and ErrInLeague for a league game in use.
func (s *Store) unleaguedForChange(ctx context.Context, tx wtx, gameID int64) (deleted bool, err error) {
	inLeague, deletedAt, err := s.gameForChange(ctx, tx, gameID)
	switch {
	case err != nil:
		return false, err
	case deletedAt != "":
		return true, nil
	case inLeague:
		return false, ErrInLeague
	}
	return false, nil
}

// gameChanged bumps the game's version (its pages and open forms are out
// of date) and writes the revision of the change.
func (s *Store) gameChanged(ctx context.Context, tx wtx, gameID int64, rev GameRevision) error {
	now := formatTime(s.now())
	if _, err := tx.ExecContext(ctx, `UPDATE games SET version = version + 1, updated_at = $1 WHERE id = $2`, now, gameID); err != nil {
		return fmt.Errorf("db: %s game %d: %w", rev.Action, gameID, err)
	}
	seat := any(nil)
	if rev.Seat >= 0 {
		seat = rev.Seat
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO game_revisions (game_id, action, seat, author, at, before, after)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, gameID, rev.Action, seat, rev.Author, now, rev.Before, rev.After); err != nil {
		return fmt.Errorf("db: %s game %d: revision: %w", rev.Action, gameID, err)
	}
	return nil
}

// RenameSeats gives seats of a game outside leagues new names, each kept
// as a revision by author, in one write. A seat already named so is left
// as it is (a form sent twice renames once); a seat whose name is no
// longer the one its form showed fails the whole write with a
// *RenameConflictError, a name another seat keeps with ErrSeatNameTaken.
// Names are checked by the caller (CheckName). A game in a league is
// ErrInLeague, a deleted one ErrNotFound.
func (s *Store) RenameSeats(ctx context.Context, gameID int64, renames []SeatRename, author string) error {
	return s.write(ctx, func(tx wtx) error {
		deleted, err := s.unleaguedForChange(ctx, tx, gameID)
		if err == nil && deleted {
			err = ErrNotFound
		}
		if err != nil {
			return err
		}
		names, err := gameSeatNames(ctx, tx, gameID)
		if err != nil {
			return err
		}
		var changed []SeatRename
		for _, r := range renames {
			if r.Seat < 0 || r.Seat >= len(names) {
				return fmt.Errorf("db: rename seat %d of game %d: no such seat", r.Seat, gameID)
			}
			now := names[r.Seat]
			switch {
			case now == r.Name:
				continue
			case now != r.Was:
				return &RenameConflictError{Seat: r.Seat, Now: now}
			}
			changed = append(changed, r)
			names[r.Seat] = r.Name
		}
		for i, a := range names {
			for _, b := range names[i+1:] {
				if foldAZ(a) == foldAZ(b) {
					return ErrSeatNameTaken
				}
			}
		}
		// Two passes, so that two seats may swap names: the seats
		// renamed first take a name no seat has (the game's other seats
		// keep theirs, checked above), then their own.
		for _, r := range changed {
			if _, err := tx.ExecContext(ctx, `UPDATE seats SET name = $1 WHERE game_id = $2 AND seat = $3`,
				"\u2060renaming "+strconv.Itoa(r.Seat), gameID, r.Seat); err != nil {
				return fmt.Errorf("db: rename seat %d of game %d: %w", r.Seat, gameID, err)
			}
		}
		for _, r := range changed {
			if _, err := tx.ExecContext(ctx, `UPDATE seats SET name = $1 WHERE game_id = $2 AND seat = $3`, r.Name, gameID, r.Seat); err != nil {
				if s.d.uniqueViolation(err) {
					return ErrSeatNameTaken
				}
				return fmt.Errorf("db: rename seat %d of game %d: %w", r.Seat, gameID, err)
			}
			if err := s.gameChanged(ctx, tx, gameID, GameRevision{Action: "rename", Seat: r.Seat, Author: author,
				Before: r.Was, After: r.Name}); err != nil {
				return err
			}
		}
		return nil
	})
}

// foldAZ folds A-Z to a-z and nothing else, as the schema compares seat
// names (SQLite's NOCASE, PostgreSQL's nocase()).
func foldAZ(name string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + ('a' - 'A')
		}
		return r
	}, name)
}

// gameSeatNames reads the names of a game's seats, in seat order.
func gameSeatNames(ctx context.Context, tx wtx, gameID int64) ([]string, error) {
	names, err := collectRows(ctx, tx, `SELECT coalesce(s.name, p.name) FROM seats s LEFT JOIN players p ON p.id = s.player_id
		WHERE s.game_id = $1 ORDER BY s.seat`, []any{gameID}, func(row scanner) (name string, err error) {
		return name, row.Scan(&name)
	})
	if err != nil {
		return nil, fmt.Errorf("db: seats of game %d: %w", gameID, err)
	}
	return names, nil
}

// DeleteGame deletes a game outside leagues: it is hidden from every
// page, its link says so (and offers to bring it back, RestoreGame), and
// the deletion is kept as a revision by author. Its rows stay. Deleting
// a deleted game does nothing; a game in a league is ErrInLeague.
func (s *Store) DeleteGame(ctx context.Context, gameID int64, author string) error {
	return s.write(ctx, func(tx wtx) error {
		if deleted, err := s.unleaguedForChange(ctx, tx, gameID); err != nil || deleted {
			return err // deleted already: nothing to do
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET deleted_at = $1 WHERE id = $2`, formatTime(s.now()), gameID); err != nil {
			return fmt.Errorf("db: delete game %d: %w", gameID, err)
		}
		return s.gameChanged(ctx, tx, gameID, GameRevision{Action: "delete", Seat: -1, Author: author})
	})
}

// RestoreGame brings back a game deleted less than window ago, keeping
// the change as a revision by author. A game in use is left as it is (a
// second phone's Undo); one deleted longer ago is ErrUndoExpired.
func (s *Store) RestoreGame(ctx context.Context, gameID int64, author string, window time.Duration) error {
	return s.write(ctx, func(tx wtx) error {
		_, deleted, err := s.gameForChange(ctx, tx, gameID)
		switch {
		case err != nil:
			return err
		case deleted == "":
			return nil
		case s.now().Sub(parseTime(deleted)) > window:
			return ErrUndoExpired
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET deleted_at = NULL WHERE id = $1`, gameID); err != nil {
			return fmt.Errorf("db: restore game %d: %w", gameID, err)
		}
		return s.gameChanged(ctx, tx, gameID, GameRevision{Action: "restore", Seat: -1, Author: author})
	})
}

// GameRevisions returns every change to the game itself, oldest first.
func (s *Store) GameRevisions(ctx context.Context, gameID int64) (_ []GameRevision, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	revs, err := collectRows(ctx, s.reads(), `SELECT id, action, coalesce(seat, -1), author, at, coalesce(before, ''), coalesce(after, '')
		FROM game_revisions WHERE game_id = $1 ORDER BY id`, []any{gameID}, func(row scanner) (r GameRevision, err error) {
		var at string
		err = row.Scan(&r.ID, &r.Action, &r.Seat, &r.Author, &at, &r.Before, &r.After)
		r.At = parseTime(at)
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("db: revisions of game %d: %w", gameID, err)
	}
	return revs, nil
}
