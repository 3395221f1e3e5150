package handlers

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"meldpad/locale"
	"meldpad/rules/msg"
)

// shownTexts are the visible text nodes under sel, as the phone shows
// them.
func shownTexts(t *testing.T, ctx context.Context, sel string) []string {
	t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
		const out = [];
		const walk = document.createTreeWalker(document.querySelector(`+jsString(sel)+`), NodeFilter.SHOW_TEXT);
		while (walk.nextNode()) {
			const n = walk.currentNode, el = n.parentElement;
			if (!el || el.closest("script,style,template,datalist,[hidden]")) continue;
			const s = n.textContent.replace(/\s+/g, " ").trim();
			if (s && el.getClientRects().length) out.push(s);
		}
		return out;
	})()`))
	if err != nil {
		t.Fatalf("read the texts of %s: %v", sel, err)
	}
	return got
}

func jsString(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

// noEnglish fails the test when what the phone shows under sel holds an
// English text of the catalogs.
func noEnglish(t *testing.T, ctx context.Context, english catalogEnglish, what, sel string) {
	t.Helper()
	if found := english.find(shownTexts(t, ctx, sel)); found != "" {
		shot(t, ctx, "english-on-"+strings.ReplaceAll(what, " ", "-"))
		t.Errorf("%s shows English: %q", what, found)
	}
}

// TestBrowserGermanEventNightOffline: a phone set to German makes a
// league, an event night is seated from its organizer's page, a table's
// first hand is saved from the phone; the network goes, the next hand
// is saved and waits on the phone with the outbox saying so in German,
// as every page on the way said everything in German; the network
// comes back and the phone says, in German, that the hand was saved.
func TestBrowserGermanEventNightOffline(t *testing.T) {
	app := openTestAppWith(t, filepath.Join(t.TempDir(), "meldpad.db"),
		Options{Limits: Limits{RefereeTimeout: time.Minute, RateWrites: RateOff}})
	phone := newBrowserIn(t, 3*time.Minute, "de")
	english := newEnglishWords(t, "de")
	de := locale.For("de")
	base := app.srv.URL

	run(t, phone, "make a league",
		chromedp.Navigate(base+"/leagues/new"),
		chromedp.WaitVisible(css("#name")),
		chromedp.SendKeys(css("#name"), "Freitagsrunde"),
		chromedp.Click(css(`form[action="/leagues"] button[type=submit]`)),
		chromedp.WaitVisible(css("#organizer-link")),
	)
	if lang, _ := chromedp.Run(phone, chromedp.Evaluate[string](`document.documentElement.lang`)); lang != "de" {
		t.Fatalf("the page's language is %q, want de", lang)
	}
	waitText(t, phone, "main", de.T("league.made"))
	noEnglish(t, phone, english, "the organizer's page", "main")

	organizer, err := chromedp.Run(phone, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	organizer, _, _ = strings.Cut(organizer, "?")
	run(t, phone, "new event night", chromedp.Navigate(organizer+"/events/new?game=flathead"), chromedp.WaitVisible(css("#event-name")))
	noEnglish(t, phone, english, "the new event's form", "main")
	run(t, phone, "make the event night",
		chromedp.SendKeys(css("#new-names"), "Ann\nBob\nCy\nDan\nEve\nFay\nGus"),
		chromedp.Click(css(`form[action$="/events"] button[type=submit]`)),
		chromedp.WaitVisible(css(".event-status")),
	)
	waitText(t, phone, ".event-status", de.Say(msg.New("event.status.checking_in",
		msg.M("Players", msg.New("event.players", msg.N("Count", 7))), msg.M("Rounds", msg.New("event.rounds_to_play", msg.N("Count", 3))))))
	run(t, phone, "seat round 1", chromedp.Click(css(`form[action$="/rounds"] button[type=submit]`)), chromedp.WaitVisible(css("ul.tables")))
	noEnglish(t, phone, english, "the event's page", "main")
	shot(t, phone, "event-german")

	table := roundTables(t, phone)[0]
	run(t, phone, "open table 1", chromedp.Navigate(base+table.URL), chromedp.WaitVisible(css("#scorepad")))
	waitTrue(t, phone, "the service worker takes control", "!!navigator.serviceWorker.controller")
	enter := func(what string, points string) {
		t.Helper()
		run(t, phone, what,
			chromedp.WaitVisible(css(`a[href$="/hands/new"]`)),
			chromedp.Evaluate[chromedp.Void](`document.querySelector('a[href$="/hands/new"]').click()`),
			chromedp.WaitVisible(css("#points-0")),
			choose(`input[name=seat][value="0"]`),
			chromedp.SendKeys(css("#points-0"), points),
			chromedp.Click(css(`form button[type=submit]`)),
		)
	}
	enter("the first hand, online", "12")
	run(t, phone, "back on the scorepad", chromedp.WaitVisible(css("#scorepad")))
	waitPromise(t, phone, "the hand form is kept on the phone",
		`caches.open("meldpad-pages").then(c => c.keys()).then(keys => keys.some(r => r.url.endsWith("/hands/new")))`)

	offline := func(off bool) {
		t.Helper()
		app.setReachable(!off)
		if _, err := chromedp.Call(phone, network.Enable, network.EnableParams{}); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Call(phone, emulateNetworkConditions, networkConditions{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
			t.Fatal(err)
		}
	}
	offline(true)
	enter("the second hand, with no network", "7")
	waitText(t, phone, "#unsaved", de.T("outbox.unsaved")+" "+de.T("outbox.sent_soon"))
	waitText(t, phone, "#outbox", de.T("outbox.waiting", msg.N("Count", 1)))
	noEnglish(t, phone, english, "the outbox", "#outbox")
	noEnglish(t, phone, english, "the note beside Save", "#unsaved")
	shot(t, phone, "outbox-german")

	offline(false)
	waitTrue(t, phone, "the waiting hand is sent", `!document.getElementById("outbox")`)
	waitText(t, phone, "#sent", de.T("outbox.hand_saved", msg.S("Hand", "")))
	noEnglish(t, phone, english, "the note of the hand sent", "#sent")
	if n := len(handLinks(app.get(table.URL))); n != 2 {
		t.Fatalf("%d hands recorded at table 1, want 2", n)
	}
}
