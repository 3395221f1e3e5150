package handlers

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserFanucciPickerFitsAndCloses: the Fanucci deck's picker shows
// every suit's name whole, and on the sheet's last field its last button
// closes the deck and shows the score and Save, nothing over them.
func TestBrowserFanucciPickerFitsAndCloses(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "flathead", "Ann", "Bob")
	tp := &taps{t: t, ctx: ctx}
	tp.openSheet("meld_0_0")
	cut, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#picker .pk-suitname")]
		.filter(e => e.scrollWidth > e.clientWidth + 0.5).map(e => e.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(cut) > 0 {
		t.Errorf("suit names cut in the picker: %q", cut)
	}
	tp.tap(`input[name=winner][value="0"]`)
	tp.card("3 Lamps", "4 Lamps", "5 Lamps")
	tp.tap("#in-hand_1")
	tp.card("2 Bugs", "8 Mazes")
	waitText(t, ctx, "#judgement", "Ann")
	label := text(t, ctx, "#picker .pk-next")
	if label != "Score ✓" {
		t.Errorf("on the last field the picker's button reads %q, want \"Score ✓\"", label)
	}
	shot(t, ctx, "fanucci-last-field")
	tp.tap("#picker .pk-next")
	run(t, ctx, "the picker closes", chromedp.WaitNotVisible(css("#picker")))
	type box struct{ Top, Bottom, Height float64 }
	seen, err := chromedp.Run(ctx, chromedp.Evaluate[[]box](`[document.getElementById("judgement"), document.querySelector('button[value="save"]')]
		.map(e => { const r = e.getBoundingClientRect(); return {Top: r.top, Bottom: r.bottom, Height: innerHeight}; })`))
	if err != nil {
		t.Fatal(err)
	}
	for i, what := range []string{"the score", "Save"} {
		if b := seen[i]; b.Top < 0 || b.Bottom > b.Height {
			t.Errorf("%s is at %.0f-%.0f px, out of the screen's %.0f", what, b.Top, b.Bottom, b.Height)
		}
	}
	shot(t, ctx, "fanucci-score")
	tp.save()
	t.Logf("a 2-player Flathead hand of 5 cards in %d taps", tp.count)
}
