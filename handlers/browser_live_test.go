package handlers

import (
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
	run(t, phoneB, "phone B opens the game", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("#scorepad")))

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

	// The spectators' link, opened on phone B, follows phone A too.
	share := app.get(game + "/share")
	watch := watchLinkRe.FindStringSubmatch(share.body)[1]
	run(t, phoneB, "phone B opens the spectators' link", chromedp.Navigate(watch), chromedp.WaitVisible(css("#scorepad")))
	run(t, phoneA, "phone A records deal 2",
		chromedp.Click(css(`a[href$="/hands/new"]`)),
		chromedp.WaitVisible(css("#points-1")),
		chromedp.SendKeys(css("#points-1"), "25"),
		chromedp.Click(css(`button[type=submit]`)),
		chromedp.WaitVisible(css("#scorepad")),
	)
	waitText(t, phoneB, "#scorepad .totals", "25")
	shot(t, phoneB, "spectator-live")
	if html, _ := chromedp.Run(phoneB, chromedp.OuterHTML(css("main"))); strings.Contains(html, "/hands/") {
		t.Errorf("the spectators' page offers a way to change hands")
	}
}
