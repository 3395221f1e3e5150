package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// fortuneSheet opens the card-by-card sheet of the next Fortune hand and
// returns its form (hidden fields included, as a browser would post them)
// with the given card fields filled.
func (a *testApp) fortuneSheet(game string, fields map[string]string) url.Values {
	a.t.Helper()
	p := a.get(game + "/hands/new?by=cards")
	if p.status != http.StatusOK {
		a.t.Fatalf("open the sheet: %d\n%s", p.status, p.body)
	}
	form := formValues(p)
	for name, v := range fields {
		form.Set(name, v)
	}
	return form
}

// saveFortuneExample saves the seed's Fortune example (fortuneExample),
// Cy holding 9♣ 9♦, card by card.
func (a *testApp) saveFortuneExample(game string) {
	a.t.Helper()
	fields := map[string]string{"hand_2": "9c 9d"}
	for k, v := range fortuneExample {
		fields[k] = v
	}
	form := a.fortuneSheet(game, fields)
	form.Set("action", "save")
	if p := a.post(game+"/hands", form); p.status != http.StatusSeeOther {
		a.t.Fatalf("save: %d\n%s", p.status, p.body)
	}
}

// feedback returns the part of a sheet page shown under one field: its
// chips, error and verdict.
func feedback(t *testing.T, p page, field string) string {
	t.Helper()
	start := strings.Index(p.body, `id="fb-`+field+`"`)
	if start < 0 {
		t.Fatalf("no feedback for %s in the page", field)
	}
	rest := p.body[start:]
	if end := strings.Index(rest, "<label"); end >= 0 {
		rest = rest[:end]
	}
	if end := strings.Index(rest, `id="judgement"`); end >= 0 {
		rest = rest[:end]
	}
	return rest
}

// The API's example hand (API.md, fortune hands/score), entered card by
// card, with the clubs 8-Q that make Ann's going out one of 11 cards
// (R6): Ann melds K K K (30), 5H 6H with a deuce (15) and 8C-QC (50)
// and went out; Bob melded nothing and holds QS 50, AH 10, 2D 10 (R4,
// R5, R6).
var fortuneExample = map[string]string{
	"meld_0_0": "KS KH KD",
	"meld_0_1": "5h 6h 2c",
	"meld_0_2": "8c 9c 10c jc qc",
	"hand_1":   "qs ah 2d",
}

func TestFortuneSheetSavesTheAPIExample(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fortune", "Ann", "Bob")
	form := app.fortuneSheet(game, fortuneExample)

	form.Set("action", "check")
	p := app.post(game+"/hands", form)
	if p.status != http.StatusOK {
		t.Fatalf("check: %d\n%s", p.status, p.body)
	}
	mustContain(t, p,
		"Set of three kings: 30 points (R1, R4)",
		"Sequence of hearts 4-5-6 with 2C as 4H: 15 points (R1, R2, R4)",
		"Ann: melds 30 + 15 + 50 = 95; nothing left in hand (went out); 95 - 0 = +95 (R4, R5, R6).",
		"Bob: no melds; left in hand Q♠ 50 + A♥ 10 + 2♦ 10 = 70; 0 - 70 = -70 (R4, R5, R6).",
		`<div class="score">+95</div>`, `<div class="score">-70</div>`,
	)
	if fb := feedback(t, p, "meld_0_1"); !strings.Contains(fb, "<small>as 4♥</small>") {
		t.Errorf("the deuce's reading is not shown beside it:\n%s", fb)
	}

	form.Set("action", "save")
	p = app.post(game+"/hands", form)
	if p.status != http.StatusSeeOther {
		t.Fatalf("save: %d\n%s", p.status, p.body)
	}
	pad := app.get(game)
	sameTotals(t, pad, "95", "-70")
	mustContain(t, pad, "Ann went out")
}

