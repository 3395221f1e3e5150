package db

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// probeEvery is how often, at most, Writable writes to find out whether
// the database can be written, when nothing else has been written since.
// A probe is one small commit (and, with SyncFull, one fsync), so even a
// health check polled many times a second costs a commit every few
// seconds.
const probeEvery = 5 * time.Second

// writeHealth remembers how the last write went.
type writeHealth struct {
	every   time.Duration // probeEvery; shorter in tests
	writing atomic.Int32  // writes in progress
	probing atomic.Bool

	mu  sync.Mutex
	at  time.Time // when the last write or probe finished; zero before any
	err error     // its ErrUnwritable, or nil when it committed
}

func (h *writeHealth) record(at time.Time, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.at, h.err = at, err
}

func (h *writeHealth) last() (time.Time, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.at, h.err
}

// Writable reports whether the database can be written: nil, or an error
// that is ErrUnwritable. It answers from the outcome of the last write
// when that is recent or when a write is under way (whose outcome will
// tell); otherwise it writes a small probe first, so a disk that filled
// up or a file that became read-only while nothing was saved is found
// within a few seconds. It never waits for a write in progress and makes
// at most one probe at a time.
func (s *Store) Writable(ctx context.Context) error {
	at, err := s.health.last()
	if s.now().Sub(at) < s.health.every || s.health.writing.Load() > 0 || !s.health.probing.CompareAndSwap(false, true) {
		return err
	}
	defer s.health.probing.Store(false)
	probeErr := s.write(ctx, func(tx wtx) error { return s.probe(ctx, tx) })
	if probeErr != nil && !Unavailable(probeErr) {
		// The probe itself failed (the request went away): it says nothing
		// of the disk.
		return err
	}
	return probeErr
}

// probe writes and deletes a row of a few pages (more than the pages a
// failed save may leave free, so a database that refused a save refuses
// the probe too), so that the commit must find room for new pages and
// append them to the log:
// it fails as a save would on a full disk (or a database at its
// max_page_count), a read-only file or an I/O error, and leaves nothing
// behind but free pages, which the next save or probe reuses.
//
// On PostgreSQL a small row is enough: a commit that cannot write its
// log fails whatever its size.
func (s *Store) probe(ctx context.Context, tx wtx) error {
	if s.postgres {
		if _, err := tx.ExecContext(ctx, `INSERT INTO write_probe (pad) VALUES (?)`, []byte("probe")); err != nil {
			return fmt.Errorf("db: write probe: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM write_probe`); err != nil {
			return fmt.Errorf("db: write probe: %w", err)
		}
		return nil
	}
	var pageSize int
	if err := tx.QueryRowContext(ctx, `PRAGMA page_size`).Scan(&pageSize); err != nil {
		return fmt.Errorf("db: write probe: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO write_probe (pad) VALUES (zeroblob(?))`, 4*pageSize); err != nil {
		return fmt.Errorf("db: write probe: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM write_probe`); err != nil {
		return fmt.Errorf("db: write probe: %w", err)
	}
	return nil
}

// storageFailed reports whether err is the database saying it cannot be
// written, rather than refusing what was written (a constraint) or the
// caller going away.
func (s *Store) storageFailed(err error) bool {
	if s.postgres {
		return pgStorageFailed(err)
	}
	return storageFailed(err)
}

// storageFailed is Store.storageFailed on SQLite.

func storageFailed(err error) bool {
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
