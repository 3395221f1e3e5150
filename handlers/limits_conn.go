package handlers

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/net/netutil"
)

// LimitListener returns ln bounded by the server's connection limits
// (Limits): at most MaxConns connections open at once, and at most
// MaxConnsPerClient from one address. A connection over its address's
// share is closed as soon as it is accepted, so that one client holding
// thousands of idle connections cannot keep the others waiting.
// Connections from a trusted proxy carry many clients and count only in
// the total.
//
// Over the total, a connection waits in the kernel's queue until another
// closes (netutil.LimitListener), holding no file descriptor meanwhile.
// So that many addresses holding connections cannot keep everyone
// waiting, a place is made at the total, counting connections in every
// state: among the connections of the address that holds the most, the
// one idle the longest (kept alive between requests, or not yet sending
// one, or sending its headers) is closed, or with none idle the one
// furthest behind the minimum rate in sending a body (limits_body.go);
// an idle connection is also closed as soon as it goes idle while the
// total lasts. A browser or client reopens a closed idle connection
// unnoticed when it needs it, and a client holding one or two
// connections keeps them while others hold dozens: addresses sending
// bodies a byte at a time make room among themselves. For that the
// http.Server reports each connection's state through ConnState, and its
// requests carry their connection (ConnContext); ConfigureHTTP sets
// both.
func (s *Server) LimitListener(ln net.Listener) net.Listener {
	return &clientListener{
		Listener: netutil.LimitListener(ln, s.limits.MaxConns),
		max:      s.limits.MaxConns,
		trusted:  s.opts.TrustedProxies,
		perAddr:  newClientCounter(0, s.limits.MaxConnsPerClient),
		idle:     map[*countedConn]time.Time{},
		refused:  s.refused,
		reading:  map[*countedConn]bool{},
		byClient: map[string]map[*countedConn]bool{},
	}
}

// connKey marks a request's context with its countedConn.
type connKey struct{}

// ConnContext puts a connection of LimitListener into the context of its
// requests, for http.Server.ConnContext: a request's body says through
// it how fast it arrives.
func (s *Server) ConnContext(ctx context.Context, c net.Conn) context.Context {
	if cc, ok := c.(*countedConn); ok {
		return context.WithValue(ctx, connKey{}, cc)
	}
	return ctx
}

// maxHeaderBytes bounds a request's line and headers: a URI of a
// megabyte is no address of meldpad's, and each connection reading one
// holds that much memory. A browser's requests here take a few KB.
const maxHeaderBytes = 64 << 10

// ConfigureHTTP sets what the http.Server serving s must have for the
// limits to hold: its timeouts, the connection hooks of LimitListener,
// and the largest headers.
func (s *Server) ConfigureHTTP(hs *http.Server) {
	hs.ReadHeaderTimeout = s.limits.HeaderTimeout
	// The body's deadline moves as it arrives (limits_body.go); a
	// ReadTimeout would end an import's upload.
	hs.ReadTimeout = 0
	hs.WriteTimeout = 30 * time.Second
	hs.IdleTimeout = 2 * time.Minute
	hs.MaxHeaderBytes = maxHeaderBytes
	hs.ConnState = s.ConnState
	hs.ConnContext = s.ConnContext
}

// ConnState follows the state of the connections of LimitListener, for
// http.Server.ConnState: a connection idle the longest is closed when the
// total is reached.
func (s *Server) ConnState(c net.Conn, state http.ConnState) {
	if cc, ok := c.(*countedConn); ok {
		cc.l.setState(cc, state)
	}
}

// clientListener closes at once the connections of an address that holds
// its share already, and an idle one when the total is reached.
type clientListener struct {
	net.Listener
	max     int
	trusted []netip.Prefix
	perAddr *clientCounter
	refused func(limit string) // counts a connection closed by a limit (Observer)

	mu      sync.Mutex
	n       int                        // connections open
	idle    map[*countedConn]time.Time // open connections not serving a request, since when
	reading map[*countedConn]bool      // connections reading a request's body
	// byClient holds each address's open connections; a trusted proxy's
	// are under "".
	byClient map[string]map[*countedConn]bool
	// watching is set while a goroutine looks again, every shedEvery,
	// for a connection to close at the total (watchFull).
	watching bool
}

// shedEvery is how often a listener at its total, which found no
// connection to close when the last one came, looks again: a body that
// was on time may have fallen behind since.
const shedEvery = 200 * time.Millisecond

