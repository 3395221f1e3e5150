package handlers

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// A request body must keep arriving: Limits.BodyTimeout to begin with,
// then one more second for every Limits.MinBodyRate bytes received, as
// Apache's mod_reqtimeout has it, and never longer than bodyCeiling (the
// import's upload: importUpload). A client that sends slower is cut off
// and its connection closed, rather than holding it for as long as it
// likes one byte at a time; a phone on a poor network sends a form of a
// few kilobytes in well under a second.
//
// The headers have Limits.HeaderTimeout in all (http.Server's
// ReadHeaderTimeout). While a body is read, its connection says how far
// behind the minimum rate it is, so that the listener, at its total, can
// close the slowest (clientListener.shed).

// bodyCeiling is the longest a form's body may take, however fast it
// comes: a form is at most MaxBody.
const bodyCeiling = 30 * time.Second

// errSlowBody is a body cut off because it arrived too slowly.
var errSlowBody = errors.New("handlers: the request body arrived too slowly")

// pacedBody is a request body read under a deadline that moves with what
// has arrived.
type pacedBody struct {
	io.ReadCloser
	rc    *http.ResponseController
	conn  *countedConn // the connection it arrives on; nil in tests without LimitListener
	start time.Time
	grace time.Duration
	rate  int // bytes a second

	mu      sync.Mutex
	ceiling time.Time
	n       int64
	done    bool
}

type pacedBodyKey struct{}

// paceBody wraps r's body, if it has one, in a pacedBody and sets its
// first deadline at once, so that a handler that never reads the body
// does not leave it unbounded while net/http reads it out afterwards.
// end, called when the handler returns, ends the body's turn on its
// connection.
func (s *Server) paceBody(w http.ResponseWriter, r *http.Request) (_ *http.Request, end func()) {
	if r.Body == nil || r.Body == http.NoBody || s.limits.MinBodyRate <= 0 {
		return r, func() {}
	}
	now := time.Now()
	b := &pacedBody{ReadCloser: r.Body, rc: http.NewResponseController(w), start: now,
		grace: s.limits.BodyTimeout, rate: s.limits.MinBodyRate, ceiling: now.Add(bodyCeiling)}
	b.conn, _ = r.Context().Value(connKey{}).(*countedConn)
	if b.conn != nil {
		b.conn.startBody(now, int64(b.rate))
	}
	_ = b.rc.SetReadDeadline(b.deadline())
	r = r.WithContext(context.WithValue(r.Context(), pacedBodyKey{}, b))
	r.Body = b
	return r, b.end
}

// extendBody lets the body of r take until the given time in all (an
// import's upload), still at the minimum rate.
func extendBody(r *http.Request, until time.Time) {
	if b, ok := r.Context().Value(pacedBodyKey{}).(*pacedBody); ok {
		b.mu.Lock()
		b.ceiling = until
		b.mu.Unlock()
	}
}

// deadline is when the next byte must have come; b.mu is held or b is
// not shared yet.
func (b *pacedBody) deadline() time.Time {
	d := b.start.Add(b.grace + time.Duration(b.n)*time.Second/time.Duration(b.rate))
	if d.After(b.ceiling) {
		return b.ceiling
	}
	return d
}

func (b *pacedBody) Read(p []byte) (int, error) {
	b.mu.Lock()
	if b.done {
		b.mu.Unlock()
		return b.ReadCloser.Read(p)
	}
	_ = b.rc.SetReadDeadline(b.deadline())
	b.mu.Unlock()
	n, err := b.ReadCloser.Read(p)
	b.mu.Lock()
	b.n += int64(n)
	if b.conn != nil {
		b.conn.bodyRead.Store(b.n)
	}
	b.mu.Unlock()
	var ne net.Error
	switch {
	case err == io.EOF:
		b.arrived()
	case errors.As(err, &ne) && ne.Timeout():
		err = errSlowBody
	}
	return n, err
}

// arrived ends the body's pacing once it has all come: the connection
// has no read deadline of the body's (net/http then waits on it only to
// learn whether the client went away) and no longer counts as reading.
func (b *pacedBody) arrived() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.done {
		return
	}
	b.done = true
	_ = b.rc.SetReadDeadline(time.Time{})
	if b.conn != nil {
		b.conn.endBody()
	}
}

// end ends the body's turn when the handler returns. What is left of a
// body the handler did not read (a request refused before it), net/http
// reads out (256 KB at most) under the deadline the body had: the
// connection still counts as reading it, falling behind as it waits,
// until the response is done (clientListener.setState).
func (b *pacedBody) end() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done = true
}
