package handlers

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// fortuneWithTwoMelds is a 2-player Fortune hand in which Ann lays down
// two melds, the second in a field "+ Add a meld" made, 11 cards in all
// (the fewest a player who went out can have melded, R6): 30 + 15 + 50 =
// +95 for Ann; QS 50 + 10 + 10 less 10 + 5 = +55 for Bob (R4-R6).
var fortuneWithTwoMelds = struct {
	melds [][][]string
	hands [][]string
}{
	melds: [][][]string{{{"KS", "KH", "KD"}, {"5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"}}, {{"QS", "QD", "QC"}}},
	hands: [][]string{nil, {"AH", "3C"}},
}

// enterFortuneWithTwoMelds taps the hand into an open sheet and waits for
// its score.
func enterFortuneWithTwoMelds(tp *taps) {
	tp.t.Helper()
	tp.melds(fortuneWithTwoMelds.melds[0])
	tp.tap("#in-meld_1_0")
	tp.card(fortuneWithTwoMelds.melds[1][0]...)
	tp.tap("#in-hand_1")
	tp.card(fortuneWithTwoMelds.hands[1]...)
	waitText(tp.t, tp.ctx, "#judgement", "+95")
	waitText(tp.t, tp.ctx, "#judgement", "+55")
}

// sheetState is what a sheet holds and says: every card field's value
// and the score's totals.
const sheetState = `(() => {
	const fields = [...document.querySelectorAll("form.sheet input.cards")].map(f => f.name + "=" + f.value);
	const totals = document.querySelector("#judgement .totals");
	return fields.join("; ") + " | " + (totals ? totals.innerText.replace(/\s+/g, " ").trim() : "");
})()`

// waitVisible waits, for at most 20 seconds, until sel shows.
func waitVisible(t *testing.T, ctx context.Context, what, sel string) {
	t.Helper()
	short, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(short, chromedp.WaitVisible(css(sel))); err != nil {
		t.Fatalf("%s (%s): %v", what, sel, err)
	}
}

// readSheet is the sheet's state (sheetState).
func readSheet(tp *taps) string {
	tp.t.Helper()
	s, err := chromedp.Run(tp.ctx, chromedp.Evaluate[string](sheetState))
	if err != nil {
		tp.t.Fatal(err)
	}
	return s
}

// TestBrowserAddedMeldsKept: a hand in progress lives on the phone. A
// Fortune hand with a meld "+ Add a meld" made keeps every card, and the
// same score, when the player goes back to the scorepad and opens the
// sheet again, when the page is reloaded, and when the player goes to
// the scorepad and comes back with Back; saved, it is recorded with both
// melds.
func TestBrowserAddedMeldsKept(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "fortune", "Ann", "Bob")
	tp := &taps{t: t, ctx: ctx}
	tp.openSheet("meld_0_0")
	enterFortuneWithTwoMelds(tp)
	before := readSheet(tp)
	if !strings.Contains(before, "meld_0_1=5H, 6H, 7H, 8H, 9H, 10H, JH, QH") {
		t.Fatalf("the sheet as entered: %s", before)
	}

	run(t, ctx, "go back to the scorepad", tapInView(`main > p.small a`), chromedp.WaitVisible(css("#scorepad")))
	run(t, ctx, "open the sheet again", openCardSheet("#in-meld_0_0"))
	waitText(t, ctx, "#judgement", "+95")
	if after := readSheet(tp); after != before {
		t.Errorf("the sheet opened again from the scorepad\n holds %s\n  was  %s", after, before)
	}

	run(t, ctx, "reload", chromedp.Reload(), chromedp.WaitVisible(css("#in-meld_0_0")))
	waitText(t, ctx, "#judgement", "+95")
	if after := readSheet(tp); after != before {
		t.Errorf("the sheet after a reload\n holds %s\n  was  %s", after, before)
	}

	run(t, ctx, "go to the scorepad and back", tapInView(`main > p.small a`), chromedp.WaitVisible(css("#scorepad")),
		chromedp.Evaluate[chromedp.Void](`history.back()`))
	waitPromise(t, ctx, "the sheet again", `Promise.resolve(!!document.getElementById("in-meld_0_0") && document.readyState === "complete")`)
	waitPromise(t, ctx, "the score after Back", `Promise.resolve(document.getElementById("judgement").innerText.includes("+95"))`)
	if after := readSheet(tp); after != before {
		t.Errorf("the sheet after Back\n holds %s\n  was  %s", after, before)
	}
	// The browser's driver loses track of a page brought back whole
	// (back-forward cache): a reload gives it the page afresh.
	run(t, ctx, "reload before saving", chromedp.Reload(), chromedp.WaitVisible(css("#in-meld_0_1")))
	tp.save()
	tp.savedMelds(app, "a Fortune hand kept over leaving and a reload", fortuneWithTwoMelds.melds, fortuneWithTwoMelds.hands, []int{95, 55})
}

