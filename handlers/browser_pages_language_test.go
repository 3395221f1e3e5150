package handlers

import (
	"context"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/chromedp"

	"meldpad/locale"
)

// englishWords lists the words of the pages' English catalog that the
// language tag says otherwise: every literal piece of an English text
// (around its arguments) with three letters or more, unless the same
// id's text in tag has it too ("Bonus", "Flush", "Total" are the same
// word in some of the languages).
func englishWords(t *testing.T, tag string) []string {
	t.Helper()
	en, err := locale.English().PageTexts()
	if err != nil {
		t.Fatal(err)
	}
	other, err := locale.For(tag).PageTexts()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var out []string
	for id, pieces := range en {
		theirs := map[string]bool{}
		for _, p := range other[id] {
			theirs[tidyText(p)] = true
		}
		for _, p := range pieces {
			p = tidyText(p)
			if letters(p) < 3 || theirs[p] || seen[p] {
				continue
			}
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// tidyText is a text as it is compared: its spaces collapsed, without
// the punctuation around it.
func tidyText(s string) string {
	return strings.Trim(strings.Join(strings.Fields(s), " "), " .,:;·()…?!¿¡“”„\"«»‹›–-")
}

func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// holdsWords reports whether text holds phrase as whole words.
func holdsWords(text, phrase string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], phrase)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(phrase)
		before := start == 0 || !isWordByte(text[start-1])
		after := end == len(text) || !isWordByte(text[end])
		if before && after {
			return true
		}
		i = start + 1
	}
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
}

// visibleTexts are what a page shows and says: its title, every text
// node a reader sees (a screen reader's too: .sr-only is drawn, only
// clipped), the options of its lists, and its titles, labels,
// placeholders and alternative texts.
//
// The card picker and the chips static/meldpad.js draws as cards are
// typed say the script's own words, not the pages' catalogs': they are
// left out here.
const visibleTexts = `(() => {
	const out = [document.title];
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n; (n = walk.nextNode());) {
		const p = n.parentElement;
		if (!p || p.closest("script, style, template, option, #picker") || !p.checkVisibility()) continue;
		const s = n.textContent.replace(/\s+/g, " ").trim();
		if (s) out.push(s);
	}
	for (const o of document.querySelectorAll("select option")) {
		if (o.closest("select").checkVisibility()) out.push(o.text.trim());
	}
	for (const e of document.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
		if (e.closest("[hidden], #picker") || e.matches(".chip[data-card]")) continue;
		for (const a of ["title", "aria-label", "placeholder", "alt"]) {
			const v = e.getAttribute(a);
			if (v) out.push(v.trim());
		}
	}
	return out;
})()`

// noEnglishLeft fails the test when a text the page shows equals a word
// of the pages' English catalog (words: englishWords), or holds one of
// two words or more and eight letters or more (a shorter one, "a run",
// is as likely a piece of some other English sentence: a rule's text
// the rules' catalogs say in English yet). Names, cards and numbers are
// never such words.
func noEnglishLeft(t *testing.T, ctx context.Context, words []string, page string) {
	t.Helper()
	// A card sheet is judged on the phone at once (static/referee.js),
	// then by meldpad's preview, which takes its place: the preview
	// starts after the input's delay (350 ms) and is waited for.
	quiet := chromedp.Poll[chromedp.Void](`!document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling")`)
	run(t, ctx, "let the page settle on "+page, quiet, chromedp.Sleep(800*time.Millisecond), quiet)
	texts, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](visibleTexts))
	if err != nil {
		t.Fatalf("%s: read the page's texts: %v", page, err)
	}
	if len(texts) < 5 {
		t.Fatalf("%s: only %q read from the page", page, texts)
	}
	for _, shown := range texts {
		s := tidyText(shown)
		for _, w := range words {
			if s == w || strings.Contains(w, " ") && letters(w) >= 8 && holdsWords(s, w) {
				t.Errorf("%s shows %q, English %q", page, shown, w)
			}
		}
	}
}

