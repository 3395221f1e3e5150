package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserFortuneHand enters a Fortune Rummy hand for three on a
// phone-sized window: melds picked and typed, a deuce declared with the
// picker's "=", a meld added, an invalid meld explained and mended by
// tapping a chip away. The scores are the API example's, Ann's sequence
// run on to the king so that she goes out with 12 cards (R6), with Cy's
// 9C 9D and a deuce (30) less 4H (5) added: +105, -70, +25 (R4, R5, R6).
func TestBrowserFortuneHand(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "fortune", "Ann", "Bob", "Cy")
	run(t, ctx, "open the card sheet", openCardSheet("#in-meld_0_0"))
	run(t, ctx, "pick three kings",
		tapInView("#in-meld_0_0"),
		chromedp.WaitVisible(css("#picker")),
		chromedp.Click(css(`#picker button[data-card="KS"]`)),
		chromedp.Click(css(`#picker button[data-card="KH"]`)),
		chromedp.Click(css(`#picker button[data-card="KD"]`)),
	)
	waitText(t, ctx, "#fb-meld_0_0", "Set of three kings: 30 points")

	// The new field has the cursor and the picker is open for it, without
	// a tap: the page came back from the server.
	run(t, ctx, "add a meld for Ann",
		chromedp.Click(css(`#picker button.close`)),
		tapInView(`button[value="more:meld_0"]`),
		chromedp.WaitVisible(css("#in-meld_0_1")),
		chromedp.WaitVisible(css("#picker")),
	)
	if got := text(t, ctx, "#in-meld_0_0 + .feedback"); !strings.Contains(got, "K♦") {
		t.Errorf("Ann's first meld after adding one: %q", got)
	}
	run(t, ctx, "type a sequence, the deuce declared with =",
		chromedp.SendKeys(css("#in-meld_0_1"), "5h 6h"),
		chromedp.Click(css(`#picker button[data-card="2C"]`)),
		chromedp.Click(css(`#picker button[data-declare]`)),
		chromedp.Click(css(`#picker button[data-card="7H"]`)),
	)
	waitText(t, ctx, "#fb-meld_0_1", "as 7♥, declared")
	waitText(t, ctx, "#fb-meld_0_1", "Sequence of hearts 5-6-7 with 2C as 7H: 15 points")
	shot(t, ctx, "fortune-sheet-declared")
	run(t, ctx, "run the sequence on to the king", chromedp.SendKeys(css("#in-meld_0_1"), " 8h 9h 10h jh qh kh"))
	waitText(t, ctx, "#fb-meld_0_1", "75 points")

	run(t, ctx, "the others' cards",
		chromedp.Click(css(`#picker button.close`)),
		typeCards("hand_1", "qs ah 2d"),
		typeCards("meld_2_0", "9c 9d 8s"),
		typeCards("hand_2", "4h"),
	)
	waitText(t, ctx, "#fb-meld_2_0", "Not a set: 8S is not a 9 (R1)")
	waitText(t, ctx, "#judgement", "Cy's meld 1 (9C 9D 8S) is not a set")
	run(t, ctx, "swap Cy's 8S for a deuce",
		chromedp.Click(css(`#fb-meld_2_0 .chip[data-card="8S"]`)),
		chromedp.SendKeys(css("#in-meld_2_0"), ", 2s"),
	)
	waitText(t, ctx, "#fb-meld_2_0", "as 9♠")
	waitText(t, ctx, "#judgement", "Cy: melds 30; left in hand 4♥ 5; 30 - 5 = +25")
	if got := text(t, ctx, "#judgement .totals"); !strings.Contains(got, "+105") || !strings.Contains(got, "-70") {
		t.Errorf("the judgement's totals read %q", got)
	}
	// Closing the picker blurs the field, and the preview that follows
	// replaces #judgement: scroll by id, not by a node found before.
	run(t, ctx, "close the picker and scroll to the score",
		chromedp.Click(css(`#picker button.close`)),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("judgement").scrollIntoView()`),
	)
	shot(t, ctx, "fortune-sheet-score")

	run(t, ctx, "save",
		tapInView(`button[value=save]`),
		chromedp.WaitVisible(css("#scorepad")),
	)
	if got := text(t, ctx, "#scorepad .totals"); !strings.Contains(got, "105") || !strings.Contains(got, "-70") || !strings.Contains(got, "25") {
		t.Errorf("after the hand the totals read %q", got)
	}
}
