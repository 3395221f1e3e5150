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
		run(t, ctx, "open "+field, chromedp.Click(css("#in-"+field)))
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

// startStopwatch starts a stopwatch at the next keystroke in a field and
// stops it when the phone's referee has answered (its note in the
// score's box).
const startStopwatch = `(() => {
	window.refereeStart = 0;
	window.refereeAnswered = 0;
	document.addEventListener("input", () => { window.refereeStart = performance.now(); }, {once: true, capture: true});
	new MutationObserver((_, observer) => {
		const here = document.querySelector("#judgement [data-here]");
		if (window.refereeStart && here && here.textContent.startsWith("Checked on this phone")) {
			window.refereeAnswered = performance.now();
			observer.disconnect();
		}
	}).observe(document.body, {subtree: true, childList: true, characterData: true});
})()`

// stopwatch waits for the referee's first answer since startStopwatch
// and returns how long it took.
func stopwatch(t *testing.T, ctx context.Context) time.Duration {
	t.Helper()
	var ms float64
	deadline := time.Now().Add(30 * time.Second)
	for ms == 0 && time.Now().Before(deadline) {
		var err error
		if ms, err = chromedp.Run(ctx, chromedp.Evaluate[float64](`window.refereeAnswered ? window.refereeAnswered - window.refereeStart : 0`)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if ms == 0 {
		note, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("judgement").innerText`))
		t.Fatalf("the phone's referee never answered; the score's box reads %q", note)
	}
	return time.Duration(ms * float64(time.Millisecond))
}

// waitRefereeFetched waits until the sheet has fetched the referee in
// the background (the browser then holds it).
func waitRefereeFetched(t *testing.T, ctx context.Context) {
	t.Helper()
	run(t, ctx, "wait for the referee to be fetched", chromedp.Poll[chromedp.Void](
		`performance.getEntriesByType("resource").some(e => e.name.includes("/static/meldpad.wasm?v="))`, chromedp.WithPollingTimeout(20*time.Second)))
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
// A second phone, without the referee in its cache, gets it when the
// preview fails to get through. Both times to the first verdict are
// logged (go test -v).
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
	// there; then the network goes, and the same deal is entered.
	run(t, ctx, "open a new sheet", chromedp.Navigate(sheetURL), chromedp.WaitVisible(css("#in-knock_card")))
	waitRefereeFetched(t, ctx)
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulateNetworkConditions, networkConditions{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		t.Fatal(err)
	}
	if online, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`navigator.onLine`)); online {
		t.Fatal("the emulated network is off, yet navigator.onLine says the phone is online")
	}
	run(t, ctx, "start the stopwatch", chromedp.Evaluate[chromedp.Void](startStopwatch))
	first := true
	enterFanDeal(t, ctx, func(stage string) {
		if first {
			first = false
			t.Logf("offline, referee cached: first verdict %v after the first keystroke (the sheet waits 350 ms after a keystroke)", stopwatch(t, ctx).Round(time.Millisecond))
			phases, _ := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`["referee-start", "referee-compiled", "referee-ready"].map(m => performance.getEntriesByName(m)[0].startTime - window.refereeStart)`))
			t.Logf("the referee, started when the phone went offline (%.0f ms from the first keystroke): compiled in %.0f ms, running %.0f ms later", phases[0], phases[1]-phases[0], phases[2]-phases[1])
		}
		waitFeedback(t, ctx, stage+" offline", server[stage])
		if got := text(t, ctx, "#judgement"); !strings.Contains(got, "Checked on this phone") {
			t.Errorf("%s: the offline verdicts are not marked as the phone's: %q", stage, got)
		}
	})
	run(t, ctx, "show the score", chromedp.Evaluate[chromedp.Void](
		`document.querySelector("#picker button.close")?.click(); document.getElementById("judgement").scrollIntoView()`))
	shot(t, ctx, "fan-offline-referee")

	// A second phone with nothing cached. Offline, it has no referee yet,
	// and says so rather than show verdicts that are out of date.
	ctx2 := newBrowser(t)
	if _, err := chromedp.Call(ctx2, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx2, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		t.Fatal(err)
	}
	run(t, ctx2, "open the sheet on a second phone", chromedp.Navigate(sheetURL), chromedp.WaitVisible(css("#in-knock_card")))
	if _, err := chromedp.Call(ctx2, emulateNetworkConditions, networkConditions{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		t.Fatal(err)
	}
	run(t, ctx2, "type a card offline", typeCards("knock_card", fanDealByCard.knock))
	waitText(t, ctx2, "#judgement", "no referee of its own yet")

	// The network is back, but the preview does not get through (as
	// when meldpad is down): the referee is fetched then, over a 4G link
	// as DevTools' "Fast 4G" has it (9 Mbit/s down, 1.5 up, 60 ms each
	// way).
	if _, err := chromedp.Call(ctx2, network.SetBlockedURLs, network.SetBlockedURLsParams{
		URLPatterns: []*network.BlockPattern{{URLPattern: app.srv.URL + "/g/*/hands/preview*", Block: true}},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx2, emulateNetworkConditions, networkConditions{Latency: 120, DownloadThroughput: 9e6 / 8, UploadThroughput: 1.5e6 / 8}); err != nil {
		t.Fatal(err)
	}
	run(t, ctx2, "start the stopwatch", chromedp.Evaluate[chromedp.Void](
		`document.getElementById("in-knock_card").value = "";`+startStopwatch))
	first = true
	enterFanDeal(t, ctx2, func(stage string) {
		if first {
			first = false
			t.Logf("preview refused, referee not cached (fetched over a 9 Mbit/s, 120 ms link): first verdict %v after the first keystroke", stopwatch(t, ctx2).Round(time.Millisecond))
		}
		waitFeedback(t, ctx2, stage+" on the second phone", server[stage])
	})
}
