// Package db records meldpad's games in SQLite (sqlite.go) or
// PostgreSQL, for several servers on one database (postgres.go): leagues
// with their players, games and their seats, hands with their revisions.
// What the two databases do differently is a dialect (dialect.go).
// Everything derived from the hands (totals, status, winner) is rewritten
// in the same transaction as the write that changes it, so it is never
// stale.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/jackc/pgx/v5"
)

// Errors callers branch on.
var (
	// ErrNotFound means no such game, hand or player.
	ErrNotFound = errors.New("db: not found")
	// ErrConflict means the row changed since the caller read it (another
	// phone saved first); the caller should show the current state.
	ErrConflict = errors.New("db: changed since it was read")
	// ErrGameOver means a hand was added to a finished game.
	ErrGameOver = errors.New("db: the game is over")
	// ErrDeleted means the hand was deleted (by another phone). It is also
	// ErrNotFound, for callers to whom a deleted hand is no hand.
	ErrDeleted = fmt.Errorf("%w: the hand was deleted", ErrNotFound)
	// ErrServedElsewhere means another meldpad server holds the SQLite
	// file (SoleServer) and did not let it go in time.
	ErrServedElsewhere = errors.New("another meldpad server is serving this database file; stop it first, or share a PostgreSQL database between servers")
	// ErrUnwritable means nothing was written because the database cannot
	// be written: the disk is full, the file or its file system is
	// read-only, an I/O error, a damaged file, or another process holding
	// the write lock longer than the busy timeout. It wraps SQLite's error.
	ErrUnwritable = errors.New("db: the database cannot be written")
)

// Store is the database. Its methods are safe for concurrent use.
type Store struct {
	d dialect     // what the database does its own way
	q *statements // the statements it spells its own way
	// watchReads says the end of a read's context must reach the driver
	// (prepReads.watch): on PostgreSQL.
	watchReads bool
	// On SQLite w is the writer's pool (one connection, held by commits)
	// and r the readers'; on PostgreSQL both are its one pool.
	w, r   *sql.DB
	ws, rs *stmts // the writer's prepared statements, and the readers'
	// commits runs every write on SQLite, several waiting ones in one
	// commit; nil on PostgreSQL.
	commits *committer
	stamps  stampCache // the games' stamps read since the last commit
	sole    *os.File   // holds SoleServer's lock; nil without it
	now     func() time.Time
	timeout time.Duration // each call's (Timeout); 0 for none

	health writeHealth // how the last write went, for Writable
}

// Synchronous modes: how hard SQLite makes sure a committed write is on
// the disk before the commit returns (PRAGMA synchronous, in WAL mode).
const (
	// SyncFull syncs the write-ahead log at every commit: a hand that was
	// acknowledged survives a power cut or an operating-system crash.
	SyncFull = "FULL"
	// SyncNormal syncs only at checkpoints: faster commits, the database
	// stays consistent, but the last commits before a power cut (not a
	// crash of meldpad alone) can be lost.
	SyncNormal = "NORMAL"
)

// Option changes how Open opens the database.
type Option func(*openConfig)

type openConfig struct {
	timeout     time.Duration // Timeout; 0 for DefaultTimeout
	sync        string
	readOnly    bool
	sole        bool
	soleWaiting func()
	// tracer sees every statement sent to PostgreSQL (its tests count
	// a save's round trips).
	tracer pgx.QueryTracer
}

// Synchronous sets how commits reach the disk: SyncFull (the default) or
// SyncNormal.
func Synchronous(mode string) Option { return func(c *openConfig) { c.sync = mode } }

// ReadOnly opens the file for reading only, as SQLite does by itself when
// the process may not write the file: pages read, and every write fails
// with ErrUnwritable, which Writable and /healthz report. It stands for a
// read-only disk in tests, where running as root would write the file
// whatever its mode.
func ReadOnly() Option { return func(c *openConfig) { c.readOnly = true } }