func TestFortuneSheetRefusals(t *testing.T) {
	tests := []struct {
		name   string
		house  []string
		fields map[string]string
		field  string   // where the message must appear
		want   []string // in that field's feedback
		page   []string // elsewhere on the page
	}{
		{
			name:   "invalid meld",
			fields: map[string]string{"meld_0_0": "KS KH KD", "meld_0_1": "7h 7s 8d", "hand_1": "3c"},
			field:  "meld_0_1",
			want:   []string{"Not a set: 8D is not a 7 (R1)"},
			page:   []string{"Not saved: Ann&#39;s meld 2 (7H 7S 8D) is not a set: 8D is not a 7 (R1).", `value="7h 7s 8d"`, `value="KS KH KD"`, `value="3c"`},
		},
		{
			name:   "a third copy of a card",
			fields: map[string]string{"meld_0_0": "KS KH KD", "meld_1_0": "ks ks 2c", "hand_1": "3c"},
			field:  "meld_1_0",
			want:   []string{"The deck has only 2 of KS, already in Ann&#39;s meld 1 and Bob&#39;s meld 1."},
			page:   []string{"Not saved: Fix Bob&#39;s meld 1.", `value="ks ks 2c"`},
		},
		{
			name:   "a third copy in a hand",
			fields: map[string]string{"meld_0_0": "2c 2c 5h 6h", "hand_1": "2C"},
			field:  "hand_1",
			want:   []string{"The deck has only 2 of 2C"},
			page:   []string{"Not saved: Fix Bob&#39;s cards left in hand."},
		},
		{
			name:   "a reading in a hand",
			fields: map[string]string{"meld_0_0": "KS KH KD", "hand_1": "2c=kc 5d"},
			field:  "hand_1",
			want:   []string{"a deuce left in hand costs 10 whatever it could stand for (R5)"},
		},
		{
			name:   "a player with nothing",
			fields: map[string]string{"meld_0_0": "KS KH KD"},
			page:   []string{"Not saved: Enter Bob&#39;s melds or cards left in hand"},
		},
		{
			name:   "an empty sheet",
			fields: map[string]string{},
			page:   []string{"Not saved: Enter every player&#39;s melds and the cards left in hand."},
		},
		{
			name:   "five kings without big sets",
			fields: map[string]string{"meld_0_0": "ks kh kd kc ks", "hand_1": "3c"},
			field:  "meld_0_0",
			want:   []string{"(R1)"},
			page:   []string{"Not saved: Ann&#39;s meld 1 (KS KH KD KC KS) is not"},
		},
		{
			name:   "a deuce declared as a card the meld cannot use",
			fields: map[string]string{"meld_0_0": "5h 6h 2c=9h", "hand_1": "3c"},
			field:  "meld_0_0",
			want:   []string{"verdict bad"},
			page:   []string{"Not saved: Ann&#39;s meld 1 (5H 6H 2C=9H) is not"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			game := app.createGameWith("fortune", tc.house, "Ann", "Bob")
			form := app.fortuneSheet(game, tc.fields)
			form.Set("action", "save")
			p := app.post(game+"/hands", form)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422\n%s", p.status, p.body)
			}
			if tc.field != "" {
				fb := feedback(t, p, tc.field)
				for _, w := range tc.want {
					if !strings.Contains(fb, w) {
						t.Errorf("%s's feedback lacks %q:\n%s", tc.field, w, fb)
					}
				}
			}
			mustContain(t, p, tc.page...)
			for name, v := range tc.fields {
				mustContain(t, p, `name="`+name+`" value="`+v+`"`)
			}
			if n := len(handLinks(app.get(game))); n != 0 {
				t.Errorf("%d hands recorded despite the error", n)
			}
		})
	}
}

// TestFortuneSheetHouseRules: the game's house rules reach the referee.
// Five kings are a set with big sets (R1): 50 points; three aces score 15
// each with "ace set 15" (R4). Bob goes out with 3S-10S too, 11 cards
// (R6).
func TestFortuneSheetHouseRules(t *testing.T) {
	app := newTestApp(t)
	game := app.createGameWith("fortune", []string{"big_sets", "ace_set_15"}, "Ann", "Bob")
	form := app.fortuneSheet(game, map[string]string{
		"meld_0_0": "ks kh kd kc ks", "meld_1_0": "as ah ad", "meld_1_1": "3s 4s 5s 6s 7s 8s 9s 10s", "hand_0": "4c", "hand_1": "",
	})
	form.Set("action", "check")
	p := app.post(game+"/hands", form)
	mustContain(t, p,
		"House rules: Big sets (R1); Aces in a set score 15 (R4).",
		"Ann: melds 50; left in hand 4♣ 5; 50 - 5 = +45 (R4, R5, R6).",
		"Bob: melds 45 + 55 = 100; nothing left in hand (went out); 100 - 0 = +100 (R4, R5, R6).",
	)
}

