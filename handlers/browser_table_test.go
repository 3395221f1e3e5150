package handlers

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// beforeEachPage runs script in every page the tab opens from now on,
// before the page's own scripts: a stand-in for an API the headless
// browser lacks or must not really use (the phone's share sheet).
func beforeEachPage(script string) step {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: script})
		return chromedp.Void{}, err
	}
}

// TestBrowserDealerNames: the new-game form's "Who deals first?" names the
// players as they are typed, and a seat still blank as "Player N".
func TestBrowserDealerNames(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	run(t, ctx, "open the Fortune form and type two names",
		chromedp.Navigate(app.srv.URL+"/games/new?game=fortune"),
		chromedp.WaitVisible(css("#player-0")),
		chromedp.SendKeys(css("#player-0"), "Ann"),
		chromedp.SendKeys(css("#player-1"), "  Bob   Lee "),
	)
	options, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#dealer option")].map(o => o.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(options) < 3 || options[0] != "Ann" || options[1] != "Bob Lee" || options[2] != "Player 3" {
		t.Fatalf("the dealer's choices as names are typed: %q", options)
	}
	run(t, ctx, "rub out Ann", chromedp.Evaluate[chromedp.Void](`document.getElementById("player-0").value = ""`), chromedp.SendKeys(css("#player-0"), "Cy"))
	if got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#dealer option").textContent`)); got != "Cy" {
		t.Errorf("the first choice after retyping: %q, want Cy", got)
	}
}

// TestBrowserShareButtons: the share page copies each link with its Copy
// button, offers Share only where the phone can share, and hands the
// phone's share sheet the link.
func TestBrowserShareButtons(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	for _, tc := range []struct {
		name     string
		canShare bool
	}{{"phone that shares", true}, {"browser that cannot share", false}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newBrowser(t)
			// The clipboard and the share sheet are the phone's: the
			// test stands in for them and keeps what they were given.
			stub := `navigator.clipboard.writeText = text => { window.copied = text; return Promise.resolve(); };`
			if tc.canShare {
				stub += `navigator.share = data => { window.shared = data.url; return Promise.resolve(); };`
			} else {
				stub += `delete Navigator.prototype.share; delete navigator.share;`
			}
			run(t, ctx, "open the share page", beforeEachPage(stub), chromedp.Navigate(app.srv.URL+game+"/share"),
				chromedp.WaitVisible(css("[data-share-link] button.copy")))
			links, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("[data-share-link] input")].map(i => i.value)`))
			if err != nil || len(links) != 2 {
				t.Fatalf("the page's links: %q, %v", links, err)
			}
			run(t, ctx, "copy the scorepad's link", chromedp.Evaluate[chromedp.Void](`document.querySelector("[data-share-link] button.copy").click()`))
			waitText(t, ctx, "[data-share-link] [role=status]", "Link copied.")
			copied, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`window.copied || ""`))
			if copied != links[0] || !strings.HasSuffix(copied, game) {
				t.Errorf("copied %q, want the scorepad's link %q", copied, links[0])
			}
			hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[[]bool](`[...document.querySelectorAll("button.share")].map(b => b.hidden)`))
			if want := []bool{!tc.canShare, !tc.canShare}; !slices.Equal(hidden, want) {
				t.Fatalf("Share buttons hidden: %v, want %v", hidden, want)
			}
			if !tc.canShare {
				return
			}
			shot(t, ctx, "share")
			run(t, ctx, "share the spectators' link", chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("button.share")[1].click()`))
			shared, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`window.shared || ""`))
			if shared != links[1] || !strings.Contains(shared, "/w/") {
				t.Errorf("shared %q, want the spectators' link %q", shared, links[1])
			}
		})
	}
}
