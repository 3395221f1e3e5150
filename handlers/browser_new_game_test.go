package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserRefusedNewGameSaysWhyAtTheTop: a new-game form refused for a
// field far down the page (player 4's name, the same as player 1's)
// comes back with a summary of its problems at the top, in view and
// focused, whose link takes the player to the field.
func TestBrowserRefusedNewGameSaysWhyAtTheTop(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	steps := []step{chromedp.Navigate(app.srv.URL + "/games/new?game=points"), chromedp.SendKeys(css("#setup-name"), "Hearts")}
	for i, name := range []string{"Ann", "Bob", "Cy", "ann"} {
		steps = append(steps, chromedp.SendKeys(css("#player-"+itoa(i)), name))
	}
	steps = append(steps, chromedp.Click(css(`button[type=submit]`)), chromedp.WaitVisible(css("#err-players\\[3\\]")))
	run(t, ctx, "start a game with player 4 named as player 1", steps...)
	const focusedInView = `(() => {
		const el = document.activeElement, r = el.getBoundingClientRect();
		return (el.id || el.className) + (r.top >= 0 && r.bottom <= innerHeight ? " in view" : " out of view at " + Math.round(r.top) + " px");
	})()`
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](focusedInView))
	if err != nil {
		t.Fatal(err)
	}
	if got != "alert bad error-summary in view" {
		t.Fatalf("after the refused form the focus is on %q, want the error summary, in view", got)
	}
	shot(t, ctx, "new-game-refused")
	if want := "“ann” is already player 1"; !strings.Contains(text(t, ctx, `.error-summary a[href="#player-3"]`), want) {
		t.Errorf("the summary's link to player 4 does not say %q", want)
	}
	run(t, ctx, "follow the summary's link", chromedp.Click(css(`.error-summary a[href="#player-3"]`)))
	if got, err = chromedp.Run(ctx, chromedp.Evaluate[string](focusedInView)); err != nil || got != "player-3 in view" {
		t.Errorf("after the summary's link the focus is on %q (%v), want player 4's input, in view", got, err)
	}
}

// TestBrowserDealerAmongNamedSeats: "Who deals first?" offers the seats
// with a name, following the names as they are typed, never "Player 3"
// of a seat left empty.
func TestBrowserDealerAmongNamedSeats(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	options := func() string {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](
			`[...document.querySelectorAll("#dealer option")].map(o => o.value + " " + o.textContent).join(", ")`))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	run(t, ctx, "open the new-game form", chromedp.Navigate(app.srv.URL+"/games/new?game=points"), chromedp.WaitVisible(css("#dealer")))
	if got := options(); got != "0 Player 1" {
		t.Errorf("with no name typed the dealer's seats are %q, want only the first seat's", got)
	}
	run(t, ctx, "name players 1, 2 and 5",
		chromedp.SendKeys(css("#player-0"), "Ann"), chromedp.SendKeys(css("#player-1"), "Bob"), chromedp.SendKeys(css("#player-4"), "Cy"))
	if got, want := options(), "0 Ann, 1 Bob, 4 Cy"; got != want {
		t.Errorf("the dealer's seats are %q, want %q", got, want)
	}
	run(t, ctx, "choose Cy to deal, then take Bob's name out",
		chromedp.SetValue(css("#dealer"), "4"), chromedp.SendKeys(css("#player-1"), "\b\b\b"))
	if got, want := options(), "0 Ann, 4 Cy"; got != want {
		t.Errorf("with Bob's name taken out the dealer's seats are %q, want %q", got, want)
	}
	if got := value(t, ctx, "#dealer"); got != "4" {
		t.Errorf("the dealer chosen moved to seat %q, want Cy's (4)", got)
	}
}
