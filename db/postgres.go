package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// PostgreSQL is meldpad's second database, for several meldpad servers
// on one database. The store is the same: the same methods, the same
// statements but for those PostgreSQL spells its own way
// (postgresStatements), and the same *sql.DB, through pgx's database/sql
// driver. What differs:
//
//   - Writes run each in a transaction of their own on a pool of
//     connections, not through the group committer: the committer exists
//     to share SQLite's fsyncs among waiting writes on its one writer;
//     PostgreSQL flushes concurrent commits together by itself, and
//     batching unrelated writes in one transaction would only make them
//     hold each other's row locks.
//   - Many writers: SQLite's one writer made a read-then-write safe; on
//     PostgreSQL the writes that read before they write lock what they
//     read (lockGame, lockToken, the FOR UPDATE of postgresStatements),
//     and a write that still fails with a serialization failure or a
//     deadlock runs again (retryable).
//   - Reads that must be one moment (an export, a league's record) run in
//     a REPEATABLE READ transaction.
//   - A save is one call of the migrations' add_hand (hands_postgres.go).

// IsPostgres reports whether a database setting names a PostgreSQL
// database (postgres:// or postgresql://) rather than a SQLite file.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

//go:embed migrations_postgres/*.sql
var migrationsPostgres embed.FS

// pgPoolSize bounds each server's connections to the database:
// PostgreSQL's max_connections (100 by default) is shared by every
// server, and a few connections keep two cores busy.
const pgPoolSize = 16

func openPostgres(ctx context.Context, dsn string, cfg openConfig) (*Store, error) {
	conf, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("db: postgres: %w", err)
	}
	if cfg.readOnly {
		conf.RuntimeParams["default_transaction_read_only"] = "on"
	}
	if conf.ConnectTimeout == 0 && cfg.timeout > 0 {
		// A server that does not answer holds no request longer than a
		// call may take (Timeout).
		conf.ConnectTimeout = cfg.timeout
	}
	if err := migratePostgres(ctx, conf); err != nil {
		return nil, err
	}
	conf.Tracer = cfg.tracer
	pool := sql.OpenDB(stdlib.GetConnector(*conf))
	pool.SetMaxOpenConns(pgPoolSize)
	pool.SetMaxIdleConns(pgPoolSize)
	pool.SetConnMaxIdleTime(5 * time.Minute)
	if err := pool.PingContext(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("db: postgres: %w", err)
	}
	// pgx prepares and caches every statement on each connection by
	// itself, so the store's own statement caches stay empty.
	st := newStmts(pool, false)
	return &Store{d: &postgresDialect{pool: pool, st: st}, q: &postgresStatements, watchReads: true,
		w: pool, r: pool, ws: st, rs: st, timeout: cfg.timeout,
		now: func() time.Time { return time.Now().UTC() }, health: writeHealth{every: probeEvery}}, nil
}

