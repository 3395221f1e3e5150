package handlers

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// ginDeal enters one Gin Rummy deal on the card sheet and saves it: who
// ended it ("draw" for nobody) and both hands.
func ginDeal(t *testing.T, ctx context.Context, n, ender, hand0, hand1 string, judged ...string) {
	t.Helper()
	run(t, ctx, "open the card sheet for deal "+n,
		chromedp.Click(css(`a[href$="/hands/new?by=cards"]`)),
		chromedp.WaitVisible(css("#in-hand_0")),
		choose(`input[name=knocker][value="`+ender+`"]`),
	)
	if hand0 != "" {
		run(t, ctx, "enter deal "+n, typeCards("hand_0", hand0), typeCards("hand_1", hand1))
	}
	for _, want := range judged {
		waitText(t, ctx, "#judgement", want)
	}
	// Tapping the choice again closes the card picker, to see the score.
	// The tap sends a preview, whose answer replaces the judgement: it is
	// scrolled to within the page, as a node of it kept by the browser's
	// driver may be gone by the time it scrolls (-32000).
	run(t, ctx, "look at the score of deal "+n,
		choose(`input[name=knocker][value="`+ender+`"]`), inView("#judgement"))
	waitPreviews(t, ctx)
	shot(t, ctx, "gin-sheet-deal-"+n)
	run(t, ctx, "save deal "+n,
		tapInView(`button[value=save]`),
		chromedp.WaitVisible(css("#scorepad")),
	)
}

// TestBrowserGinGame plays a whole Gin Rummy game to 100 on a phone-sized
// window, every deal card by card, with the house rules as the new-game
// form ticks them: an undercut on a tie (G3), a draw (G2) and a Big Gin
// (G3) that wins the game, then the final bonuses on the scorepad (G5).
func TestBrowserGinGame(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	run(t, ctx, "open the new Gin Rummy form", chromedp.Navigate(app.srv.URL+"/games/new?game=gin"), chromedp.WaitVisible(css("#player-0")))
	shot(t, ctx, "gin-new-game")
	newGameInBrowser(t, ctx, app.srv.URL, "gin", "Ann", "Bob")
	if got := text(t, ctx, "#scorepad"); !strings.Contains(got, "Undercut on a tie (G3), Box bonus (G5), Shutout (G5)") || strings.Contains(got, "Oklahoma") {
		t.Fatalf("the scorepad's house rules: %q", got)
	}

	// Deal 1: Ann knocks with 5 and Bob's 5 ties it: an undercut, 25 to
	// Bob (G3).
	ginDeal(t, ctx, "1", "0", "as 2s 3s 4h 4d 4c 9c 10c jc 5d", "7s 7h 7d qh qd qc js jh jd 5c",
		"Knock value 10", "a tie is an undercut", "+25")
	if got := text(t, ctx, "#scorepad .totals"); !strings.Contains(got, "25") {
		t.Fatalf("after deal 1 the totals read %q", got)
	}

	// Deal 2: the stock runs out, nobody knocks: a draw, no points (G2).
	ginDeal(t, ctx, "2", "draw", "", "", "Draw: the stock ran down", "nobody scores (G2)")

	// Deal 3: Ann lays all eleven cards down: Big Gin, 31 + Bob's 73 =
	// 104 (G3), and Ann reaches 100 (G4).
	ginDeal(t, ctx, "3", "0", "ac 2c 3c 4c 5c 6c 7c 8c 10s js qs", "ks kh 5d 6d 2h 9h jd qc 3d 8s",
		"Big Gin: all 11 cards melded", "+104")
	waitText(t, ctx, ".banner", "Ann wins with 229")

	// The draw is said on its row of the scorepad.
	if hands := text(t, ctx, "table.hands"); !strings.Contains(hands, "a draw (G2)") {
		t.Errorf("the draw's row does not say so: %q", hands)
	}

	// G5: game bonus 100 to Ann; box bonus 25 to each for the one deal
	// each scored in; no shutout, Bob having scored.
	bonuses := text(t, ctx, "table.bonuses")
	for _, want := range []string{"Deal points", "104", "Game bonus (G5)", "+100", "Box bonus (G5)", "+25", "Final", "229", "50"} {
		if !strings.Contains(bonuses, want) {
			t.Errorf("the bonuses lack %q: %q", want, bonuses)
		}
	}
	if strings.Contains(bonuses, "Shutout") {
		t.Errorf("a shutout although Bob scored: %q", bonuses)
	}
	if rows := text(t, ctx, "table.hands"); !strings.Contains(rows, "Ann ended the deal") {
		t.Errorf("the deals: %q", rows)
	}
	shot(t, ctx, "gin-scorepad-finished")
	run(t, ctx, "scroll to the bonuses", inView("table.bonuses")) // a live update may replace them
	shot(t, ctx, "gin-scorepad-bonuses")
}
