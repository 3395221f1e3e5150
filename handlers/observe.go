package handlers

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v5"
)

// Observer is told what the server does, for an operator's metrics
// (cmd/meldpad serves them to Prometheus). The handlers know only this
// interface, so that they, and the limits, import no metrics library.
// Its methods are called from many goroutines at once and must not
// block.
type Observer interface {
	// Request is one request answered: its route as routes.go has it
	// ("/g/:game", never the game's link), its method, its status and
	// how long it took. A live-update stream is reported once it ends.
	Request(route, method string, status int, elapsed time.Duration)
	// Refused is a connection, stream or request a limit turned away
	// (Limits): "max_conns_per_client", "max_streams",
	// "rate_api", "referee_timeout" and the like (the Limit* names).
	Refused(limit string)
}

// The names a refusal is counted by, one per limit of Limits.
const (
	LimitMaxConns            = "max_conns" // an idle connection closed at the total
	LimitMaxConnsPerClient   = "max_conns_per_client"
	LimitMaxStreams          = "max_streams"
	LimitMaxStreamsPerClient = "max_streams_per_client"
	LimitImportQueue         = "import_queue"
	LimitRateWrites          = "rate_writes"
	LimitRatePreview         = "rate_preview"
	LimitRateAPI             = "rate_api"
	LimitRefereeTimeout      = "referee_timeout"
)

// refusedKey is where refusal.send notes, in the echo context, which
// limit refused the request, for observe to count.
const refusedKey = "meldpad.refused"

// noObserver is the Observer of a server nobody measures.
type noObserver struct{}

func (noObserver) Request(string, string, int, time.Duration) {}
func (noObserver) Refused(string)                             {}

// observer is the server's Observer, never nil.
func (s *Server) observer() Observer {
	if s.opts.Observer == nil {
		return noObserver{}
	}
	return s.opts.Observer
}

// refused counts a refusal by limit.
func (s *Server) refused(limit string) { s.observer().Refused(limit) }

// observe reports every request to the Observer once it is answered, with
// the limit that refused it if one did. It is the outermost middleware,
// so that it sees the status of every answer, the limits' included: an
// error still unanswered is answered here, as echo would after it.
func (s *Server) observe(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if s.opts.Observer == nil {
			return next(c)
		}
		start := time.Now()
		if err := next(c); err != nil {
			c.Echo().HTTPErrorHandler(c, err)
		}
		if limit, ok := c.Get(refusedKey).(string); ok && limit != "" {
			s.opts.Observer.Refused(limit)
		}
		route := c.Path()
		if route == "" {
			route = "unmatched"
		}
		method := c.Request().Method
		if askedHEAD(c.Request()) {
			method = http.MethodHead
		}
		s.opts.Observer.Request(route, method, response(c).Status, time.Since(start))
		return nil
	}
}

// StreamsOpen is how many live-update streams are open now.
func (s *Server) StreamsOpen() int {
	total, _ := s.limits.streams.counts("")
	return total
}