// migratePostgres applies the PostgreSQL migrations, on a connection of
// their own. Servers starting
// together take turns: goose holds an advisory lock while it migrates.
func migratePostgres(ctx context.Context, conf *pgx.ConnConfig) error {
	if conf.RuntimeParams["default_transaction_read_only"] == "on" {
		return nil
	}
	raw := stdlib.OpenDB(*conf)
	defer raw.Close()
	sub, err := fs.Sub(migrationsPostgres, "migrations_postgres")
	if err != nil {
		return fmt.Errorf("db: migrations: %w", err)
	}
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return fmt.Errorf("db: migrations: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectPostgres, raw, sub, goose.WithSessionLocker(locker))
	if err != nil {
		return fmt.Errorf("db: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("db: migrate: %w", err)
	}
	return nil
}

// postgresStatements are PostgreSQL's spellings of the statements the
// databases spell differently (statements): its JSON functions, the
// schema's nocase(), which folds A-Z as SQLite's NOCASE does (and which
// the unique index on nocase(name) finds), and the locks a read takes
// before a write that depends on it.
var postgresStatements = statements{
	game: `SELECT ` + gameColumns + `, (SELECT coalesce(json_agg(json_build_object('seat', s.seat, 'player', coalesce(s.player_id, 0),
		'name', coalesce(s.name, p.name), 'total', s.total, 'final', coalesce(s.final, 0), 'place', coalesce(s.place, 0)) ORDER BY s.seat), '[]')::text
		FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = g.id)
	FROM games g WHERE g.public_id = $1`,
	table: `SELECT rules, house_rules, settings, first_dealer, (SELECT coalesce(json_agg(coalesce(s.name, p.name) ORDER BY s.seat), '[]')::text
		FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = games.id) FROM games WHERE id = $1`,
	hands: `SELECT ` + handColumns + ` FROM hands WHERE game_id = $1 AND deleted_at IS NULL ORDER BY seq`,
	recomputeSeats: `UPDATE seats SET total = j.total, final = j.final, place = j.place,
		best_points = j.best_points, best_hand = j.best_hand, worst_points = j.worst_points, worst_hand = j.worst_hand
		FROM (SELECT (e->>'seat')::int AS seat, (e->>'total')::int AS total, (e->>'final')::int AS final, (e->>'place')::int AS place,
			(e->'best'->>'Points')::int AS best_points, (e->'best'->>'Hand')::int AS best_hand,
			(e->'worst'->>'Points')::int AS worst_points, (e->'worst'->>'Hand')::int AS worst_hand
			FROM json_array_elements(CAST($1 AS json)) AS e) AS j
		WHERE seats.game_id = $2 AND seats.seat = j.seat`,
	insertRevision:    `INSERT INTO revisions (hand_id, action, author, at, before, after) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
	leaguePlayer:      `SELECT name FROM players WHERE id = $1 AND league_id = $2 FOR UPDATE`,
	playerByName:      `SELECT id FROM players WHERE league_id = $1 AND nocase(name) = nocase($2)`,
	otherPlayerByName: `SELECT id FROM players WHERE league_id = $1 AND nocase(name) = nocase($2) AND id <> $3`,
	members: `SELECT p.id, p.name FROM league_members m JOIN players p ON p.id = m.player_id
		WHERE m.league_id = $1 ORDER BY nocase(p.name) COLLATE "C", p.id`,
	eventVersion: `SELECT version FROM events WHERE id = $1 AND league_id = $2 FOR UPDATE`,
}

// postgresDialect is the store on a PostgreSQL database: one pool of
// connections for reads and writes.
type postgresDialect struct {
	pool *sql.DB
	st   *stmts
}

// writeAttempts is how many times a write runs when PostgreSQL ends it
// with a serialization failure or a deadlock.
const writeAttempts = 8

// write runs fn in a transaction of its own, again when PostgreSQL
// ends it with a serialization failure or a deadlock (fn runs from the
// start each time: the writes are written to be run again, as the group
// committer does when a batch fails).
func (d *postgresDialect) write(ctx context.Context, opts *sql.TxOptions, fn func(tx wtx) error) error {
	for attempt := 1; ; attempt++ {
		err := d.tx(ctx, opts, fn)
		if err == nil || attempt == writeAttempts || !retryable(err) {
			return err
		}
		wait := time.Duration(rand.IntN(1<<attempt)+1) * time.Millisecond
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return err
		}
	}
}

func (d *postgresDialect) tx(ctx context.Context, opts *sql.TxOptions, fn func(tx wtx) error) error {
	tx, err := d.pool.BeginTx(ctx, opts)
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

// retryable reports a transaction PostgreSQL ended so that another may
// go on: a serialization failure or a deadlock. Run again, it succeeds or
// fails for a reason of its own (a stale version, a name taken).
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

// uniqueViolation reports PostgreSQL refusing a row that a unique index
// already holds, written meanwhile by another transaction.
func (d *postgresDialect) uniqueViolation(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// storageFailed reports PostgreSQL or the way to it failing, rather
// than refusing what was written: out of disk or memory (class 53), a
// system or internal error (58, XX), a read-only database or a server
// shutting down, or the connection lost.
func (d *postgresDialect) storageFailed(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case strings.HasPrefix(pe.Code, "53"), strings.HasPrefix(pe.Code, "58"), strings.HasPrefix(pe.Code, "XX"),
			strings.HasPrefix(pe.Code, "08"), strings.HasPrefix(pe.Code, "57P"), pe.Code == "25006":
			return true
		}
		return false
	}
	var ne net.Error
	var ce *pgconn.ConnectError
	// A connection found closed, or one that could not take the query
	// (SafeToRetry: nothing was sent), says the way to the server failed.
	// A connection cut in the middle of an answer ends it unexpectedly.
	return errors.Is(err, driver.ErrBadConn) || errors.As(err, &ne) || errors.As(err, &ce) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, pgconn.ErrConnClosed) || pgconn.SafeToRetry(err) || pgconn.Timeout(err)
}

// lockGame locks the game's row: the token check, the version check and
// max(seq) + 1 then read what the previous write committed, so a double
// tap sent to two servers saves once, a stale phone is told, and hands
// are numbered without a gap or a repeat. No game is no lock: the
// write's own read says ErrNotFound.
func (d *postgresDialect) lockGame(ctx context.Context, tx dbtx, gameID int64) error {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM games WHERE id = $1 FOR NO KEY UPDATE`, gameID).Scan(&id)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("db: lock game %d: %w", gameID, err)
	}
	return nil
}

// lockToken takes an advisory lock on the token, for the writes whose
// token check and insert are in different tables (a new game, a new
// league): the second finds what the first made.
func (d *postgresDialect) lockToken(ctx context.Context, tx wtx, token string) error {
	if token == "" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, token); err != nil {
		return fmt.Errorf("db: lock form token: %w", err)
	}
	return nil
}

func (d *postgresDialect) readOnce() *sql.TxOptions {
	return &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead}
}

// insertID reads the id the statement returns (RETURNING id).
func (d *postgresDialect) insertID(ctx context.Context, tx dbtx, query string, args ...any) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, query, args...).Scan(&id)
	return id, err
}

// probe writes a small row: a commit that cannot write its log fails
// whatever its size.
func (d *postgresDialect) probe(ctx context.Context, tx wtx) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO write_probe (pad) VALUES ($1)`, []byte("probe")); err != nil {
		return fmt.Errorf("db: write probe: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM write_probe`); err != nil {
		return fmt.Errorf("db: write probe: %w", err)
	}
	return nil
}

func (d *postgresDialect) close() error { return errors.Join(d.st.close(), d.pool.Close()) }
