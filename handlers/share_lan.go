package handlers

import (
	"cmp"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"

	"github.com/labstack/echo/v5"
)

// A share link names the address the connection reached (origin). When
// that is the loopback address, 127.0.0.1 or ::1, meldpad was opened on
// the computer that runs it, as the README sets it up: the link would
// send a phone to itself. The share page then offers the computer's
// addresses on its local networks instead, which the phones at the table
// reach, and says why. Only a request that reached the loopback address
// sees them (one made on that computer); -base-url fixes the link for
// good and turns this off.

// LANAddress is an address of this computer on a local network, with the
// name of the interface it is on ("wlan0").
type LANAddress struct {
	Interface string
	Addr      netip.Addr
}

// maxLANAddresses bounds the addresses a share page offers, each with
// two QR codes: a laptop has one or two networks that matter.
const maxLANAddresses = 3

// interfaceLANAddresses lists this computer's private unicast addresses
// (RFC 1918 IPv4, RFC 4193 IPv6) on interfaces that are up and not
// loopback: the addresses phones on the same network reach it at. IPv4
// come first, as phones at a table mostly use it; the interfaces of
// containers and virtual machines (docker0, virbr0, veth…), private too
// but reached by no phone, come last.
func interfaceLANAddresses() ([]LANAddress, error) {
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil, err
	}
	var out []LANAddress
	for _, iface := range ifaces {
		if iface.Flags&net.FlagUp == 0 || iface.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := iface.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			prefix, err := netip.ParsePrefix(a.String())
			if err != nil {
				continue
			}
			if ip := prefix.Addr().Unmap(); ip.IsPrivate() && !ip.IsLinkLocalUnicast() {
				out = append(out, LANAddress{Interface: iface.Name, Addr: ip})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b LANAddress) int {
		return cmp.Or(cmp.Compare(virtualInterface(a.Interface), virtualInterface(b.Interface)),
			cmp.Compare(family(a.Addr), family(b.Addr)))
	})
	return out, nil
}

// family orders IPv4 before IPv6.
func family(a netip.Addr) int {
	if a.Is4() {
		return 0
	}
	return 1
}

// virtualInterface is 1 for the interface of a container or virtual
// machine network (by the names Linux gives them), 0 otherwise.
func virtualInterface(name string) int {
	for _, prefix := range []string{"docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "podman", "cni", "flannel", "lxc", "lxd", "tun", "tap", "wg", "zt"} {
		if strings.HasPrefix(name, prefix) {
			return 1
		}
	}
	return 0
}

// reachedLoopback reports whether the request's connection reached the
// loopback address: it was made on this computer.
func reachedLoopback(c *echo.Context) bool {
	local, ok := c.Request().Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return false
	}
	addr, err := netip.ParseAddrPort(local.String())
	return err == nil && addr.Addr().Unmap().IsLoopback()
}

// listensOnLoopbackOnly reports whether meldpad listens on a loopback
// address alone (-addr 127.0.0.1:8080), where no phone reaches it.
func (s *Server) listensOnLoopbackOnly() bool {
	if s.opts.Listen == nil {
		return false
	}
	addr, err := netip.ParseAddrPort(s.opts.Listen.String())
	return err == nil && addr.Addr().Unmap().IsLoopback()
}

// lanOrigins are the origins (http://192.168.1.20:8080) a share page
// offers instead of the loopback one, each with its interface's name: the
// computer's LAN addresses, at the port the request reached. None with
// -base-url, for a request that did not reach loopback, or when meldpad
// listens on loopback only.
func (s *Server) lanOrigins(c *echo.Context) (origins, names []string) {
	if s.opts.BaseURL != nil || !reachedLoopback(c) || s.listensOnLoopbackOnly() {
		return nil, nil
	}
	local, _ := c.Request().Context().Value(http.LocalAddrContextKey).(net.Addr)
	at, err := netip.ParseAddrPort(local.String())
	if err != nil {
		return nil, nil
	}
	list := s.opts.LANAddresses
	if list == nil {
		list = interfaceLANAddresses
	}
	addrs, err := list()
	if err != nil {
		s.log.Warn("share: the computer's addresses", "err", err)
		return nil, nil
	}
	scheme := "http"
	if s.overHTTPS(c.Request()) {
		scheme = "https"
	}
	for _, a := range addrs {
		if len(origins) == maxLANAddresses {
			break
		}
		origins = append(origins, scheme+"://"+netip.AddrPortFrom(a.Addr.Unmap().WithZone(""), at.Port()).String())
		names = append(names, a.Interface)
	}
	return origins, names
}
