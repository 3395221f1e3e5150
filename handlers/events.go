package handlers

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// broker tells every phone watching a game that it changed. It lives in
// the one server process; a phone that misses an event (asleep, offline)
// catches up when it reconnects, because it then reloads the scorepad.
type broker struct {
	mu     sync.Mutex
	subs   map[int64]map[chan int]struct{}
	closed bool
	done   chan struct{}
}

func newBroker() *broker {
	return &broker{subs: map[int64]map[chan int]struct{}{}, done: make(chan struct{})}
}

// subscribe returns a channel that receives the game's version after each
// change, and a function to stop.
func (b *broker) subscribe(gameID int64) (chan int, func()) {
	ch := make(chan int, 1)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.subs[gameID] == nil {
		b.subs[gameID] = map[chan int]struct{}{}
	}
	b.subs[gameID][ch] = struct{}{}
	return ch, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		delete(b.subs[gameID], ch)
		if len(b.subs[gameID]) == 0 {
			delete(b.subs, gameID)
		}
	}
}

// publish tells the game's watchers its new version. A watcher that has
// not read the last version yet gets the newer one instead.
func (b *broker) publish(gameID int64, version int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for ch := range b.subs[gameID] {
		select {
		case <-ch:
		default:
		}
		ch <- version
	}
}

// close ends every stream, so a server shutting down does not wait for
// phones that would watch forever.
func (b *broker) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.closed {
		b.closed = true
		close(b.done)
	}
}

// openStream counts a live-update stream of the request's client against
// the stream limits (Limits.MaxStreams, MaxStreamsPerClient). Over them it
// answers at once, 429 when the client holds its share and 503 when the
// server is full, both with Retry-After, and reports false. An
// EventSource does not retry after an answer other than 200, so a refused
// phone does not come back in a loop: its page keeps the Reload link.
func (s *Server) openStream(c echo.Context) (release func(), ok bool) {
	client := clientKey(c.RealIP())
	ok, clientFull := s.limits.streams.take(client)
	if !ok {
		r := refusal{status: statusOf(clientFull), retry: streamRetry, title: "Live updates are full",
			message:    "This scorepad cannot update by itself just now: too many are open. Reload the page to see changes.",
			apiMessage: "too many live-update streams"}
		if clientFull {
			r.message = "This scorepad cannot update by itself: this address has " + itoa(s.limits.MaxStreamsPerClient) +
				" scorepads open already. Close some, or reload the page to see changes."
		}
		_ = r.send(c)
		return nil, false
	}
	return func() { s.limits.streams.give(client) }, true
}

// streamRetry is the Retry-After of a refused stream: a scorepad stays
// open for an evening, so its place frees slowly.
const streamRetry = time.Minute

// heartbeat keeps idle connections (and proxies) from timing out.
const heartbeat = 20 * time.Second

// streamEvents serves text/event-stream for one game: an event "changed"
// with the game's version after every write, and a comment line as a
// heartbeat.
func (s *Server) streamEvents(c echo.Context, gameID int64, version int) error {
	ch, stop := s.events.subscribe(gameID)
	defer stop()
	w := c.Response()
	w.Header().Set(echo.HeaderContentType, "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	send := func(format string, args ...any) error {
		_ = rc.SetWriteDeadline(time.Now().Add(2 * heartbeat))
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return err
		}
		return rc.Flush()
	}
	// The first event says which version the stream starts at, so a page
	// rendered before a change it missed can refresh at once.
	if err := send("retry: 3000\nevent: version\ndata: %s\n\n", strconv.Itoa(version)); err != nil {
		return nil
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case v := <-ch:
			if err := send("event: changed\ndata: %d\n\n", v); err != nil {
				return nil
			}
		case <-tick.C:
			if err := send(": still here\n\n"); err != nil {
				return nil
			}
		case <-c.Request().Context().Done():
			return nil
		case <-s.events.done:
			return nil
		}
	}
}