// TestFortuneSheetDeclaredDeuce: a declared reading is taken as declared
// (R2) even where another scores more: 6H 7H 2C=5H is 5-6-7, 15 points,
// where the deuce undeclared would make 6-7-8, 20 (R4). It is kept when
// the hand is stored and shown again. Ann goes out with 3S-10S too, 11
// cards (R6).
func TestFortuneSheetDeclaredDeuce(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fortune", "Ann", "Bob")
	form := app.fortuneSheet(game, map[string]string{"meld_0_0": "6h 7h 2c=5h", "meld_0_1": "3s 4s 5s 6s 7s 8s 9s 10s", "hand_1": "3s"})
	form.Set("action", "check")
	p := app.post(game+"/hands", form)
	fb := feedback(t, p, "meld_0_0")
	for _, want := range []string{"Sequence of hearts 5-6-7 with 2C as 5H: 15 points (R1, R2, R4)", "<small>as 5♥, declared</small>", `data-card="2C=5H"`} {
		if !strings.Contains(fb, want) {
			t.Errorf("meld feedback lacks %q:\n%s", want, fb)
		}
	}
	form.Set("meld_0_0", "6h 7h 2c")
	p = app.post(game+"/hands", form)
	if fb := feedback(t, p, "meld_0_0"); !strings.Contains(fb, "Sequence of hearts 6-7-8 with 2C as 8H: 20 points") || !strings.Contains(fb, "<small>as 8♥</small>") {
		t.Errorf("undeclared, the deuce is not read as 8H:\n%s", fb)
	}

	form.Set("meld_0_0", "6h 7h 2c=5h")
	form.Set("action", "save")
	if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
		t.Fatalf("save: %d\n%s", p.status, p.body)
	}
	pad := app.get(game)
	sameTotals(t, pad, "70", "-5")
	edit := app.get(handLinks(pad)[0])
	mustContain(t, edit, `value="6H, 7H, 2C=5H"`, "<small>as 5♥, declared</small>")
}

// TestFortuneSheetCorrection corrects a stored hand card by card: the
// sheet comes back as saved, and the totals follow the correction.
func TestFortuneSheetCorrection(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fortune", "Ann", "Bob", "Cy")
	app.saveFortuneExample(game)
	pad := app.get(game)
	sameTotals(t, pad, "95", "-70", "-20")

	link := handLinks(pad)[0]
	edit := app.get(link)
	if edit.status != http.StatusOK {
		t.Fatalf("edit: %d", edit.status)
	}
	mustContain(t, edit, "Correct hand 1",
		`name="meld_0_0" value="KS, KH, KD"`, `name="meld_0_1" value="5H, 6H, 2C"`,
		`name="meld_0_2" value="8C, 9C, 10C, JC, QC"`,
		`name="hand_1" value="QS, AH, 2D"`, `name="hand_2" value="9C, 9D"`,
		`name="meld_0_3" value=""`, `name="meld_1_0" value=""`,
	)
	// Bob had laid down 9S 10S JS after all, and held only QS: 30 - 50.
	form := formValues(edit)
	form.Set("meld_0_0", "KS, KH, KD")
	form.Set("meld_0_1", "5H, 6H, 2C")
	form.Set("meld_0_2", "8C, 9C, 10C, JC, QC")
	form.Set("meld_1_0", "9s 10s js")
	form.Set("hand_1", "qs")
	form.Set("hand_2", "9C, 9D")
	form.Set("action", "save")
	if p := app.post(link, form); p.status != http.StatusSeeOther {
		t.Fatalf("correction: %d\n%s", p.status, p.body)
	}
	pad = app.get(game)
	sameTotals(t, pad, "95", "-20", "-20")
	mustContain(t, app.get(game+"/history"), "Hand 1 corrected", "was: Ann +95 · Bob -70 · Cy -20", "now: Ann +95 · Bob -20 · Cy -20")
	mustContain(t, app.get(link), `name="meld_1_0" value="9S, 10S, JS"`, `name="hand_1" value="QS"`)
}

