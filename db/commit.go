package db

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// maxBatch bounds how many writes one commit carries.
const maxBatch = 64

// committer runs the writes on the one writer connection and commits the
// writes waiting together in one transaction: with synchronous=FULL a
// commit costs an fsync, the disk's limit on commits a second, and writes
// that arrive while one commits share the next; those that arrive while
// a batch's writes still run join it before its commit. Each write runs
// inside a savepoint of its own, so one that fails (a stale phone, a
// finished game) is undone alone; each caller is answered only after the
// commit that holds its write, so nothing is acknowledged before it is on
// the disk.
//
// The writer's connection is held for good (conn), and a batch's
// transaction is BEGIN IMMEDIATE and COMMIT on it, not a *sql.Tx:
// database/sql gives every transaction a context it can cancel, and then
// watches every result set read in it with a goroutine and a context of
// its own, and binds every prepared statement to it anew; on the one
// writer, whose time every save waits for, that was a share of each
// statement's cost worth saving (docs/measurements.md).
type committer struct {
	conn *sql.Conn
	tc   txStmts
	mu   sync.Mutex
	jobs []*writeJob
	busy bool // a batch is being written; the jobs wait for the next

	// epoch counts the commits, each counted after it ends and before
	// its writers are answered (stampCache).
	epoch atomic.Uint64

	stats writerCounts
}

// writerCounts count what the writer did since the store opened.
type writerCounts struct {
	commits, writes atomic.Int64
	busy, inCommit  atomic.Int64 // ns
}

// WriterStats says how the one writer has spent its time since the
// store opened: a measure of how well waiting writes share commits and
// how much of the time the writer is the limit (meldpad-load -ratios
// reads it through the server's -pprof listener). PostgreSQL, which has
// no one writer, reports zeros.
type WriterStats struct {
	Commits int64 `json:"commits"` // batches, each one transaction (rolled back when its one write failed)
	Writes  int64 `json:"writes"`  // writes they carried
	// Busy is the time spent writing batches, from the begin to the
	// commit's end; InCommit the part of it in the commits (for SQLite
	// with synchronous=FULL, mostly the wait for fsync).
	Busy     time.Duration `json:"busy_ns"`
	InCommit time.Duration `json:"in_commit_ns"`
}

// WriterStats reports the writer's counts so far.
func (s *Store) WriterStats() WriterStats {
	if s.commits == nil {
		return WriterStats{}
	}
	c := &s.commits.stats
	return WriterStats{Commits: c.commits.Load(), Writes: c.writes.Load(),
		Busy: time.Duration(c.busy.Load()), InCommit: time.Duration(c.inCommit.Load())}
}

type writeJob struct {
	ctx  context.Context
	fn   func(tx wtx) error
	done chan error
}

// do runs fn in a transaction, with others waiting at the same time, and
// returns fn's error or the commit's.
func (c *committer) do(ctx context.Context, fn func(tx wtx) error) error {
	job := &writeJob{ctx: ctx, fn: fn, done: make(chan error, 1)}
	c.mu.Lock()
	c.jobs = append(c.jobs, job)
	lead := !c.busy
	c.busy = true
	c.mu.Unlock()
	if lead {
		// A writer of its own writes the batch this write is in (the
		// first waiting: the queue was empty), then the writes that came
		// meanwhile, batch after batch. The caller waits for its answer,
		// or until its time runs out: a writer stuck on a disk that
		// hangs, or on a lock another process holds, keeps it no longer.
		go c.writeBatch()
	}
	select {
	case err := <-job.done:
		return err
	case <-ctx.Done():
		// The writer is stuck (a disk that hangs) or far behind: the
		// caller is answered now. A job not yet begun is skipped when
		// its turn comes (together); one under way stops at its next
		// statement and is undone, unless it was committing.
		return ctx.Err()
	}
}

// writeBatch writes the waiting jobs, up to maxBatch, in one commit; if
// more are waiting then, it goes on with them in another goroutine.
func (c *committer) writeBatch() {
	c.mu.Lock()
	n := min(len(c.jobs), maxBatch)
	if n == 0 {
		c.busy = false
		c.mu.Unlock()
		return
	}
	batch := c.jobs[:n:n]
	c.jobs = append([]*writeJob(nil), c.jobs[n:]...)
	c.mu.Unlock()
	start := time.Now()
	c.together(batch, func(ran int) { // with the writes that joined it
		c.stats.busy.Add(int64(time.Since(start)))
		c.stats.commits.Add(1)
		c.stats.writes.Add(int64(ran))
	})
	c.mu.Lock()
	more := len(c.jobs) > 0
	if !more {
		c.busy = false
	}
	c.mu.Unlock()
	if more {
		go c.writeBatch()
	}
}

// txStmts are the statements of a batch's transaction and savepoints,
// prepared once on the writer's connection.
type txStmts struct {
	begin, commit, rollback, savepoint, release, undo *sql.Stmt
}

