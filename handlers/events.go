package handlers

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/handlers/live"
	"meldpad/rules/msg"
)

// Broker tells every phone watching a game that it changed. The default
// is a live.Hub, in the one server process that every save passes
// through (SQLite); on PostgreSQL a live.Postgres carries the word to
// every server of the database. A phone that misses an event (asleep,
// offline) catches up when it reconnects, because it then reloads the
// scorepad.
type Broker interface {
	// Publish announces a game's new version, after the save committed.
	Publish(ctx context.Context, gameID int64, version int) error
	// Subscribe watches a game from version since: the channel receives
	// each newer version once (the newest, when several came before it was
	// read) and is closed by CloseSubscriptions. current reads the game's
	// version again, for a broker that lost words and resyncs.
	Subscribe(gameID int64, since int, current live.CurrentVersion) (changes <-chan int, stop func())
	// CloseSubscriptions ends every stream, so that a server shutting
	// down does not wait for phones that would watch forever.
	CloseSubscriptions()
}

// openStream counts a live-update stream of the request's client against
// the stream limits (Limits.MaxStreams, MaxStreamsPerClient). Over them it
// answers at once, 429 when the client holds its share and 503 when the
// server is full, both with Retry-After, and reports false. An
// EventSource does not retry after an answer other than 200, so a refused
// phone does not come back in a loop: its page keeps the Reload link.
func (s *Server) openStream(c *echo.Context) (release func(), ok bool) {
	client := clientKey(c.RealIP())
	ok, clientFull := s.limits.streams.take(client)
	if !ok {
		r := refusal{status: statusOf(clientFull), retry: streamRetry, title: msg.New("limits.streams_full"),
			message:    msg.New("limits.streams_full_text"),
			apiMessage: "too many live-update streams", limit: LimitMaxStreams}
		if clientFull {
			r.limit = LimitMaxStreamsPerClient
			r.message = msg.New("limits.streams_client_text", msg.N("Count", s.limits.MaxStreamsPerClient))
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

// startEventStream answers c with a text/event-stream and returns how to
// send it more: each write within a deadline of two heartbeats, flushed
// at once.
func startEventStream(c *echo.Context) (send func(event []byte) error) {
	w := c.Response()
	w.Header().Set(echo.HeaderContentType, "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	return func(event []byte) error {
		_ = rc.SetWriteDeadline(time.Now().Add(2 * heartbeat))
		if _, err := w.Write(event); err != nil {
			return err
		}
		return rc.Flush()
	}
}

// streamEvents serves text/event-stream for one game: after every write
// an event "scorepad" that brings the new scorepad (part renders it,
// once for every stream of the game: padParts), then an event "changed"
// with the game's version, and a comment line as a heartbeat. A phone
// swaps in the part it was brought; one that was not (the render failed)
// fetches the page on "changed", as before. current reads the game's
// version from the store.
func (s *Server) streamEvents(c *echo.Context, gameID int64, version int, current live.CurrentVersion,
	part func(version int) ([]byte, error)) error {
	ch, stop := s.events.Subscribe(gameID, version, current)
	defer stop()
	write := startEventStream(c)
	send := func(format string, args ...any) error { return write(fmt.Appendf(nil, format, args...)) }
	// The first event says which version the stream starts at, so a page
	// rendered before a change it missed can refresh at once.
	if err := send("retry: 3000\nevent: version\ndata: %s\n\n", strconv.Itoa(version)); err != nil {
		return nil
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case v, open := <-ch:
			if !open {
				return nil
			}
			if event, err := part(v); err == nil { // else the phone fetches the page on "changed" (padParts logs why)
				if err := send("%s", event); err != nil {
					return nil
				}
			}
			if err := send("event: changed\ndata: %d\n\n", v); err != nil {
				return nil
			}
		case <-tick.C:
			if err := send(": still here\n\n"); err != nil {
				return nil
			}
		case <-c.Request().Context().Done():
			return nil
		}
	}
}
