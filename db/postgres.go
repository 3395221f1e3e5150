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
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// PostgreSQL is meldpad's second backend, for several meldpad servers on
// one database. The store is the same: the same methods, the same SQL
// but for the few statements SQLite spells its own way (pgVariants), and
// the same *sql.DB, through pgx's database/sql driver. What differs:
//
//   - Placeholders: the package writes SQLite's ? and ?N; pgConn rewrites
//     them to $N, so the queries are written once.
//   - Writes run each in a transaction of their own on a pool of
//     connections, not through the group committer: the committer exists
//     to share SQLite's fsyncs among waiting writes on its one writer;
//     PostgreSQL flushes concurrent commits together by itself, and
//     batching unrelated writes in one transaction would only make them
//     hold each other's row locks.
//   - Many writers: SQLite's one writer made a read-then-write safe; on
//     PostgreSQL the writes that read before they write lock what they
//     read (lockGame, lockToken, pgVariants' FOR UPDATE), and a write
//     that still fails with a serialization failure or a deadlock runs
//     again (retryable).
//   - Reads that must be one moment (an export, a league's record) run in
//     a REPEATABLE READ transaction.

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
	pool := sql.OpenDB(pgConnector{stdlib.GetConnector(*conf)})
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
	return &Store{postgres: true, w: pool, r: pool, ws: st, rs: st, timeout: cfg.timeout,
		now: func() time.Time { return time.Now().UTC() }, health: writeHealth{every: probeEvery}}, nil
}

// migratePostgres applies the PostgreSQL migrations, on a connection of
// their own (their SQL is PostgreSQL's, not rewritten). Servers starting
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

