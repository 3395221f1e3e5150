package handlers

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Browser tests drive Debian's chromium through chromedp against a real
// server. Without a browser they skip with a message, unless CI is set:
// then a missing browser is a failure, so CI never passes by skipping.

func chromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// newBrowser starts a headless chromium with a phone-sized window (390x844)
// and returns a context for one tab. Each call is a separate browser
// profile, so two calls are two phones.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	return newBrowserFor(t, 3*time.Minute)
}

// newBrowserFor is newBrowser for a test that needs longer than 3
// minutes: the browser closes when its first context ends, so the
// deadline is set before it starts.
func newBrowserFor(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	return newBrowserIn(t, limit, "en-GB")
}

// newBrowserIn is newBrowserFor with the browser's language (its
// Accept-Language, for the page and its service worker alike).
func newBrowserIn(t *testing.T, limit time.Duration, lang string) context.Context {
	t.Helper()
	path := chromiumPath()
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("browser tests need chromium (Debian package chromium); .ci/run installs it")
		}
		t.Skip("no chromium found: browser tests skipped (apt-get install chromium to run them)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.WindowSize(390, 844),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("lang", lang),
		chromedp.Flag("accept-lang", lang),
	)
	// On a loaded machine chromium sometimes exits before it answers
	// ("chrome failed to start"), now and then twice in a row; up to three
	// starts are tried, a second apart, before the test fails, each with a
	// profile of its own.
	var err error
	for try := range 3 {
		if try > 0 {
			time.Sleep(time.Second)
		}
		withProfile := append(opts[:len(opts):len(opts)], chromedp.UserDataDir(t.TempDir()))
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), withProfile...)
		ctx, cancelTab := chromedp.NewContext(alloc)
		ctx, cancelTimeout := context.WithTimeout(ctx, limit)
		if err = chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err == nil {
			t.Cleanup(func() { cancelTimeout(); cancelTab(); cancelAlloc() })
			return ctx
		}
		cancelTimeout()
		cancelTab()
		cancelAlloc()
	}
	t.Fatalf("start chromium: %v", err)
	return nil
}

// step is one browser action that returns nothing.
type step = chromedp.Action[chromedp.Void]

// run runs browser actions, failing the test with what was being done.
func run(t *testing.T, ctx context.Context, what string, steps ...step) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// css selects the first element matching a CSS selector.
func css(sel string) chromedp.CSS { return chromedp.CSS(sel) }

// shot saves a 390x844 screenshot of the page as name.png in the test's
// artifact directory (kept with go test -artifacts -outputdir DIR).
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	path := filepath.Join(t.ArtifactDir(), name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", path)
}

// text returns the visible text of the first element matching sel.
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(css(sel)))
	if err != nil {
		t.Fatalf("read %s: %v", sel, err)
	}
	return s
}

// waitText waits until the element's text contains want.
func waitText(t *testing.T, ctx context.Context, sel, want string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	var got string
	for time.Now().Before(deadline) {
		short, cancel := context.WithTimeout(ctx, time.Second)
		s, err := chromedp.Run(short, chromedp.Text(css(sel)))
		cancel()
		if got = s; err == nil && strings.Contains(got, want) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s never showed %q; it shows %q", sel, want, got)
}

// typeCards types into a card field as a user would, key by key, which
// fires the live preview. The field is first scrolled out from under the
// card picker, where a tap would land on a card.
func typeCards(name, cards string) step {
	sel := css("#in-" + name)
	return chromedp.Steps(inView("#in-"+name), chromedp.Click(sel), chromedp.SendKeys(sel, cards))
}

// openCardSheet opens the card sheet from the scorepad, as a player taps
// its link, and waits for the sheet's first field.
func openCardSheet(first string) step {
	return chromedp.Steps(tapInView(`a[href$="/hands/new?by=cards"]`), chromedp.WaitVisible(css(first)))
}

// newGameInBrowser starts a game through the new-game form.
func newGameInBrowser(t *testing.T, ctx context.Context, base, game string, players ...string) {
	t.Helper()
	steps := []step{chromedp.Navigate(base + "/games/new?game=" + game)}
	for i, p := range players {
		sel := css("#player-" + itoa(i))
		steps = append(steps, chromedp.Clear(sel), chromedp.SendKeys(sel, p))
	}
	steps = append(steps, chromedp.Click(css(`button[type=submit]`)), chromedp.WaitVisible(css("#scorepad")))
	run(t, ctx, "start a "+game+" game", steps...)
}

// choose taps a radio button or checkbox as a player would: the card
// picker covers the lower part of the screen while it is open, so it is
// closed first (its Done button) if a card field left it open. A preview
// that arrives while the finger is down waits for it to lift (meldpad.js's
// afterTap), but one that lands between aiming and touching still moves
// the page (the feedback of a field above grows), so a tap that did not
// tick the button is tried again, as a player would, once the previews
// are in; twice missed fails.
// sel is a radio button or a checkbox to tick, or a button.
func choose(sel string) step {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		open, err := chromedp.Nodes(css("#picker:not([hidden]) button.close"), chromedp.AtLeast(0))(ctx, t)
		if err != nil {
			return err
		}
		if len(open) > 0 {
			if _, err := chromedp.Steps(chromedp.Click(css("#picker button.close")), chromedp.WaitNotVisible(css("#picker")))(ctx, t); err != nil {
				return err
			}
		}
		// A button (or a page the tap left) has nothing to tick.
		ticked := chromedp.Evaluate[bool](`(e => !(e instanceof HTMLInputElement) || e.checked)(document.querySelector(` + strconv.Quote(sel) + `))`)
		for range 2 {
			if _, err := chromedp.Click(css(sel))(ctx, t); err != nil {
				return err
			}
			if ok, err := ticked(ctx, t); err != nil || ok {
				return err
			}
			if _, err := chromedp.Poll[chromedp.Void](`!document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling")`,
				chromedp.WithPollingTimeout(15*time.Second))(ctx, t); err != nil {
				return err
			}
		}
		return fmt.Errorf("%s is not ticked after two taps", sel)
	})
}
