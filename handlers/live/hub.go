// Package live carries word that a game changed to the open scorepads
// watching it: within one server (Hub), or across every server on one
// PostgreSQL database (Postgres, by LISTEN and NOTIFY).
//
// A word is a game's id and its new version. Versions only grow, so a
// subscriber is sent a version only when it is newer than the last it was
// sent: a version that reaches a server twice (its own save, then the same
// save echoed by the database) is delivered once, and a subscriber that
// has not read its last version yet gets the newer one in its place.
package live

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// CurrentVersion reads a game's version from the store. A subscriber
// gives one, so that after words may have been lost (a broker's
// connection to the database dropped) it can be told where its game is
// now.
type CurrentVersion func(ctx context.Context) (int, error)

// Hub hands each game's new versions to that game's subscribers in this
// process. On its own it is the broker of a single server (SQLite), where
// every save passes through the one process; Postgres uses one to fan
// out what the database tells it.
type Hub struct {
	mu     sync.Mutex
	games  map[int64]map[*subscription]struct{}
	closed bool
}

// subscription is one watcher of one game: its channel holds at most the
// newest version it has not read yet.
type subscription struct {
	ch      chan int
	last    int // the newest version sent, or the one the watcher started at
	current CurrentVersion
}

// NewHub returns an empty hub.
func NewHub() *Hub {
	return &Hub{games: map[int64]map[*subscription]struct{}{}}
}

// Subscribe watches a game whose version the caller last saw as since.
// The channel receives each newer version (only the newest, when several
// came before it was read) and is closed by CloseSubscriptions; stop ends
// the subscription. current is asked for the game's version on a resync;
// it may be nil where no resync happens.
func (h *Hub) Subscribe(gameID int64, since int, current CurrentVersion) (<-chan int, func()) {
	sub := &subscription{ch: make(chan int, 1), last: since, current: current}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		close(sub.ch)
		return sub.ch, func() {}
	}
	if h.games[gameID] == nil {
		h.games[gameID] = map[*subscription]struct{}{}
	}
	h.games[gameID][sub] = struct{}{}
	return sub.ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.games[gameID], sub)
		if len(h.games[gameID]) == 0 {
			delete(h.games, gameID)
		}
	}
}

// Publish tells the game's subscribers its new version. In one process
// it cannot fail.
func (h *Hub) Publish(_ context.Context, gameID int64, version int) error {
	h.deliver(gameID, version)
	return nil
}

// deliver sends version to each subscriber of the game that has not been
// sent it or a newer one, replacing a version it has not read yet.
func (h *Hub) deliver(gameID int64, version int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sub := range h.games[gameID] {
		if version <= sub.last {
			continue
		}
		sub.last = version
		select {
		case <-sub.ch:
		default:
		}
		sub.ch <- version
	}
}

// resyncReaders bounds how many games a resync reads at once, so that a
// server holding thousands of scorepads does not open as many queries
// when its connection comes back.
const resyncReaders = 8

// Resync reads the current version of every watched game, once per game
// whatever the number of its watchers, and delivers it as if published.
// It is how subscribers catch up on words that may have been lost.
func (h *Hub) Resync(ctx context.Context) error {
	h.mu.Lock()
	reads := make(map[int64]CurrentVersion, len(h.games))
	for gameID, subs := range h.games {
		for sub := range subs {
			if sub.current != nil {
				reads[gameID] = sub.current
				break
			}
		}
	}
	h.mu.Unlock()

	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
		free = make(chan struct{}, resyncReaders)
	)
	for gameID, current := range reads {
		free <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-free; wg.Done() }()
			version, err := current(ctx)
			if err != nil {
				mu.Lock()
				errs = append(errs, fmt.Errorf("live: resync game %d: %w", gameID, err))
				mu.Unlock()
				return
			}
			h.deliver(gameID, version)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// CloseSubscriptions closes every subscriber's channel, and those of
// later subscriptions at once, so that a server shutting down does not
// wait for phones that would watch forever. Publishing still works.
func (h *Hub) CloseSubscriptions() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	h.closed = true
	for gameID, subs := range h.games {
		for sub := range subs {
			close(sub.ch)
		}
		delete(h.games, gameID)
	}
}
