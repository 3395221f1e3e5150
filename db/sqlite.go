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

	"github.com/pressly/goose/v3"
	"modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
	sqlite3 "modernc.org/sqlite/lib"
)

// SQLite is meldpad's first database, one file for one server. Every
// write runs on one connection, held by the committer (commit.go), which
// commits the writes waiting together in one transaction; reads come
// from a pool of read-only connections. The one writer makes a
// read-then-write safe without locks.

//go:embed migrations/*.sql
var migrations embed.FS

// sqliteStatements are SQLite's spellings of the statements the
// databases spell differently (statements). Those that find a game's
// rows compare the key as "= +$N", not "= $N" (keyByValue).
var sqliteStatements = statements{
	game: `SELECT ` + gameColumns + `, (SELECT json_group_array(json_object('seat', s.seat, 'player', coalesce(s.player_id, 0),
		'name', coalesce(s.name, p.name), 'total', s.total, 'final', coalesce(s.final, 0), 'place', coalesce(s.place, 0)) ORDER BY s.seat)
		FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = g.id)
	FROM games g WHERE g.public_id = $1`,
	table: `SELECT rules, house_rules, settings, first_dealer, (SELECT json_group_array(coalesce(s.name, p.name) ORDER BY s.seat)
		FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = games.id) FROM games WHERE id = $1`,
	hands: `SELECT ` + handColumns + ` FROM hands WHERE game_id = +$1 AND deleted_at IS NULL ORDER BY seq`,
	recomputeSeats: `UPDATE seats SET total = j.total, final = j.final, place = j.place,
		best_points = j.best_points, best_hand = j.best_hand, worst_points = j.worst_points, worst_hand = j.worst_hand
		FROM (SELECT json_extract(value, '$.seat') AS seat, json_extract(value, '$.total') AS total,
			json_extract(value, '$.final') AS final, json_extract(value, '$.place') AS place,
			json_extract(value, '$.best.Points') AS best_points, json_extract(value, '$.best.Hand') AS best_hand,
			json_extract(value, '$.worst.Points') AS worst_points, json_extract(value, '$.worst.Hand') AS worst_hand
			FROM json_each($1)) AS j
		WHERE seats.game_id = +$2 AND seats.seat = j.seat`,
	// Without RETURNING id, which SQLite runs through a temporary table
	// of its own: insertID reads the last rowid instead, and a save's two
	// inserts cost 7% less (BenchmarkAddHandParallel).
	insertRevision:    `INSERT INTO revisions (hand_id, action, author, at, before, after) VALUES ($1, $2, $3, $4, $5, $6)`,
	leaguePlayer:      `SELECT name FROM players WHERE id = $1 AND league_id = $2`,
	playerByName:      `SELECT id FROM players WHERE league_id = $1 AND name = $2 COLLATE NOCASE`,
	otherPlayerByName: `SELECT id FROM players WHERE league_id = $1 AND name = $2 COLLATE NOCASE AND id <> $3`,
	members: `SELECT p.id, p.name FROM league_members m JOIN players p ON p.id = m.player_id
		WHERE m.league_id = $1 ORDER BY p.name COLLATE NOCASE, p.id`,
	eventVersion: `SELECT version FROM events WHERE id = $1 AND league_id = $2`,
}

// keyByValue is how SQLite's statements spell a key compared to a
// parameter when the statement runs for one game after another: "=
// +$N", not "= $N". SQLite plans some statements by the value bound to a
// bare parameter compared to an indexed column (a game's seats, its
// hands in order) and then prepares the statement again whenever that
// value changes, which with many games is at every run: adding a hand
// spent a tenth of its writer's time in the parser. The unary plus makes
// the parameter an expression the plan does not look into; the plan is
// the same, by the same index (TestKeyByValue).
const keyByValue = "= +$"

// sqliteDialect is the store on a SQLite file.
type sqliteDialect struct {
	w, r    *sql.DB // the writer's pool (one connection, the committer's) and the readers'
	ws, rs  *stmts
	commits *committer
	sole    *os.File // holds SoleServer's lock; nil without it
}

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

