package handlers

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// fanDealByCard is a Fan deal as a player types it, card by card: an
// illegal knock (Ann's deadwood over the 3 of clubs' value, N4), then
// the knock card corrected to a king, which makes it legal (+63, N6).
var fanDealByCard = struct {
	knock, fixedKnock string
	hands             [2][]string
}{
	knock: "3c", fixedKnock: "kh",
	hands: [2][]string{
		{"as", "2s", "3s", "4h", "4d", "4c", "7c", "8c", "9c", "kd"},
		{"ks", "qh", "5d", "6d", "2h", "9h", "jd", "qc", "3d", "8s"},
	},
}

// sheetFeedback is every verdict and the score as a sheet shows them:
// the judgement's box and each field's feedback, without the note that
// says the phone checked them, nor the classes htmx gives for a moment
// while it settles what it swapped.
const sheetFeedback = `(() => {
	const parts = [document.getElementById("judgement"), ...document.querySelectorAll(".feedback")].map(el => {
		const copy = el.cloneNode(true);
		copy.querySelectorAll("[data-here]").forEach(p => p.remove());
		[copy, ...copy.querySelectorAll("[class]")].forEach(e => {
			Array.from(e.classList).filter(c => c.startsWith("htmx-")).forEach(c => e.classList.remove(c));
		});
		return copy.outerHTML;
	});
	return parts.join("\n");
})()`

// enterFanDeal types the deal card by card, then corrects the knock
// card, calling after(stage) once the illegal knock is entered and once
// corrected.
func enterFanDeal(t *testing.T, ctx context.Context, after func(stage string)) {
	t.Helper()
	run(t, ctx, "type the knock card", typeCards("knock_card", fanDealByCard.knock))
	run(t, ctx, "say who knocked", choose(`input[name=knocker][value="0"]`))
	for seat, hand := range fanDealByCard.hands {
		field := "hand_" + itoa(seat)
		// Scrolled out from under the picker first, where a click would
		// land on one of its cards.
		run(t, ctx, "open "+field, inView("#in-"+field), chromedp.Click(css("#in-"+field)))
		for _, card := range hand {
			run(t, ctx, "type "+card+" into "+field, chromedp.SendKeys(css("#in-"+field), card+" "))
		}
	}
	after("illegal knock")
	run(t, ctx, "correct the knock card", chromedp.Evaluate[chromedp.Void](`document.getElementById("in-knock_card").value = ""`), typeCards("knock_card", fanDealByCard.fixedKnock))
	after("legal knock")
}

// waitFeedback waits until the sheet's verdicts and score read want.
func waitFeedback(t *testing.T, ctx context.Context, stage, want string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	var got string
	for time.Now().Before(deadline) {
		got, _ = chromedp.Run(ctx, chromedp.Evaluate[string](sheetFeedback))
		if got == want {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s: the phone's verdicts never matched the server's\nphone:  %s\nserver: %s", stage, got, want)
}

// startStopwatch notes the times of what follows: the phone going
// offline, the first keystroke, the referee's first answer (its note in
// the score's box) and its first answer after that keystroke.
const startStopwatch = `(() => {
	const watch = window.stopwatch = {offline: 0, input: 0, answered: 0, answeredAfterInput: 0};
	window.addEventListener("offline", () => { watch.offline = performance.now(); }, {once: true});
	document.addEventListener("input", () => { watch.input = watch.input || performance.now(); }, {capture: true});
	new MutationObserver(() => {
		const here = document.querySelector("#judgement [data-here]");
		if (!here || !here.textContent.startsWith("Checked on this phone")) return;
		const now = performance.now();
		watch.answered = watch.answered || now;
		if (watch.input) watch.answeredAfterInput = watch.answeredAfterInput || now;
	}).observe(document.body, {subtree: true, childList: true, characterData: true});
})()`

// stopwatch waits for the referee's first answer after a keystroke, and
// returns the times startStopwatch noted, in milliseconds of the page's
// clock (0 for what did not happen).
func stopwatch(t *testing.T, ctx context.Context) (offline, input, answered, answeredAfterInput float64) {
	t.Helper()
	var times []float64
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		var err error
		times, err = chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[stopwatch.offline, stopwatch.input, stopwatch.answered, stopwatch.answeredAfterInput]`))
		if err != nil {
			t.Fatal(err)
		}
		if times[3] != 0 {
			return times[0], times[1], times[2], times[3]
		}
		time.Sleep(20 * time.Millisecond)
	}
	note, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("judgement").innerText`))
	t.Fatalf("the phone's referee never answered; the score's box reads %q", note)
	return
}

