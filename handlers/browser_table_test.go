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
// players as they are typed, and no seat still blank.
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
	if !slices.Equal(options, []string{"Ann", "Bob Lee"}) {
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

// wideTableState is what a phone shows of a table wider than the screen:
// whether its box scrolls sideways, whether a sign says so at each edge,
// and where its first column sits, before and after scrolling to the end.
type wideTableState struct {
	Scrolls        bool    `json:"scrolls"`
	FadeRight      bool    `json:"fadeRight"`
	FadeRightAtEnd bool    `json:"fadeRightAtEnd"`
	FirstLeft      float64 `json:"firstLeft"`
	FirstLeftAtEnd float64 `json:"firstLeftAtEnd"`
	BoxLeft        float64 `json:"boxLeft"`
	LastReachable  bool    `json:"lastReachable"`
}

// wideTable scrolls the table's box from start to end and reports what it
// showed. The sign is the box's shadow layers: the one at the right edge
// counts as shown when the cover that travels with the content is not
// over it (the content goes on past the edge). lastSel is the cell or
// link that must be reachable: after scrolling to it, it is the element
// at its own centre, not hidden under the fixed column.
func wideTable(t *testing.T, ctx context.Context, table, lastSel string) wideTableState {
	t.Helper()
	js := `(() => {
		const table = document.querySelector(` + "`" + table + "`" + `), box = table.closest(".scroll");
		const first = table.querySelector("tbody tr > :first-child");
		const s = {scrolls: box.scrollWidth > box.clientWidth + 1, boxLeft: box.getBoundingClientRect().left};
		const edge = () => box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
		s.fadeRight = getComputedStyle(box).backgroundImage.includes("gradient") && edge();
		s.firstLeft = first.getBoundingClientRect().left;
		box.scrollLeft = box.scrollWidth;
		s.fadeRightAtEnd = edge();
		s.firstLeftAtEnd = first.getBoundingClientRect().left;
		const last = [...table.querySelectorAll(` + "`" + lastSel + "`" + `)].pop();
		last.scrollIntoView({block: "center", inline: "nearest"});
		const r = last.getBoundingClientRect();
		const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		s.lastReachable = r.right <= window.innerWidth && r.left >= 0 && (hit === last || last.contains(hit));
		return s;
	})()`
	s, err := chromedp.Run(ctx, chromedp.Evaluate[wideTableState](js))
	if err != nil {
		t.Fatalf("measure %s: %v", table, err)
	}
	return s
}

// TestBrowserWideTables: on a 390x844 phone the scorepad of eight players
// fits without scrolling sideways (compact), every Edit link reachable;
// a league's standings scroll sideways with their first column fixed, a
// shadow at the edge where more is hidden.
func TestBrowserWideTables(t *testing.T) {
	app := newTestApp(t)
	names := []string{"Annabel", "Bartholomew", "Cy", "Dee", "Esmeralda", "Fitz", "Gwendolyn", "Hal"}
	game := app.createGame("fortune", names...)
	app.mustRecord(game, "0", "0", "-15", "20", "35", "-5", "10", "75", "5")
	app.mustRecord(game, "3", "25", "30", "-10", "0", "15", "5", "20", "60")
	l := app.createLeague("Thursday club", "fan")
	for i := range 3 {
		g := app.startLeagueGame(l, "fan", names[i], names[i+1])
		app.mustRecord(g, "", "110", "")
	}
	ctx := newBrowser(t)
	run(t, ctx, "open the scorepad of eight", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("table.hands")))
	run(t, ctx, "show the hands", chromedp.Evaluate[chromedp.Void](`document.querySelector("table.hands").scrollIntoView()`))
	shot(t, ctx, "scorepad-8-start")
	pad := wideTable(t, ctx, "table.hands", "a[href*='/hands/']")
	shot(t, ctx, "scorepad-8-end")
	run(t, ctx, "open the standings", chromedp.Navigate(app.srv.URL+l.members), chromedp.WaitVisible(css("table.standings")))
	run(t, ctx, "show the standings", chromedp.Evaluate[chromedp.Void](`document.querySelector("table.standings").scrollIntoView()`))
	shot(t, ctx, "standings-start")
	standings := wideTable(t, ctx, "table.standings", "tbody tr > :last-child")
	shot(t, ctx, "standings-end")
	run(t, ctx, "the scorepad in the dark", colourScheme("dark"), chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("table.hands")),
		chromedp.Evaluate[chromedp.Void](`document.querySelector("table.hands").scrollIntoView()`))
	shot(t, ctx, "scorepad-8-dark")
	if pad.Scrolls || !pad.LastReachable {
		t.Errorf("scorepad of eight: scrolls sideways %v (want false), last Edit link reachable %v (want true)", pad.Scrolls, pad.LastReachable)
	}
	for name, s := range map[string]wideTableState{"standings": standings} {
		if !s.Scrolls {
			t.Errorf("%s: the table fits; this test needs one wider than the phone", name)
			continue
		}
		if !s.FadeRight || s.FadeRightAtEnd {
			t.Errorf("%s: the sign of more to the right: at the start %v (want true), at the end %v (want false)", name, s.FadeRight, s.FadeRightAtEnd)
		}
		if s.FirstLeftAtEnd != s.FirstLeft || s.FirstLeft < s.BoxLeft {
			t.Errorf("%s: the first column moved from %.0f to %.0f when scrolled; it should stay in view", name, s.FirstLeft, s.FirstLeftAtEnd)
		}
		if !s.LastReachable {
			t.Errorf("%s: the last column cannot be reached", name)
		}
	}
}