// openSQLite opens (creating if needed) the SQLite file at path and
// applies its migrations.
func openSQLite(ctx context.Context, path string, cfg openConfig) (*Store, error) {
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
	if err := migrateSQLite(ctx, w); err != nil {
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
	d := &sqliteDialect{w: w, r: r, ws: newStmts(commits.conn, false), rs: newStmts(r, true), commits: commits}
	s := &Store{d: d, q: &sqliteStatements, w: w, r: r, ws: d.ws, rs: d.rs, commits: commits,
		now: func() time.Time { return time.Now().UTC() }, health: writeHealth{every: probeEvery}, timeout: cfg.timeout}
	if err := s.ws.prepare(ctx, sqliteWriteQueries()...); err != nil {
		s.Close()
		return nil, err
	}
	d.sole, s.sole, opened = sole, sole, true
	return s, nil
}

// sqliteWriteQueries are the writer's statements of a save, a correction
// and a deletion, prepared once when the store opens.
func sqliteWriteQueries() []string {
	return append([]string{headQuery, headTokenQuery, insertHand, sqliteStatements.recomputeSeats, writeGameQuery,
		rememberQuery, sqliteStatements.insertRevision, leagueVersionQuery, leagueVersionOfGameQuery, handQuery,
		sqliteStatements.hands}, appendSeats[1:]...)
}

func migrateSQLite(ctx context.Context, w *sql.DB) error {
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

// write runs fn through the committer: in a savepoint of the next batch
// of writes on the one writer, committed with the writes waiting with it.
func (d *sqliteDialect) write(ctx context.Context, _ *sql.TxOptions, fn func(tx wtx) error) error {
	return d.commits.do(ctx, fn)
}

// lockGame and lockToken do nothing: the one writer runs one write at a
// time.
func (d *sqliteDialect) lockGame(context.Context, dbtx, int64) error  { return nil }
func (d *sqliteDialect) lockToken(context.Context, wtx, string) error { return nil }

func (d *sqliteDialect) readOnce() *sql.TxOptions { return &sql.TxOptions{ReadOnly: true} }

// insertID returns the last rowid inserted.
func (d *sqliteDialect) insertID(ctx context.Context, tx dbtx, query string, args ...any) (int64, error) {
	res, err := tx.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// probe writes and deletes a row of a few pages (more than the pages a
// failed save may leave free, so a database that refused a save refuses
// the probe too), so that the commit must find room for new pages and
// append them to the log: it fails as a save would on a full disk (or a
// database at its max_page_count), a read-only file or an I/O error, and
// leaves nothing behind but free pages, which the next save or probe
// reuses.
func (d *sqliteDialect) probe(ctx context.Context, tx wtx) error {
	var pageSize int
	if err := tx.QueryRowContext(ctx, `PRAGMA page_size`).Scan(&pageSize); err != nil {
		return fmt.Errorf("db: write probe: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO write_probe (pad) VALUES (zeroblob($1))`, 4*pageSize); err != nil {
		return fmt.Errorf("db: write probe: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM write_probe`); err != nil {
		return fmt.Errorf("db: write probe: %w", err)
	}
	return nil
}

// storageFailed reports SQLite's primary result codes of a database that
// cannot be written: full, an I/O error, read-only, not to be opened,
// damaged, not permitted, or locked by another process past the busy
// timeout.
func (d *sqliteDialect) storageFailed(err error) bool {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	switch e.Code() & 0xff { // the primary result code
	case sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN,
		sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_PERM, sqlite3.SQLITE_BUSY:
		return true
	}
	return false
}

// uniqueViolation reports a UNIQUE constraint refusing a row.
func (d *sqliteDialect) uniqueViolation(err error) bool {
	var e *sqlite.Error
	return errors.As(err, &e) && e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE
}

// close waits for nothing: callers stop the server first, so no write is
// in flight. It checkpoints the write-ahead log into the main file.
func (d *sqliteDialect) close() error {
	stmtErr := errors.Join(d.rs.close(), d.ws.close(), d.commits.close())
	_, _ = d.w.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	err := errors.Join(stmtErr, d.r.Close(), d.w.Close())
	if d.sole != nil {
		d.sole.Close() // last: it lets the next server in
	}
	return err
}
