package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
)

// stmts prepares each query once per pool and keeps it: SQLite's parser
// was a third of a save's CPU when every statement was prepared again.
// The queries are the constant strings of this package, so the cache
// holds a few dozen statements at most.
//
// The writer's pool has one connection, which a transaction holds while
// it runs, so preparing there would wait for itself: the writer's
// statements are prepared when the store opens (sqliteWriteQueries), and a
// query not among them runs unprepared. The readers prepare on first use.
type stmts struct {
	db   preparer
	lazy bool
	mu   sync.Mutex
	m    map[string]*sql.Stmt
}

// preparer is where statements are prepared: the reader pool, or the
// writer's one connection (SQLite), or PostgreSQL's pool.
type preparer interface {
	reader
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}

func newStmts(db preparer, lazy bool) *stmts {
	return &stmts{db: db, lazy: lazy, m: map[string]*sql.Stmt{}}
}

// prepare prepares queries ahead of their first use.
func (c *stmts) prepare(ctx context.Context, queries ...string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, q := range queries {
		st, err := c.db.PrepareContext(ctx, q)
		if err != nil {
			return fmt.Errorf("db: prepare %q: %w", q, err)
		}
		c.m[q] = st
	}
	return nil
}

// get returns the statement of query: the one prepared, preparing it now
// on a lazy pool. It reports false when the query is to run unprepared.
func (c *stmts) get(ctx context.Context, query string) (*sql.Stmt, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if st, ok := c.m[query]; ok || !c.lazy {
		return st, ok
	}
	st, err := c.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, false // run unprepared: the query reports the error
	}
	c.m[query] = st
	return st, true
}

func (c *stmts) close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var errs []error
	for q, st := range c.m {
		errs = append(errs, st.Close())
		delete(c.m, q)
	}
	return errors.Join(errs...)
}

// prepTx runs prepared statements in a write: on SQLite the writer's
// statements, prepared on its one connection, as they are; on
// PostgreSQL bound to the write's transaction (database/sql reuses the
// statement already prepared on the transaction's connection).
//
// A hand's write, once begun, runs to its end even if the phone that
// asked has gone: its statements take a few microseconds each, and a
// context that can end costs the SQLite driver a goroutine (and an
// interrupt handler) per statement to watch it, which was 6-8% of a
// save's CPU. The phone that went sends the form again, and its token
// finds what was saved.
type prepTx struct {
	wtx
	c *stmts
}

// stmt is st as the write runs it.
func (t prepTx) stmt(ctx context.Context, st *sql.Stmt) *sql.Stmt {
	if tx, ok := t.wtx.(*sql.Tx); ok {
		return tx.StmtContext(ctx, st)
	}
	return st
}

func (t prepTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	ctx = context.WithoutCancel(ctx)
	if st, ok := t.c.get(ctx, query); ok {
		return t.stmt(ctx, st).ExecContext(ctx, args...)
	}
	return t.wtx.ExecContext(ctx, query, args...)
}

func (t prepTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	ctx = context.WithoutCancel(ctx)
	if st, ok := t.c.get(ctx, query); ok {
		return t.stmt(ctx, st).QueryContext(ctx, args...)
	}
	return t.wtx.QueryContext(ctx, query, args...)
}

func (t prepTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	ctx = context.WithoutCancel(ctx)
	if st, ok := t.c.get(ctx, query); ok {
		return t.stmt(ctx, st).QueryRowContext(ctx, args...)
	}
	return t.wtx.QueryRowContext(ctx, query, args...)
}

// prepReads runs prepared statements on the reader pool. watch says the
// end of a read's context must reach the driver: on PostgreSQL, whose
// server may stop answering (frozen, or cut off) with a read under way,
// which only the context's deadline then ends.
type prepReads struct {
	c     *stmts
	watch bool
}

func (r prepReads) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st, ok := r.c.get(ctx, query); ok {
		return st.QueryContext(ctx, args...)
	}
	return r.c.db.QueryContext(ctx, query, args...)
}

// QueryRowContext reads one row, which on the reader pool is always a
// look-up by key, a few microseconds: as prepTx's statements, it is not
// worth the driver's goroutine to watch for the request to end, and it
// answers a request that ended meanwhile. On PostgreSQL (watch) the
// read's deadline, the store's timeout, still ends it.
func (r prepReads) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	ctx = r.outliving(ctx)
	if st, ok := r.c.get(ctx, query); ok {
		return st.QueryRowContext(ctx, args...)
	}
	return r.c.db.QueryRowContext(ctx, query, args...)
}

// outliving is ctx without its cancellation, so that a read goes on when
// its request ends; with watch, its deadline kept.
func (r prepReads) outliving(ctx context.Context) context.Context {
	d, ok := ctx.Deadline()
	ctx = context.WithoutCancel(ctx)
	if !r.watch || !ok {
		return ctx
	}
	bounded, cancel := context.WithDeadline(ctx, d)
	context.AfterFunc(bounded, cancel) // its timer stops at d
	return bounded
}

// wtx is what a write's statements run on: on SQLite the writer's one
// connection, held by the committer, inside the BEGIN IMMEDIATE of its
// batch (a *sql.Conn); on PostgreSQL the write's transaction (a *sql.Tx).
type wtx interface {
	dbtx
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}
