package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserFanGame plays a whole Fan Rummy game to 100 on a phone-sized
// window, every deal entered card by card, some cards typed and some
// tapped in the picker.
func TestBrowserFanGame(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "fan", "Ann", "Bob")

	// Deal 1: Ann goes gin (the public API example): 25 + 73 = 98 (N6).
	run(t, ctx, "open the card sheet", openCardSheet("#in-knock_card"))
	// The knock card through the picker: one tap on 5♥.
	run(t, ctx, "pick the knock card",
		chromedp.Click(css("#in-knock_card")),
		chromedp.WaitVisible(css("#picker")),
		chromedp.Click(css(`#picker button[data-card="5H"]`)),
	)
	waitText(t, ctx, "#fb-knock_card", "5♥")
	waitText(t, ctx, "#judgement", "knock with 5 or less")
	shot(t, ctx, "fan-sheet-picker")
	run(t, ctx, "enter both hands",
		choose(`input[name=knocker][value="0"]`),
		typeCards("hand_0", "as 2s 3s 4h 4d 4c 7c 8c 9c 10c"),
		typeCards("hand_1", "ks kh 5d 6d 2h 9h jd qc 3d 8s"),
	)
	waitText(t, ctx, "#judgement", "Gin")
	waitText(t, ctx, "#judgement", "+98")
	shot(t, ctx, "fan-sheet-gin")
	run(t, ctx, "save deal 1",
		tapInView(`button[value=save]`),
		chromedp.WaitVisible(css("#scorepad")),
	)
	if got := text(t, ctx, "#scorepad .totals"); !strings.Contains(got, "98") {
		t.Fatalf("after deal 1 the totals read %q", got)
	}

	// Deal 2: an illegal knock is explained and not saved; then Bob
	// knocks legally and undercuts nobody: Ann is the defender.
	run(t, ctx, "open deal 2",
		chromedp.Click(css(`a[href$="/hands/new?by=cards"]`)),
		chromedp.WaitVisible(css("#in-knock_card")),
		typeCards("knock_card", "3c"),
		choose(`input[name=knocker][value="0"]`),
		typeCards("hand_0", "as 2s 3s 4h 4d 4c 7c 8c 9c kd"),
		typeCards("hand_1", "ks qh 5d 6d 2h 9h jd qc 3d 8s"),
	)
	waitText(t, ctx, "#judgement", "(N4)")
	run(t, ctx, "try to save the illegal knock",
		tapInView(`button[value=save]`),
		chromedp.WaitVisible(css(".alert.bad")),
	)
	if got := text(t, ctx, ".alert.bad"); !strings.Contains(got, "Not saved") || !strings.Contains(got, "N4") {
		t.Errorf("illegal knock message %q", got)
	}
	// What was typed is still there; change the knock card to a king.
	kept, err := chromedp.Run(ctx, chromedp.Value(css("#in-hand_1")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.ToLower(kept), "ks") {
		t.Errorf("the defender's hand was lost: %q", kept)
	}
	run(t, ctx, "fix the knock card",
		chromedp.Clear(css("#in-knock_card")),
		typeCards("knock_card", "kh"),
	)
	// Ann knocks with 10 (KD) against 73: 63 points (N6).
	waitText(t, ctx, "#judgement", "+63")
	run(t, ctx, "save deal 2",
		tapInView(`button[value=save]`),
		chromedp.WaitVisible(css(".banner")),
	)
	if got := text(t, ctx, ".banner"); !strings.Contains(got, "Ann wins with 161") {
		t.Errorf("banner %q", got)
	}
	shot(t, ctx, "fan-scorepad-finished")
}
