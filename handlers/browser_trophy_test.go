package handlers

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserTrophyTrick enters Trophy Case tricks on a phone-sized
// window: the API's example trick play by play, the live judgement
// following each play, a play out of turn, and a quick entry.
func TestBrowserTrophyTrick(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "trophy", "Ann", "Bob", "Cy", "Dan")

	// Ann deals first, so Bob leads (T6); the table says Ann leads this
	// one, as in the API's example.
	run(t, ctx, "open the card sheet", openCardSheet("#in-play_0_card"), chromedp.SetValue(css("#leader"), "0"))
	// The lead through the picker: one tap on 3 Lamps.
	run(t, ctx, "pick the lead",
		tapInView("#in-play_0_card"),
		chromedp.WaitVisible(css("#picker")),
		chromedp.Click(css(`#picker button[data-card="3 Lamps"]`)),
	)
	waitText(t, ctx, "#fb-play_0_card", "Ann, in turn")
	// A one-card field hands over to the next once it holds its card; back
	// in it, a tap replaces its card.
	if got := text(t, ctx, "#picker .pk-name"); !strings.Contains(got, "2") {
		t.Errorf("after the lead the picker is on %q, want play 2", got)
	}
	run(t, ctx, "pick again",
		tapInView("#in-play_0_card"),
		chromedp.Click(css(`#picker button[data-card="4 Lamps"]`)),
	)
	waitText(t, ctx, "#fb-play_0_card", "4 Lamps")
	run(t, ctx, "type Bob's play", typeCards("play_1_card", "8 fromps"))
	waitText(t, ctx, "#judgement", "Cy to play or fold; Bob holds the highest card, 8 Fromps")
	shot(t, ctx, "trophy-sheet-going-on")
	run(t, ctx, "close the picker", chromedp.Click(css(`#picker .close`)))

	// Dan plays before Cy: out of turn (T2); nothing is saved.
	run(t, ctx, "Dan out of turn",
		chromedp.SetValue(css(`select[name=play_2_seat]`), "3"),
		typeCards("play_2_card", "grue"),
	)
	waitText(t, ctx, "#fb-play_2_card", "Dan played out of turn; it was Cy's turn (T2)")
	run(t, ctx, "try to save",
		chromedp.Click(css(`#picker .close`)),
		tapInView(`button[value=save]`),
		chromedp.WaitVisible(css(".alert.bad")),
	)
	shot(t, ctx, "trophy-sheet-out-of-turn")
	// Cy folds, then Dan trumps: Dan wins 1 point (T5, T7).
	run(t, ctx, "Cy folds, Dan trumps",
		chromedp.SetValue(css(`select[name=play_2_seat]`), "2"),
		chromedp.Clear(css("#in-play_2_card")),
		tapInView(`input[name=play_2_fold]`),
		chromedp.SetValue(css(`select[name=play_3_seat]`), "3"),
		typeCards("play_3_card", "grue"),
	)
	waitText(t, ctx, "#judgement", "Dan wins the trick with Grue, the first trump played (T5), and scores 1 point: 8 Fromps 1 (T7)")
	waitText(t, ctx, "#judgement", "Dan 0 → 1")
	run(t, ctx, "look at the judgement", chromedp.Click(css(`#picker .close`)), scrollTo("judgement"))
	shot(t, ctx, "trophy-sheet-won")
	// The hand goes on: saving the trick opens the next trick's sheet,
	// which says what it scored.
	run(t, ctx, "save trick 1", tapInView(`button[value=save]`))
	waitText(t, ctx, ".alert.good", "Saved trick 1")
	if got := text(t, ctx, ".alert.good"); !strings.Contains(got, "Dan won the trick") || !strings.Contains(got, "Next: trick 2") {
		t.Errorf("the next trick's sheet after trick 1: %q", got)
	}
	run(t, ctx, "back to the scorepad", tapInView(`main > p.small a`), chromedp.WaitVisible(css("#scorepad")))
	if got := text(t, ctx, "main"); !strings.Contains(got, "Dan won the trick") || !strings.Contains(got, "Next lead: Ann") {
		t.Errorf("scorepad after trick 1: %q", got)
	}

	// Trick 2, quickly: Bob won 0 Rain, ∞ Tops and Time: 1 + 2 = 3 (T7).
	run(t, ctx, "quick entry",
		tapInView(`a[href$="/hands/new?by=cards"]`),
		chromedp.WaitVisible(css("#in-play_0_card")),
		tapInView("details.quick summary"),
		chromedp.SetValue(css("#winner"), "1"),
		typeCards("trick_cards", "0 rain, inf tops, time"),
	)
	waitText(t, ctx, "#judgement", "worth 3 points: 0 Rain 1, ∞ Tops 2; a trump was played, so zeros count (T7)")
	run(t, ctx, "look at the quick entry", chromedp.Click(css(`#picker .close`)), scrollTo("winner"))
	shot(t, ctx, "trophy-sheet-quick")
	run(t, ctx, "save trick 2", tapInView(`button[value=save]`))
	waitText(t, ctx, ".alert.good", "Saved trick 2")
	run(t, ctx, "back to the scorepad", tapInView(`main > p.small a`), chromedp.WaitVisible(css("#scorepad")))
	shot(t, ctx, "trophy-scorepad")
}

