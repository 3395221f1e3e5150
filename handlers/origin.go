package handlers

import (
	"net"
	"net/http"
	"net/netip"
	"strings"

	"github.com/labstack/echo/v5"
)

// Where a request came from and how, as far as meldpad may believe it.
// Anyone can send any Host and X-Forwarded-* header; only the connection
// itself (its TLS, its two addresses) and the operator's settings
// (Options) are facts.

// origin is the scheme and host every absolute link meldpad hands out
// (share links, QR codes, a verdict's link) is built on. With
// Options.BaseURL it is that. Without it, it is the address the
// connection arrived at, which is the server's own, rather than the
// request's Host header: a forged Host ("evil.example") would otherwise
// put another site into a link people scan and follow, and a cache in
// front of meldpad could keep that page for others. On a home network
// that address is the one phones reach (http://192.168.1.20:8080); behind
// a proxy, NAT or a container it is not, which is what -base-url is for.
// Without a connection (a handler called directly), links are relative.
func (s *Server) origin(c *echo.Context) string {
	if u := s.opts.BaseURL; u != nil {
		return u.Scheme + "://" + u.Host
	}
	local, ok := c.Request().Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return ""
	}
	addr, err := netip.ParseAddrPort(local.String())
	if err != nil {
		return ""
	}
	scheme := "http"
	if s.overHTTPS(c.Request()) {
		scheme = "https"
	}
	// A zone (fe80::1%eth0) means nothing to another device.
	addr = netip.AddrPortFrom(addr.Addr().Unmap().WithZone(""), addr.Port())
	return scheme + "://" + addr.String()
}

// overHTTPS reports whether the client reached meldpad over HTTPS:
// directly (the connection is TLS), or through a reverse proxy the
// operator named (Options.TrustedProxies) that says so in
// X-Forwarded-Proto. The header from anyone else is ignored.
func (s *Server) overHTTPS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if !s.fromTrustedProxy(r) {
		return false
	}
	// A proxy appends its own view last; the one in front of meldpad is
	// the trusted one.
	proto := r.Header.Values("X-Forwarded-Proto")
	if len(proto) == 0 {
		return false
	}
	last := proto[len(proto)-1]
	if i := strings.LastIndexByte(last, ','); i >= 0 {
		last = last[i+1:]
	}
	return strings.EqualFold(strings.TrimSpace(last), "https")
}

// fromTrustedProxy reports whether the request's connection comes from
// one of Options.TrustedProxies.
func (s *Server) fromTrustedProxy(r *http.Request) bool {
	if len(s.opts.TrustedProxies) == 0 {
		return false
	}
	addr, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	ip := addr.Addr().Unmap()
	for _, p := range s.opts.TrustedProxies {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// hstsMaxAge is how long a browser that reached meldpad over HTTPS keeps
// to HTTPS for its host: a year. Subdomains are left alone: they may be
// other sites of the operator's, not all on HTTPS.
const hstsMaxAge = "max-age=31536000"

// secureTransport marks what a response over HTTPS hands out as for
// HTTPS only: every cookie it sets gets Secure (the CSRF cookie, the
// phone's list of games, the author's name; whoever sets them), and the
// browser is told to keep to HTTPS (HSTS). Over plain HTTP neither would
// work, so neither is sent.
func (s *Server) secureTransport(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if s.overHTTPS(c.Request()) {
			header := c.Response().Header()
			header.Set("Strict-Transport-Security", hstsMaxAge)
			response(c).Before(func() { secureCookies(header) })
		}
		return next(c)
	}
}

// secureCookies adds the Secure attribute to every Set-Cookie header that
// lacks it.
func secureCookies(header http.Header) {
	cookies := header["Set-Cookie"]
	for i, line := range cookies {
		if ck, err := http.ParseSetCookie(line); err == nil && !ck.Secure {
			cookies[i] = line + "; Secure"
		}
	}
}