// SoleServer says this process serves the SQLite file alone, as a
// server does: Open takes a lock on the file that a second SoleServer
// waits for (up to soleWait, while the one before it finishes the saves
// in flight) and then fails with ErrServedElsewhere. Every write then
// goes through this store, which can therefore keep what it read until
// its next commit (stampCache). Imports and exports, which run beside a
// server, open the file without it. PostgreSQL, where several servers
// share the database, ignores it. waiting, when not nil, is called once
// if Open has to wait.
func SoleServer(waiting func()) Option {
	return func(c *openConfig) { c.sole, c.soleWaiting = true, waiting }
}

// soleWait is how long Open with SoleServer waits for another server to
// let the file go: longer than a stopping server takes to finish the
// requests in flight.
const soleWait = 30 * time.Second

// Open opens (creating if needed) the database at path and applies the
// embedded migrations. A path that is a PostgreSQL connection string
// (IsPostgres) opens that database instead, where Synchronous does
// nothing: PostgreSQL's own settings say how commits reach the disk.
func Open(ctx context.Context, path string, opts ...Option) (*Store, error) {
	cfg := openConfig{sync: SyncFull}
	for _, opt := range opts {
		opt(&cfg)
	}
	switch {
	case cfg.timeout == 0:
		cfg.timeout = DefaultTimeout
	case cfg.timeout < 0:
		cfg.timeout = 0
	}
	if cfg.sync != SyncFull && cfg.sync != SyncNormal {
		return nil, fmt.Errorf("db: synchronous %q: want %s or %s", cfg.sync, SyncFull, SyncNormal)
	}
	if IsPostgres(path) {
		return openPostgres(ctx, path, cfg)
	}
	return openSQLite(ctx, path, cfg)
}

// reads are the reader pool's statements, prepared on first use.
func (s *Store) reads() prepReads { return prepReads{c: s.rs, watch: s.watchReads} }

// Close closes the database. It waits for nothing: callers stop the
// server first, so no write is in flight.
func (s *Store) Close() error { return s.d.close() }

// Ping reports whether the database can be read and written: a reader
// answers, and Writable. /healthz uses it, so it stays cheap: it never
// waits for a write in progress.
func (s *Store) Ping(ctx context.Context) (err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	if err := s.r.PingContext(ctx); err != nil {
		return fmt.Errorf("db: ping reader: %w", err)
	}
	return s.Writable(ctx)
}

// write runs fn in one immediate transaction on the writer connection.
// A failure of the storage (storageFailed) is ErrUnwritable, and every
// write's outcome is remembered for Writable.
func (s *Store) write(ctx context.Context, fn func(tx wtx) error) error {
	return s.writeWith(ctx, nil, fn)
}

// writeSerializable is write in a SERIALIZABLE transaction on PostgreSQL,
// for a write that checks many rows before it writes (an import), so that
// two such writes on two servers cannot both pass their checks; on SQLite
// every write is.
func (s *Store) writeSerializable(ctx context.Context, fn func(tx wtx) error) error {
	return s.writeWith(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable}, fn)
}

// writeWith is what write and writeSerializable share.
func (s *Store) writeWith(ctx context.Context, opts *sql.TxOptions, fn func(tx wtx) error) error {
	return s.writing(func() error { return s.d.write(ctx, opts, fn) })
}

// writing runs a write: a failure of the storage (storageFailed) is
// ErrUnwritable, a write out of time ErrUnavailable, and every write's
// outcome is remembered for Writable.
func (s *Store) writing(write func() error) error {
	s.health.writing.Add(1)
	defer s.health.writing.Add(-1)
	err := write()
	switch {
	case err == nil:
		s.health.record(s.now(), nil)
	case s.d.storageFailed(err):
		err = fmt.Errorf("%w: %w", ErrUnwritable, err)
		s.health.record(s.now(), err)
	case errors.Is(err, context.DeadlineExceeded):
		// The write did not end in its time (Timeout): until a write or
		// a probe ends in time, the database is not answering.
		err = fmt.Errorf("%w: %w", ErrUnavailable, err)
		s.health.record(s.now(), err)
	}
	return err
}

// writePrepared is write with the writer's prepared statements.
func (s *Store) writePrepared(ctx context.Context, fn func(tx dbtx) error) error {
	return s.write(ctx, func(tx wtx) error { return fn(prepTx{tx, s.ws}) })
}

const timeLayout = time.RFC3339Nano

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) time.Time {
	t, _ := time.Parse(timeLayout, s)
	return t
}