// scrollTo scrolls the element with the given id into view by script: the
// live preview may swap that element while the browser is asked to, which
// a node-based scroll does not survive.
func scrollTo(id string) step {
	return chromedp.Evaluate[chromedp.Void](`document.getElementById("` + id + `").scrollIntoView()`)
}

// TestBrowserTrophyHandOnOneSheet: the tricks of one hand are entered one
// after another on the card sheet: saving a trick after which the hand
// goes on opens the next trick's sheet, saying what the trick scored, and
// the trick after which new hands are dealt (T6) goes back to the
// scorepad. Each trick is saved, and kept, on its own. The taps are
// counted: a select is two (open, choose), the cards typed are not.
func TestBrowserTrophyHandOnOneSheet(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "trophy", "Ann", "Bob", "Cy", "Dan")
	tp := &taps{t: t, ctx: ctx}
	tp.tap(`a[href$="/hands/new?by=cards"]`)
	tricks := []struct {
		winner, cards string
		endsHand      bool
	}{
		{"1", "8 rain, 9 tops", false},
		{"2", "inf lamps", false},
		{"3", "9 books", true},
	}
	for i, tr := range tricks {
		if i > 0 {
			// The next trick's sheet says what the last one scored.
			waitText(t, ctx, ".alert.good", "Saved trick "+itoa(i)+":")
		}
		run(t, ctx, "wait for the sheet", chromedp.WaitVisible(css("#in-play_0_card")))
		tp.tap("details.quick summary")
		tp.count += 2 // the winner's list: open it, then choose
		run(t, ctx, "choose the winner", chromedp.SetValue(css("#winner"), tr.winner))
		run(t, ctx, "type the trick's cards", typeCards("trick_cards", tr.cards), chromedp.Click(css(`#picker .close`)))
		if tr.endsHand {
			tp.tap(`input[name=ends_hand]`)
		}
		run(t, ctx, "wait for the score", chromedp.WaitVisible(css("#judgement.ready")))
		tp.tap(`button[value=save]`)
	}
	run(t, ctx, "wait for the scorepad", chromedp.WaitVisible(css("#scorepad")))
	if n := len(handLinks(app.get(mustPath(t, ctx)))); n != 3 {
		t.Errorf("the scorepad has %d tricks, want 3", n)
	}
	t.Logf("a hand of 3 tricks by quick entry: %d taps besides the cards typed", tp.count)
	if tp.count > 3*5 {
		t.Errorf("%d taps for 3 tricks", tp.count)
	}
}

// mustPath is the path of the page the tab shows.
func mustPath(t *testing.T, ctx context.Context) string {
	t.Helper()
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(loc)
	if err != nil {
		t.Fatal(err)
	}
	return u.Path
}