// TestFortuneSheetAddAMeld: "Add a meld" shows one more field for that
// player, saves nothing and keeps everything typed; it works on a stored
// hand's correction too.
func TestFortuneSheetAddAMeld(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fortune", "Ann", "Bob")
	blank := app.get(game + "/hands/new?by=cards")
	mustContain(t, blank, `name="fields_meld_0" value="1"`, `name="meld_0_0"`, `name="meld_1_0"`,
		`name="action" value="more:meld_0"`, `name="action" value="more:meld_1"`)
	if strings.Contains(blank.body, `name="meld_0_1"`) {
		t.Errorf("a blank sheet shows two meld fields for Ann")
	}

	form := formValues(blank)
	form.Set("meld_0_0", "ks kh kd")
	form.Set("hand_1", "qs")
	form.Set("action", "more:meld_0")
	p := app.post(game+"/hands", form)
	if p.status != http.StatusOK {
		t.Fatalf("add a meld: %d\n%s", p.status, p.body)
	}
	mustContain(t, p, `value="ks kh kd"`, `value="qs"`, `name="fields_meld_0" value="2"`, `name="fields_meld_1" value="1"`,
		"Set of three kings: 30 points (R1, R4)")
	if !strings.Contains(p.body, `id="in-meld_0_1"`) || strings.Contains(p.body, `id="in-meld_0_2"`) || strings.Contains(p.body, `id="in-meld_1_1"`) {
		t.Errorf("want exactly one more field, for Ann")
	}
	if !strings.Contains(p.body, `name="meld_0_1" value="" placeholder="e.g. KS KH KD or 5H 6H 2C=7H" autocomplete="off" autocapitalize="off" spellcheck="false" aria-describedby="fb-meld_0_1" autofocus`) {
		t.Errorf("the new field does not take the cursor")
	}
	if strings.Contains(p.body, "Not saved") {
		t.Errorf("adding a meld reports a save")
	}

	// Again, with the new field still empty: one more again.
	form = formValues(p)
	form.Set("meld_0_0", "ks kh kd")
	form.Set("hand_1", "qs")
	form.Set("action", "more:meld_0")
	p = app.post(game+"/hands", form)
	mustContain(t, p, `name="fields_meld_0" value="3"`, `id="in-meld_0_2"`, `value="ks kh kd"`)
	if n := len(handLinks(app.get(game))); n != 0 {
		t.Errorf("%d hands recorded by adding melds", n)
	}

	// Fill the second and save: the empty third is no meld. Ann went out
	// with 11 cards (R6).
	form = formValues(p)
	form.Set("meld_0_0", "ks kh kd")
	form.Set("meld_0_1", "5h 6h 7h 8h 9h 10h jh qh")
	form.Set("hand_1", "qs")
	form.Set("action", "save")
	if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
		t.Fatalf("save: %d\n%s", p.status, p.body)
	}
	pad := app.get(game)
	sameTotals(t, pad, "95", "-50")

	// On a correction, for Bob.
	link := handLinks(pad)[0]
	form = formValues(app.get(link))
	form.Set("meld_0_0", "KS, KH, KD")
	form.Set("meld_0_1", "5H, 6H, 7H, 8H, 9H, 10H, JH, QH")
	form.Set("meld_1_0", "8c 8d 8h")
	form.Set("hand_1", "QS")
	form.Set("action", "more:meld_1")
	p = app.post(link, form)
	if p.status != http.StatusOK {
		t.Fatalf("add a meld to a correction: %d\n%s", p.status, p.body)
	}
	mustContain(t, p, "Correct hand 1", `value="8c 8d 8h"`, `id="in-meld_1_1"`, `name="fields_meld_1" value="2"`)
	sameTotals(t, app.get(game), "95", "-50")
}

// TestFortuneSheetMoreWithoutAGroup: a "more" without a group (the
// button other sheets use for their rows) shows the sheet again and saves
// nothing; an action the page never posts is refused.
func TestFortuneSheetMoreWithoutAGroup(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fortune", "Ann", "Bob")
	form := app.fortuneSheet(game, map[string]string{"meld_0_0": "ks kh kd", "hand_1": "qs"})
	for action, want := range map[string]int{"more": http.StatusOK, "more:": http.StatusOK, "delete": http.StatusBadRequest} {
		form.Set("action", action)
		if p := app.post(game+"/hands", form); p.status != want {
			t.Errorf("action %q: status %d, want %d", action, p.status, want)
		}
	}
	if n := len(handLinks(app.get(game))); n != 0 {
		t.Errorf("%d hands saved by buttons that only show the sheet", n)
	}
}

// TestFortuneSheetPreview: the live preview judges what is typed and
// answers only for fields already on the page.
func TestFortuneSheetPreview(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fortune", "Ann", "Bob")
	form := app.fortuneSheet(game, map[string]string{"meld_0_0": "qs qh 2c", "meld_0_1": "3s 4s 5s 6s 7s 8s 9s 10s", "fields_meld_0": "2", "hand_1": "as"})
	p := app.post(game+"/hands/preview", form)
	if p.status != http.StatusOK {
		t.Fatalf("preview: %d\n%s", p.status, p.body)
	}
	mustContain(t, p, `id="fb-meld_0_0"`, "Set of three queens with 2C as QD: 70 points (R1, R2, R4)",
		"<small>as Q♦</small>", `id="fb-hand_1"`, `<div class="score">-10</div>`)
	if strings.Contains(p.body, `id="fb-meld_0_2"`) {
		t.Errorf("the preview answers for a field the page does not have yet")
	}
}