// chooseLanguage taps a language in the footer's chooser, and waits for
// the same page in it.
func chooseLanguageInFooter(t *testing.T, ctx context.Context, tag string) {
	t.Helper()
	before, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "choose "+tag+" in the footer", tapInView(`footer button[value="`+tag+`"]`))
	// The tap posts and the page comes again: asked while it loads, the
	// browser may answer that the page went away.
	deadline := time.Now().Add(15 * time.Second)
	for {
		lang, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.readyState === "complete" ? document.documentElement.lang : ""`))
		if err == nil && lang == tag {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after choosing %s the page's language is %q (%v)", tag, lang, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	after, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if after != before {
		t.Errorf("choosing %s went from %s to %s, want the same page", tag, before, after)
	}
	// Longer words must still fit a 390 px phone: the header's links
	// too.
	if wide, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > innerWidth`)); wide {
		t.Errorf("in %s the page is wider than the phone", tag)
	}
	if got := text(t, ctx, `footer button[aria-current]`); got != languageName(tag) {
		t.Errorf("the footer marks %q as the language in use, want %q", got, languageName(tag))
	}
}

func languageName(tag string) string {
	for _, l := range locale.Languages() {
		if l.Tag == tag {
			return l.Name
		}
	}
	return ""
}

// TestBrowserGermanPages: a phone whose browser asks for no language
// gets English; Deutsch chosen in the footer, it plays a whole Fan Rummy
// game card by card, a Flathead hand, and settles a dispute on the
// referee page, and no page on the way shows a word of the pages'
// English catalog.
func TestBrowserGermanPages(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowserFor(t, 8*time.Minute)
	words := englishWords(t, "de")
	if len(words) < 100 {
		t.Fatalf("only %d English words to look for", len(words))
	}

	run(t, ctx, "open the home page", chromedp.Navigate(app.srv.URL+"/"), chromedp.WaitVisible(css("footer")))
	if lang, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.documentElement.lang`)); lang != "en" {
		t.Fatalf("the home page's language is %q before a choice, want en", lang)
	}
	chooseLanguageInFooter(t, ctx, "de")
	noEnglishLeft(t, ctx, words, "home")
	shot(t, ctx, "german-home")

	run(t, ctx, "the list of games", chromedp.Navigate(app.srv.URL+"/games/new"), chromedp.WaitVisible(css("h1")))
	noEnglishLeft(t, ctx, words, "new game: which game")
	run(t, ctx, "the Fan Rummy form", chromedp.Navigate(app.srv.URL+"/games/new?game=fan"), chromedp.WaitVisible(css("#player-0")))
	noEnglishLeft(t, ctx, words, "new game: Fan Rummy")
	run(t, ctx, "start the game",
		chromedp.SendKeys(css("#player-0"), "Ann"), chromedp.SendKeys(css("#player-1"), "Bob"),
		chromedp.Click(css(`form[action="/games"] button[type=submit]`)), chromedp.WaitVisible(css("#scorepad")))
	noEnglishLeft(t, ctx, words, "scorepad, new")

	// Deal 1: Ann goes gin, 98 (N6).
	run(t, ctx, "open the card sheet", openCardSheet("#in-knock_card"))
	noEnglishLeft(t, ctx, words, "card sheet, blank")
	run(t, ctx, "deal 1",
		typeCards("knock_card", "5h"),
		choose(`input[name=knocker][value="0"]`),
		typeCards("hand_0", "as 2s 3s 4h 4d 4c 7c 8c 9c 10c"),
		typeCards("hand_1", "ks kh 5d 6d 2h 9h jd qc 3d 8s"),
	)
	waitText(t, ctx, "#judgement", "+98")
	noEnglishLeft(t, ctx, words, "card sheet, gin")
	run(t, ctx, "save deal 1", tapInView(`button[value=save]`), chromedp.WaitVisible(css("#scorepad")))
	noEnglishLeft(t, ctx, words, "scorepad after deal 1")
	if got := text(t, ctx, "#scorepad"); !strings.Contains(got, "1 Runde gespielt") {
		t.Errorf("the scorepad reads %q, want 1 Runde gespielt", got)
	}

	// Deal 2: an illegal knock first, refused in German; then Ann
	// knocks with 10 against 73: 63, and wins with 161.
	run(t, ctx, "an illegal knock",
		openCardSheet("#in-knock_card"),
		typeCards("knock_card", "3c"),
		choose(`input[name=knocker][value="0"]`),
		typeCards("hand_0", "as 2s 3s 4h 4d 4c 7c 8c 9c kd"),
		typeCards("hand_1", "ks qh 5d 6d 2h 9h jd qc 3d 8s"),
	)
	waitText(t, ctx, "#judgement", "(N4)")
	run(t, ctx, "try to save it", tapInView(`button[value=save]`), chromedp.WaitVisible(css(".alert.bad")))
	if got := text(t, ctx, ".alert.bad"); !strings.Contains(got, "Nicht gespeichert") {
		t.Errorf("the refusal reads %q", got)
	}
	noEnglishLeft(t, ctx, words, "card sheet, refused")
	run(t, ctx, "fix the knock card", chromedp.Clear(css("#in-knock_card")), typeCards("knock_card", "kh"))
	waitText(t, ctx, "#judgement", "+63")
	run(t, ctx, "save deal 2", tapInView(`button[value=save]`), chromedp.WaitVisible(css(".banner")))
	if got := text(t, ctx, ".banner"); !strings.Contains(got, "Ann gewinnt mit 161") {
		t.Errorf("the banner reads %q", got)
	}
	noEnglishLeft(t, ctx, words, "scorepad, finished")
	fanURL, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	fanURL, _, _ = strings.Cut(fanURL, "?")
	shot(t, ctx, "german-fan-finished")
	run(t, ctx, "every change", tapInView(`a[href$="/history"]`), chromedp.WaitVisible(css(".rev")))
	noEnglishLeft(t, ctx, words, "history")
	run(t, ctx, "the rematch page", chromedp.Navigate(fanURL+"/rematch"), chromedp.WaitVisible(css(".lineup")))
	noEnglishLeft(t, ctx, words, "rematch")

	// A Flathead hand for three: Ann goes out with two melds.
	newGameInBrowser(t, ctx, app.srv.URL, "flathead", "Ann", "Bob", "Cy")
	noEnglishLeft(t, ctx, words, "Flathead scorepad")
	run(t, ctx, "a Flathead hand",
		openCardSheet("#in-meld_0_0"),
		tapInView(`input[name=winner][value="0"]`),
		typeInto("meld_0_0", "3 lamps, 4 lamps, 5 lamps"),
		closePicker(),
		typeInto("hand_1", "0 bugs, 5 mazes"),
		closePicker(),
		typeInto("hand_2", "1 ears, 2 scythes"),
		closePicker(),
	)
	waitText(t, ctx, "#fb-meld_0_0", "Bonus")
	noEnglishLeft(t, ctx, words, "Flathead sheet")
	run(t, ctx, "save the hand", tapInView(`button[value=save]`), chromedp.WaitVisible(css("#scorepad")))
	noEnglishLeft(t, ctx, words, "Flathead scorepad after a hand")

	// The referee, from the scorepad: a meld that is no meld.
	run(t, ctx, "open the referee",
		tapInView(`a[href^="/adjudicate"]`), chromedp.WaitVisible(css("#adj-cards")))
	noEnglishLeft(t, ctx, words, "referee")
	run(t, ctx, "judge a disputed meld",
		chromedp.SendKeys(css("#adj-cards"), "7 zur, 8 zur, 9 rai, ∞ tops"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#picker button.close")?.click()`),
		tapInView(`form[action="/adjudicate"] button[type=submit]`),
		chromedp.WaitVisible(css(".verdict-box")))
	if got := text(t, ctx, ".verdict-box .headline"); !strings.Contains(got, "Keine gültige Auslage") {
		t.Errorf("the verdict reads %q", got)
	}
	noEnglishLeft(t, ctx, words, "referee's verdict")
	shot(t, ctx, "german-referee")

	run(t, ctx, "the rules", chromedp.Navigate(app.srv.URL+"/rules/fan"), chromedp.WaitVisible(css(".rule-text")))
	noEnglishLeft(t, ctx, words, "rules")
	run(t, ctx, "a link cut short", chromedp.Navigate(app.srv.URL+"/g/no-such-game"), chromedp.WaitVisible(css("h1")))
	if got := text(t, ctx, "h1"); got != "Nicht gefunden" {
		t.Errorf("a missing game's page says %q", got)
	}
	noEnglishLeft(t, ctx, words, "not found")
}

