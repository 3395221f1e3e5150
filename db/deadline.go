package db

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrUnavailable means the database did not answer in time (Timeout),
// or could not be reached at all (PostgreSQL stopped, the network to it
// cut): nothing was read or written, or, for a write that was under way
// when its time ran out, it may still be committed (a form sent again
// with its token saves once). Callers answer 503 and keep what was
// entered.
var ErrUnavailable = errors.New("db: the database did not answer")

// DefaultTimeout is how long one call of the store may take unless
// Timeout says otherwise: a read, or a write's whole transaction. A save
// takes a few milliseconds, and the busiest league page's reads a few
// hundred.
const DefaultTimeout = 5 * time.Second

// heavyTimes is how many times Timeout a read of a whole league (its
// record, its export) may take: thousands of games.
const heavyTimes = 6

// Timeout bounds each call of the store: past it the call stops, its
// transaction is rolled back, and it fails with ErrUnavailable, so that
// a database that stops answering (a frozen or unreachable PostgreSQL, a
// disk that hangs) holds no request for longer. 0 is DefaultTimeout;
// below 0, no bound (the command line's -export and -import, which take
// what they take). Connecting to PostgreSQL takes at most as long, unless
// its URL's connect_timeout says otherwise.
func Timeout(d time.Duration) Option { return func(c *openConfig) { c.timeout = d } }

// call bounds a call of the store: its context ends after the store's
// timeout (times times), and end, deferred with the call's error, stops
// it and says ErrUnavailable when the time ran out or the database
// could not be reached.
func (s *Store) call(ctx context.Context, times int) (context.Context, func(*error)) {
	if s.timeout <= 0 {
		return ctx, func(*error) {}
	}
	bounded, cancel := context.WithTimeout(ctx, time.Duration(times)*s.timeout)
	return bounded, func(err *error) {
		defer cancel()
		if *err == nil || errors.Is(*err, ErrUnavailable) || errors.Is(*err, ErrUnwritable) {
			return
		}
		timedOut := errors.Is(bounded.Err(), context.DeadlineExceeded) && ctx.Err() == nil
		if timedOut || (ctx.Err() == nil && s.unreachable(*err)) {
			*err = fmt.Errorf("%w (%s): %w", ErrUnavailable, time.Duration(times)*s.timeout, *err)
		}
	}
}

// unreachable reports an error of the way to the database rather than
// of what was asked: on PostgreSQL a connection refused, lost or timed
// out, or a server shutting down; on SQLite a file that cannot be opened
// or read.
func (s *Store) unreachable(err error) bool {
	if errors.Is(err, context.Canceled) {
		return false
	}
	return s.d.storageFailed(err)
}

// Unavailable reports whether err says the database could not be
// reached or written (ErrUnavailable, ErrUnwritable): nothing is wrong
// with the request, and it may be sent again.
func Unavailable(err error) bool {
	return errors.Is(err, ErrUnavailable) || errors.Is(err, ErrUnwritable)
}
