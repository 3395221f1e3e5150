package handlers

import (
	"strconv"
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

// clippedInPicker lists the picker's labels that do not fit inside their
// buttons' borders: the text of each of sels, measured against the
// button it is in.
const clippedInPicker = `((sels) => [...document.querySelectorAll(sels)].filter(e => e.offsetParent).filter(e => {
	const b = e.closest("button"), box = b.getBoundingClientRect(), s = getComputedStyle(b);
	const text = document.createRange();
	text.selectNodeContents(e);
	const r = text.getBoundingClientRect();
	return r.left < box.left + parseFloat(s.borderLeftWidth) - 0.5 || r.right > box.right - parseFloat(s.borderRightWidth) + 0.5;
}).map(e => e.textContent.trim()))`

// TestBrowserPickerLabelsFit: on a 390 px phone every label of the card
// picker fits its button: the controls' ("Next ›", and "Score ✓" on a
// sheet's last field, beside "=" for the wilds) and the Fanucci deck's
// trumps ("Granola", "Lobster").
func TestBrowserPickerLabelsFit(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	clipped := func(sels string) []string {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](clippedInPicker+`(`+strconv.Quote(sels)+`)`))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	newGameInBrowser(t, ctx, app.srv.URL, "fortune", "Ann", "Bob")
	tp := &taps{t: t, ctx: ctx}
	tp.openSheet("meld_0_0")
	if cut := clipped("#picker .pk-controls button"); len(cut) > 0 {
		t.Errorf("on a Fortune sheet's first field, labels cut in the picker: %q", cut)
	}
	tp.tap("#in-hand_1")
	if label := text(t, ctx, "#picker .pk-next"); label != "Score ✓" {
		t.Fatalf("on the last field the picker's button reads %q, want \"Score ✓\"", label)
	}
	if cut := clipped("#picker .pk-controls button"); len(cut) > 0 {
		t.Errorf("on a Fortune sheet's last field, labels cut in the picker: %q", cut)
	}
	shot(t, ctx, "fortune-picker-last-field")
	run(t, ctx, "open the Flathead referee's picker",
		chromedp.Navigate(app.srv.URL+"/adjudicate?game=flathead"), chromedp.Click(css("#adj-cards")), chromedp.WaitVisible(css("#picker")))
	if cut := clipped("#picker .pk-trumps .r, #picker .pk-controls button"); len(cut) > 0 {
		t.Errorf("in the Flathead referee's picker, labels cut: %q", cut)
	}
	shot(t, ctx, "flathead-referee-picker")
}
