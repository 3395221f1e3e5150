package handlers

import (
	"net/netip"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserShareOnLoopbackOffersTheLAN: the README's own set-up, meldpad
// opened on the laptop that serves it (127.0.0.1): the share page says
// that address reaches no phone, and offers the laptop's addresses on its
// local network instead, each with its QR code.
func TestBrowserShareOnLoopbackOffersTheLAN(t *testing.T) {
	lan := func() ([]LANAddress, error) {
		return []LANAddress{{Interface: "wlan0", Addr: netip.MustParseAddr("192.168.1.20")}}, nil
	}
	app := openTestAppWith(t, filepath.Join(t.TempDir(), "meldpad.db"), Options{LANAddresses: lan})
	ctx := newBrowser(t)
	game := heartsFor(t, app, ctx, "Ann", "Bob", "Cy", "Dee")
	port := app.srv.URL[strings.LastIndexByte(app.srv.URL, ':'):]
	mustTap(t, ctx, `a[href$="/share"]`, "open Share")
	run(t, ctx, "wait for the share page", chromedp.WaitVisible(css("svg.qr")))
	page := text(t, ctx, "main")
	if !strings.Contains(page, "127.0.0.1") || !strings.Contains(page, "only this computer") {
		t.Errorf("the share page does not say why 127.0.0.1 will not do: %q", page)
	}
	links, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("[data-share-link] input")].map(i => i.value)`))
	if err != nil {
		t.Fatal(err)
	}
	want := "http://192.168.1.20" + port + game
	if len(links) == 0 || links[0] != want {
		t.Errorf("the first link to share is %q, want the laptop's LAN address %s", links, want)
	}
	qrs, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("svg.qr")].map(q => q.getAttribute("aria-label"))`))
	if err != nil {
		t.Fatal(err)
	}
	if len(qrs) == 0 || !strings.Contains(qrs[0], "192.168.1.20") {
		t.Errorf("the QR codes: %q, want the first for 192.168.1.20", qrs)
	}
	shot(t, ctx, "share-loopback")
}
