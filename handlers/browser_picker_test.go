package handlers

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/chromedp/chromedp"
)

// inView scrolls the element into the middle of the window, as a player
// scrolls a field or a button out from under the card picker before
// tapping it (a scroll is not a tap).
func inView(sel string) step {
	quoted, _ := json.Marshal(sel)
	return chromedp.Evaluate[chromedp.Void](`document.querySelector(` + string(quoted) + `).scrollIntoView({block: "center"})`)
}

// tapInView taps an element once it is in view above the picker.
func tapInView(sel string) step {
	return chromedp.Steps(inView(sel), chromedp.Click(css(sel)))
}

// taps counts the taps of a hand's entry: each one a real click through
// the browser on what a player taps (a picker's card, a field, a radio
// button, Save), never a script's.
type taps struct {
	t     *testing.T
	ctx   context.Context
	count int
}

// tap taps the element sel, scrolled into view above the picker first if
// it is part of the page; the picker is always in view.
func (tp *taps) tap(sel string) {
	tp.t.Helper()
	tp.count++
	run(tp.t, tp.ctx, "tap "+sel, tapInView(sel))
}

// card taps a card of a standard deck in the picker: one tap.
func (tp *taps) card(cards ...string) {
	tp.t.Helper()
	for _, c := range cards {
		tp.count++
		run(tp.t, tp.ctx, "tap "+c, chromedp.Click(css(`#picker button[data-card="`+c+`"]`)))
	}
}
