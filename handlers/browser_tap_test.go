package handlers

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TestBrowserTapWhilePreviewArrives: a preview that arrives while the
// player's finger is on the screen waits until it is lifted. Here the
// knock card's feedback, above the radio buttons of who knocked, grows by
// a message as the finger comes down on Bob's button: swapped in then, it
// would move the button from under the finger. The button stays put, the
// tap ticks it, and the message shows once the finger is up.
func TestBrowserTapWhilePreviewArrives(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "fan", "Ann", "Bob")
	run(t, ctx, "open the card sheet", openCardSheet("#in-knock_card"))
	const bob = `input[name=knocker][value="1"]`
	// The picker closed (it covers the lower screen), Bob's button in view.
	run(t, ctx, "close the picker",
		chromedp.Evaluate[chromedp.Void](`(() => { const b = document.querySelector("#picker:not([hidden]) button.close"); if (b) b.click(); })()`),
		chromedp.WaitNotVisible(css("#picker")),
		inView(bob),
	)
	type point struct{ X, Y float64 }
	where := func() point {
		t.Helper()
		p, err := chromedp.Run(ctx, chromedp.Evaluate[point](`(r => ({X: r.left + r.width / 2, Y: r.top + r.height / 2}))(document.querySelector('`+bob+`').getBoundingClientRect())`))
		if err != nil {
			t.Fatalf("find Bob's button: %v", err)
		}
		return p
	}
	before := where()
	run(t, ctx, "put a finger on Bob's button",
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, before.X, before.Y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
	)
	// A preview of a knock card that is not a card, sent as the finger is
	// down: its answer says so beside the field, above the buttons.
	run(t, ctx, "a preview comes while the finger is down",
		chromedp.Evaluate[chromedp.Void](`(() => {
			window.answered = false;
			document.body.addEventListener("htmx:afterRequest", () => { window.answered = true; }, { once: true });
			document.getElementById("in-knock_card").value = "zz";
			htmx.trigger(document.querySelector("form.sheet"), "change");
		})()`),
		chromedp.Poll[chromedp.Void](`window.answered`, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Sleep(300*time.Millisecond), // time enough for a swap and its settling
	)
	if got := text(t, ctx, "#fb-knock_card"); got != "" {
		t.Errorf("the knock card's feedback changed under the finger: %q", got)
	}
	if during := where(); during != before {
		t.Errorf("Bob's button moved from %+v to %+v under the finger", before, during)
	}
	run(t, ctx, "lift the finger",
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, before.X, before.Y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
	)
	ticked, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('`+bob+`').checked`))
	if err != nil {
		t.Fatal(err)
	}
	if !ticked {
		t.Error("the tap did not tick Bob's button")
	}
	waitText(t, ctx, "#fb-knock_card", "zz")
	shot(t, ctx, "tap-while-preview")
}
