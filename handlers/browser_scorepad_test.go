package handlers

import (
	"testing"

	"github.com/chromedp/chromedp"

	"meldpad/rules"
)

// TestBrowserScorepadTagsFit: on a 390 px phone, a player who deals and is
// ahead shows both tags, "deals" and "ahead" (not "leads", which reads as
// leading a card), whole, beside a name of some length.
func TestBrowserScorepadTagsFit(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	game := heartsFor(t, app, ctx, "Annabelle", "Bob")
	app.mustRecord(game, "", "0", "10")
	app.mustRecord(game, "", "3", "4") // two rounds: Annabelle deals again, and is ahead
	run(t, ctx, "open the scorepad", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("#scorepad")))
	shot(t, ctx, "scorepad-tags")
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
		const name = document.querySelector(".total .name"), box = name.getBoundingClientRect();
		const out = [...name.querySelectorAll(".tag")].map(tag => {
			const r = tag.getBoundingClientRect();
			return tag.textContent + (r.left >= box.left && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5 ? "" : " cut");
		});
		if (name.scrollWidth > name.clientWidth) out.push("the name's line overflows");
		return out;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != "deals" || got[1] != "ahead" {
		t.Errorf("the first seat's tags read %q, want [deals ahead], both whole", got)
	}
}

// TestBrowserSheetPlaceholdersFit: on a 390 px phone the hint in each
// empty card field of every game's sheet shows whole ("e.g. QS AH 2D …"
// cut to "… who went o" hid what an empty field means).
func TestBrowserSheetPlaceholdersFit(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	for _, g := range rules.Games() {
		if !hasSheet(g) {
			continue
		}
		players := []string{"Ann", "Bob", "Cy", "Dee"}[:max(g.MinPlayers, 2)]
		game := app.createGame(g.ID, players...)
		run(t, ctx, "open the "+g.ID+" sheet", chromedp.Navigate(app.srv.URL+game+"/hands/new?by=cards"), chromedp.WaitVisible(css("input.cards")))
		cut, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
			const measure = document.createElement("canvas").getContext("2d");
			return [...document.querySelectorAll("input.cards[placeholder]")].filter(f => {
				const s = getComputedStyle(f);
				measure.font = s.font;
				const room = f.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
				return measure.measureText(f.placeholder).width > room + 0.5;
			}).map(f => f.placeholder);
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if len(cut) > 0 {
			t.Errorf("%s: hints cut in their fields: %q", g.ID, cut)
		}
	}
}