// TestBrowserPagesInItalianSpanishFrench: the same, in fewer steps, for
// the other languages: chosen in the footer, the home page, the new-game
// form, a scorepad, a card sheet and a verdict show no word of the
// pages' English catalog.
func TestBrowserPagesInItalianSpanishFrench(t *testing.T) {
	app := newTestApp(t)
	for _, tag := range []string{"it", "es", "fr"} {
		t.Run(tag, func(t *testing.T) {
			ctx := newBrowser(t)
			words := englishWords(t, tag)
			run(t, ctx, "open the home page", chromedp.Navigate(app.srv.URL+"/"), chromedp.WaitVisible(css("footer")))
			chooseLanguageInFooter(t, ctx, tag)
			noEnglishLeft(t, ctx, words, "home")
			run(t, ctx, "the Fan Rummy form", chromedp.Navigate(app.srv.URL+"/games/new?game=fan"), chromedp.WaitVisible(css("#player-0")))
			noEnglishLeft(t, ctx, words, "new game")
			newGameInBrowser(t, ctx, app.srv.URL, "fan", "Ann", "Bob")
			noEnglishLeft(t, ctx, words, "scorepad")
			run(t, ctx, "a deal card by card",
				openCardSheet("#in-knock_card"),
				typeCards("knock_card", "5h"),
				choose(`input[name=knocker][value="0"]`),
				typeCards("hand_0", "as 2s 3s 4h 4d 4c 7c 8c 9c 10c"),
				typeCards("hand_1", "ks kh 5d 6d 2h 9h jd qc 3d 8s"),
			)
			waitText(t, ctx, "#judgement", "+98")
			noEnglishLeft(t, ctx, words, "card sheet")
			run(t, ctx, "save it", tapInView(`button[value=save]`), chromedp.WaitVisible(css("#scorepad")))
			noEnglishLeft(t, ctx, words, "scorepad after a deal")
			run(t, ctx, "judge a meld",
				chromedp.Navigate(app.srv.URL+"/adjudicate?game=flathead&q=meld&cards="+"7+Zurfs%2C+8+Zurfs%2C+9+Zurfs"),
				chromedp.WaitVisible(css(".verdict-box")))
			noEnglishLeft(t, ctx, words, "referee's verdict")
		})
	}
}

