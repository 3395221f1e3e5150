package handlers

import (
	"net/http"
	"net/netip"
	"slices"

	"github.com/labstack/echo/v5"
)

// MetricsRoute is where the main listener serves metrics with -metrics on.
const MetricsRoute = "/metrics"

// MountMetrics serves h (Prometheus's exposition) at GET /metrics on the
// server's own routes, guarded by GuardMetrics: only to the networks in
// allowed, and never through a proxy.
func (s *Server) MountMetrics(h http.Handler, allowed []netip.Prefix) {
	s.echo.GET(MetricsRoute, echo.WrapHandler(GuardMetrics(h, allowed, s.opts.TrustedProxies)))
}

// GuardMetrics answers 403 to any request for h but one sent straight
// from an address in allowed: not from a reverse proxy named in trusted,
// and carrying none of the headers a proxy adds (Forwarded,
// X-Forwarded-For, X-Real-IP). The connection's own address decides,
// never a header, so a proxy that forwards every path to meldpad (and
// sits on an allowed network, as one on the same machine does) cannot
// pass metrics on to the world.
func GuardMetrics(h http.Handler, allowed, trusted []netip.Prefix) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !metricsAllowed(r, allowed, trusted) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte("metrics are not served to this address\n"))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// metricsAllowed reports whether r may read the metrics (GuardMetrics).
func metricsAllowed(r *http.Request, allowed, trusted []netip.Prefix) bool {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	addr := ap.Addr().Unmap()
	in := func(prefixes []netip.Prefix) bool {
		return slices.ContainsFunc(prefixes, func(p netip.Prefix) bool { return p.Contains(addr) })
	}
	for _, h := range []string{"Forwarded", "X-Forwarded-For", "X-Real-Ip"} {
		if r.Header.Get(h) != "" {
			return false
		}
	}
	return in(allowed) && !in(trusted)
}
