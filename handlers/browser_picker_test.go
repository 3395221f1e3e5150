package handlers

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"meldpad/db"
)

// inView scrolls the element into the middle of what the card picker
// leaves of the window, as a player scrolls a field or a button out from
// under it before tapping it (a scroll is not a tap).
func inView(sel string) step {
	quoted, _ := json.Marshal(sel)
	return chromedp.Evaluate[chromedp.Void](`(() => {
		const el = document.querySelector(` + string(quoted) + `), picker = document.getElementById("picker");
		const top = picker && !picker.hidden ? picker.getBoundingClientRect().top : innerHeight;
		const box = el.getBoundingClientRect();
		scrollBy(0, box.top + box.height / 2 - top / 2);
	})()`)
}

// tapInView taps an element as a player does: scrolled into view above
// the picker, once the previews have landed and it stands still, where
// nothing covers it.
func tapInView(sel string) step {
	quoted, _ := json.Marshal(sel)
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := inView(sel)(ctx, t); err != nil {
			return err
		}
		type point struct {
			X, Y float64
			Free bool
		}
		var last point
		for {
			pt, err := chromedp.Evaluate[point](`(() => {
				const el = document.querySelector(`+string(quoted)+`);
				const box = el.getBoundingClientRect(), x = box.left + box.width / 2, y = box.top + box.height / 2;
				const hit = document.elementFromPoint(x, y);
				const busy = document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling");
				return {X: x, Y: y, Free: !busy && !!hit && (el === hit || el.contains(hit))};
			})()`)(ctx, t)
			if err != nil {
				return err
			}
			if pt.Free && pt == last {
				break
			}
			last = pt
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(50 * time.Millisecond):
			}
		}
		_, err := chromedp.MouseClickXY(last.X, last.Y)(ctx, t)
		return err
	})
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

// lastHand is the last hand stored in the game whose scorepad the tab
// shows.
func lastHand(t *testing.T, app *testApp, ctx context.Context) db.Hand {
	t.Helper()
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`/g/([^/?#]+)`).FindStringSubmatch(loc)
	if m == nil {
		t.Fatalf("not on a game's page: %s", loc)
	}
	g, err := app.store.Game(context.Background(), m[1])
	if err != nil {
		t.Fatal(err)
	}
	hands, err := app.store.Hands(context.Background(), g.ID)
	if err != nil || len(hands) == 0 {
		t.Fatalf("the game's hands: %v, %v", hands, err)
	}
	return hands[len(hands)-1]
}

// openSheet taps the scorepad's link to the card sheet.
func (tp *taps) openSheet(firstField string) {
	tp.t.Helper()
	tp.tap(`a[href$="/hands/new?by=cards"]`)
	run(tp.t, tp.ctx, "wait for the sheet and its picker", chromedp.WaitVisible(css("#in-"+firstField)), chromedp.WaitVisible(css("#picker")))
}

// save taps Save once the sheet's judgement is ready, and waits for the
// scorepad.
func (tp *taps) save() {
	tp.t.Helper()
	run(tp.t, tp.ctx, "wait for the score", chromedp.WaitVisible(css("#judgement.ready")))
	tp.tap(`button[value=save]`)
	run(tp.t, tp.ctx, "wait for the scorepad", chromedp.WaitVisible(css("#scorepad")))
}

