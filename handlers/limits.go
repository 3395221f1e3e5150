package handlers

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/rules/msg"
	"meldpad/views"
)

// Limits bound what the server spends on its clients, so that no client,
// however it behaves, can take the server from the others: connections
// and live-update streams (file descriptors and memory), imports
// (memory), requests per client address (processor and disk) and the
// referee's time. The zero value of each field means its default
// (DefaultLimits).
//
// A client is an address as c.RealIP gives it: the connection's own, or
// the one a trusted proxy names (Options.TrustedProxies). IPv6 clients
// are counted by their /64 prefix, which one household or phone holds
// whole.
type Limits struct {
	// MaxConns is how many connections may be open at once; more wait to
	// be accepted. MaxConnsPerClient is how many one address may hold:
	// more are closed as soon as they are accepted. A trusted proxy's
	// connections carry many clients and count only in the total.
	MaxConns          int
	MaxConnsPerClient int
	// MaxStreams is how many live-update streams (a scorepad's server-sent
	// events) may be open at once, MaxStreamsPerClient how many from one
	// address. A stream over either is refused at once (503 or 429 with
	// Retry-After) and the page keeps its Reload link.
	MaxStreams          int
	MaxStreamsPerClient int
	// ImportQueue is how many imports may wait while one runs; more are
	// refused (503 with Retry-After). -1 means none wait.
	ImportQueue int
	// RateWrites bounds the forms one address may post (saves, new games,
	// league changes, imports), RatePreview the card sheet's live previews
	// (one per card typed) and RateAPI the requests to /api/v1/. Over its
	// rate a request is refused with 429 and Retry-After.
	RateWrites  Rate
	RatePreview Rate
	RateAPI     Rate
	// RefereeTimeout is how long one referee computation may take: an API
	// call, a card sheet's judgement, the referee page. Past it, or when
	// the client has gone, the computation stops and the answer is 503.
	RefereeTimeout time.Duration
	// HeaderTimeout is how long a request's line and headers may take to
	// arrive. A body may take BodyTimeout, and one second more for every
	// MinBodyRate bytes that arrive (limits_body.go); a client slower
	// than either is cut off and its connection closed. -1 MinBodyRate
	// turns the rate off (tests only).
	HeaderTimeout time.Duration
	BodyTimeout   time.Duration
	MinBodyRate   int
	// RefereeCPU is the processor time one address may use in the
	// referee's routes (limits_cpu.go): over it, 429 with Retry-After.
	RefereeCPU CPUBudget
}

// The defaults that do not depend on the machine. The connection and
// stream limits follow the file-descriptor limit (DefaultLimits).
const (
	// A phone's browser opens up to 6 connections to a server, and a
	// table's phones (or a school's) often share one address.
	defaultConnsPerClient   = 64
	defaultStreamsPerClient = 32
	// Connections beyond these cost memory (40 KB or so each) more than
	// any table needs, whatever the descriptors allow.
	maxDefaultConns = 4096
	// fdReserve is kept back from connections for the database (a writer
	// and a pool of readers, each with its file, journal and shared
	// memory), the import's temporary file, logs and the listener.
	fdReserve = 128
	// A phone saves a hand a minute or so; a burst of 60 covers a league
	// organiser's busy minute.
	defaultRateWrites = "60/1m"
	// The card sheet posts a preview 350 ms after each change, so a phone
	// typing a deal sends two or three a second.
	defaultRatePreview = "600/1m"
	// A script or test suite may send 1,200 at once, and 20 a second after.
	defaultRateAPI        = "1200/1m"
	defaultImportQueue    = 2
	defaultRefereeTimeout = 2 * time.Second
	// A phone sends its headers and a form of a few KB in well under a
	// second, even on a poor network; 10 seconds and 1 KB a second after
	// that leave it a wide margin and an attacker little.
	defaultHeaderTimeout = 10 * time.Second
	defaultBodyTimeout   = 10 * time.Second
	defaultMinBodyRate   = 1024
)

// DefaultLimits returns the limits meldpad uses unless told otherwise,
// sized from the process's file-descriptor limit as it is now (Go raises
// the soft limit to the hard one at start): half of what is left after a
// reserve goes to connections (at most 4,096), half of those to streams,
// and one address may hold an eighth of either, at most 64 connections
// and 32 streams. At the common limit of 1,024 descriptors that is 448
// connections, 224 streams, and 56 and 28 per address.
func DefaultLimits() Limits {
	fds, ok := openFileLimit()
	if !ok {
		fds = 1024
	}
	return defaultLimits(fds)
}

