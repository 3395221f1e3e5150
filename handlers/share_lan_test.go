package handlers

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
)

// someLAN is a laptop on a home network, with a container network beside.
func someLAN() ([]LANAddress, error) {
	return []LANAddress{
		{Interface: "wlan0", Addr: netip.MustParseAddr("192.168.1.20")},
		{Interface: "wlan0", Addr: netip.MustParseAddr("fd12::20")},
	}, nil
}

// TestShareOffersTheLANOnlyOnLoopback: the computer's LAN addresses are
// offered on a share page made on the computer itself (the connection
// reached loopback), whatever Host the request names, and never with
// -base-url, nor when meldpad listens on loopback alone (it says what to
// do), nor to a request that reached another address.
func TestShareOffersTheLANOnlyOnLoopback(t *testing.T) {
	port := func(app *testApp) string { return app.srv.URL[strings.LastIndexByte(app.srv.URL, ':'):] }
	t.Run("on loopback", func(t *testing.T) {
		app := openTestAppWith(t, filepath.Join(t.TempDir(), "meldpad.db"), Options{LANAddresses: someLAN})
		game := app.createGame("fan", "Ann", "Bob")
		_, body := app.request(http.MethodGet, game+"/share", "evil.example", nil, nil)
		for _, want := range []string{"http://192.168.1.20" + port(app) + game, "http://[fd12::20]" + port(app) + game,
			"http://192.168.1.20" + port(app) + "/w/", app.srv.URL + game, "only this computer"} {
			if !strings.Contains(body, want) {
				t.Errorf("the share page lacks %s", want)
			}
		}
		for _, o := range origins(body) {
			if o != app.srv.URL && o != "http://192.168.1.20"+port(app) && o != "http://[fd12::20]"+port(app) {
				t.Errorf("a link to %s", o)
			}
		}
		if strings.Contains(body, "evil.example") {
			t.Errorf("the page names the forged Host")
		}
	})
	t.Run("with -base-url", func(t *testing.T) {
		base, _ := url.Parse("https://meldpad.example")
		app := openTestAppWith(t, filepath.Join(t.TempDir(), "meldpad.db"), Options{BaseURL: base, LANAddresses: someLAN})
		_, body := app.request(http.MethodGet, app.createGame("fan", "Ann", "Bob")+"/share", "", nil, nil)
		if strings.Contains(body, "192.168.1.20") || strings.Contains(body, "only this computer") {
			t.Errorf("with -base-url the page offers the LAN")
		}
	})
	t.Run("listening on loopback alone", func(t *testing.T) {
		app := openTestAppWith(t, filepath.Join(t.TempDir(), "meldpad.db"),
			Options{LANAddresses: someLAN, Listen: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}})
		_, body := app.request(http.MethodGet, app.createGame("fan", "Ann", "Bob")+"/share", "", nil, nil)
		if strings.Contains(body, "192.168.1.20") || !strings.Contains(body, "-addr :8080") {
			t.Errorf("listening on loopback alone, the page offers the LAN or does not say to listen wider")
		}
	})
	t.Run("reached at a LAN address", func(t *testing.T) {
		app := openTestAppWith(t, filepath.Join(t.TempDir(), "meldpad.db"), Options{LANAddresses: someLAN})
		game := app.createGame("fan", "Ann", "Bob")
		req := httptest.NewRequest(http.MethodGet, game+"/share", nil)
		req = req.WithContext(context.WithValue(req.Context(), http.LocalAddrContextKey, &net.TCPAddr{IP: net.IPv4(10, 0, 0, 7), Port: 8080}))
		rec := httptest.NewRecorder()
		app.srv.Config.Handler.ServeHTTP(rec, req)
		body := rec.Body.String()
		if rec.Code != http.StatusOK || !strings.Contains(body, "http://10.0.0.7:8080"+game) {
			t.Fatalf("share page reached at 10.0.0.7: %d", rec.Code)
		}
		if strings.Contains(body, "192.168.1.20") || strings.Contains(body, "only this computer") {
			t.Errorf("a phone on the network is offered the computer's other addresses")
		}
	})
}

// TestInterfaceLANAddresses: the computer's own addresses are private
// unicast ones, never loopback or link-local.
func TestInterfaceLANAddresses(t *testing.T) {
	addrs, err := interfaceLANAddresses()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range addrs {
		if !a.Addr.IsPrivate() || a.Addr.IsLoopback() || a.Addr.IsLinkLocalUnicast() || a.Interface == "" {
			t.Errorf("offered %+v", a)
		}
	}
	t.Logf("this machine's LAN addresses: %v", addrs)
}