// TestBrowserReloadRightAfterAddingAMeld: the page reloaded right after
// "+ Add a meld" still shows the new field, and what is typed after that
// tap survives the next reload.
func TestBrowserReloadRightAfterAddingAMeld(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "fortune", "Ann", "Bob")
	tp := &taps{t: t, ctx: ctx}
	tp.openSheet("meld_0_0")
	tp.card(fortuneWithTwoMelds.melds[0][0]...)
	tp.tap(`button[value="more:meld_0"]`)
	waitVisible(t, ctx, "the new field", "#in-meld_0_1")
	run(t, ctx, "reload at once", chromedp.Reload(), chromedp.WaitVisible(css("#in-meld_0_0")))
	waitVisible(t, ctx, "the new field after the reload", "#in-meld_0_1")
	tp.tap("#in-meld_0_1")
	tp.card(fortuneWithTwoMelds.melds[0][1]...)
	tp.tap("#in-meld_1_0")
	tp.card(fortuneWithTwoMelds.melds[1][0]...)
	tp.tap("#in-hand_1")
	tp.card(fortuneWithTwoMelds.hands[1]...)
	waitText(t, ctx, "#judgement", "+95")
	waitText(t, ctx, "#judgement", "+55")
	before := readSheet(tp)
	run(t, ctx, "reload", chromedp.Reload(), chromedp.WaitVisible(css("#in-meld_0_0")))
	waitText(t, ctx, "#judgement", "+95")
	if after := readSheet(tp); after != before {
		t.Errorf("the sheet after a reload\n holds %s\n  was  %s", after, before)
	}
}

// TestBrowserAddMeldOffline: with no network, "+ Add a meld" (or "+ Add
// a set") still adds a field, in every game whose players lay down
// several melds, and the cards typed into it are kept over a reload.
func TestBrowserAddMeldOffline(t *testing.T) {
	for _, tc := range []struct {
		game    string
		players []string
		cards   string
	}{
		{"fortune", []string{"Ann", "Bob"}, "5h 6h 7h"},
		{"flathead", []string{"Ann", "Bob", "Cy"}, "7 tops, 7 rain, 7 zurfs"},
		{"blackheart", []string{"Ann", "Bob"}, "as 2s 3s"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			app := newTestApp(t)
			game := app.createGame(tc.game, tc.players...)
			phone := newBrowser(t)
			run(t, phone, "open the scorepad online", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("#scorepad")))
			waitTrue(t, phone, "the service worker takes control", "!!navigator.serviceWorker.controller")
			waitPromise(t, phone, "the sheet is kept on the phone",
				`caches.match(location.href + "/hands/new?by=cards").then(function (r) { return !!r; })`)
			app.setReachable(false)
			run(t, phone, "open the sheet with no network",
				chromedp.Navigate(app.srv.URL+game+"/hands/new?by=cards"), chromedp.WaitVisible(css("#in-meld_0_0")))
			run(t, phone, "add a meld for Ann", choose(`button[value="more:meld_0"]`))
			waitVisible(t, phone, "the new field", "#in-meld_0_1")
			if got := text(t, phone, "form.sheet"); strings.Contains(got, "Not saved") {
				t.Errorf("adding a field says %q", got)
			}
			run(t, phone, "type into it", typeCards("meld_0_1", tc.cards))
			run(t, phone, "reload with no network", chromedp.Reload(), chromedp.WaitVisible(css("#in-meld_0_1")))
			if got := value(t, phone, "#in-meld_0_1"); got != tc.cards {
				t.Errorf("the added field after a reload holds %q, want %q", got, tc.cards)
			}
		})
	}
}