func defaultLimits(fds int) Limits {
	conns := min(max((fds-fdReserve)/2, 16), maxDefaultConns)
	streams := conns / 2
	return Limits{
		MaxConns:            conns,
		MaxConnsPerClient:   min(defaultConnsPerClient, max(conns/8, 2)),
		MaxStreams:          streams,
		MaxStreamsPerClient: min(defaultStreamsPerClient, max(streams/8, 1)),
		ImportQueue:         defaultImportQueue,
		RateWrites:          mustParseRate(defaultRateWrites),
		RatePreview:         mustParseRate(defaultRatePreview),
		RateAPI:             mustParseRate(defaultRateAPI),
		RefereeTimeout:      defaultRefereeTimeout,
		HeaderTimeout:       defaultHeaderTimeout,
		BodyTimeout:         defaultBodyTimeout,
		MinBodyRate:         defaultMinBodyRate,
		RefereeCPU:          mustParseCPUBudget(defaultRefereeCPU),
	}
}

// withDefaults fills every zero field of l from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	fill := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	fill(&l.MaxConns, d.MaxConns)
	fill(&l.MaxConnsPerClient, d.MaxConnsPerClient)
	fill(&l.MaxStreams, d.MaxStreams)
	fill(&l.MaxStreamsPerClient, d.MaxStreamsPerClient)
	switch {
	case l.ImportQueue == 0:
		l.ImportQueue = d.ImportQueue
	case l.ImportQueue < 0:
		l.ImportQueue = 0
	}
	fillRate := func(v *Rate, def Rate) {
		if *v == (Rate{}) {
			*v = def
		}
	}
	fillRate(&l.RateWrites, d.RateWrites)
	fillRate(&l.RatePreview, d.RatePreview)
	fillRate(&l.RateAPI, d.RateAPI)
	if l.RefereeTimeout <= 0 {
		l.RefereeTimeout = d.RefereeTimeout
	}
	if l.HeaderTimeout <= 0 {
		l.HeaderTimeout = d.HeaderTimeout
	}
	if l.BodyTimeout <= 0 {
		l.BodyTimeout = d.BodyTimeout
	}
	if l.RefereeCPU == (CPUBudget{}) {
		l.RefereeCPU = d.RefereeCPU
	}
	switch {
	case l.MinBodyRate == 0:
		l.MinBodyRate = d.MinBodyRate
	case l.MinBodyRate < 0:
		l.MinBodyRate = 0
	}
	return l
}

// Rate is how many requests one address may make: Requests at once, and
// Requests per Per on average after that (a token bucket that holds
// Requests and refills over Per). The zero Rate means the default; Off
// means no limit.
type Rate struct {
	Requests int
	Per      time.Duration
	Off      bool
}

// RateOff is no limit at all.
var RateOff = Rate{Off: true}

// ParseRate reads a rate as the flags give it: "60/1m" (60 at once, 60 a
// minute after), "20/s", "1000/1h", or "off".
func ParseRate(s string) (Rate, error) {
	s = strings.TrimSpace(s)
	if s == "off" {
		return RateOff, nil
	}
	count, per, ok := strings.Cut(s, "/")
	n, err := strconv.Atoi(count)
	if !ok || err != nil || n < 1 {
		return Rate{}, fmt.Errorf("rate %q: want a number of requests over a time, as 60/1m, or off", s)
	}
	if per != "" && !strings.ContainsAny(per[:1], "0123456789") {
		per = "1" + per // "60/m" is "60/1m"
	}
	d, err := time.ParseDuration(strings.TrimSuffix(per, "in")) // "1min" is "1m"
	if err != nil || d < time.Millisecond {
		return Rate{}, fmt.Errorf("rate %q: %q is not a time such as 1m, 10s or 1h", s, per)
	}
	return Rate{Requests: n, Per: d}, nil
}

func mustParseRate(s string) Rate {
	r, err := ParseRate(s)
	if err != nil {
		panic(err)
	}
	return r
}

// String prints the rate as ParseRate reads it.
func (r Rate) String() string {
	switch {
	case r.Off:
		return "off"
	case r == Rate{}:
		return "default"
	}
	per := r.Per.String()
	switch {
	case r.Per%time.Hour == 0:
		per = strconv.FormatInt(int64(r.Per/time.Hour), 10) + "h"
	case r.Per%time.Minute == 0:
		per = strconv.FormatInt(int64(r.Per/time.Minute), 10) + "m"
	}
	return strconv.Itoa(r.Requests) + "/" + per
}

