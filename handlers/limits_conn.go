package handlers

import (
	"net"
	"net/netip"
	"slices"
	"sync"

	"golang.org/x/net/netutil"
)

// LimitListener returns ln bounded by the server's connection limits
// (Limits): at most MaxConns connections open at once, and at most
// MaxConnsPerClient from one address. A connection over the total waits
// in the kernel's queue until another closes (netutil.LimitListener), so
// it holds no file descriptor meanwhile; one over its address's share is
// closed as soon as it is accepted, so that one client holding thousands
// of idle connections cannot keep the others waiting. Connections from a
// trusted proxy carry many clients and count only in the total.
func (s *Server) LimitListener(ln net.Listener) net.Listener {
	return &clientListener{
		Listener: netutil.LimitListener(ln, s.limits.MaxConns),
		trusted:  s.opts.TrustedProxies,
		open:     newClientCounter(0, s.limits.MaxConnsPerClient),
	}
}

// clientListener closes at once the connections of an address that holds
// its share already.
type clientListener struct {
	net.Listener
	trusted []netip.Prefix
	open    *clientCounter
}

func (l *clientListener) Accept() (net.Conn, error) {
	for {
		conn, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := remoteAddr(conn)
		if l.isTrusted(addr) {
			return conn, nil
		}
		key := clientKey(addr.String())
		if ok, _ := l.open.take(key); !ok {
			conn.Close()
			continue
		}
		return &countedConn{Conn: conn, release: func() { l.open.give(key) }}, nil
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

// countedConn gives its address's place back when it closes, once
// however often Close is called.
type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
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
