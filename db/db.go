// Package db records meldpad's games in SQLite (or PostgreSQL, for
// several servers on one database: postgres.go): leagues with their
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
	"os"
	"runtime"
	"time"

	"github.com/jackc/pgx/v5"
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
	// postgres says the database is PostgreSQL (postgres.go): then w and
	// r are one pool, and writes do not go through commits.
	postgres bool
	w        *sql.DB // one connection: every write, in BEGIN IMMEDIATE
	r        *sql.DB // read-only pool
	ws       *stmts  // the writer's prepared statements
	rs       *stmts  // the readers'
	// commits runs every write, several waiting ones in one commit.
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

// pragmas apply to every pooled connection because they are in the DSN.
func (c openConfig) pragmas() []string {
	return []string{
		"journal_mode(WAL)",
		"synchronous(" + c.sync + ")",
		"busy_timeout(5000)",
		"foreign_keys(1)",
	}
}

func (c openConfig) dsn(path string, reader bool) string {
	q := url.Values{}
	for _, p := range c.pragmas() {
		q.Add("_pragma", p)
	}
	if reader {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Set("_txlock", "immediate")
	}
	if c.readOnly {
		q.Set("mode", "ro")
	}
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

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
	var sole *os.File
	if cfg.sole && !cfg.readOnly {
		var err error
		if sole, err = lockSole(ctx, path, cfg.soleWaiting); err != nil {
			return nil, err
		}
	}
	opened := false
	defer func() {
		if !opened && sole != nil {
			sole.Close() // after the connections below are closed
		}
	}()
	w, err := sql.Open("sqlite", cfg.dsn(path, false))
	if err != nil {
		return nil, fmt.Errorf("db: open %s: %w", path, err)
	}
	// Every write runs on one connection, which the committer holds for
	// good; the pool's second is for Close's last checkpoint, after the
	// committer gives its back, and for tests that look at the file.
	w.SetMaxOpenConns(2)
	w.SetConnMaxIdleTime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("db: open %s: %w", path, err)
	}
	if err := migrate(ctx, w); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", cfg.dsn(path, true))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("db: open %s for reading: %w", path, err)
	}
	readers := max(4, runtime.NumCPU())
	r.SetMaxOpenConns(readers)
	r.SetMaxIdleConns(readers) // keep their prepared statements
	commits, err := newCommitter(ctx, w)
	if err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	s := &Store{w: w, r: r, ws: newStmts(commits.conn, false), rs: newStmts(r, true), commits: commits,
		now: func() time.Time { return time.Now().UTC() }, health: writeHealth{every: probeEvery}, timeout: cfg.timeout}
	if err := s.ws.prepare(ctx, writeQueries...); err != nil {
		s.Close()
		return nil, err
	}
	s.sole, opened = sole, true
	return s, nil
}

// writeQueries are the writer's statements of a save, a correction and a
// deletion, prepared once when the store opens.
var writeQueries = append([]string{headQuery, headTokenQuery, insertHand, recomputeSeats, writeGameQuery,
	rememberQuery, reviseQuery, leagueVersionQuery, leagueVersionOfGameQuery, handQuery, handsQuery}, appendSeats[1:]...)

// insertID runs query, an INSERT of one row, and returns the row's id.
// On SQLite it is the last rowid inserted rather than RETURNING id, which
// SQLite runs through a temporary table of its own: a save's two inserts
// without it cost 7% less (BenchmarkAddHandParallel). PostgreSQL has no
// last rowid, and gets query with RETURNING id.
func (s *Store) insertID(ctx context.Context, tx dbtx, query string, args ...any) (int64, error) {
	if s.postgres {
		var id int64
		err := tx.QueryRowContext(ctx, query+returningID, args...).Scan(&id)
		return id, err
	}
	res, err := tx.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

const returningID = ` RETURNING id`

// reads are the reader pool's statements, prepared on first use.
func (s *Store) reads() prepReads { return prepReads{c: s.rs, watch: s.postgres} }

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
	if s.postgres {
		return errors.Join(s.ws.close(), s.w.Close())
	}
	stmtErr := errors.Join(s.rs.close(), s.ws.close(), s.commits.close())
	_, _ = s.w.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	err := errors.Join(stmtErr, s.r.Close(), s.w.Close())
	if s.sole != nil {
		s.sole.Close() // last: it lets the next server in
	}
	return err
}

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
	return s.writing(func() error {
		if s.postgres {
			return s.pgWrite(ctx, opts, fn)
		}
		return s.commits.do(ctx, fn)
	})
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
	case s.storageFailed(err):
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