// perSecond is the rate's refill, in requests a second.
func (r Rate) perSecond() float64 { return float64(r.Requests) / r.Per.Seconds() }

// retryAfter is how long a refused client waits for its next request.
func (r Rate) retryAfter() time.Duration { return r.Per / time.Duration(r.Requests) }

// clientKey is the address a client is counted by: an IPv4 address as it
// is, an IPv6 address by its /64 prefix (a phone or a household gets a
// whole /64 and may use any address in it).
func clientKey(ip string) string {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	addr = addr.Unmap()
	if addr.Is4() {
		return addr.String()
	}
	prefix, _ := addr.WithZone("").Prefix(64)
	return prefix.String()
}

// ipExtractor is how echo finds a request's client address (c.RealIP):
// the connection's own, unless it comes from a trusted proxy, whose
// X-Forwarded-For then names the client. Nothing else is trusted, not
// even loopback or private networks, so that a forged header from
// anywhere else changes nothing.
func ipExtractor(trusted []netip.Prefix) echo.IPExtractor {
	if len(trusted) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, p := range trusted {
		opts = append(opts, echo.TrustIPRange(ipNet(p)))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}

// refusal is a request the limits turn away: its status (429 or 503), how
// long to wait, and what to tell a person.
type refusal struct {
	status         int
	retry          time.Duration
	title, message msg.Msg // for a page, said in its language
	apiMessage     string  // for /api/
	back           string  // a link back on the page, if any
	limit          string  // the limit that refused, as the Observer counts it (Limit*)
}

// send answers the request with the refusal: Retry-After in whole
// seconds, and {"error": ...} under /api/ or a page elsewhere.
func (r refusal) send(c *echo.Context) error {
	// The page is rendered even when the request's context has ended (a
	// deadline passed or the client went away), since that is often why
	// the request is refused. A file to download (limits_heavy.go) is not
	// sent after all: the page is shown, not saved.
	c.SetRequest(c.Request().WithContext(context.WithoutCancel(c.Request().Context())))
	c.Set(refusedKey, r.limit)
	c.Response().Header().Del(echo.HeaderContentDisposition)
	c.Response().Header().Set("Retry-After", strconv.Itoa(retrySeconds(r.retry)))
	// A refused client has nothing more to send for a while: its
	// connection is closed rather than kept for it. Not when it sent a
	// body, which the server then reads out first (up to 256 KB) so that
	// the client gets the answer rather than a reset.
	if c.Request().ContentLength == 0 {
		c.Response().Header().Set("Connection", "close")
	}
	if strings.HasPrefix(c.Request().URL.Path, "/api/") {
		return c.JSON(r.status, apiError{Error: r.apiMessage})
	}
	l := lang(c)
	return render(c, r.status, views.ErrorPage(views.ErrorVM{Status: r.status, Title: l.Say(r.title), Message: l.Say(r.message), Back: r.back}))
}

// retrySeconds is d rounded up to whole seconds, at least 1.
func retrySeconds(d time.Duration) int {
	return max(1, int(math.Ceil(d.Seconds())))
}

// retryIn says how long to wait in a page's words: "a second", "5
// seconds".
func retryIn(d time.Duration) msg.Msg { return msg.New("limits.wait", msg.N("Count", retrySeconds(d))) }

// waitWords says how long to wait in the API's English: "a second", "5
// seconds".
func waitWords(d time.Duration) string {
	if n := retrySeconds(d); n > 1 {
		return strconv.Itoa(n) + " seconds"
	}
	return "a second"
}

// statusOf is the status of a refusal for lack of room: 429 when the
// client holds its share already, 503 when the server as a whole is full.
func statusOf(clientFull bool) int {
	if clientFull {
		return http.StatusTooManyRequests
	}
	return http.StatusServiceUnavailable
}

// limiter is the limits of a running server and what they count.
type limiter struct {
	Limits
	streams *clientCounter
	// imports holds a place for each import admitted (running or
	// waiting); importing for the one that runs.
	imports   chan struct{}
	importing chan struct{}
}

func newLimiter(l Limits) *limiter {
	l = l.withDefaults()
	return &limiter{
		Limits:    l,
		streams:   newClientCounter(l.MaxStreams, l.MaxStreamsPerClient),
		imports:   make(chan struct{}, 1+l.ImportQueue),
		importing: make(chan struct{}, 1),
	}
}

// Limits returns the limits the server holds to, defaults filled in.
func (s *Server) Limits() Limits { return s.limits.Limits }