func (l *clientListener) Accept() (net.Conn, error) {
	for {
		conn, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		cc := &countedConn{Conn: conn, l: l}
		if addr := remoteAddr(conn); !l.isTrusted(addr) {
			cc.client = clientKey(addr.String())
			if ok, _ := l.perAddr.take(cc.client); !ok {
				conn.Close()
				l.refused(LimitMaxConnsPerClient)
				continue
			}
			cc.perClient = true
		}
		l.mu.Lock()
		l.n++
		l.idle[cc] = time.Now()
		if l.byClient[cc.client] == nil {
			l.byClient[cc.client] = map[*countedConn]bool{}
		}
		l.byClient[cc.client][cc] = true
		full := l.n >= l.max
		var idle *countedConn
		mostHeld := full && len(l.byClient[cc.client]) > 2 && l.holdsMost(cc.client)
		if mostHeld {
			idle = l.idlestOf(cc.client, cc)
		}
		l.mu.Unlock()
		switch {
		case mostHeld && idle != nil:
			idle.Close() // its own idle one makes room for it
			l.refused(LimitMaxConns)
		case mostHeld && len(l.byClient) > 1:
			// The address holding the most, none of them idle, gets no
			// more: closing one of its others for this one would only
			// trade its places round and round.
			cc.Close()
			l.refused(LimitMaxConns)
			continue
		case full && !l.shed(cc):
			l.watchFull()
		}
		return cc, nil
	}
}

// shed closes a connection other than keep, from the address holding the
// most (in every state): its connection idle the longest, or with none
// idle the one furthest behind the minimum rate in sending a body. It
// reports whether it closed one.
func (l *clientListener) shed(keep *countedConn) bool {
	now := time.Now()
	l.mu.Lock()
	clients := make([]string, 0, len(l.byClient))
	for client := range l.byClient {
		clients = append(clients, client)
	}
	slices.SortFunc(clients, func(a, b string) int { return len(l.byClient[b]) - len(l.byClient[a]) })
	var victim *countedConn
	for _, client := range clients {
		if victim = l.victimOf(client, keep, now); victim != nil {
			break
		}
	}
	l.mu.Unlock()
	if victim == nil {
		return false
	}
	victim.Close()
	l.refused(LimitMaxConns)
	return true
}

// holdsMost reports whether client holds at least as many connections as
// any other; the caller holds l.mu.
func (l *clientListener) holdsMost(client string) bool {
	n := len(l.byClient[client])
	for other, conns := range l.byClient {
		if other != client && len(conns) > n {
			return false
		}
	}
	return true
}

// idlestOf is client's connection idle the longest, other than keep, or
// nil; the caller holds l.mu.
func (l *clientListener) idlestOf(client string, keep *countedConn) *countedConn {
	var idlest *countedConn
	var since time.Time
	for cc := range l.byClient[client] {
		if t, idle := l.idle[cc]; idle && cc != keep && (idlest == nil || t.Before(since)) {
			idlest, since = cc, t
		}
	}
	return idlest
}

// victimOf is the connection of client to close to make room, or nil:
// the one idle the longest, else the one furthest behind in sending a
// body. The caller holds l.mu.
func (l *clientListener) victimOf(client string, keep *countedConn, now time.Time) *countedConn {
	var idlest, slowest *countedConn
	var since time.Time
	var most int64
	for cc := range l.byClient[client] {
		if cc == keep {
			continue
		}
		if t, idle := l.idle[cc]; idle {
			if idlest == nil || t.Before(since) {
				idlest, since = cc, t
			}
		} else if behind := cc.behind(now); l.reading[cc] && behind > most {
			slowest, most = cc, behind
		}
	}
	if idlest != nil {
		return idlest
	}
	return slowest
}

// watchFull looks every shedEvery for a connection to close, while the
// total is reached: a connection waiting to be accepted gets in as soon
// as a body in progress falls behind, not when it ends.
func (l *clientListener) watchFull() {
	l.mu.Lock()
	if l.watching {
		l.mu.Unlock()
		return
	}
	l.watching = true
	l.mu.Unlock()
	go func() {
		for {
			time.Sleep(shedEvery)
			l.mu.Lock()
			full := l.n >= l.max
			if !full {
				l.watching = false
				l.mu.Unlock()
				return
			}
			l.mu.Unlock()
			l.shed(nil)
		}
	}()
}

// setState records a connection's state. A connection that goes idle
// while the total is reached is closed at once, another may be waiting,
// unless its address holds only a couple: a phone's connection kept
// alive between its saves is not taken from it for others' sake.
func (l *clientListener) setState(cc *countedConn, state http.ConnState) {
	l.mu.Lock()
	full := l.n >= l.max && len(l.byClient[cc.client]) > 2
	switch state {
	case http.StateIdle:
		delete(l.reading, cc)
		cc.bodySince.Store(0)
		if !cc.closed && !full {
			l.idle[cc] = time.Now()
		}
	case http.StateActive:
		// A new request: a body left over from the one before no longer
		// counts (its own, if any, starts in ServeHTTP).
		delete(l.idle, cc)
		delete(l.reading, cc)
		cc.bodySince.Store(0)
	case http.StateHijacked, http.StateClosed:
		delete(l.idle, cc)
		delete(l.reading, cc)
	}
	l.mu.Unlock()
	if state == http.StateIdle && full {
		cc.Close()
		l.refused(LimitMaxConns)
	}
}

