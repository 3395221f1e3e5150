package handlers

import (
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserEightPlayersFit: a scorepad of eight players shows every
// player's column on a 390 px phone, the rounds' table without scrolling
// sideways, and every total above the fold.
func TestBrowserEightPlayersFit(t *testing.T) {
	app := newTestApp(t)
	players := []string{"Annabelle", "Bob", "Cyril", "Dee", "Evangeline", "Fay", "Gus", "Hal"}
	p := app.createPointsGame(url.Values{"name": {"Yahtzee"}, "end": {"rounds"}, "rounds": {"13"}, "wins": {"highest"}}, players...)
	game := p.location
	app.mustRecord(game, "", "254", "-120", "31", "999", "75", "160", "8", "1000")
	app.mustRecord(game, "", "-45", "300", "12", "1", "180", "0", "275", "64")
	ctx := newBrowser(t)
	run(t, ctx, "open the scorepad", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("table.hands")))
	type fit struct {
		TableWidth, BoxWidth float64
		Heads                []float64 // the right edge of each player's heading
		Totals               []float64 // the bottom edge of each player's total
		Viewport, Height     float64
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[fit](`(() => {
		const table = document.querySelector("table.hands"), box = table.closest(".scroll");
		const heads = [...table.querySelectorAll("thead th")].slice(1, 9).map(th => th.getBoundingClientRect().right);
		const totals = [...document.querySelectorAll("#scorepad .total")].map(t => t.getBoundingClientRect().bottom);
		return {TableWidth: table.scrollWidth, BoxWidth: box.clientWidth, Heads: heads, Totals: totals,
			Viewport: document.documentElement.clientWidth, Height: innerHeight};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	shot(t, ctx, "eight-players")
	if got.TableWidth > got.BoxWidth+1 {
		t.Errorf("the rounds' table is %.0f px wide in a box of %.0f: it scrolls sideways", got.TableWidth, got.BoxWidth)
	}
	if len(got.Heads) != 8 {
		t.Fatalf("%d players' headings", len(got.Heads))
	}
	for i, right := range got.Heads {
		if right > got.Viewport {
			t.Errorf("%s's column ends at %.0f px, past the screen's %.0f", players[i], right, got.Viewport)
		}
	}
	for i, bottom := range got.Totals {
		if bottom > got.Height {
			t.Errorf("%s's total ends at %.0f px, below the screen's %.0f", players[i], bottom, got.Height)
		}
	}
}
