package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserBlackHeartDeal enters a Black Heart Rum deal for three on a
// phone-sized window, after a deal that left Ann at 40, Bob at 320 and Cy
// at -30 (B5: 3 cards in 1 set, 8 in 2 sets, none).
//
// Ann goes out with Q♠/6♥-K♠/3♥-A♠ tapped in the picker (45, B2), a heart
// series with J♦ declared as 7♥ with the picker's "=" (25, B3) and a
// lay-off 2S (5). Bob lays down the Royale, which opens at his 320 (B3,
// B5): J♦ is then in two places, and Ann's J♦ (10) is tapped away for the
// real 7♥ (5): Ann has 45 + 20 + 5 + 25 = +95. Bob holds 4C 9C: 150 - 10 = +140. Cy has J♣/10♥ J♠/9♥
// J♣/2♥ (50) and holds AC 7C (20): +30 (B7).
func TestBrowserBlackHeartDeal(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "blackheart", "Ann", "Bob", "Cy")
	location, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	page, err := url.Parse(location)
	if err != nil {
		t.Fatal(err)
	}
	if p := app.recordPoints(page.Path, "1", "40", "320", "-30"); p.status != http.StatusSeeOther {
		t.Fatalf("deal 1 by points: %d\n%s", p.status, p.body)
	}

	run(t, ctx, "open the card sheet of deal 2",
		chromedp.Reload(),
		tapInView(`a[href$="/hands/new?by=cards"]`),
		chromedp.WaitVisible(css("#in-meld_0_0")),
	)
	body := text(t, ctx, "form.sheet")
	for _, want := range []string{
		"Score 40 at the start of the deal: to open, 3 or more cards in 1 set",
		"Score 320 at the start of the deal: to open, 8 or more cards in 2 sets",
		"Score -30 at the start of the deal: no opening requirement (B5).",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the sheet lacks the requirement %q", want)
		}
	}
	shot(t, ctx, "blackheart-sheet-blank")

	pick := func(rank, suit string) step {
		return chromedp.Click(css(`#picker button[data-card="` + rank + suit + `"]`))
	}
	run(t, ctx, "Ann went out; her series with escorts from the picker",
		tapInView(`input[name=went_out][value="0"]`),
		tapInView("#in-meld_0_0"),
		chromedp.WaitVisible(css("#picker")),
		pick("Q", "S"), pick("6", "H"), pick("K", "S"), pick("3", "H"), pick("A", "S"),
	)
	waitText(t, ctx, "#fb-meld_0_0", "Series, 45 points: a series QS-KS-AS with two heart escorts (B1, B2)")
	if got := text(t, ctx, "#fb-meld_0_0"); !strings.Contains(got, "escort of Q♠") || !strings.Contains(got, "escort of K♠") {
		t.Errorf("the escorts are not shown as such: %q", got)
	}
	shot(t, ctx, "blackheart-sheet-escorts")

	run(t, ctx, "add a set for Ann: a heart series, J♦ declared as 7♥",
		chromedp.Click(css(`#picker button.close`)),
		tapInView(`button[value="more:meld_0"]`),
		chromedp.WaitVisible(css("#in-meld_0_1")),
		chromedp.WaitVisible(css("#picker")),
		chromedp.SendKeys(css("#in-meld_0_1"), "5h 6h"),
		pick("J", "D"),
		chromedp.Click(css(`#picker button[data-declare]`)),
		pick("7", "H"),
		chromedp.SendKeys(css("#in-meld_0_1"), ", 8h"),
	)
	waitText(t, ctx, "#fb-meld_0_1", "as 7♥, declared")
	waitText(t, ctx, "#fb-meld_0_1", "Series, 25 points: a series 5H-6H-7H-8H, JD standing for 7H (B1, B3)")
	shot(t, ctx, "blackheart-sheet-declared")

	run(t, ctx, "Ann's lay-off; Bob's Royale and hand",
		chromedp.Click(css(`#picker button.close`)),
		typeCards("layoffs_0", "2s"),
		typeCards("meld_1_0", "jd qd kd"),
		typeCards("hand_1", "4c 9c"),
	)
	waitText(t, ctx, "#fb-meld_1_0", "JD is already in Ann's set 2: the deck has only one.")
	// Close the picker and let the last preview land before tapping a chip
	// higher up, as a player would: a preview that lands keeps the field
	// being typed in above the picker, which scrolls the page.
	waitText(t, ctx, "#fb-hand_1", "9♣")
	run(t, ctx, "close the picker", chromedp.Click(css(`#picker button.close`)), chromedp.WaitNotVisible(css("#picker")))
	run(t, ctx, "tap Ann's J♦ away and enter the real 7♥",
		chromedp.Click(css(`#fb-meld_0_1 .chip[data-card="JD=7H"]`)),
		chromedp.SendKeys(css("#in-meld_0_1"), ", 7h"),
	)
	waitText(t, ctx, "#fb-meld_0_1", "Series, 20 points: a series 5H-6H-7H-8H (B1)")
	waitText(t, ctx, "#fb-meld_1_0", "Royale, 150 points")
	waitText(t, ctx, "#judgement", "Bob (score 320): a Royale opens at any score (B3, B5).")

	run(t, ctx, "Cy's jacks and hand",
		typeCards("meld_2_0", "jc 10h js 9h jc 2h"),
		typeCards("hand_2", "ac 7c"),
	)
	waitText(t, ctx, "#fb-meld_2_0", "Group, 50 points")
	waitText(t, ctx, "#judgement", "Cy: played set 50; left in hand A♣ 15 + 7♣ 5 = 20; 50 - 20 = +30 (B7).")
	judged := text(t, ctx, "#judgement")
	for _, want := range []string{
		"Ann (score 40): 5 cards in one set meet 3 or more cards in 1 set, escorts included (B5).",
		"Ann: played set 45 + set 20 + lay-off 2♠ 5 = 70; nothing left in hand (went out); going out 25; 70 - 0 + 25 = +95 (B7).",
		"Bob: played Royale 150; left in hand 4♣ 5 + 9♣ 5 = 10; 150 - 10 = +140 (B7).",
	} {
		if !strings.Contains(judged, want) {
			t.Errorf("the judgement lacks %q:\n%s", want, judged)
		}
	}
	run(t, ctx, "close the picker and look at Bob's Royale",
		chromedp.Click(css(`#picker button.close`)),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("in-meld_1_0").scrollIntoView()`),
	)
	shot(t, ctx, "blackheart-sheet-royale")
	run(t, ctx, "scroll to the score",
		chromedp.Evaluate[chromedp.Void](`document.getElementById("judgement").scrollIntoView()`),
	)
	shot(t, ctx, "blackheart-sheet-score")

	run(t, ctx, "save",
		tapInView(`button[value=save]`),
		chromedp.WaitVisible(css("#scorepad")),
	)
	got := text(t, ctx, "#scorepad .totals")
	for _, want := range []string{"135", "460", "0"} {
		if !strings.Contains(got, want) {
			t.Errorf("after deal 2 the totals read %q, want %s among them", got, want)
		}
	}
	shot(t, ctx, "blackheart-scorepad")
}
