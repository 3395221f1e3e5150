package handlers

import (
	"net"
	"net/netip"
	"net/url"
)

// Options are the settings of a Server that main takes from its flags and
// environment. The zero value serves a meldpad on its own, reached
// directly, with the default limits.
type Options struct {
	// BaseURL, when set, is the origin every share link and QR code is
	// built from (https://meldpad.example). Without it links are built
	// from the request in a way a forged Host header cannot steer.
	BaseURL *url.URL
	// Listen is the address meldpad listens on, when main knows it: a
	// share page made on the computer itself does not offer the LAN's
	// addresses when it listens on loopback alone (no phone reaches it).
	Listen net.Addr
	// LANAddresses lists this computer's addresses on its local networks,
	// which a share page opened on the computer itself (127.0.0.1)
	// offers instead of loopback (share_lan.go). Nil reads them from the
	// system's interfaces.
	LANAddresses func() ([]LANAddress, error)
	// TrustedProxies are the addresses of the reverse proxies in front of
	// meldpad. Only a request from one of them may name the client's
	// address (X-Forwarded-For) or its scheme (X-Forwarded-Proto); every
	// other request is taken to come from its own address, as it is.
	TrustedProxies []netip.Prefix
	// Limits bound what one client, and all of them together, may cost;
	// a zero field is its default (DefaultLimits).
	Limits Limits
	// Broker carries live updates to the phones (events.go). Nil is a
	// live.Hub, right for a server alone on its database; servers that
	// share a PostgreSQL database each need a live.Postgres on it.
	Broker Broker
	// Observer, when set, is told of every request and refusal, for
	// metrics (observe.go); nil measures nothing.
	Observer Observer
}
