package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserRuleIDsAreLinks: a rule id cited on a page (the scorepad's
// "Game to 100 (N8)", a field's problem, a verdict) is a link to the
// rule's text inside meldpad, on the game's rules page.
func TestBrowserRuleIDsAreLinks(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	ctx := newBrowser(t)
	run(t, ctx, "open the scorepad", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("#scorepad")))
	links := func(scope string) []string {
		t.Helper()
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(`+"`"+scope+" a`"+
			`)].filter(a => /^[A-Z][0-9]{1,2}$/.test(a.textContent.trim())).map(a => a.textContent.trim() + " " + a.getAttribute("href"))`))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := links(".target"); len(got) != 1 || got[0] != "N8 /rules/fan#N8" {
		t.Errorf("the scorepad's end cites N8 as %q, want a link to /rules/fan#N8", got)
	}
	mustTap(t, ctx, `.target a[href="/rules/fan#N8"]`, "follow N8")
	run(t, ctx, "wait for the rules", chromedp.WaitVisible(css("section#N8")))
	if got := text(t, ctx, "section#N8"); !strings.Contains(got, "N8") || !strings.Contains(got, "100") {
		t.Errorf("N8's text: %q", got)
	}
	shot(t, ctx, "rules-fan")

	// A by-points deal the rules refuse says why beside the field, the
	// rule a link.
	run(t, ctx, "record a deal both players score",
		chromedp.Navigate(app.srv.URL+game+"/hands/new"), chromedp.WaitVisible(css("#points-0")),
		chromedp.SendKeys(css("#points-0"), "10"), chromedp.SendKeys(css("#points-1"), "12"),
		chromedp.Click(css(`button[type=submit]`)), chromedp.WaitVisible(css(".err")))
	if got := links(".err"); len(got) == 0 || got[0] != "N6 /rules/fan#N6" {
		t.Errorf("the field's problem cites %q, want N6 linked", got)
	}

	// The referee's verdict, and the rules it rests on.
	run(t, ctx, "ask the referee", chromedp.Navigate(app.srv.URL+"/adjudicate?game=fan&q=meld&cards=QS+KS+AS"),
		chromedp.WaitVisible(css(".verdict-box")))
	if got := links(".verdict-box"); len(got) == 0 || !strings.HasPrefix(got[0], "N") || !strings.Contains(got[0], " /rules/fan#N") {
		t.Errorf("the verdict's rules: %q, want links to Fan Rummy's rules", got)
	}
}
