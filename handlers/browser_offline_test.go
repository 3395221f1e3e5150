package handlers

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// waitTrue waits until a script's value is true on the page.
func waitTrue(t *testing.T, ctx context.Context, what, script string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](script, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("%s (%s): %v", what, script, err)
	}
}

// waitPromise waits until a script's promise resolves to true.
func waitPromise(t *testing.T, ctx context.Context, what, script string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](script, chromedp.EvalAwaitPromise))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s (%s): %v", what, script, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// value reads a field's value.
func value(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Value(css(sel)))
	if err != nil {
		t.Fatalf("read %s: %v", sel, err)
	}
	return v
}

// TestBrowserDraftKeptOverReload: what is typed into a hand's form, card
// by card or by points, comes back after a reload (as after the lock
// screen); once saved, the next hand's form is blank.
func TestBrowserDraftKeptOverReload(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	phone := newBrowser(t)
	run(t, phone, "type part of a deal card by card, then reload",
		chromedp.Navigate(app.srv.URL+game+"/hands/new?by=cards"),
		chromedp.WaitVisible(css("#in-knock_card")),
		typeCards("knock_card", "5h"),
		typeCards("hand_0", "as 2s 3s"),
		chromedp.Reload(),
		chromedp.WaitVisible(css("#in-knock_card")),
	)
	if got := value(t, phone, "#in-knock_card"); got != "5h" {
		t.Errorf("the knock card after a reload: %q, want 5h", got)
	}
	if got := value(t, phone, "#in-hand_0"); got != "as 2s 3s" {
		t.Errorf("Ann's hand after a reload: %q", got)
	}
	// The restored cards are judged again, as if typed.
	waitText(t, phone, "#fb-knock_card", "5♥")

	run(t, phone, "type a deal by points, then reload",
		chromedp.Navigate(app.srv.URL+game+"/hands/new"),
		chromedp.WaitVisible(css("#points-0")),
		chromedp.SendKeys(css("#points-0"), "20"),
		chromedp.Reload(),
		chromedp.WaitVisible(css("#points-0")),
	)
	if got := value(t, phone, "#points-0"); got != "20" {
		t.Fatalf("Ann's points after a reload: %q, want 20", got)
	}
	run(t, phone, "save it",
		chromedp.Click(css(`button[type=submit]`)),
		chromedp.WaitVisible(css("#scorepad")),
	)
	sameTotals(t, app.get(game), "20", "0")
	run(t, phone, "open the next deal's form",
		chromedp.Navigate(app.srv.URL+game+"/hands/new"),
		chromedp.WaitVisible(css("#points-0")),
	)
	if got := value(t, phone, "#points-0"); got != "" {
		t.Errorf("the next deal's form shows %q: the saved deal's draft was kept", got)
	}
}

