package handlers

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserGermanCardSheetWords: a German phone's card sheet of every
// game that has one, and the referee page's first question of each (a
// whole deal of Fan and Gin Rummy), ask in German: no label, legend or
// placeholder reads as the English page's does, but for the players'
// names and what reads alike in both languages (a rule id, a card). The
// sheets, blank and filled in with a deal (Trophy Case's with a trick),
// judge it in German too: no line of the working and no problem reads
// as the English sheet's does.
func TestBrowserGermanCardSheetWords(t *testing.T) {
	app := newTestApp(t)
	de := newBrowserIn(t, 8*time.Minute, "de-DE")
	en := newBrowserFor(t, 8*time.Minute)
	// deals are the fields of one deal of each game, in the form's
	// names: who went out is a radio button, the rest card fields.
	const fanGin, fanLoser = "AS 2S 3S 4S 5H 5D 5C 9H 9D 9C", "KH QD JC 10S 8H 7D 6C 4H 3D 2C"
	deals := map[string]map[string]string{
		"fan":        {"knock_card": "7S", "knocker": "0", "hand_0": fanGin, "hand_1": fanLoser},
		"gin":        {"knocker": "0", "hand_0": fanGin, "hand_1": fanLoser},
		"blackheart": {"went_out": "0", "meld_0_0": "7S 7C 7H", "layoffs_0": "8S", "hand_1": "KS 5H"},
		"fortune":    {"meld_0_0": "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "hand_1": "QS AH 2D"},
		"flathead":   {"winner": "0", "meld_0_0": "3 Lamps, 4 Lamps, 5 Lamps", "layoff_0_0": "6 Lamps", "hand_1": "8 Lamps, 9 Bugs, Grue"},
		// A trick in turn from the leader by the scorepad: two 8s and a
		// 9 of the led colour, then a trump, which ends it (T5).
		"trophy": {"play_0_card": "8 Lamps", "play_1_card": "9 Lamps", "play_2_card": "Grue"},
	}
	for _, game := range []string{
		"fan",
		"gin",
		"blackheart",
		"fortune",
		"flathead",
		"trophy",
	} {
		players := []string{"Ann", "Bob"}
		if game == "trophy" {
			players = append(players, "Cal") // Trophy Case is for 3 to 5
		}
		newGameInBrowser(t, de, app.srv.URL, game, players...)
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
		if deal := deals[game]; deal != nil {
			sheet := strings.SplitN(gameURL, "?", 2)[0] + "/hands/new?by=cards"
			for _, fill := range []map[string]string{nil, deal} {
				german, english := judgementLines(t, de, sheet, fill), judgementLines(t, en, sheet, fill)
				if fill == nil && len(german) == 0 && len(english) == 0 {
					continue // a blank sheet that asks nothing yet
				}
				if len(german) == 0 || len(german) != len(english) {
					t.Fatalf("%s: the German sheet judges %q, the English one %q", game, german, english)
				}
				for i, line := range german {
					if line == english[i] && !sameInEveryLanguage(line) {
						t.Errorf("%s sheet: %q reads in English on the German page", game, line)
					}
				}
			}
		}
	}
}

// judgementLines opens a card sheet, fills in the fields of fill (none
// for a blank sheet) and has it checked, and returns the judgement's
// lines: the working, the problem.
func judgementLines(t *testing.T, ctx context.Context, url string, fill map[string]string) []string {
	t.Helper()
	run(t, ctx, "open "+url, chromedp.Navigate(url), chromedp.WaitVisible(css("form.sheet")))
	if fill != nil {
		run(t, ctx, "fill in a deal", chromedp.Evaluate[chromedp.Void](`(() => {
			const fill = `+toJSON(t, fill)+`;
			for (const [name, value] of Object.entries(fill)) {
				const radio = document.querySelector(`+"`"+`form.sheet input[type=radio][name="${name}"][value="${value}"]`+"`"+`);
				if (radio) { radio.checked = true; continue; }
				document.querySelector(`+"`"+`form.sheet [name="${name}"]`+"`"+`).value = value;
			}
			document.querySelector("form.sheet button.default-action").click();
		})()`), chromedp.WaitVisible(css("#judgement .totals")))
	}
	lines, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#judgement p")].map(p => p.textContent.trim()).filter(s => s)`))
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

func toJSON(t *testing.T, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
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
	// Black Heart is the name of a Black Heart Rum hand (B6) in every
	// language, as the game's own name is.
	if slices.Contains([]string{"Ann", "Bob", "Cal", "Black Heart"}, word) {
		return true
	}
	return strings.Trim(word, "0123456789 ()") == ""
}