// waitRefereeFetched waits until the sheet has started its referee (in
// a worker, once the sheet is drawn): the browser then holds it.
func waitRefereeFetched(t *testing.T, ctx context.Context) {
	t.Helper()
	run(t, ctx, "wait for the referee to be fetched", chromedp.Poll[chromedp.Void](
		`performance.getEntriesByName("referee-ready").length > 0`, chromedp.WithPollingTimeout(20*time.Second)))
}

// emulateNetworkConditions is DevTools' Network.emulateNetworkConditions,
// which also turns navigator.onLine off, as a phone without network
// does; cdproto keeps only its successor, which leaves navigator alone.
var emulateNetworkConditions = cdp.Command[networkConditions, cdp.Empty]{Method: "Network.emulateNetworkConditions"}

type networkConditions struct {
	Offline            bool    `json:"offline"`
	Latency            float64 `json:"latency"`
	DownloadThroughput float64 `json:"downloadThroughput"`
	UploadThroughput   float64 `json:"uploadThroughput"`
}

// TestBrowserFanOfflineReferee enters a Fan deal card by card with the
// network gone: the verdicts (the illegal knock, then the score once the
// knock card is corrected) come from the WebAssembly referee, marked as
// checked on the phone, and are what the server shows for the same deal.
// A second phone, one that saves data and so never fetched the referee,
// says with no network that the points will be worked out later, and
// gets the referee at its next try once meldpad can be reached again
// (though the preview still fails to get through). Both times to the
// first verdict are logged (go test -v).
func TestBrowserFanOfflineReferee(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "fan", "Ann", "Bob")
	gameURL, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	sheetURL := strings.SplitN(gameURL, "?", 2)[0] + "/hands/new?by=cards"

	// Online: what the server says of the deal at each stage.
	server := map[string]string{}
	run(t, ctx, "open the sheet online", chromedp.Navigate(sheetURL), chromedp.WaitVisible(css("#in-knock_card")))
	enterFanDeal(t, ctx, func(stage string) {
		want := map[string]string{"illegal knock": "(N4)", "legal knock": "+63"}[stage]
		waitText(t, ctx, "#judgement", want)
		// Every field judged, with the chips of every card typed, and no
		// preview on its way.
		run(t, ctx, "wait for the last chips", chromedp.Poll[chromedp.Void](
			`document.querySelectorAll("#fb-hand_1 .chip").length === 10 && document.querySelectorAll("#fb-hand_0 .chip").length === 10 &&
			!document.querySelector("form.sheet.htmx-request")`))
		waitText(t, ctx, "#judgement", want)
		server[stage], err = chromedp.Run(ctx, chromedp.Evaluate[string](sheetFeedback))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(server[stage], "data-here") || strings.Contains(server[stage], "on this phone") {
			t.Fatalf("online, the verdicts say they were checked on the phone: %s", server[stage])
		}
	})

	// Offline: a new sheet, its referee fetched while the network was
	// there; then the network goes, and the same deal is entered. The
	// online entry, never saved, is kept on the phone as the new hand's
	// draft and would fill the sheet again: it is dropped, so the deal
	// is typed afresh.
	run(t, ctx, "drop the online entry's draft", chromedp.Evaluate[chromedp.Void](
		`Object.keys(localStorage).filter(k => k.startsWith("draft:")).forEach(k => localStorage.removeItem(k))`))
	run(t, ctx, "open a new sheet", chromedp.Navigate(sheetURL), chromedp.WaitVisible(css("#in-knock_card")))
	waitRefereeFetched(t, ctx)
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "start the stopwatch", chromedp.Evaluate[chromedp.Void](startStopwatch))
	if _, err := chromedp.Call(ctx, emulateNetworkConditions, networkConditions{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		t.Fatal(err)
	}
	if online, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`navigator.onLine`)); online {
		t.Fatal("the emulated network is off, yet navigator.onLine says the phone is online")
	}
	first := true
	enterFanDeal(t, ctx, func(stage string) {
		if first {
			first = false
			offline, input, answered, afterInput := stopwatch(t, ctx)
			phases, _ := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`["referee-start", "referee-compiled", "referee-ready"].map(m => performance.getEntriesByName(m)[0].startTime)`))
			t.Logf("offline, referee cached: first verdict %.0f ms after the phone went offline, with no card typed yet (compiled in %.0f ms, running %.0f ms later); then the first card's verdict %.0f ms after its first keystroke (the test moves to the next field at once, which the sheet judges without waiting)",
				answered-offline, phases[1]-phases[0], phases[2]-phases[1], afterInput-input)
		}
		waitFeedback(t, ctx, stage+" offline", server[stage])
		if got := text(t, ctx, "#judgement"); !strings.Contains(got, "Checked on this phone") {
			t.Errorf("%s: the offline verdicts are not marked as the phone's: %q", stage, got)
		}
	})
	run(t, ctx, "show the score", chromedp.Evaluate[chromedp.Void](
		`document.querySelector("#picker button.close")?.click(); document.getElementById("judgement").scrollIntoView()`))
	shot(t, ctx, "fan-offline-referee")

	// A sheet the referee cannot judge (here, a page whose description
	// was damaged) says so, and the referee judges the next change once
	// it can.
	run(t, ctx, "damage the page's description", chromedp.Evaluate[chromedp.Void](
		`window.kept = document.querySelector("form.sheet").dataset.referee; document.querySelector("form.sheet").dataset.referee = "{";`))
	run(t, ctx, "type into the damaged sheet", typeCards("knock_card", " "))
	waitText(t, ctx, "#judgement", "could not check the sheet")
	run(t, ctx, "mend it and type again", chromedp.Evaluate[chromedp.Void](
		`document.querySelector("form.sheet").dataset.referee = window.kept;`), typeCards("knock_card", " "))
	waitText(t, ctx, "#judgement", "Checked on this phone")
	waitFeedback(t, ctx, "once the sheet can be judged again", server["legal knock"])

	// A second phone that asked to save data: it opens the scorepad (and
	// its service worker keeps the sheet) but not the referee. With no
	// network it has no referee yet, and says so rather than show
	// verdicts that are out of date.
	ctx2 := newBrowser(t)
	run(t, ctx2, "a phone that saves data", beforeEachPage(
		`Object.defineProperty(navigator, "connection", {value: {saveData: true}, configurable: true})`))
	run(t, ctx2, "open the scorepad on a second phone", chromedp.Navigate(strings.SplitN(gameURL, "?", 2)[0]), chromedp.WaitVisible(css("#scorepad")))
	waitTrue(t, ctx2, "the service worker takes control", "!!navigator.serviceWorker.controller")
	waitPromise(t, ctx2, "the sheet is kept on the phone",
		`caches.match(location.href + "/hands/new?by=cards").then(function (r) { return !!r; })`)
	app.setReachable(false)
	run(t, ctx2, "open the sheet with no network", chromedp.Navigate(sheetURL), chromedp.WaitVisible(css("#in-knock_card")))
	run(t, ctx2, "type a card offline", typeCards("knock_card", fanDealByCard.knock))
	waitText(t, ctx2, "#judgement", "no referee of its own yet")
	waitText(t, ctx2, "#judgement", "the points will be worked out once meldpad can be reached")

	// meldpad can be reached again, but the preview does not get through
	// (as when meldpad is down): the referee is fetched at the phone's
	// next try (a few seconds after the first), and judges the sheet.
	app.setReachable(true)
	if _, err := chromedp.Call(ctx2, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx2, network.SetBlockedURLs, network.SetBlockedURLsParams{
		URLPatterns: []*network.BlockPattern{{URLPattern: app.srv.URL + "/g/*/hands/preview*", Block: true}},
	}); err != nil {
		t.Fatal(err)
	}
	run(t, ctx2, "start the stopwatch", chromedp.Evaluate[chromedp.Void](
		`document.getElementById("in-knock_card").value = "";`+startStopwatch))
	first = true
	enterFanDeal(t, ctx2, func(stage string) {
		if first {
			first = false
			_, input, _, afterInput := stopwatch(t, ctx2)
			t.Logf("preview refused, referee not kept (fetched at the next try): first verdict %.0f ms after the first keystroke", afterInput-input)
		}
		waitFeedback(t, ctx2, stage+" on the second phone", server[stage])
	})
}
