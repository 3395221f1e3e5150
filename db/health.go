package db

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
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
	probeErr := s.write(ctx, func(tx wtx) error { return s.d.probe(ctx, tx) })
	if probeErr != nil && !Unavailable(probeErr) {
		// The probe itself failed (the request went away): it says nothing
		// of the disk.
		return err
	}
	return probeErr
}