// TestBrowserOfflineHand: a phone opens a game's scorepad and card sheet
// online (the service worker installed and in control); the network
// goes; the sheet opens again with none, a deal typed into it is kept on
// the phone when Save cannot reach meldpad, and still waits after a
// reload; the network comes back and the deal is recorded exactly once,
// as a second phone sees.
func TestBrowserOfflineHand(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	phone := newBrowser(t)
	run(t, phone, "open the scorepad online",
		chromedp.Navigate(app.srv.URL+game),
		chromedp.WaitVisible(css("#scorepad")),
	)
	waitTrue(t, phone, "the service worker takes control", "!!navigator.serviceWorker.controller")
	// The scorepad was opened before the worker ran: the page keeps it
	// itself, with the forms of the next deal.
	waitPromise(t, phone, "the scorepad and the sheet are kept on the phone",
		`Promise.all([caches.match(location.href), caches.match(location.href + "/hands/new?by=cards")]).then(function (r) { return !!r[0] && !!r[1]; })`)
	run(t, phone, "open the card sheet online",
		chromedp.Navigate(app.srv.URL+game+"/hands/new?by=cards"),
		chromedp.WaitVisible(css("#in-knock_card")),
	)

	app.setReachable(false)
	run(t, phone, "reload the sheet with no network",
		chromedp.Reload(),
		chromedp.WaitVisible(css("#in-knock_card")),
	)
	run(t, phone, "enter Ann's gin and save it",
		typeCards("knock_card", "5h"),
		choose(`input[name=knocker][value="0"]`),
		typeCards("hand_0", "as 2s 3s 4h 4d 4c 7c 8c 9c 10c"),
		typeCards("hand_1", "ks kh 5d 6d 2h 9h jd qc 3d 8s"),
		choose(`button[value=save]`),
	)
	waitText(t, phone, "#unsaved", "Not saved, kept on this phone. It is sent as soon as meldpad can be reached.")
	waitText(t, phone, "#outbox", "1 hand waiting to be sent")
	shot(t, phone, "offline-deal-waiting")

	run(t, phone, "reload with no network",
		chromedp.Reload(),
		chromedp.WaitVisible(css("#in-knock_card")),
	)
	waitText(t, phone, "#outbox", "1 hand waiting to be sent")
	if got := text(t, phone, "#outbox"); !strings.Contains(got, "Record deal 1") {
		t.Errorf("the waiting hand is listed as %q", got)
	}
	if got := value(t, phone, "#in-hand_0"); got != "" {
		t.Errorf("the sheet opened again shows %q: it is the next deal's", got)
	}
	run(t, phone, "open the scorepad with no network",
		chromedp.Navigate(app.srv.URL+game),
		chromedp.WaitVisible(css("#scorepad")),
	)
	waitText(t, phone, "#outbox", "1 hand waiting to be sent")

	app.setReachable(true)
	if n := len(handLinks(app.get(game))); n != 0 {
		t.Fatalf("%d deals recorded while meldpad could not be reached", n)
	}
	// The browser says it is online again.
	run(t, phone, "the network comes back",
		chromedp.Evaluate[chromedp.Void](`window.dispatchEvent(new Event("online"))`),
	)
	waitTrue(t, phone, "the waiting deal is sent", `!document.getElementById("outbox")`)

	other := newBrowser(t)
	run(t, other, "a second phone opens the scorepad",
		chromedp.Navigate(app.srv.URL+game),
		chromedp.WaitVisible(css("#scorepad")),
	)
	if got := text(t, other, "#scorepad .totals"); !strings.Contains(got, "98") {
		t.Errorf("the second phone's totals: %q, want Ann's 98", got)
	}
	run(t, phone, "the first phone reloads", chromedp.Reload(), chromedp.WaitVisible(css("#scorepad")))
	if n := len(handLinks(app.get(game))); n != 1 {
		t.Fatalf("%d deals recorded, want exactly 1", n)
	}
	sameTotals(t, app.get(game), "98", "0")
}

// TestBrowserOfflineHandOfAStalePhone: a deal saved with no network waits
// on the phone; meanwhile another phone records a deal. When the network
// comes back the waiting deal is not saved over it: the phone is told,
// with a link to what meldpad answered, and the scorepad holds the other
// phone's deal only.
func TestBrowserOfflineHandOfAStalePhone(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	phone := newBrowser(t)
	run(t, phone, "open the form online",
		chromedp.Navigate(app.srv.URL+game+"/hands/new"),
		chromedp.WaitVisible(css("#points-0")),
	)
	app.setReachable(false)
	run(t, phone, "save a deal with no network",
		chromedp.SendKeys(css("#points-0"), "20"),
		chromedp.Click(css(`button[type=submit]`)),
	)
	waitText(t, phone, "#outbox", "1 hand waiting to be sent")
	app.setReachable(true)
	app.mustRecord(game, "", "", "30") // another phone, meanwhile
	run(t, phone, "the network comes back",
		chromedp.Evaluate[chromedp.Void](`window.dispatchEvent(new Event("online"))`),
	)
	waitText(t, phone, "#outbox", "not saved. See why")
	run(t, phone, "see why",
		chromedp.Click(css("#outbox a")),
		chromedp.WaitVisible(css(".alert.warn")),
	)
	waitText(t, phone, ".alert.warn", "another phone saved first")
	if got := value(t, phone, "#points-0"); got != "20" {
		t.Errorf("the deal that waited reads %q, want Ann's 20", got)
	}
	if n := len(handLinks(app.get(game))); n != 1 {
		t.Fatalf("%d deals recorded, want the other phone's only", n)
	}
	sameTotals(t, app.get(game), "0", "30")
}