// pgWrite runs fn in a transaction of its own, again when PostgreSQL
// ends it with a serialization failure or a deadlock (fn runs from the
// start each time: the writes are written to be run again, as the group
// committer does when a batch fails).
func (s *Store) pgWrite(ctx context.Context, opts *sql.TxOptions, fn func(tx wtx) error) error {
	const attempts = 8
	for attempt := 1; ; attempt++ {
		err := s.pgTx(ctx, opts, fn)
		if err == nil || attempt == attempts || !retryable(err) {
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

func (s *Store) pgTx(ctx context.Context, opts *sql.TxOptions, fn func(tx wtx) error) error {
	tx, err := s.w.BeginTx(ctx, opts)
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
func uniqueViolation(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// pgStorageFailed reports PostgreSQL or the way to it failing, rather
// than refusing what was written: out of disk or memory (class 53), a
// system or internal error (58, XX), a read-only database or a server
// shutting down, or the connection lost.
func pgStorageFailed(err error) bool {
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

// lockGame makes the game's writes take turns, in the transaction of a
// write to its hands, before anything of it is read: the token check, the
// version check and max(seq) + 1 then read what the previous write
// committed, so a double tap sent to two servers saves once, a stale
// phone is told, and hands are numbered without a gap or a repeat. On
// SQLite the one writer does this already.
func (s *Store) lockGame(ctx context.Context, tx dbtx, gameID int64) error {
	return s.lockGameWhere(ctx, tx, "id", gameID)
}

// lockGameWhere locks the game whose column (id or public_id) is key.
func (s *Store) lockGameWhere(ctx context.Context, tx dbtx, column string, key any) error {
	if !s.postgres {
		return nil
	}
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM games WHERE `+column+` = ? FOR NO KEY UPDATE`, key).Scan(&id)
	if err != nil && !errors.Is(err, sql.ErrNoRows) { // no game: the write's own read says ErrNotFound
		return fmt.Errorf("db: lock game %v: %w", key, err)
	}
	return nil
}

// lockToken makes the writes of one form token take turns, for the
// writes whose token check and insert are in different tables (a new
// game, a new league): the second finds what the first made.
func (s *Store) lockToken(ctx context.Context, tx wtx, token string) error {
	if !s.postgres || token == "" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended(?, 0))`, token); err != nil {
		return fmt.Errorf("db: lock form token: %w", err)
	}
	return nil
}

// readOptions are the options of a read that must see one moment.
func (s *Store) readOptions() *sql.TxOptions {
	if s.postgres {
		return &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead}
	}
	return &sql.TxOptions{ReadOnly: true}
}

// pgVariants are PostgreSQL's spellings of the statements SQLite spells
// its own way, keyed by SQLite's: JSON functions, and the locks a read
// takes before a write that depends on it. pgConn swaps them in, so the
// code names one statement. Each SQLite statement here says so.
var pgVariants = map[string]string{
	tableQuery: `SELECT rules, house_rules, settings, first_dealer, (SELECT coalesce(json_agg(coalesce(s.name, p.name) ORDER BY s.seat), '[]')::text
		FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = games.id) FROM games WHERE id = ?`,
	gameQuery: `SELECT ` + gameColumns + `, (SELECT coalesce(json_agg(json_build_object('seat', s.seat, 'player', coalesce(s.player_id, 0),
		'name', coalesce(s.name, p.name), 'total', s.total, 'final', coalesce(s.final, 0), 'place', coalesce(s.place, 0)) ORDER BY s.seat), '[]')::text
		FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = g.id)
	FROM games g WHERE g.public_id = ?`,
	recomputeSeats: `UPDATE seats SET total = j.total, final = j.final, place = j.place,
		best_points = j.best_points, best_hand = j.best_hand, worst_points = j.worst_points, worst_hand = j.worst_hand
		FROM (SELECT (e->>'seat')::int AS seat, (e->>'total')::int AS total, (e->>'final')::int AS final, (e->>'place')::int AS place,
			(e->'best'->>'Points')::int AS best_points, (e->'best'->>'Hand')::int AS best_hand,
			(e->'worst'->>'Points')::int AS worst_points, (e->'worst'->>'Hand')::int AS worst_hand
			FROM json_array_elements(CAST(? AS json)) AS e) AS j
		WHERE seats.game_id = ? AND seats.seat = j.seat`,
	// A merge or a rename locks the players it reads: a game started
	// meanwhile that seats one of them waits, or is waited for.
	leaguePlayerQuery: leaguePlayerQuery + ` FOR UPDATE`,
}

// pgSQL is query as PostgreSQL reads it: its variant, if it has one, with
// "= ?" for SQLite's keyByValue and $N for the placeholders. Queries are
// the package's constants (and a few made of them), so the answers are
// kept.
func pgSQL(query string) string {
	if q, ok := pgQueries.Load(query); ok {
		return q.(string)
	}
	q := query
	if v, ok := pgVariants[query]; ok {
		q = v
	}
	q = rebind(nocase(strings.ReplaceAll(q, keyByValue, "= ?")))
	pgQueries.Store(query, q)
	return q
}

var pgQueries sync.Map // SQLite's query -> PostgreSQL's

// nocase spells SQLite's case-blind comparison and order of names with
// the schema's nocase(), which folds A-Z as SQLite's NOCASE does: "x = ?
// COLLATE NOCASE" (the operand's collation is the comparison's) becomes
// "nocase(x) = nocase(?)", which the unique index on nocase(name) finds,
// and "ORDER BY x COLLATE NOCASE" orders by nocase(x) byte by byte.
func nocase(query string) string {
	if !strings.Contains(query, "COLLATE NOCASE") {
		return query
	}
	query = nocaseEquals.ReplaceAllString(query, "nocase($1) = nocase(?)")
	return nocaseOrder.ReplaceAllString(query, `nocase($1) COLLATE "C"`)
}

var (
	nocaseEquals = regexp.MustCompile(`([\w.]+) = \? COLLATE NOCASE`)
	nocaseOrder  = regexp.MustCompile(`([\w.]+) COLLATE NOCASE`)
)

// rebind turns SQLite's placeholders into PostgreSQL's: ?N into $N, and
// each bare ? into the next $N. Quoted text and names are left alone.
func rebind(query string) string {
	if !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	var quote byte
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			b.WriteByte('$')
			if i+1 < len(query) && query[i+1] >= '0' && query[i+1] <= '9' {
				continue // ?N: its digits follow
			}
			n++
			b.WriteString(fmt.Sprint(n))
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// pgConnector hands out pgx's connections with their SQL rewritten by
// pgSQL.
type pgConnector struct{ driver.Connector }

func (c pgConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return pgConn{conn.(*stdlib.Conn)}, nil
}

// pgConn is pgx's connection reading the package's SQL: its transactions,
// pings and argument checks are pgx's own.
type pgConn struct{ *stdlib.Conn }

func (c pgConn) Prepare(query string) (driver.Stmt, error) { return c.Conn.Prepare(pgSQL(query)) }

func (c pgConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.Conn.PrepareContext(ctx, pgSQL(query))
}

func (c pgConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	return c.Conn.ExecContext(ctx, pgSQL(query), args)
}

func (c pgConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	return c.Conn.QueryContext(ctx, pgSQL(query), args)
}