// TestBrowserRematch: on a finished scorepad, Rematch… shows the lineup
// and the first dealer, and Start the rematch opens the new game, with
// the deal passed on; the home page then lists both games and the league
// this phone opened.
func TestBrowserRematch(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	run(t, ctx, "make a league", chromedp.Navigate(app.srv.URL+"/leagues/new"), chromedp.WaitVisible(css("#name")),
		chromedp.SendKeys(css("#name"), "Thursday club"), chromedp.Click(css(`input[name=games][value=fan]`)),
		chromedp.Click(css(`button[type=submit]`)))
	// The new-league form has a heading too: wait for the organizer's
	// page, or the next page would be opened while the league is still
	// being made, and cut it short.
	waitText(t, ctx, "main h1", "Thursday club")
	newGameInBrowser(t, ctx, app.srv.URL, "fan", "Ann", "Bob")
	pointsRound(t, ctx, 1, "60", "")
	pointsRound(t, ctx, 2, "", "10")
	pointsRound(t, ctx, 3, "50", "")
	run(t, ctx, "ask for a rematch", chromedp.Click(css(`form[action$="/rematch"] button`)), chromedp.WaitVisible(css("ol.lineup")))
	shot(t, ctx, "rematch")
	if got := text(t, ctx, "ol.lineup"); !strings.Contains(got, "Bob deals first") && !strings.Contains(got, "Bob\ndeals first") {
		t.Errorf("the lineup: %q, want Bob to deal first", got)
	}
	run(t, ctx, "start it", chromedp.Click(css(`form[method=post] button[type=submit]`)), chromedp.WaitVisible(css("#scorepad")))
	if got := text(t, ctx, ".totals"); !strings.Contains(got, "Bob\ndeals") && !strings.Contains(got, "Bob deals") {
		t.Errorf("the rematch's totals: %q, want Bob dealing", got)
	}
	run(t, ctx, "go home", chromedp.Navigate(app.srv.URL+"/"), chromedp.WaitVisible(css("main h1")))
	shot(t, ctx, "home")
	home := text(t, ctx, "main")
	if !strings.Contains(home, "In progress") || !strings.Contains(home, "Ann won") || !strings.Contains(home, "Thursday club") {
		t.Errorf("the home page: %q", home)
	}
}