// newCommitter takes the writer's one connection from w for good and
// prepares on it what a batch runs.
func newCommitter(ctx context.Context, w *sql.DB) (*committer, error) {
	conn, err := w.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("db: writer connection: %w", err)
	}
	c := &committer{conn: conn}
	for _, p := range []struct {
		st **sql.Stmt
		q  string
	}{
		{&c.tc.begin, "BEGIN IMMEDIATE"}, {&c.tc.commit, "COMMIT"}, {&c.tc.rollback, "ROLLBACK"},
		{&c.tc.savepoint, "SAVEPOINT write"}, {&c.tc.release, "RELEASE write"}, {&c.tc.undo, "ROLLBACK TO write"},
	} {
		if *p.st, err = conn.PrepareContext(ctx, p.q); err != nil {
			c.close()
			return nil, fmt.Errorf("db: prepare %q: %w", p.q, err)
		}
	}
	return c, nil
}

// close gives the writer's connection back to its pool, for Close.
func (c *committer) close() error {
	for _, st := range []*sql.Stmt{c.tc.begin, c.tc.commit, c.tc.rollback, c.tc.savepoint, c.tc.release, c.tc.undo} {
		if st != nil {
			st.Close()
		}
	}
	return c.conn.Close()
}

// exec runs one of c.tc's statements; a batch's own statements are not
// for any request to end.
func exec(st *sql.Stmt) error {
	_, err := st.ExecContext(context.Background())
	return err
}

// begin begins a batch's transaction.
func (c *committer) begin() error {
	if err := exec(c.tc.begin); err != nil {
		return fmt.Errorf("db: begin: %w", err)
	}
	return nil
}

// rollback ends a batch's transaction undone. SQLite may have rolled it
// back already (after some errors), so its own error says nothing.
func (c *committer) rollback() {
	_ = exec(c.tc.rollback)
}

// run runs one job's fn on the writer's connection.
func (c *committer) run(job *writeJob) error {
	return job.fn(c.conn)
}

// alone runs one job in its own transaction. Its context ends the job's
// own statements, not the transaction around them, and a job whose
// context ends fails, which rolls it back.
func (c *committer) alone(job *writeJob) error {
	if err := job.ctx.Err(); err != nil {
		return err
	}
	if err := c.begin(); err != nil {
		return err
	}
	if err := c.run(job); err != nil {
		c.rollback()
		return err
	}
	if err := c.commit(); err != nil {
		return fmt.Errorf("db: commit: %w", err)
	}
	return nil
}

// together runs a batch in one transaction, each job in a savepoint,
// and commits once. Jobs that arrive while it runs join it, up to
// maxBatch: phones answered together come back together, and would
// otherwise find the writer busy with a commit of the one write that came
// between (docs/measurements.md). It tells count how many jobs it ran before it answers
// them, so that a caller answered finds its write counted (WriterStats).
// Should a savepoint fail to roll back (the storage failed), the
// transaction is abandoned and the jobs not yet answered run alone.
func (c *committer) together(batch []*writeJob, count func(ran int)) {
	if err := c.begin(); err != nil {
		count(len(batch))
		for _, job := range batch {
			job.done <- err
		}
		return
	}
	results := make([]error, len(batch), maxBatch)
	join := func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		k := min(len(c.jobs), maxBatch-len(batch))
		if k <= 0 {
			return false
		}
		batch = append(batch, c.jobs[:k]...)
		results = append(results, make([]error, k)...)
		c.jobs = append([]*writeJob(nil), c.jobs[k:]...)
		return true
	}
	for i := 0; i < len(batch) || join(); i++ {
		job := batch[i]
		if err := job.ctx.Err(); err != nil {
			results[i] = err
			continue
		}
		if err := exec(c.tc.savepoint); err != nil {
			results[i] = err
			continue
		}
		results[i] = c.run(job)
		var err error
		if results[i] == nil {
			err = exec(c.tc.release)
		} else {
			err = exec(c.tc.undo)
			if err == nil {
				err = exec(c.tc.release)
			}
		}
		if err != nil {
			c.rollback()
			for j := range i {
				if results[j] == nil {
					results[j] = c.alone(batch[j]) // undone with the transaction: written again
				}
			}
			for j := i; j < len(batch); j++ {
				results[j] = c.alone(batch[j])
			}
			c.answer(batch, results, count)
			return
		}
	}
	if err := c.commit(); err != nil {
		for i := range results {
			if results[i] == nil {
				results[i] = fmt.Errorf("db: commit: %w", err)
			}
		}
	}
	c.answer(batch, results, count)
}

// answer counts a batch's jobs, then gives each its result.
func (c *committer) answer(batch []*writeJob, results []error, count func(ran int)) {
	count(len(batch))
	for i, job := range batch {
		job.done <- results[i]
	}
}

// commit commits the batch's transaction and counts the time it took; a
// commit that fails leaves nothing of the transaction behind.
func (c *committer) commit() error {
	start := time.Now()
	err := exec(c.tc.commit)
	c.stats.inCommit.Add(int64(time.Since(start)))
	if err != nil {
		c.rollback()
	}
	c.epoch.Add(1) // failed too: what it left is for SQLite to say
	return err
}