// TestBrowserPickerFanTaps enters a whole Fan deal as a player does, and
// counts the taps: the link to the sheet, the knock card (the picker is
// open on it), who ended the deal, both hands of ten (each field hands
// over to the next when full, the last one shows the score) and Save.
func TestBrowserPickerFanTaps(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "fan", "Ann", "Bob")
	tp := &taps{t: t, ctx: ctx}
	tp.openSheet("knock_card")
	tp.tap(`input[name=knocker][value="0"]`)
	tp.card("5H")
	ann := []string{"AS", "2S", "3S", "4H", "4D", "4C", "7C", "8C", "9C", "10C"}
	bob := []string{"KS", "KH", "5D", "6D", "2H", "9H", "JD", "QC", "3D", "8S"}
	tp.card(ann...)
	tp.card(bob...)
	run(t, ctx, "the picker closes after the last hand", chromedp.WaitNotVisible(css("#picker")))
	waitText(t, ctx, "#judgement", "Gin")
	shot(t, ctx, "picker-fan-done")
	tp.save()
	t.Logf("a Fan deal in %d taps", tp.count)
	if tp.count > 24 {
		t.Errorf("a Fan deal took %d taps, want at most 24", tp.count)
	}
	h := lastHand(t, app, ctx)
	var rec struct {
		KnockCard string      `json:"knock_card"`
		Knocker   int         `json:"knocker"`
		Hands     [2][]string `json:"hands"`
	}
	if err := json.Unmarshal(h.Record, &rec); err != nil {
		t.Fatal(err)
	}
	// Ann's gin: 25 + Bob's 73 deadwood (N6).
	if rec.KnockCard != "5H" || rec.Knocker != 0 || !slices.Equal(rec.Hands[0], ann) || !slices.Equal(rec.Hands[1], bob) || !slices.Equal(h.Points, []int{98, 0}) {
		t.Errorf("stored %s scoring %v, want the cards tapped scoring [98 0]", h.Record, h.Points)
	}
}

// TestBrowserPickerFlatheadTaps enters a 3-player Flathead hand of 17
// cards and counts the taps: the link, who went out, Ann's two melds (an
// "Add a meld" between them), Bob's meld and hand, Cy's hand, Save.
func TestBrowserPickerFlatheadTaps(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "flathead", "Ann", "Bob", "Cy")
	tp := &taps{t: t, ctx: ctx}
	tp.openSheet("meld_0_0")
	tp.tap(`input[name=winner][value="0"]`)
	annRun := []string{"3 Lamps", "4 Lamps", "5 Lamps", "6 Lamps"}
	tp.card(annRun...)
	waitText(t, ctx, "#fb-meld_0_0", "A flush run of Lamps from 3 to 6")
	shot(t, ctx, "picker-flathead")
	tp.tap(`button[value="more:meld_0"]`)
	run(t, ctx, "the new meld field has the picker", chromedp.WaitVisible(css("#in-meld_0_1")), chromedp.WaitVisible(css("#picker")))
	annSet := []string{"7 Tops", "7 Rain", "7 Zurfs"}
	tp.card(annSet...)
	tp.tap("#in-meld_1_0")
	bobSet := []string{"∞ Faces", "∞ Hives", "∞ Inkblots"}
	tp.card(bobSet...)
	tp.tap("#in-hand_1")
	bobHand := []string{"2 Bugs", "8 Mazes", "9 Scythes"}
	tp.card(bobHand...)
	tp.tap("#in-hand_2")
	cyHand := []string{"0 Books", "9 Ears", "3 Time", "5 Fromps"}
	tp.card(cyHand...)
	// 7 cards left, x (1 + Ann's 2 marks - Bob's 1) = 14 (F8).
	waitText(t, ctx, "#judgement", "+14")
	shot(t, ctx, "picker-flathead-hand")
	tp.save()
	t.Logf("a 3-player Flathead hand of 17 cards in %d taps", tp.count)
	if tp.count > 25 {
		t.Errorf("the Flathead hand took %d taps, want at most 25", tp.count)
	}
	h := lastHand(t, app, ctx)
	var rec struct {
		Winner  int `json:"winner"`
		Players []struct {
			Melds []struct {
				Cards []string `json:"cards"`
			} `json:"melds"`
			Hand []string `json:"hand"`
		} `json:"players"`
	}
	if err := json.Unmarshal(h.Record, &rec); err != nil {
		t.Fatal(err)
	}
	ok := rec.Winner == 0 && len(rec.Players) == 3 && len(rec.Players[0].Melds) == 2 && len(rec.Players[1].Melds) == 1 &&
		slices.Equal(rec.Players[0].Melds[0].Cards, annRun) && slices.Equal(rec.Players[0].Melds[1].Cards, annSet) &&
		slices.Equal(rec.Players[1].Melds[0].Cards, bobSet) && slices.Equal(rec.Players[1].Hand, bobHand) &&
		slices.Equal(rec.Players[2].Hand, cyHand) && slices.Equal(h.Points, []int{14, 0, 0})
	if !ok {
		t.Errorf("stored %s scoring %v, want the cards tapped scoring [14 0 0]", h.Record, h.Points)
	}
}

