// Package db records meldpad's games in SQLite: leagues with their
// players, games and their seats, hands with their revisions. Writes go through one connection in
// immediate transactions; reads come from a pool of read-only connections.
// Everything derived from the hands (totals, status, winner) is rewritten
// in the same transaction as the write that changes it, so it is never
// stale.
package db

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"runtime"
	"time"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
)

//go:embed migrations/*.sql
var migrations embed.FS

// Errors callers branch on.
var (
	// ErrNotFound means no such game, hand or player.
	ErrNotFound = errors.New("db: not found")
	// ErrConflict means the row changed since the caller read it (another
	// phone saved first); the caller should show the current state.
	ErrConflict = errors.New("db: changed since it was read")
	// ErrGameOver means a hand was added to a finished game.
	ErrGameOver = errors.New("db: the game is over")
)

// Store is the database. Its methods are safe for concurrent use.
type Store struct {
	w   *sql.DB // one connection: every write, in BEGIN IMMEDIATE
	r   *sql.DB // read-only pool
	now func() time.Time
}

// pragmas apply to every pooled connection because they are in the DSN.
var pragmas = []string{
	"journal_mode(WAL)",
	"synchronous(NORMAL)",
	"busy_timeout(5000)",
	"foreign_keys(1)",
}

func dsn(path string, readOnly bool) string {
	q := url.Values{}
	for _, p := range pragmas {
		q.Add("_pragma", p)
	}
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Set("_txlock", "immediate")
	}
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

// Open opens (creating if needed) the database at path and applies the
// embedded migrations.
func Open(ctx context.Context, path string) (*Store, error) {
	w, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, fmt.Errorf("db: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetConnMaxIdleTime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("db: open %s: %w", path, err)
	}
	if err := migrate(ctx, w); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", dsn(path, true))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("db: open %s for reading: %w", path, err)
	}
	r.SetMaxOpenConns(max(4, runtime.NumCPU()))
	return &Store{w: w, r: r, now: func() time.Time { return time.Now().UTC() }}, nil
}

func migrate(ctx context.Context, w *sql.DB) error {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("db: migrations: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, w, sub)
	if err != nil {
		return fmt.Errorf("db: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("db: migrate: %w", err)
	}
	return nil
}

// Close waits for nothing: callers stop the server first, so no write is in
// flight. It checkpoints the WAL into the main file.
func (s *Store) Close() error {
	_, _ = s.w.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	return errors.Join(s.r.Close(), s.w.Close())
}

// Ping reports whether both connections answer; /healthz uses it.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.w.PingContext(ctx); err != nil {
		return fmt.Errorf("db: ping writer: %w", err)
	}
	if err := s.r.PingContext(ctx); err != nil {
		return fmt.Errorf("db: ping reader: %w", err)
	}
	return nil
}

// write runs fn in one immediate transaction on the writer connection.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("db: begin: %w", err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("db: commit: %w", err)
	}
	return nil
}

const timeLayout = time.RFC3339Nano

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) time.Time {
	t, _ := time.Parse(timeLayout, s)
	return t
}
