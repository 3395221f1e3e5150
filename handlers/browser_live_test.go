package handlers

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserTwoPhones opens one game on two phones (two browsers, two
// profiles). A hand saved on either appears on the other without a reload,
// and the spectators' link follows along read-only.
func TestBrowserTwoPhones(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	phoneA, phoneB := newBrowser(t), newBrowser(t)
	run(t, phoneA, "phone A opens the game", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("#scorepad")))
	run(t, phoneB, "phone B opens the game", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("#scorepad")),
		countFetches())

	// Phone A records deal 1 by points.
	run(t, phoneA, "phone A records a deal",
		chromedp.Click(css(`a[href$="/hands/new"]`)),
		chromedp.WaitVisible(css("#points-0")),
		chromedp.SendKeys(css("#points-0"), "18"),
		chromedp.Click(css(`button[type=submit]`)),
		chromedp.WaitVisible(css("#scorepad")),
	)
	waitText(t, phoneB, "#scorepad .totals", "18")
	if strings.Contains(text(t, phoneB, "h1"), "Record") {
		t.Fatalf("phone B navigated away")
	}
	if n := fetches(t, phoneB); n != 0 {
		t.Errorf("phone B fetched the page %d times; the event brings the scorepad", n)
	}

	// The spectators' link, opened on phone B, follows phone A too.
	share := app.get(game + "/share")
	watch := watchLinkRe.FindStringSubmatch(share.body)[1]
	run(t, phoneB, "phone B opens the spectators' link", chromedp.Navigate(watch), chromedp.WaitVisible(css("#scorepad")),
		countFetches())
	run(t, phoneA, "phone A records deal 2",
		chromedp.Click(css(`a[href$="/hands/new"]`)),
		chromedp.WaitVisible(css("#points-1")),
		chromedp.SendKeys(css("#points-1"), "25"),
		chromedp.Click(css(`button[type=submit]`)),
		chromedp.WaitVisible(css("#scorepad")),
	)
	waitText(t, phoneB, "#scorepad .totals", "25")
	shot(t, phoneB, "spectator-live")
	if n := fetches(t, phoneB); n != 0 {
		t.Errorf("the spectator fetched the page %d times; the event brings the scorepad", n)
	}
	if html, _ := chromedp.Run(phoneB, chromedp.OuterHTML(css("main"))); strings.Contains(html, "/hands/") {
		t.Errorf("the spectators' page offers a way to change hands")
	}
}

// countFetches makes the page count the live update's fetches of the
// scorepad (fetches reads the count), to tell a scorepad the event brought
// from one fetched. The live update asks for text/html; the offline
// script's fetches of the forms, which also run, do not.
func countFetches() step {
	return chromedp.Evaluate[chromedp.Void](`window.meldpadFetches = 0; (function () {
		var fetch = window.fetch;
		window.fetch = function (url, opts) {
			if (opts && opts.headers && opts.headers.Accept === "text/html") window.meldpadFetches++;
			return fetch.apply(this, arguments);
		};
	})()`)
}

func fetches(t *testing.T, phone context.Context) int {
	t.Helper()
	n, err := chromedp.Run(phone, chromedp.Evaluate[int](`window.meldpadFetches`))
	if err != nil {
		t.Fatalf("count the page's fetches: %v", err)
	}
	return n
}