// meldsAndHands is the stored record of a Fortune hand or a Black Heart
// deal: each player's melds and the cards left in hand.
type meldsAndHands struct {
	Players []struct {
		Melds [][]string `json:"melds"`
		Hand  []string   `json:"hand"`
	} `json:"players"`
}

// holds reports whether the record holds exactly these melds and hands.
func (r meldsAndHands) holds(melds [][][]string, hands [][]string) bool {
	if len(r.Players) != len(hands) {
		return false
	}
	for seat, p := range r.Players {
		if !slices.Equal(p.Hand, hands[seat]) || len(p.Melds) != len(melds[seat]) {
			return false
		}
		for i, m := range p.Melds {
			if !slices.Equal(m, melds[seat][i]) {
				return false
			}
		}
	}
	return true
}

// melds taps the first player's melds, asking for a new field before
// each after the first (one tap) and waiting for the picker there.
func (tp *taps) melds(melds [][]string) {
	for i, m := range melds {
		if i > 0 {
			tp.tap(`button[value="more:meld_0"]`)
			run(tp.t, tp.ctx, "the new meld field has the picker",
				chromedp.WaitVisible(css("#in-meld_0_"+itoa(i))), chromedp.WaitVisible(css("#picker")))
		}
		tp.card(m...)
	}
}

// savedMelds checks, after Save, that the taps were at most 1.2 a card
// plus 4, and that the hand stored holds exactly the melds and hands
// tapped and scores points.
func (tp *taps) savedMelds(app *testApp, what string, melds [][][]string, hands [][]string, points []int) {
	t := tp.t
	t.Helper()
	cards := 0
	for seat := range hands {
		cards += len(hands[seat])
		for _, m := range melds[seat] {
			cards += len(m)
		}
	}
	limit := 1.2*float64(cards) + 4
	t.Logf("%s of %d cards in %d taps (at most %.1f)", what, cards, tp.count, limit)
	if float64(tp.count) > limit {
		t.Errorf("%s took %d taps, want at most %.1f", what, tp.count, limit)
	}
	h := lastHand(t, app, tp.ctx)
	var rec meldsAndHands
	if err := json.Unmarshal(h.Record, &rec); err != nil {
		t.Fatal(err)
	}
	if !rec.holds(melds, hands) || !slices.Equal(h.Points, points) {
		t.Errorf("stored %s scoring %v, want the cards tapped scoring %v", h.Record, h.Points, points)
	}
}

// TestBrowserPickerFortuneTaps enters a 2-player Fortune hand of 21 cards,
// Ann going out with 11 (R6), and counts the taps: the link, Ann's three melds (an "Add a meld"
// before each new one), Bob's meld and hand, Save. At most 1.2 taps a
// card plus 4.
func TestBrowserPickerFortuneTaps(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "fortune", "Ann", "Bob")
	tp := &taps{t: t, ctx: ctx}
	tp.openSheet("meld_0_0")
	melds := [][][]string{
		{{"KS", "KH", "KD"}, {"5H", "6H", "7H", "8H", "9H"}, {"9C", "9D", "9S"}},
		{{"QS", "QD", "QC"}},
	}
	hands := [][]string{nil, {"AH", "3C", "4D", "10S", "JC", "7S", "6C"}}
	tp.melds(melds[0])
	waitText(t, ctx, "#fb-meld_0_2", "Set of three 9s")
	tp.tap("#in-meld_1_0")
	tp.card(melds[1][0]...)
	tp.tap("#in-hand_1")
	tp.card(hands[1]...)
	// Ann: 30 + 35 + 30 = 95; Bob: QS 50 + 10 + 10 - 50 = 20 (R4-R6).
	waitText(t, ctx, "#judgement", "70 - 50 = +20")
	shot(t, ctx, "picker-fortune")
	tp.save()
	tp.savedMelds(app, "a Fortune hand", melds, hands, []int{95, 20})
}

