package handlers

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestBrowserFanDealWithNoNetwork is the table with no network at all, as
// issue 12 asks: the network goes (DevTools' emulation for the page, and
// meldpad unreachable for the service worker too); a Fan deal is entered
// card by card and judged by the WebAssembly referee; the page reloaded
// with no network still holds the entry; saved, it waits on the phone;
// the network comes back and the deal is recorded exactly once, as a
// second phone sees.
func TestBrowserFanDealWithNoNetwork(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	sheet := app.srv.URL + game + "/hands/new?by=cards"
	phone := newBrowser(t)
	run(t, phone, "open the scorepad online", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("#scorepad")))
	waitTrue(t, phone, "the service worker takes control", "!!navigator.serviceWorker.controller")
	waitPromise(t, phone, "the sheet is kept on the phone",
		`caches.match(location.href + "/hands/new?by=cards").then(function (r) { return !!r; })`)
	run(t, phone, "open the card sheet online", chromedp.Navigate(sheet), chromedp.WaitVisible(css("#in-knock_card")))
	waitRefereeFetched(t, phone)

	offline := func(off bool) {
		t.Helper()
		app.setReachable(!off)
		if _, err := chromedp.Call(phone, network.Enable, network.EnableParams{}); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Call(phone, emulateNetworkConditions, networkConditions{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
			t.Fatal(err)
		}
	}
	offline(true)
	run(t, phone, "reload the sheet with no network", chromedp.Reload(), chromedp.WaitVisible(css("#in-knock_card")))
	// The emulation is the page's: a reload may start it afresh.
	offline(true)
	if online, _ := chromedp.Run(phone, chromedp.Evaluate[bool](`navigator.onLine`)); online {
		t.Fatal("navigator.onLine says the phone is online")
	}
	run(t, phone, "type the knock card", typeCards("knock_card", "kh"))
	run(t, phone, "say who knocked", choose(`input[name=knocker][value="0"]`))
	for seat, hand := range fanDealByCard.hands {
		field := "hand_" + itoa(seat)
		run(t, phone, "open "+field, inView("#in-"+field), chromedp.Click(css("#in-"+field)))
		for _, card := range hand {
			run(t, phone, "type "+card+" into "+field, chromedp.SendKeys(css("#in-"+field), card+" "))
		}
	}
	waitText(t, phone, "#judgement", "+63")
	waitText(t, phone, "#judgement", "Checked on this phone")
	shot(t, phone, "offline-deal-judged-on-the-phone")

	run(t, phone, "reload with no network", chromedp.Reload(), chromedp.WaitVisible(css("#in-knock_card")))
	offline(true)
	waitTrue(t, phone, "the entry is back", `document.getElementById("in-hand_1").value.trim() !== ""`)
	if got := strings.ToUpper(value(t, phone, "#in-hand_0")); !strings.Contains(got, "AS") || !strings.Contains(got, "KD") {
		t.Fatalf("Ann's hand after the reload reads %q", got)
	}
	waitText(t, phone, "#judgement", "+63")
	run(t, phone, "save with no network", tapInView(`button[value=save]`))
	waitText(t, phone, "#unsaved", "Not saved, kept on this phone")
	waitText(t, phone, "#outbox", "1 hand waiting to be sent")
	g, err := app.store.Game(context.Background(), strings.TrimPrefix(game, "/g/"))
	if err != nil {
		t.Fatal(err)
	}
	if hands, err := app.store.Hands(context.Background(), g.ID); err != nil || len(hands) != 0 {
		t.Fatalf("%d deals recorded with no network (%v)", len(hands), err)
	}

	offline(false)
	waitTrue(t, phone, "the waiting deal is sent", `!document.getElementById("outbox")`)
	other := newBrowser(t)
	run(t, other, "a second phone opens the scorepad", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("#scorepad")))
	if got := text(t, other, "#scorepad .totals"); !strings.Contains(got, "63") {
		t.Errorf("the second phone's totals: %q, want Ann's 63", got)
	}
	if n := len(handLinks(app.get(game))); n != 1 {
		t.Fatalf("%d deals recorded, want exactly 1", n)
	}
	sameTotals(t, app.get(game), "63", "0")
}
