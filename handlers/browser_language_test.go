package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"meldpad/locale"
	"meldpad/rules/cards"
	"meldpad/rules/flathead"
	"meldpad/rules/msg"
)

// TestBrowserGermanVerdictOffline: a phone that asks for German gets its
// pages with lang="de", and the referee's verdict on a Flathead meld in
// German (F1); with the network gone, the phone's own referee says the
// same verdict in German, marked as checked on the phone.
func TestBrowserGermanVerdictOffline(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{
		Headers: network.Headers{"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"},
	}); err != nil {
		t.Fatal(err)
	}
	newGameInBrowser(t, ctx, app.srv.URL, "flathead", "Ann", "Bob")
	gameURL, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	sheetURL := strings.SplitN(gameURL, "?", 2)[0] + "/hands/new?by=cards"

	const typed = "7 Zurfs, 8 Rain, 9 Lamps"
	meld, err := cards.Fanucci().ParseText(typed)
	if err != nil {
		t.Fatal(err)
	}
	want := locale.For("de").Say(msg.Capital(flathead.Check([]cards.Card{meld[0].Card, meld[1].Card, meld[2].Card}).Reason))
	if !strings.Contains(want, "Folge") || !strings.Contains(want, "(F1)") {
		t.Fatalf("the German verdict reads %q", want)
	}

	run(t, ctx, "open the sheet online", chromedp.Navigate(sheetURL), chromedp.WaitVisible(css("#in-meld_0_0")))
	if lang, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.documentElement.lang`)); lang != "de" {
		t.Fatalf("the page's language is %q, want de", lang)
	}
	run(t, ctx, "type a meld online", typeCards("meld_0_0", typed))
	waitText(t, ctx, "#fb-meld_0_0", want)
	shot(t, ctx, "flathead-verdict-german")

	run(t, ctx, "drop the online entry's draft", chromedp.Evaluate[chromedp.Void](
		`Object.keys(localStorage).filter(k => k.startsWith("draft:")).forEach(k => localStorage.removeItem(k))`))
	run(t, ctx, "open a new sheet", chromedp.Navigate(sheetURL), chromedp.WaitVisible(css("#in-meld_0_0")))
	waitRefereeFetched(t, ctx)
	if _, err := chromedp.Call(ctx, emulateNetworkConditions, networkConditions{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		t.Fatal(err)
	}
	if online, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`navigator.onLine`)); online {
		t.Fatal("the emulated network is off, yet navigator.onLine says the phone is online")
	}
	run(t, ctx, "type the meld offline", typeCards("meld_0_0", typed))
	waitText(t, ctx, "#fb-meld_0_0", want)
	de := locale.For("de")
	waitText(t, ctx, "#judgement", de.T("offline.referee_checked"))
	// The phone's drawing says the page's own words too: the chips'
	// title and the score's heading.
	if got := text(t, ctx, "#judgement h2"); got != de.T("sheet.score") {
		t.Errorf("offline, the score is headed %q, want %q", got, de.T("sheet.score"))
	}
	titles, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#fb-meld_0_0 .chip[data-card]")].map(c => c.title)`))
	if err != nil || len(titles) != 3 {
		t.Fatalf("offline chips' titles: %q (%v)", titles, err)
	}
	for _, title := range titles {
		if title != de.T("sheet.tap_to_remove") {
			t.Errorf("an offline chip is titled %q, want %q", title, de.T("sheet.tap_to_remove"))
		}
	}
	shot(t, ctx, "flathead-verdict-german-offline")
}