// closed takes back what Accept counted for cc.
func (l *clientListener) closed(cc *countedConn) {
	l.mu.Lock()
	l.n--
	cc.closed = true
	delete(l.idle, cc)
	delete(l.reading, cc)
	if conns := l.byClient[cc.client]; conns != nil {
		if delete(conns, cc); len(conns) == 0 {
			delete(l.byClient, cc.client)
		}
	}
	l.mu.Unlock()
	if cc.perClient {
		l.perAddr.give(cc.client)
	}
}

func (l *clientListener) isTrusted(addr netip.Addr) bool {
	return slices.ContainsFunc(l.trusted, func(p netip.Prefix) bool { return p.Contains(addr) })
}

// remoteAddr is the address a connection comes from, the zero Addr when
// it is not an IP connection.
func remoteAddr(conn net.Conn) netip.Addr {
	if tcp, ok := conn.RemoteAddr().(*net.TCPAddr); ok {
		return tcp.AddrPort().Addr().Unmap()
	}
	ap, err := netip.ParseAddrPort(conn.RemoteAddr().String())
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}

// countedConn gives its place back when it closes, once however often
// Close is called.
type countedConn struct {
	net.Conn
	l         *clientListener
	client    string // its address, as counted
	perClient bool   // counted against its address's share
	closed    bool   // guarded by l.mu
	once      sync.Once

	// While a request's body arrives: since when (0 when none does), how
	// many bytes came, and the minimum rate in bytes a second.
	bodySince atomic.Int64 // UnixNano
	bodyRead  atomic.Int64
	bodyRate  atomic.Int64
}

// startBody marks the connection as reading a body since now, at the
// minimum rate given.
func (c *countedConn) startBody(now time.Time, rate int64) {
	c.bodyRead.Store(0)
	c.bodyRate.Store(rate)
	c.bodySince.Store(now.UnixNano())
	c.l.mu.Lock()
	if !c.closed {
		c.l.reading[c] = true
	}
	c.l.mu.Unlock()
}

// endBody marks the connection as no longer reading a body.
func (c *countedConn) endBody() {
	c.bodySince.Store(0)
	c.l.mu.Lock()
	delete(c.l.reading, c)
	c.l.mu.Unlock()
}

// behind is how many bytes the body in progress lacks to have arrived at
// the minimum rate since it began; 0 or less when it is on time, or when
// none is in progress.
func (c *countedConn) behind(now time.Time) int64 {
	since := c.bodySince.Load()
	if since == 0 {
		return 0
	}
	elapsed := now.UnixNano() - since
	return c.bodyRate.Load()*elapsed/int64(time.Second) - c.bodyRead.Load()
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.closed(c) })
	return err
}

// clientCounter counts what each client holds open (connections or
// streams), within a total and a share per client. A zero total or share
// is no limit.
type clientCounter struct {
	mu        sync.Mutex
	total     int
	perClient int
	n         int
	byClient  map[string]int
}

func newClientCounter(total, perClient int) *clientCounter {
	return &clientCounter{total: total, perClient: perClient, byClient: map[string]int{}}
}

// take counts one more for client if both limits allow it. Otherwise it
// reports whether the client's share (clientFull) or the total is full.
func (cc *clientCounter) take(client string) (ok, clientFull bool) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	switch {
	case cc.perClient > 0 && cc.byClient[client] >= cc.perClient:
		return false, true
	case cc.total > 0 && cc.n >= cc.total:
		return false, false
	}
	cc.n++
	cc.byClient[client]++
	return true, false
}

// give takes back what take counted.
func (cc *clientCounter) give(client string) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	cc.n--
	if cc.byClient[client]--; cc.byClient[client] <= 0 {
		delete(cc.byClient, client)
	}
}

// counts returns how many are open in all and for client.
func (cc *clientCounter) counts(client string) (total, ofClient int) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	return cc.n, cc.byClient[client]
}

// ipNet is p as the net package's type, which echo's IP checks take.
func ipNet(p netip.Prefix) *net.IPNet {
	return &net.IPNet{IP: p.Masked().Addr().AsSlice(), Mask: net.CIDRMask(p.Bits(), p.Addr().BitLen())}
}
