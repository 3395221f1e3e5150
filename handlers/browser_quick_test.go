package handlers

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// counted is what a player does on the phone, counted: taps on the
// screen and keys on the keyboard (each digit, minus and Enter is one).
type counted struct {
	t          *testing.T
	ctx        context.Context
	taps, keys int
}

// tap taps the element matching sel.
func (c *counted) tap(sel, what string) {
	c.t.Helper()
	mustTap(c.t, c.ctx, sel, what)
	c.taps++
}

// press types keys into whatever has the focus, as the phone's keyboard
// does: "\r" is Enter.
func (c *counted) press(keys string) {
	c.t.Helper()
	for _, k := range keys {
		key := string(k)
		if k == '\r' {
			key = kb.Enter
		}
		run(c.t, c.ctx, "press "+strings.ReplaceAll(key, "\r", "Enter"), chromedp.KeyEvent(key))
		c.keys++
	}
}

// focused is the id of the element that has the focus.
func focused(t *testing.T, ctx context.Context) string {
	t.Helper()
	id, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement ? document.activeElement.id : ""`))
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestBrowserHeartsRoundInNineKeys: a Hearts round of 5, 0, 13, 8 for four
// players goes from the scorepad to saved in 9 taps and keys in all: the
// form opens with the first field focused, Enter moves to the next seat,
// a blank counts as 0 (its placeholder says so), and Enter on the last
// saves. The fields ask for a keyboard with a minus sign (P2: negative
// numbers are allowed), say which key is next or done, and the form says
// who deals the next round.
func TestBrowserHeartsRoundInNineKeys(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	heartsFor(t, app, ctx, "Ann", "Bob", "Cy", "Dee")
	c := &counted{t: t, ctx: ctx}
	c.tap(`a[href$="/hands/new"]`, "open the round's form")
	run(t, ctx, "wait for the form", chromedp.WaitVisible(css("#points-3")))
	if id := focused(t, ctx); id != "points-0" {
		t.Errorf("the form opens with %q focused, want the first player's points", id)
	}
	type field struct{ Type, Mode, Hint, Placeholder string }
	fields, err := chromedp.Run(ctx, chromedp.Evaluate[[]field](`[...document.querySelectorAll('input[name="points"]')].map(f =>
		({Type: f.type, Mode: f.getAttribute("inputmode") || "", Hint: f.getAttribute("enterkeyhint") || "", Placeholder: f.placeholder}))`))
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range fields {
		// iOS's numeric and decimal pads (inputmode numeric, decimal)
		// have no minus key; a number input brings the keyboard's
		// numbers and punctuation, minus and Enter included.
		if f.Type != "number" || f.Mode == "numeric" || f.Mode == "decimal" || f.Placeholder != "0" {
			t.Errorf("field %d: %+v, want a number input without a digits-only inputmode, placeholder 0", i, f)
		}
		want := "next"
		if i == len(fields)-1 {
			want = "done"
		}
		if f.Hint != want {
			t.Errorf("field %d's Enter key says %q, want %q", i, f.Hint, want)
		}
	}
	if got := text(t, ctx, "main"); !strings.Contains(got, "Ann deals") {
		t.Errorf("the form does not say who deals this round: %q", got)
	}
	shot(t, ctx, "hearts-quick-round")
	c.press("5\r")  // Ann 5
	c.press("\r")   // Bob 0: blank
	c.press("13\r") // Cy 13
	c.press("8\r")  // Dee 8: Enter saves
	run(t, ctx, "wait for the scorepad", chromedp.WaitVisible(css("table.hands")))
	if got := text(t, ctx, "table.hands tbody"); !strings.Contains(got, "+5") || !strings.Contains(got, "+13") || !strings.Contains(got, "+8") {
		t.Errorf("the round saved: %q", got)
	}
	if got := text(t, ctx, "#scorepad .totals"); !strings.Contains(got, "13") {
		t.Errorf("the totals: %q", got)
	}
	t.Logf("a Hearts round of 5, 0, 13, 8: %d taps and %d keys", c.taps, c.keys)
	if n := c.taps + c.keys; n > 9 {
		t.Errorf("%d taps and keys, want at most 9", n)
	}
}

// TestBrowserNegativePointsByKeyboard: a negative number is typed with
// the keyboard's minus (P2), no extra tap.
func TestBrowserNegativePointsByKeyboard(t *testing.T) {
	app := newTestApp(t)
	p := app.createPointsGame(url.Values{"name": {"Skat"}, "end": {"open"}, "wins": {"highest"}}, "Ann", "Bob", "Cy")
	ctx := newBrowser(t)
	run(t, ctx, "open Skat", chromedp.Navigate(app.srv.URL+p.location), chromedp.WaitVisible(css("#scorepad")))
	c := &counted{t: t, ctx: ctx}
	c.tap(`a[href$="/hands/new"]`, "open the round's form")
	run(t, ctx, "wait for the form", chromedp.WaitVisible(css("#points-2")))
	c.press("\r-48\r24\r")
	run(t, ctx, "wait for the scorepad", chromedp.WaitVisible(css("table.hands")))
	if got := text(t, ctx, "table.hands tbody"); !strings.Contains(got, "-48") || !strings.Contains(got, "+24") {
		t.Errorf("the round saved: %q", got)
	}
}
