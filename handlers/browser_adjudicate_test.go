package handlers

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserDisputedMeld settles an argument at the table on the referee
// page: Ann says 7 and 8 of Zurfs, 9 of Rain and ∞ of Tops make a run, Bob
// says no. The verdict, its rule in full, and its link opened on a second
// phone showing the same verdict.
func TestBrowserDisputedMeld(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("flathead", "Ann", "Bob", "Cy")
	phone := newBrowser(t)
	run(t, phone, "open the referee from the scorepad",
		chromedp.Navigate(app.srv.URL+game),
		chromedp.Click(css(`a[href^="/adjudicate"]`)),
		chromedp.WaitVisible(css("#adj-cards")),
	)
	if got := text(t, phone, ".tabs a.active"); got != "Flathead Rummy" {
		t.Errorf("the referee opened on %q, want the scorepad's game", got)
	}
	run(t, phone, "enter the disputed meld, a card tapped in the picker",
		chromedp.Click(css("#adj-cards")),
		chromedp.SendKeys(css("#adj-cards"), "7 zur, 8 zur, 9 rai, "),
		chromedp.WaitVisible(css("#picker")),
		chromedp.Click(css(`#picker button[data-card="∞ Tops"]`)),
		chromedp.Click(css(`#picker button.close`)),
		chromedp.Click(css(`form button[type=submit]`)),
		chromedp.WaitVisible(css(".verdict-box")),
	)
	verdict := text(t, phone, ".verdict-box")
	for _, want := range []string{"Not a valid meld", "(F2)", "F2 Infinity is not after 9", "∞ never follows 9"} {
		if !strings.Contains(verdict, want) {
			t.Errorf("verdict lacks %q: %q", want, verdict)
		}
	}
	shot(t, phone, "referee-verdict")

	link, err := chromedp.Run(phone, chromedp.Value(css(`input[aria-label="This verdict's link"]`)))
	if err != nil || !strings.Contains(link, "/adjudicate?") {
		t.Fatalf("no verdict link: %q, %v", link, err)
	}
	other := newBrowser(t)
	run(t, other, "open the verdict's link on another phone", chromedp.Navigate(link), chromedp.WaitVisible(css(".verdict-box")))
	if got := text(t, other, ".verdict-box .headline"); !strings.Contains(got, "Not a valid meld") {
		t.Errorf("the shared link shows %q", got)
	}
}

// TestBrowserRefereeBackspaceAndChips: on the referee page, as on the card
// sheet, ⌫ takes out the last card of the field, tapped or typed, and
// each card shows as a chip that a tap takes out, before a verdict and
// after it.
func TestBrowserRefereeBackspaceAndChips(t *testing.T) {
	app := newTestApp(t)
	phone := newBrowser(t)
	tp := &taps{t: t, ctx: phone}
	run(t, phone, "open the referee's picker",
		chromedp.Navigate(app.srv.URL+"/adjudicate?game=fortune"),
		chromedp.Click(css("#adj-cards")),
		chromedp.WaitVisible(css("#picker")),
	)
	tp.card("5H", "6H", "7H", "8H")
	tp.tap("#picker .pk-back")
	if got := value(t, phone, "#adj-cards"); got != "5H, 6H, 7H" {
		t.Errorf("after ⌫ the field reads %q, want \"5H, 6H, 7H\"", got)
	}
	if got := chipCards(t, phone, "cards"); !slices.Equal(got, []string{"5H", "6H", "7H"}) {
		t.Errorf("the chips under the field are %v, want [5H 6H 7H]", got)
	}
	run(t, phone, "ask for the verdict",
		chromedp.Click(css(`#picker button.close`)),
		chromedp.Click(css(`form button[type=submit]`)),
		chromedp.WaitVisible(css(".verdict-box")),
	)
	if got := chipCards(t, phone, "cards"); !slices.Equal(got, []string{"5H", "6H", "7H"}) {
		t.Fatalf("after the verdict the chips are %v, want [5H 6H 7H]", got)
	}
	tp.tap(`#fb-cards .chip[data-card="5H"]`)
	if got := value(t, phone, "#adj-cards"); got != "6H, 7H" {
		t.Errorf("after tapping the chip 5H the field reads %q, want \"6H, 7H\"", got)
	}
	run(t, phone, "type a card", chromedp.SendKeys(css("#adj-cards"), " 9h"))
	if got := chipCards(t, phone, "cards"); !slices.Equal(got, []string{"6H", "7H", "9H"}) {
		t.Errorf("after typing the chips are %v, want [6H 7H 9H]", got)
	}
	tp.tap("#picker .pk-back")
	if got := value(t, phone, "#adj-cards"); got != "6H, 7H" {
		t.Errorf("after typing 9h and ⌫ the field reads %q, want \"6H, 7H\"", got)
	}
}
