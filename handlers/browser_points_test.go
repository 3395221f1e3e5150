package handlers

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// pointsRound records one round by points on the phone: each player's
// number, blank for 0.
func pointsRound(t *testing.T, ctx context.Context, n int, points ...string) {
	t.Helper()
	steps := []step{chromedp.Click(css(`a[href$="/hands/new"]`)), chromedp.WaitVisible(css("#points-0"))}
	for i, p := range points {
		if p != "" {
			steps = append(steps, chromedp.SendKeys(css("#points-"+strconv.Itoa(i)), p))
		}
	}
	steps = append(steps, chromedp.Click(css(`button[type=submit]`)), chromedp.WaitVisible(css("#scorepad")))
	run(t, ctx, "record round "+strconv.Itoa(n), steps...)
}

// TestBrowserHeartsByPoints plays a whole game of Hearts as "any game, by
// points" on a phone-sized window: four players, to 100, lowest wins
// (P1); a round in which a player shoots the moon (P2); the game ends
// after the round in which Ann passes 100, and Dee, lowest, wins (P3,
// P4).
func TestBrowserHeartsByPoints(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	run(t, ctx, "choose any game by points",
		chromedp.Navigate(app.srv.URL+"/games/new"),
		chromedp.Click(css(`a[href="/games/new?game=points"]`)),
		chromedp.WaitVisible(css("#setup-name")),
	)
	if got := text(t, ctx, "main"); !strings.Contains(got, "1–12 players · you choose how it ends") {
		t.Errorf("the form's heading: %q", got)
	}
	// Start without a name: said beside it, the rest kept.
	run(t, ctx, "start without a name",
		chromedp.SetValue(css("#setup-wins"), "lowest"),
		chromedp.SendKeys(css("#player-0"), "Ann"),
		chromedp.Click(css(`button[type=submit]`)),
		chromedp.WaitVisible(css("#err-name")),
	)
	if got := text(t, ctx, "#err-name"); got != "The game needs a name (P1)." {
		t.Errorf("the name's problem: %q", got)
	}
	shot(t, ctx, "hearts-new-game-problem")
	if v, _ := chromedp.Run(ctx, chromedp.Value(css("#setup-wins"))); v != "lowest" {
		t.Errorf("who wins came back as %q", v)
	}
	run(t, ctx, "name it and its players",
		chromedp.SendKeys(css("#setup-name"), "Hearts"),
		chromedp.SendKeys(css("#player-1"), "Bob"),
		chromedp.SendKeys(css("#player-2"), "Cy"),
		chromedp.SendKeys(css("#player-3"), "Dee"),
	)
	run(t, ctx, "look at the setup", chromedp.ScrollIntoView(css("h1")))
	shot(t, ctx, "hearts-new-game")
	run(t, ctx, "start the game", chromedp.Click(css(`button[type=submit]`)), chromedp.WaitVisible(css("#scorepad")))
	if got := text(t, ctx, "main"); !strings.Contains(got, "Hearts") || !strings.Contains(got, "To 100, lowest wins") ||
		!strings.Contains(got, "Record a round by points") || strings.Contains(got, "End game") {
		t.Fatalf("the scorepad: %q", got)
	}

	rounds := [][]string{
		{"26", "", "", ""},
		{"", "13", "9", "4"},
		{"5", "5", "16", ""},
		{"26", "26", "26", ""}, // Dee shoots the moon
		{"20", "6", "", ""},
	}
	for i, r := range rounds {
		pointsRound(t, ctx, i+1, r...)
	}
	if got := text(t, ctx, "#scorepad .totals"); !strings.Contains(got, "77") || !strings.Contains(got, "50") || !strings.Contains(got, "51") {
		t.Fatalf("after five rounds the totals read %q", got)
	}
	if strings.Contains(text(t, ctx, "main"), "wins with") {
		t.Fatalf("over before anyone reached 100")
	}
	shot(t, ctx, "hearts-scorepad-playing")
	// Ann passes 100: the game ends, and Dee's 4 is the lowest (P3, P4).
	pointsRound(t, ctx, 6, "25", "", "1", "")
	waitText(t, ctx, ".banner", "Dee wins with 4")
	if got := text(t, ctx, "#scorepad .totals"); !strings.Contains(got, "102") || !strings.Contains(got, "52") {
		t.Errorf("final totals %q", got)
	}
	if got := text(t, ctx, "main"); strings.Contains(got, "Record a round") {
		t.Errorf("a finished game offers another round")
	}
	shot(t, ctx, "hearts-scorepad-finished")
}

// TestBrowserEndOpenGame: a game that ends when the table says (P3) is
// ended from its scorepad, after a confirmation that says who wins; tied
// players share the win (P4).
func TestBrowserEndOpenGame(t *testing.T) {
	app := newTestApp(t)
	p := app.createPointsGame(url.Values{"name": {"Skat"}, "end": {"open"}, "wins": {"highest"}}, "Ann", "Bob", "Cy")
	app.mustRecord(p.location, "", "24", "-48", "24")
	ctx := newBrowser(t)
	run(t, ctx, "open the game and ask to end it",
		chromedp.Navigate(app.srv.URL+p.location),
		chromedp.WaitVisible(css("#scorepad")),
		chromedp.Click(css(`form[action$="/end"] button`)),
		chromedp.WaitVisible(css("#end-outcome")),
	)
	if got := text(t, ctx, "#end-outcome"); !strings.Contains(got, "Ann and Cy share the win with 24") || !strings.Contains(got, "(P4)") {
		t.Errorf("the confirmation says %q", got)
	}
	shot(t, ctx, "skat-end-confirm")
	run(t, ctx, "end it", chromedp.Click(css(`button[type=submit]`)), chromedp.WaitVisible(css(".banner")))
	if got := text(t, ctx, ".banner"); !strings.Contains(got, "Ann and Cy share the win with 24") {
		t.Errorf("banner %q", got)
	}
	if got := text(t, ctx, "table.hands"); !strings.Contains(got, "the table ended the game") {
		t.Errorf("the rounds: %q", got)
	}
	shot(t, ctx, "skat-ended")
}
