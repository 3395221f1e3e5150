package handlers

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserGermanCardSheetWords: a German phone's card sheet of Fan
// Rummy and of Gin Rummy (N1-N7, G1-G3), and the referee page's question
// on a whole deal of each, ask in German: no label, legend or
// placeholder reads as the English page's does, but for the players'
// names and what reads alike in both languages (a rule id, a card).
func TestBrowserGermanCardSheetWords(t *testing.T) {
	app := newTestApp(t)
	de := newBrowserIn(t, 3*time.Minute, "de-DE")
	en := newBrowser(t)
	for _, game := range []string{"fan", "gin"} {
		newGameInBrowser(t, de, app.srv.URL, game, "Ann", "Bob")
		gameURL, err := chromedp.Run(de, chromedp.Location())
		if err != nil {
			t.Fatal(err)
		}
		pages := []struct{ name, url, wait string }{
			{game + " card sheet", strings.SplitN(gameURL, "?", 2)[0] + "/hands/new?by=cards", "form.sheet"},
			{game + " referee's deal", app.srv.URL + "/adjudicate?game=" + game + "&q=deal", "form[action='/adjudicate']"},
		}
		for _, p := range pages {
			german, english := formWords(t, de, p.url, p.wait), formWords(t, en, p.url, p.wait)
			if len(german) == 0 || len(german) != len(english) {
				t.Fatalf("%s: the German page asks %q, the English one %q", p.name, german, english)
			}
			for i, word := range german {
				if word == english[i] && !sameInEveryLanguage(word) {
					t.Errorf("%s: %q reads in English on the German page", p.name, word)
				}
			}
		}
	}
}

// formWords are the labels, legends and placeholders of the page's form
// (sel), in order.
func formWords(t *testing.T, ctx context.Context, url, sel string) []string {
	t.Helper()
	run(t, ctx, "open "+url, chromedp.Navigate(url), chromedp.WaitVisible(css(sel)))
	words, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(`+"`"+sel+` label, `+sel+` legend, `+sel+` [placeholder]`+"`"+`)]
		.map(e => (e.getAttribute("placeholder") ?? e.textContent).trim()).filter(s => s)`))
	if err != nil {
		t.Fatal(err)
	}
	return words
}

// sameInEveryLanguage reports whether a form's word is one every
// language writes alike: a player's name, a number, a rule id.
func sameInEveryLanguage(word string) bool {
	if slices.Contains([]string{"Ann", "Bob"}, word) {
		return true
	}
	return strings.Trim(word, "0123456789 ()") == ""
}