// TestBrowserPickerBlackHeartTaps enters a 2-player Black Heart deal of
// 16 cards and counts the taps: the link, who went out, Ann's three sets
// (an "Add a set" before each new one), Bob's set and hand, Save. At most
// 1.2 taps a card plus 4.
func TestBrowserPickerBlackHeartTaps(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "blackheart", "Ann", "Bob")
	tp := &taps{t: t, ctx: ctx}
	tp.openSheet("meld_0_0")
	tp.tap(`input[name=went_out][value="0"]`)
	melds := [][][]string{
		{{"7S", "7C", "7H"}, {"AS", "2S", "3S"}, {"4H", "5H", "6H"}},
		{{"9S", "9C", "9H"}},
	}
	hands := [][]string{nil, {"KS", "10C", "2H", "5C"}}
	tp.melds(melds[0])
	tp.tap("#in-meld_1_0")
	tp.card(melds[1][0]...)
	tp.tap("#in-hand_1")
	tp.card(hands[1]...)
	// Ann: 15 + 25 + 15 + 25 for going out = 80; Bob: 15 - 30 = -15 (B7).
	waitText(t, ctx, "#judgement", "-15")
	shot(t, ctx, "picker-blackheart")
	tp.save()
	tp.savedMelds(app, "a Black Heart deal", melds, hands, []int{80, -15})
}

// openFanSheet starts a Fan game and opens its card sheet, where the
// picker is open on the knock card.
func openFanSheet(t *testing.T) (*taps, context.Context) {
	t.Helper()
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "fan", "Ann", "Bob")
	tp := &taps{t: t, ctx: ctx}
	tp.openSheet("knock_card")
	return tp, ctx
}

// waitPreviews waits until no preview is on its way or being swapped in.
func waitPreviews(t *testing.T, ctx context.Context) {
	t.Helper()
	run(t, ctx, "wait for the previews", chromedp.Poll[chromedp.Void](
		`!document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling")`, chromedp.WithPollingTimeout(15*time.Second)))
}

// chipCards is the cards of a field's chips, in order.
func chipCards(t *testing.T, ctx context.Context, field string) []string {
	t.Helper()
	cards, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll("#fb-`+field+` .chip[data-card]")].map(c => c.dataset.card)`))
	if err != nil {
		t.Fatal(err)
	}
	return cards
}

// TestBrowserPickerChipTapsInARow: three chips tapped 200 ms apart, each
// where the first chip then is, take out three cards: none comes back
// when the previews land, and the field holds the rest.
func TestBrowserPickerChipTapsInARow(t *testing.T) {
	tp, ctx := openFanSheet(t)
	tp.card("5H") // the knock card: the picker moves on to Ann's hand
	tp.card("AS", "2S", "3S", "4H", "4D")
	waitPreviews(t, ctx)
	if got := chipCards(t, ctx, "hand_0"); len(got) != 5 {
		t.Fatalf("five cards tapped, the chips are %v", got)
	}
	var gaps []time.Duration
	last := time.Time{}
	for range 3 {
		start := time.Now()
		run(t, ctx, "tap the first chip", tapInView(`#fb-hand_0 .chip[data-card]`))
		if !last.IsZero() {
			gaps = append(gaps, time.Since(last))
		}
		last = time.Now()
		time.Sleep(time.Until(start.Add(200 * time.Millisecond)))
	}
	t.Logf("taps %v apart", gaps)
	// The preview waits for a pause in the taps; its answer is in once
	// the pause has passed and nothing is on its way.
	time.Sleep(time.Second)
	waitPreviews(t, ctx)
	want := []string{"4H", "4D"}
	if got := chipCards(t, ctx, "hand_0"); !slices.Equal(got, want) {
		t.Errorf("after three chip taps the chips are %v, want %v", got, want)
	}
	if got := value(t, ctx, "#in-hand_0"); got != "4H, 4D" {
		t.Errorf("after three chip taps Ann's hand reads %q, want \"4H, 4D\"", got)
	}
	if got := text(t, ctx, "#fb-hand_0 .count"); got != "2" {
		t.Errorf("the chips' count reads %q, want 2", got)
	}
	if got := text(t, ctx, "#picker .pk-count"); got != "2 of 10" {
		t.Errorf("the picker's count reads %q, want \"2 of 10\"", got)
	}
}

