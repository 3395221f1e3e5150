package handlers

import (
	"testing"

	"github.com/chromedp/chromedp"
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