// TestBrowserFitsInFrench: a scorepad whose table is wider than the
// phone in French (longer names, "Corriger", "Modifier manche 1")
// scrolls in its card; nothing of it, not even a screen reader's
// hidden words, makes the page wider than the phone. The card picker's
// buttons ("Suivant ›", "Terminé") each show whole on the phone.
func TestBrowserFitsInFrench(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("flathead", "Annemarie", "Bob", "Christoph")
	app.mustRecord(game, "1", "0", "40", "0")
	app.mustRecord(game, "0", "60", "0", "0")
	ctx := newBrowserIn(t, time.Minute, "fr")
	run(t, ctx, "open the scorepad", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("#scorepad")))
	if wide, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("table.hands").scrollWidth > innerWidth`)); !wide {
		t.Fatal("the table fits the phone: the test needs one that scrolls")
	}
	if wide, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > innerWidth`)); wide {
		t.Error("in French the scorepad is wider than the phone")
	}
	shot(t, ctx, "scorepad-french")

	fan := app.createGame("fan", "Annemarie", "Bob")
	run(t, ctx, "open a card sheet", chromedp.Navigate(app.srv.URL+fan+"/hands/new?by=cards"), chromedp.WaitVisible(css("#in-hand_0")),
		chromedp.Click(css("#in-hand_0")), chromedp.WaitVisible(css(".pk-controls")))
	cut, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".pk-controls button")]
		.filter(b => b.getBoundingClientRect().right > innerWidth + 0.5 || b.scrollWidth > b.clientWidth + 1)
		.map(b => b.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(cut) > 0 {
		t.Errorf("in French the picker cuts off %q", cut)
	}
	shot(t, ctx, "picker-french")
}