// uncovered says, of each element sel, whether it is in the window and
// above the card picker while the picker shows (its bounding box against
// the panel's), with the boxes for the message.
const uncovered = `((sels) => {
	const picker = document.getElementById("picker");
	const limit = picker.hidden ? innerHeight : picker.getBoundingClientRect().top;
	return sels.map(s => {
		const el = document.querySelector(s);
		if (!el) return s + ": missing";
		const r = el.getBoundingClientRect();
		if (r.height === 0) return s + ": not shown";
		if (r.top >= 0 && r.bottom <= limit) return "";
		return s + ": from " + Math.round(r.top) + " to " + Math.round(r.bottom) + " px, the window " + innerHeight + " px" +
			(picker.hidden ? "" : ", the picker from " + Math.round(limit) + " px");
	}).filter(s => s);
})`

// inSight fails the test if any of the elements sels is not in the
// window above the picker.
func inSight(t *testing.T, ctx context.Context, when string, sels ...string) {
	t.Helper()
	quoted, _ := json.Marshal(sels)
	hidden, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](uncovered+`(`+string(quoted)+`)`))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hidden {
		t.Errorf("%s: %s", when, h)
	}
}

// TestBrowserPickerLeavesTheFieldInSight: on a phone (390x844), while the
// picker fills Ann's and Bob's hands of ten card by card, the field being
// filled, its chips and its verdict stay above the picker; after the
// last card the score and Save are in the window; and the picker opened
// again on a full hand of ten leaves it and its chips in sight.
func TestBrowserPickerLeavesTheFieldInSight(t *testing.T) {
	tp, ctx := openFanSheet(t)
	if got, _ := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[innerWidth, innerHeight]`)); !slices.Equal(got, []float64{390, 844}) {
		t.Fatalf("the window is %v, want a phone's 390x844", got)
	}
	tp.tap(`input[name=knocker][value="0"]`)
	tp.card("5H")
	hands := [2][]string{
		{"AS", "2S", "3S", "4H", "4D", "4C", "7C", "8C", "9C", "10C"},
		{"KS", "KH", "5D", "6D", "2H", "9H", "JD", "QC", "3D", "8S"},
	}
	for seat, hand := range hands {
		field := "hand_" + itoa(seat)
		for i, c := range hand {
			tp.card(c)
			waitPreviews(t, ctx)
			if i+1 < len(hand) {
				inSight(t, ctx, field+" with "+itoa(i+1)+" cards", "#in-"+field, "#fb-"+field)
			}
		}
	}
	run(t, ctx, "the picker closes after the last hand", chromedp.WaitNotVisible(css("#picker")))
	waitText(t, ctx, "#judgement", "Gin")
	inSight(t, ctx, "after the last card", "#judgement", "button[value=save]")

	tp.tap("#in-hand_0")
	run(t, ctx, "the picker opens on Ann's hand", chromedp.WaitVisible(css("#picker")))
	waitPreviews(t, ctx)
	if n := len(chipCards(t, ctx, "hand_0")); n != 10 {
		t.Fatalf("Ann's hand shows %d chips, want 10", n)
	}
	inSight(t, ctx, "the picker open on a hand of ten", "#in-hand_0", "#fb-hand_0")
	shot(t, ctx, "picker-full-hand")
}

// TestBrowserPickerKeyboardButton: while the picker shows the deck, the
// card fields ask the phone for no keyboard (inputmode "none"); the ⌨
// button gives the keyboard back, the field keeps its focus and takes
// what is typed, and Cards brings the deck back.
func TestBrowserPickerKeyboardButton(t *testing.T) {
	_, ctx := openFanSheet(t)
	modes := func() []string {
		t.Helper()
		m, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](
			`[...document.querySelectorAll("input.cards")].map(f => f.getAttribute("inputmode"))`))
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	deckShown := func() bool {
		t.Helper()
		shown, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#picker .pk-body").offsetParent !== null`))
		if err != nil {
			t.Fatal(err)
		}
		return shown
	}
	focused := func() string {
		t.Helper()
		id, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.id`))
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	all := func(modes []string, want string) bool {
		return len(modes) == 3 && !slices.ContainsFunc(modes, func(m string) bool { return m != want })
	}
	if m := modes(); !all(m, "none") || !deckShown() || focused() != "in-knock_card" {
		t.Fatalf("the picker open on the knock card: inputmode %v, deck shown %v, focus on %q; want none on every card field, the deck, the knock card", m, deckShown(), focused())
	}

	run(t, ctx, "tap ⌨", chromedp.Click(css("#picker .pk-keys")))
	if m := modes(); !all(m, "text") || deckShown() || focused() != "in-knock_card" {
		t.Fatalf("after ⌨: inputmode %v, deck shown %v, focus on %q; want text on every card field, no deck, the knock card", m, deckShown(), focused())
	}
	run(t, ctx, "type the knock card", chromedp.KeyEvent("5h"))
	if got := value(t, ctx, "#in-knock_card"); got != "5h" {
		t.Errorf("typed 5h, the knock card reads %q", got)
	}
	waitText(t, ctx, "#fb-knock_card", "5♥")

	run(t, ctx, "tap Cards", chromedp.Click(css("#picker .pk-keys")))
	if m := modes(); !all(m, "none") || !deckShown() || focused() != "in-knock_card" {
		t.Errorf("after Cards: inputmode %v, deck shown %v, focus on %q; want none on every card field, the deck, the knock card", m, deckShown(), focused())
	}
}

// TestBrowserPickerGinTaps enters a Gin Rummy deal as a player does and
// counts the taps: the link, who ended it, both hands of ten (a full
// hand hands over to the next field, the last shows the score) and
// Save.
func TestBrowserPickerGinTaps(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "gin", "Ann", "Bob")
	tp := &taps{t: t, ctx: ctx}
	tp.openSheet("hand_0")
	tp.tap(`input[name=knocker][value="0"]`)
	ann := []string{"AS", "2S", "3S", "4H", "4D", "4C", "7C", "8C", "9C", "10C"}
	bob := []string{"KS", "KH", "5D", "6D", "2H", "9H", "JD", "QC", "3D", "8S"}
	tp.card(ann...)
	tp.card(bob...)
	run(t, ctx, "the picker closes after the last hand", chromedp.WaitNotVisible(css("#picker")))
	tp.save()
	t.Logf("a Gin Rummy deal in %d taps", tp.count)
	if tp.count > 23 {
		t.Errorf("a Gin Rummy deal took %d taps, want at most 23", tp.count)
	}
	var rec struct {
		Knocker int         `json:"knocker"`
		Hands   [2][]string `json:"hands"`
	}
	h := lastHand(t, app, ctx)
	if err := json.Unmarshal(h.Record, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Knocker != 0 || !slices.Equal(rec.Hands[0], ann) || !slices.Equal(rec.Hands[1], bob) {
		t.Errorf("stored %s, want the cards tapped", h.Record)
	}
}

// TestBrowserPickerTrophyTaps enters a Trophy Case trick of four plays
// and counts the taps: the link, a card for each play (a play's field
// holds one card and hands over to the next, the seats follow the turn:
// Bob leads, Ann having dealt first, T6), Save, which opens the next
// trick's sheet.
func TestBrowserPickerTrophyTaps(t *testing.T) {
	app := newTestApp(t)
	ctx := newBrowser(t)
	newGameInBrowser(t, ctx, app.srv.URL, "trophy", "Ann", "Bob", "Cy", "Dan")
	tp := &taps{t: t, ctx: ctx}
	tp.openSheet("play_0_card")
	plays := []string{"3 Lamps", "8 Fromps", "5 Lamps", "Grue"} // Bob, Cy, Dan, Ann
	for _, c := range plays {
		tp.count++
		run(t, ctx, "tap "+c, chromedp.Click(css(`#picker button[data-card="`+c+`"]`)))
	}
	waitText(t, ctx, "#judgement", "Ann wins the trick")
	// The hand goes on after this trick: Save opens the next trick's
	// sheet, saying what was saved.
	run(t, ctx, "wait for the score", chromedp.WaitVisible(css("#judgement.ready")))
	tp.tap(`button[value=save]`)
	waitText(t, ctx, ".alert.good", "Saved trick 1")
	t.Logf("a Trophy Case trick of four plays in %d taps", tp.count)
	if tp.count > 6 {
		t.Errorf("a Trophy Case trick took %d taps, want at most 6", tp.count)
	}
	var rec struct {
		Plays []struct {
			Card string `json:"card"`
		} `json:"plays"`
	}
	h := lastHand(t, app, ctx)
	if err := json.Unmarshal(h.Record, &rec); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range rec.Plays {
		got = append(got, p.Card)
	}
	if !slices.Equal(got, plays) {
		t.Errorf("stored %s, want the plays tapped", h.Record)
	}
}
