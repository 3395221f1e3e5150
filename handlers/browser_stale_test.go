package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserCorrectingADeletedHand: phone A starts correcting a deal,
// phone B deletes it; phone A's save says so, keeps what it typed, and
// saves it as a new deal with one tap.
func TestBrowserCorrectingADeletedHand(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	app.mustRecord(game, "", "18", "")
	link := handLinks(app.get(game))[0]
	phoneA, phoneB := newBrowser(t), newBrowser(t)
	run(t, phoneA, "phone A opens deal 1 to correct it",
		chromedp.Navigate(app.srv.URL+link),
		chromedp.WaitVisible(css("#points-0")),
		chromedp.Clear(css("#points-0")),
		chromedp.SendKeys(css("#points-0"), "20"),
	)
	run(t, phoneB, "phone B deletes deal 1",
		chromedp.Navigate(app.srv.URL+link),
		chromedp.WaitVisible(css("#points-0")),
		chromedp.Click(css(`a[href$="/delete"]`)),
		chromedp.WaitVisible(css(`button.danger`)),
		chromedp.Click(css(`button.danger`)),
		chromedp.WaitVisible(css("#scorepad")),
	)
	run(t, phoneA, "phone A saves its correction",
		chromedp.Click(css(`button[type=submit]`)),
		chromedp.WaitVisible(css(".alert.warn")),
	)
	waitText(t, phoneA, ".alert.warn", "Another phone deleted this deal")
	typed, err := chromedp.Run(phoneA, chromedp.Value(css("#points-0")))
	if err != nil || typed != "20" {
		t.Fatalf("the entry reads %q (%v) after the refusal, want 20", typed, err)
	}
	shot(t, phoneA, "correcting-a-deleted-deal")
	// Deal 1 keeps its number though deleted: the entry becomes deal 2.
	if label := text(t, phoneA, `button[type=submit]`); !strings.Contains(label, "Save as deal 2 (new)") {
		t.Fatalf("the button reads %q", label)
	}
	run(t, phoneA, "phone A saves it as a new deal",
		chromedp.Click(css(`button[type=submit]`)),
		chromedp.WaitVisible(css("#scorepad")),
	)
	waitText(t, phoneA, "#scorepad .totals", "20")
	sameTotals(t, app.get(game), "20", "0")
}
