package handlers

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// present reports whether the page has an element matching sel now,
// without waiting for one (a missing link fails its test at once rather
// than when the browser's deadline ends).
func present(t *testing.T, ctx context.Context, sel string) bool {
	t.Helper()
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(css(sel), chromedp.AtLeast(0)))
	if err != nil {
		t.Fatalf("look for %s: %v", sel, err)
	}
	return len(nodes) > 0
}

// mustTap taps the element matching sel, failing at once when the page
// has none.
func mustTap(t *testing.T, ctx context.Context, sel, what string) {
	t.Helper()
	if !present(t, ctx, sel) {
		t.Fatalf("%s: the page has no %s", what, sel)
	}
	run(t, ctx, what, chromedp.Click(css(sel)))
}

// heartsFor starts a Hearts game (to 100, lowest wins) through the app's
// own client and opens it on the phone, which then counts it among its
// games, as a phone that started it would.
func heartsFor(t *testing.T, app *testApp, ctx context.Context, players ...string) string {
	t.Helper()
	p := app.createPointsGame(url.Values{"name": {"Hearts"}, "end": {"target"}, "target": {"100"}, "wins": {"lowest"}}, players...)
	if p.location == "" {
		t.Fatalf("start Hearts: %d\n%s", p.status, p.body)
	}
	run(t, ctx, "open Hearts", chromedp.Navigate(app.srv.URL+p.location), chromedp.WaitVisible(css("#scorepad")))
	return p.location
}

