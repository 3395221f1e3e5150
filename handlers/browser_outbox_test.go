package handlers

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestBrowserOutboxSentShowsTheSavedHand: a deal saved with no network
// waits on the phone, its form kept without the CSRF token; the network
// comes back (and the phone's CSRF cookie has gone meanwhile). The deal is
// sent with a fresh token, the sheet that held it goes back to the
// scorepad saying it was saved, another open page of the game says so
// too, and a blank sheet of the next deal, opened while it waited, is
// laid out again for deal 2.
func TestBrowserOutboxSentShowsTheSavedHand(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	phone := newBrowser(t)
	run(t, phone, "open the scorepad online", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("#scorepad")))
	waitTrue(t, phone, "the service worker takes control", "!!navigator.serviceWorker.controller")
	waitPromise(t, phone, "the sheet is kept on the phone",
		`caches.match(location.href + "/hands/new?by=cards").then(function (r) { return !!r; })`)
	// A second tab of the same phone keeps the scorepad open.
	pad, cancel := chromedp.NewContext(phone)
	defer cancel()
	run(t, pad, "open the scorepad in a second tab", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("#scorepad")))

	app.setReachable(false)
	run(t, phone, "open the sheet with no network",
		chromedp.Navigate(app.srv.URL+game+"/hands/new?by=cards"), chromedp.WaitVisible(css("#in-knock_card")))
	run(t, phone, "enter Ann's gin and save it",
		typeCards("knock_card", "5h"),
		choose(`input[name=knocker][value="0"]`),
		typeCards("hand_0", "as 2s 3s 4h 4d 4c 7c 8c 9c 10c"),
		typeCards("hand_1", "ks kh 5d 6d 2h 9h jd qc 3d 8s"),
		choose(`button[value=save]`),
	)
	waitText(t, phone, "#outbox", "1 hand waiting to be sent")
	// A third tab opens the next deal's sheet meanwhile, from the phone.
	next, cancelNext := chromedp.NewContext(phone)
	defer cancelNext()
	run(t, next, "open the next deal's sheet in a third tab",
		chromedp.Navigate(app.srv.URL+game+"/hands/new?by=cards"), chromedp.WaitVisible(css("#in-knock_card")))
	body, err := chromedp.Run(phone, chromedp.Evaluate[string](`JSON.parse(localStorage.getItem("outbox"))[0].body`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(body, "_csrf") {
		t.Errorf("the waiting form is kept with its CSRF token: %s", body)
	}
	if _, err := chromedp.Call(phone, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(phone, network.DeleteCookies, network.DeleteCookiesParams{Name: "meldpad_csrf", URL: app.srv.URL}); err != nil {
		t.Fatal(err)
	}

	app.setReachable(true)
	run(t, phone, "the network comes back", chromedp.Evaluate[chromedp.Void](`window.dispatchEvent(new Event("online"))`))
	waitVisible(t, phone, "the sheet goes back to the scorepad", "#scorepad")
	waitText(t, phone, "#sent", "Deal 1 saved")
	waitText(t, pad, "#sent", "Deal 1 saved")
	// The next deal's sheet, still blank, is laid out again for deal 2.
	waitText(t, next, "#sent", "Deal 1 saved")
	waitText(t, next, "h1", "Record deal 2")
	if n := len(handLinks(app.get(game))); n != 1 {
		t.Fatalf("%d deals recorded, want exactly 1", n)
	}
	sameTotals(t, app.get(game), "98", "0")
	shot(t, phone, "outbox-sent")
}

// TestBrowserRefereeFromTheScorepad: a phone that opened only a card
// game's scorepad online (never a sheet) gets the referee then, in the
// background, and judges a sheet opened with no network.
func TestBrowserRefereeFromTheScorepad(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	phone := newBrowser(t)
	run(t, phone, "open the scorepad online", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("#scorepad")))
	waitTrue(t, phone, "the service worker takes control", "!!navigator.serviceWorker.controller")
	waitPromise(t, phone, "the sheet and the referee are kept on the phone",
		`Promise.all([caches.match(location.href + "/hands/new?by=cards"),
			caches.keys().then(names => Promise.all(names.map(n => caches.open(n).then(c => c.keys()))))
				.then(lists => lists.flat().some(r => r.url.includes("/static/meldpad.wasm")))]).then(r => !!r[0] && r[1])`)
	app.setReachable(false)
	run(t, phone, "open the sheet with no network",
		chromedp.Navigate(app.srv.URL+game+"/hands/new?by=cards"), chromedp.WaitVisible(css("#in-knock_card")))
	run(t, phone, "type the knock card", typeCards("knock_card", "kh"))
	waitText(t, phone, "#fb-knock_card", "K♥")
	waitText(t, phone, "#judgement", "Checked on this phone")
}

// TestBrowserOrganizerPageNotKept: the organizer's page of a league is
// never kept on the phone (it is served no-store), even as the first
// page a phone opens.
func TestBrowserOrganizerPageNotKept(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Thursdays", "fan")
	res, err := app.client.Get(app.srv.URL + l.organizer)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(res.Header.Get("Cache-Control"), "no-store") {
		t.Errorf("the organizer's page: %d, Cache-Control %q, want no-store", res.StatusCode, res.Header.Get("Cache-Control"))
	}
	phone := newBrowser(t)
	kept := func(when string) {
		t.Helper()
		urls, err := chromedp.Run(phone, chromedp.Evaluate[[]string](
			`caches.keys().then(names => Promise.all(names.map(n => caches.open(n).then(c => c.keys())))).then(lists => lists.flat().map(r => r.url))`,
			chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range urls {
			if strings.Contains(u, "/lo/") {
				t.Errorf("%s, the phone keeps the organizer's page: %s", when, u)
			}
		}
	}
	run(t, phone, "open the organizer's page", chromedp.Navigate(app.srv.URL+l.organizer), chromedp.WaitVisible(css("main")))
	waitTrue(t, phone, "the service worker takes control", "!!navigator.serviceWorker.controller")
	run(t, phone, "let the page keep what it keeps", chromedp.Sleep(2*time.Second))
	kept("as the first page the phone opened")
	run(t, phone, "open it again through the worker", chromedp.Reload(), chromedp.WaitVisible(css("main")), chromedp.Sleep(time.Second))
	kept("through the service worker")
}
