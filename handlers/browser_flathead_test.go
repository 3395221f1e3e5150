package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// pickCard taps a suited card in the picker: one tap.
func pickCard(rank, suit string) step {
	return chromedp.Click(css(`#picker button[data-card="` + rank + " " + suit + `"]`))
}

// typeInto types into a card field without tapping it: a tap at the
// field's place could land on the picker covering it.
func typeInto(name, cards string) step {
	sel := css("#in-" + name)
	return chromedp.Steps(chromedp.Focus(sel), chromedp.SendKeys(sel, cards))
}

// closePicker taps the picker's Done, as a user does before tapping a
// button the picker covers.
func closePicker() step {
	return chromedp.Evaluate[chromedp.Void](`document.querySelector("#picker button.close").click()`)
}

// TestBrowserFlatheadHand plays one Flathead hand for three on a
// phone-sized window: melds laid down (two bonus melds for Ann, one for
// Bob, shown as marks by the names), a lay-off during play, a meld field
// added, the losers' lay-offs before the count (F7), the multiplier, and
// the points on the scorepad. Some cards are tapped in the picker.
func TestBrowserFlatheadHand(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "flathead", "Ann", "Bob", "Cy")

	run(t, ctx, "open the card sheet",
		openCardSheet("#in-meld_0_0"),
		tapInView(`input[name=winner][value="0"]`),
	)
	// Ann's first meld through the picker: 3, 4, 5 of Lamps, a flush run.
	run(t, ctx, "pick Ann's flush run",
		tapInView("#in-meld_0_0"),
		chromedp.WaitVisible(css("#picker")),
		pickCard("3", "Lamps"), pickCard("4", "Lamps"), pickCard("5", "Lamps"),
	)
	waitText(t, ctx, "#fb-meld_0_0", "A flush run of Lamps from 3 to 5")
	waitText(t, ctx, "#fb-meld_0_0", "bonus")
	waitText(t, ctx, "#marks-0", "●")
	// The picker groups the Fanucci suits by colour (the decks).
	groups, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll("#picker .group")].map(g => g.className + ":" + [...g.querySelectorAll("[data-suit]")].map(b => b.dataset.suit).join(","))`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(groups, " ") != "group red:Fromps,Lamps,Plungers group blue:Rain,Tops,Zurfs group black:Faces,Hives,Inkblots group green:Bugs,Mazes,Scythes group yellow:Books,Ears,Time" {
		t.Errorf("picker groups %v", groups)
	}
	shot(t, ctx, "flathead-sheet-picker")

	// Bob laid 6 Lamps off onto it during play: a longer flush run, but
	// laying off never earns a mark (F4, F5).
	run(t, ctx, "lay off during play", typeInto("layoff_0_0", "6 lam"))
	waitText(t, ctx, "#fb-layoff_0_0", "laying off never earns a bonus mark")

	// A second meld for Ann: the page comes back with another field.
	run(t, ctx, "add a meld for Ann",
		closePicker(),
		tapInView(`button[value="more:meld_0"]`),
		chromedp.WaitVisible(css("#in-meld_0_1")),
		typeInto("meld_0_1", "7 tops, 7 rain, 7 zurfs"),
		typeInto("meld_1_0", "inf faces, inf hives, inf bugs"),
	)
	waitText(t, ctx, "#fb-meld_0_1", "a color set")
	waitText(t, ctx, "#marks-0", "●●")
	waitText(t, ctx, "#marks-1", "●")
	shot(t, ctx, "flathead-sheet-marks")

	// What the losers hold: Bob's typed, Cy's partly tapped (8 Hives and
	// the trump Grue).
	run(t, ctx, "the losers' hands",
		typeInto("hand_1", "0 bugs, 5 mazes, 7 lamps"),
		typeInto("hand_2", "1 ears, 2 scythes"),
		pickCard("8", "Hives"),
		chromedp.Click(css(`#picker button[data-trump="Grue"]`)),
	)
	waitText(t, ctx, "#fb-hand_2", "Grue")
	// Before the count Bob lays 7 Lamps off onto Ann's run and Cy the Grue
	// somewhere (F7): 5 cards left; 1 + 2 - 1 = 2.
	waitText(t, ctx, "#judgement", "Bob lays off 7 Lamps onto Ann's meld 1 (F7).")
	waitText(t, ctx, "#judgement", "Cy lays off Grue")
	waitText(t, ctx, "#judgement", "5 cards x (1 + 2 - 1) = 10")
	waitText(t, ctx, "#judgement", "+10")
	// By script: a preview in flight may be replacing the judgement.
	run(t, ctx, "close the picker", closePicker(),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("judgement").scrollIntoView()`))
	shot(t, ctx, "flathead-sheet-judgement")
	if got := text(t, ctx, "#player-0 h2"); !strings.Contains(got, "Ann") || !strings.Contains(got, "●●") {
		t.Errorf("Ann's heading reads %q", got)
	}

	run(t, ctx, "save the hand",
		tapInView(`button[value=save]`),
		chromedp.WaitVisible(css("#scorepad")),
	)
	if got := text(t, ctx, "#scorepad .totals"); !strings.Contains(got, "10") {
		t.Fatalf("after the hand the totals read %q", got)
	}
	shot(t, ctx, "flathead-scorepad")
}

// TestBrowserFlatheadBlankHandAsks: saving a Flathead hand with a
// loser's hand left blank asks first, on the page, with the entry kept;
// "Yes, save" saves it.
func TestBrowserFlatheadBlankHandAsks(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "flathead", "Ann", "Bob", "Cy")
	run(t, ctx, "enter a hand with Cy's hand blank",
		chromedp.Click(css(`a[href$="/hands/new?by=cards"]`)),
		chromedp.WaitVisible(css("#in-meld_0_0")),
		chromedp.Click(css(`input[name=winner][value="0"]`)),
		typeInto("meld_0_0", "3 lam, 4 lam, 5 lam"),
		typeInto("hand_1", "0 bugs, 5 mazes"),
	)
	waitText(t, ctx, "#judgement", "+4")
	run(t, ctx, "save", closePicker(), chromedp.Click(css(`button[value=save]`)), chromedp.WaitVisible(css("#confirm")))
	waitText(t, ctx, "#confirm", "Cy's hand is blank: did Cy lay off every card (F7)?")
	shot(t, ctx, "flathead-blank-hand-question")
	if got := text(t, ctx, "#fb-hand_1"); !strings.Contains(got, "5 Mazes") {
		t.Errorf("Bob's hand after the question reads %q", got)
	}
	run(t, ctx, "yes, save", chromedp.Click(css(`#confirm button[value=save]`)), chromedp.WaitVisible(css("#scorepad")))
	if got := text(t, ctx, "#scorepad .totals"); !strings.Contains(got, "4") {
		t.Fatalf("after the hand the totals read %q", got)
	}
}