// TestBrowserNewGameSuggestsNames: the new-game form offers the names of
// the phone's last game as suggestions (a datalist), never as the
// inputs' values, so that typing a name gives that name and not the old
// one with the new one after it ("AnnAnnabelle").
func TestBrowserNewGameSuggestsNames(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	heartsFor(t, app, ctx, "Ann", "Bob", "Cy", "Dee")
	run(t, ctx, "open the new-game form of the same game",
		chromedp.Navigate(app.srv.URL+"/games/new?game=points"), chromedp.WaitVisible(css("#player-0")))
	for i := range 4 {
		if v := value(t, ctx, "#player-"+itoa(i)); v != "" {
			t.Errorf("player %d's input holds %q before anything is typed", i+1, v)
		}
	}
	suggested, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll("#known-players option")].map(o => o.value)`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(suggested, ",") != "Ann,Bob,Cy,Dee" {
		t.Errorf("suggested names %q, want the last game's, in its seat order", suggested)
	}
	run(t, ctx, "type a new first player", chromedp.Click(css("#player-0")), chromedp.SendKeys(css("#player-0"), "Annabelle"))
	if v := value(t, ctx, "#player-0"); v != "Annabelle" {
		t.Errorf("typing Annabelle gives %q", v)
	}
	// The same table again is one tap, with script.
	mustTap(t, ctx, "button.same-players", "fill in last game's players")
	if v := value(t, ctx, "#player-3"); v != "Dee" {
		t.Errorf("after \"Same players\" the fourth input holds %q", v)
	}
	shot(t, ctx, "new-game-suggestions")
}

// TestBrowserRenameSeat: anyone with a game's link renames a seat of a
// game outside leagues; the scorepad and its history show the new name,
// and the history says who was renamed.
func TestBrowserRenameSeat(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	game := heartsFor(t, app, ctx, "Ann", "Bob", "Cy", "Dee")
	app.mustRecord(game, "", "5", "0", "13", "8")
	run(t, ctx, "reload the scorepad", chromedp.Reload(), chromedp.WaitVisible(css("table.hands")))
	mustTap(t, ctx, `a[href$="/players"]`, "open the players' names")
	run(t, ctx, "rename Ann", chromedp.WaitVisible(css("#seat-0")), chromedp.Clear(css("#seat-0")),
		chromedp.SendKeys(css("#seat-0"), "Annabelle"))
	shot(t, ctx, "rename-seat")
	run(t, ctx, "save the names", chromedp.Click(css(`button[type=submit]`)), chromedp.WaitVisible(css("#scorepad")))
	if got := text(t, ctx, "#scorepad .totals"); !strings.Contains(got, "Annabelle") {
		t.Errorf("the totals after the rename: %q", got)
	}
	if got := text(t, ctx, "table.hands thead"); !strings.Contains(got, "Annabelle") {
		t.Errorf("the rounds' heading after the rename: %q", got)
	}
	run(t, ctx, "open the history", chromedp.Navigate(app.srv.URL+game+"/history"), chromedp.WaitVisible(css("main")))
	if got := text(t, ctx, "main"); !strings.Contains(got, "Ann renamed Annabelle") || !strings.Contains(got, "Annabelle +5") {
		t.Errorf("the history after the rename: %q", got)
	}
}

// TestBrowserDeleteGameAndUndo: anyone with the link deletes a game
// outside leagues; its link then says so and offers Undo for a while,
// the phone's list no longer shows it, and Undo brings it back whole.
func TestBrowserDeleteGameAndUndo(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	game := heartsFor(t, app, ctx, "Ann", "Bob", "Cy", "Dee")
	app.mustRecord(game, "", "5", "0", "13", "8")
	run(t, ctx, "reload the scorepad", chromedp.Reload(), chromedp.WaitVisible(css("table.hands")))
	mustTap(t, ctx, `a[href$="/delete"]:not([href*="/hands/"])`, "ask to delete the game")
	run(t, ctx, "confirm", chromedp.WaitVisible(css(`form[action$="/delete"] button[type=submit]`)),
		chromedp.Click(css(`form[action$="/delete"] button[type=submit]`)), chromedp.WaitVisible(css(".deleted")))
	if got := text(t, ctx, "main"); !strings.Contains(got, "deleted") || !strings.Contains(got, "Undo") {
		t.Errorf("the deleted game's link shows %q", got)
	}
	shot(t, ctx, "game-deleted")
	run(t, ctx, "open the home page", chromedp.Navigate(app.srv.URL+"/"), chromedp.WaitVisible(css("main")))
	if got := text(t, ctx, "main"); strings.Contains(got, "Hearts") {
		t.Errorf("the home page still lists the deleted game: %q", got)
	}
	run(t, ctx, "back to its link", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css(".deleted")))
	mustTap(t, ctx, `form[action$="/restore"] button`, "undo")
	run(t, ctx, "wait for the scorepad", chromedp.WaitVisible(css("table.hands")))
	if got := text(t, ctx, "#scorepad .totals"); !strings.Contains(got, "13") {
		t.Errorf("the game back: %q", got)
	}
	run(t, ctx, "open the history", chromedp.Navigate(app.srv.URL+game+"/history"), chromedp.WaitVisible(css("main")))
	if got := text(t, ctx, "main"); !strings.Contains(got, "Game deleted") || !strings.Contains(got, "Game brought back") {
		t.Errorf("the history: %q", got)
	}
}

// TestBrowserLowestWinsReadsRight: a game whose lowest total wins (Hearts
// to 100) reads that way everywhere: the chart's guide is the target that
// ends it, not "target 0"; the scorepad marks the lowest total as the
// leader; a player's page calls the fewest points in a round the best
// and the most the worst (P1, P3, P4).
func TestBrowserLowestWinsReadsRight(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Club", "points")
	hearts := app.startLeagueWith(l, "points", url.Values{"name": {"Hearts"}, "end": {"target"}, "target": {"100"}, "wins": {"lowest"}},
		"Ann", "Bob", "Cy", "Dee")
	app.mustRecord(hearts, "", "0", "26", "0", "0")
	app.mustRecord(hearts, "", "13", "0", "8", "5")
	ctx := newBrowser(t)
	run(t, ctx, "open Hearts", chromedp.Navigate(app.srv.URL+hearts), chromedp.WaitVisible(css("figure.chart")))
	guide, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(".chart .guide-label")?.textContent ?? "(no guide)"`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(guide, "target 0") || !strings.Contains(guide, "100") {
		t.Errorf("the chart's guide reads %q, want the 100 that ends the game", guide)
	}
	desc, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("totals-chart-desc").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(desc, "lowest total wins") || strings.Contains(desc, "towards 0") {
		t.Errorf("the chart's text: %q", desc)
	}
	leader, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`[...document.querySelectorAll("#scorepad .total")].filter(e => e.querySelector(".tag.ahead")).map(e => e.querySelector(".name").firstChild.textContent.trim()).join(",")`))
	if err != nil {
		t.Fatal(err)
	}
	if leader != "Dee" {
		t.Errorf("the scorepad marks %q as ahead, want Dee with the lowest total (5)", leader)
	}
	shot(t, ctx, "hearts-chart")
	app.mustRecord(hearts, "", "90", "0", "5", "5") // Ann passes 100: Dee wins with 10
	run(t, ctx, "open the league", chromedp.Navigate(app.srv.URL+l.members), chromedp.WaitVisible(css("main")))
	bob, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("a")].find(a => a.textContent.trim() === "Bob").getAttribute("href")`))
	if err != nil || bob == "" {
		t.Fatalf("Bob's link on the league page: %q, %v", bob, err)
	}
	run(t, ctx, "open Bob's page", chromedp.Navigate(app.srv.URL+bob), chromedp.WaitVisible(css("main")))
	page := text(t, ctx, "main")
	best, worst := between(page, "Best:", "\n"), between(page, "Worst:", "\n")
	if !strings.HasPrefix(best, "0 ") || !strings.HasPrefix(worst, "+26 ") {
		t.Errorf("Bob's best round reads %q and worst %q; in Hearts his 0 is the best and his +26 the worst", best, worst)
	}
	shot(t, ctx, "hearts-player")
}

// between is the text of s after the first from, up to the next to.
func between(s, from, to string) string {
	_, after, ok := strings.Cut(s, from)
	if !ok {
		return ""
	}
	before, _, _ := strings.Cut(after, to)
	return strings.TrimSpace(before)
}
