package handlers

import (
	"net"
	"net/http"
	"net/netip"
	"slices"
	"sync"
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
// So that many addresses holding idle connections cannot keep everyone
// waiting, no connection is kept idle at the total: once it is reached,
// the connection idle the longest (kept alive between requests, or not
// yet sending one) is closed, and so is one that goes idle while it
// lasts. A browser or client reopens a closed idle connection unnoticed
// when it needs it. For that the http.Server reports each connection's
// state through ConnState.
func (s *Server) LimitListener(ln net.Listener) net.Listener {
	return &clientListener{
		Listener: netutil.LimitListener(ln, s.limits.MaxConns),
		max:      s.limits.MaxConns,
		trusted:  s.opts.TrustedProxies,
		perAddr:  newClientCounter(0, s.limits.MaxConnsPerClient),
		idle:     map[*countedConn]time.Time{},
		refused:  s.refused,
	}
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

	mu   sync.Mutex
	n    int                        // connections open
	idle map[*countedConn]time.Time // open connections not serving a request, since when
}

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
		full := l.n >= l.max
		l.mu.Unlock()
		if full {
			l.shedIdle(cc)
		}
		return cc, nil
	}
}

// shedIdle closes the connection idle the longest, other than keep.
func (l *clientListener) shedIdle(keep *countedConn) {
	l.mu.Lock()
	var oldest *countedConn
	var since time.Time
	for cc, t := range l.idle {
		if cc != keep && (oldest == nil || t.Before(since)) {
			oldest, since = cc, t
		}
	}
	l.mu.Unlock()
	if oldest != nil {
		oldest.Close()
		l.refused(LimitMaxConns)
	}
}

// setState records a connection's state. A connection that goes idle
// while the total is reached is closed at once: another may be waiting.
func (l *clientListener) setState(cc *countedConn, state http.ConnState) {
	l.mu.Lock()
	full := l.n >= l.max
	switch state {
	case http.StateIdle:
		if !cc.closed && !full {
			l.idle[cc] = time.Now()
		}
	case http.StateActive, http.StateHijacked, http.StateClosed:
		delete(l.idle, cc)
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
