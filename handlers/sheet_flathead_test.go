package handlers

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// flatheadSheetForm opens the card-by-card sheet of the game's next hand
// and returns its hidden fields with the given card fields added.
func (a *testApp) flatheadSheetForm(game string, fields map[string]string) url.Values {
	a.t.Helper()
	p := a.get(game + "/hands/new?by=cards")
	if p.status != http.StatusOK {
		a.t.Fatalf("sheet: status %d\n%s", p.status, p.body)
	}
	form := formValues(p)
	for k, v := range fields {
		form.Set(k, v)
	}
	return form
}

// text is a page's body with HTML entities read, for comparing with what
// a person sees ("Ann's meld 1", not "Ann&#39;s meld 1").
func (p page) text() string { return html.UnescapeString(p.body) }

// mustSay checks that a page says each part; a part made of pieces joined
// by NUL must say them in that order.
func mustSay(t *testing.T, p page, parts ...string) {
	t.Helper()
	for _, s := range parts {
		text := p.text()
		for _, piece := range strings.Split(s, "\x00") {
			i := strings.Index(text, piece)
			if i < 0 {
				t.Errorf("page (status %d) does not say %q (after what came before it in %q)", p.status, piece, s)
				break
			}
			text = text[i+len(piece):]
		}
	}
}

var marksRe = regexp.MustCompile(`<span id="marks-([0-9])" class="marks"[^>]*>([^<]*)</span>`)

// marks reads the bonus marks shown by each name, by seat.
func marks(p page) map[string]string {
	out := map[string]string{}
	for _, m := range marksRe.FindAllStringSubmatch(p.body, -1) {
		out[m[1]] = strings.TrimSpace(m[2])
	}
	return out
}

// seedHand is rule F8's example entered card by card: Ann goes out
// with two bonus melds (a flush run and a color set), Bob laid down one
// (an infinity), and 7 cards are left that no meld on the table takes.
var seedHand = map[string]string{
	"winner":   "0",
	"meld_0_0": "3 Lamps, 4 Lamps, 5 Lamps",
	"meld_0_1": "7 Tops 7 Rain 7 Zurfs",
	"meld_1_0": "inf Faces, ∞ of Hives, inf bugs",
	"hand_1":   "0 Bugs, 5 Mazes, 9 Books",
	"hand_2":   "1 Ears, 8 Hives, 2 Scythes, 6 Faces",
}

func TestFlatheadSheetScores(t *testing.T) {
	twoPlayers := map[string]string{
		"winner":   "0",
		"meld_0_0": seedHand["meld_0_0"],
		"meld_0_1": seedHand["meld_0_1"],
		"meld_1_0": seedHand["meld_1_0"],
		"hand_1":   seedHand["hand_1"] + ", " + seedHand["hand_2"],
	}
	tests := []struct {
		name    string
		players []string
		fields  map[string]string
		totals  []string
		marks   map[string]string
		says    []string
	}{
		{
			name: "F8 seed: three players, 7 cards, 2 marks against 1", players: []string{"Ann", "Bob", "Cy"},
			fields: seedHand, totals: []string{"14", "0", "0"}, marks: map[string]string{"0": "●●", "1": "●", "2": ""},
			says: []string{"A flush run of Lamps from 3 to 5: a bonus meld (F4)", "Three blue 7s: a color set, a bonus meld (F4)",
				"Three ∞s: an infinity, a bonus meld (F4)", "Before the count, no loser can lay anything off (F7).",
				"Bonus marks for bonus melds laid down: Ann 2, Bob 1, Cy 0 (F4).",
				"Multiplier: 1 + 2 (Ann's bonus marks) - 1 (the others' marks) = 2 (F4, F8).",
				"7 cards x (1 + 2 - 1) = 14", "Ann scores 14"},
		},
		{
			name: "F8 seed: two players", players: []string{"Ann", "Bob"},
			fields: twoPlayers, totals: []string{"24", "0"}, marks: map[string]string{"0": "●●", "1": "●"},
			says: []string{"plus 5 in a two-player game (F8)", "(7 cards + 5) x (1 + 2 - 1) = 24"},
		},
		{
			// Grue could be the 4 of Scythes, but a meld with a trump is
			// never a bonus meld (F4 ruling, the seed's Grue example).
			name: "F3/F4: a trump never makes a bonus meld", players: []string{"Ann", "Bob", "Cy"},
			fields: map[string]string{"winner": "0", "meld_0_0": "2 Scythes, 3 Scythes, Grue", "hand_1": "0 Books, 9 Ears", "hand_2": "8 Faces"},
			totals: []string{"3", "0", "0"}, marks: map[string]string{"0": "", "1": "", "2": ""},
			says: []string{"A flush of three Scythes with one trump; a trump never makes a bonus meld (F1, F3, F4)", "3 cards x (1 + 0 - 0) = 3"},
		},
		{
			// The flush run earns its mark when laid down; the 9 laid off
			// makes it a plain flush and earns none (F4, F5).
			name: "F5: a 9 laid off onto a flush run", players: []string{"Ann", "Bob", "Cy"},
			fields: map[string]string{"winner": "0", "meld_0_0": "3 Lamps, 4 Lamps, 5 Lamps", "layoff_0_0": "9 lamps",
				"hand_1": "0 Books", "hand_2": "8 Faces"},
			totals: []string{"4", "0", "0"}, marks: map[string]string{"0": "●", "1": "", "2": ""},
			says: []string{"Now a flush of four Lamps (F5, F1)", "2 cards x (1 + 1 - 0) = 4"},
		},
		{
			// Before the count Bob lays off 6 Lamps and Cy 7 Lamps and Grue
			// onto Ann's run (F7): 2 cards left, not 5.
			name: "F7: the losers' lay-offs reduce the count", players: []string{"Ann", "Bob", "Cy"},
			fields: map[string]string{"winner": "0", "meld_0_0": "3 Lamps, 4 Lamps, 5 Lamps",
				"hand_1": "6 Lamps, 0 Books", "hand_2": "7 Lamps, Grue, 8 Faces"},
			totals: []string{"4", "0", "0"}, marks: map[string]string{"0": "●"},
			says: []string{"Bob lays off 6 Lamps onto Ann's meld 1 (F7).", "Cy lays off 7 Lamps and Grue onto Ann's meld 1 (F7).",
				"Left in the losers' hands: Bob 1 (0 Books), Cy 1 (8 Faces); 2 cards (F8).", "2 cards x (1 + 1 - 0) = 4"},
		},
		{
			// rule F7's example: together Bob's 2 and Cy's 4 would make
			// a red run 1-5 of Ann's flush, but 1 2 3 5 and 1 3 4 5 are not
			// melds, so neither can go first: both stay in hand.
			name: "F7 example: neither loser can go first", players: []string{"Ann", "Bob", "Cy"},
			fields: map[string]string{"winner": "0", "meld_0_0": "1 Lamps, 3 Lamps, 5 Lamps",
				"hand_1": "2 Plungers", "hand_2": "4 Fromps"},
			totals: []string{"2", "0", "0"}, marks: map[string]string{"0": ""},
			says: []string{"Before the count, no loser can lay anything off (F7).",
				"Left in the losers' hands: Bob 1 (2 Plungers), Cy 1 (4 Fromps); 2 cards (F8).", "2 cards x (1 + 0 - 0) = 2"},
		},
		{
			// Bob holding both lays them off together, in one lay-off.
			name: "F7 example: one loser lays both off together", players: []string{"Ann", "Bob", "Cy"},
			fields: map[string]string{"winner": "0", "meld_0_0": "1 Lamps, 3 Lamps, 5 Lamps",
				"hand_1": "4 Fromps, 2 Plungers", "hand_2": "9 Books"},
			totals: []string{"1", "0", "0"}, marks: map[string]string{"0": ""},
			says: []string{"Bob lays off 4 Fromps and 2 Plungers onto Ann's meld 1 (F7).", "1 card x (1 + 0 - 0) = 1"},
		},
		{
			// Cy's 6 first makes the run 3-6; then Bob's 7 can follow. The
			// judgement lists them in that order.
			name: "F7: one loser's lay-off opens the way for another's", players: []string{"Ann", "Bob", "Cy"},
			fields: map[string]string{"winner": "0", "meld_0_0": "3 Lamps, 4 Lamps, 5 Lamps",
				"hand_1": "7 Plungers", "hand_2": "6 Fromps"},
			totals: []string{"0", "0", "0"}, marks: map[string]string{"0": "●"},
			says: []string{"Cy lays off 6 Fromps onto Ann's meld 1 (F7).\x00Bob lays off 7 Plungers onto Ann's meld 1 (F7).",
				"0 cards x (1 + 1 - 0) = 0"},
		},
		{
			// Bob's marks outweigh Ann's: the multiplier stays 1 (F8).
			name: "F8: the multiplier never below 1", players: []string{"Ann", "Bob"},
			fields: map[string]string{"winner": "0", "meld_0_0": "1 Faces, 2 Hives, 3 Inkblots",
				"meld_1_0": "7 Tops 7 Rain 7 Zurfs", "meld_1_1": "inf Faces, inf Hives, inf bugs", "hand_1": "0 Books"},
			totals: []string{"6", "0"}, marks: map[string]string{"0": "", "1": "●●"},
			says: []string{"A black run from 1 to 3 (F1)", "never below 1: 1 (F4, F8)", "(1 card + 5) x 1 = 6 (1 + 0 - 2 is below 1)"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			game := app.createGame("flathead", tc.players...)
			form := app.flatheadSheetForm(game, tc.fields)
			form["action"] = []string{"check"}
			checked := app.post(game+"/hands", form)
			if checked.status != http.StatusOK {
				t.Fatalf("check: status %d\n%s", checked.status, checked.body)
			}
			mustSay(t, checked, tc.says...)
			got := marks(checked)
			for seat, want := range tc.marks {
				if got[seat] != want {
					t.Errorf("marks by seat %s: %q, want %q", seat, got[seat], want)
				}
			}
			if strings.Contains(checked.body, `class="err"`) {
				t.Errorf("a checked valid hand shows an error")
			}
			form["action"] = []string{"save"}
			if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
				t.Fatalf("save: status %d\n%s", p.status, p.body)
			}
			pad := app.get(game)
			sameTotals(t, pad, tc.totals...)
			mustContain(t, pad, "Ann went out")
		})
	}
}

// TestFlatheadSheetRefuses: what the rules forbid is explained beside the
// field and in the judgement, what was typed is kept, and nothing is
// saved.
func TestFlatheadSheetRefuses(t *testing.T) {
	with := func(changes map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range seedHand {
			out[k] = v
		}
		for k, v := range changes {
			out[k] = v
		}
		return out
	}
	tests := []struct {
		name   string
		fields map[string]string
		says   []string
	}{
		{"an invalid meld", with(map[string]string{"meld_1_1": "1 Lamps, 2 Tops, 3 Rain"}),
			[]string{"Not saved: Bob's meld 2 is not a meld: not a blue run: 1 Lamps is red (F1)", `value="1 Lamps, 2 Tops, 3 Rain"`}},
		{"an invalid lay-off", with(map[string]string{"layoff_0_1": "7 Faces, 6 Tops"}),
			[]string{"Not saved: Laid off onto Ann's meld 2: ", "(F5, F1)"}},
		{"F3: a second trump laid off", with(map[string]string{"meld_0_0": "3 Lamps, 4 Lamps, Grue", "layoff_0_0": "Time"}),
			[]string{"The meld already holds a trump, and a meld may hold at most one (F3, F5)"}},
		{"F6: the player who went out holds cards", with(map[string]string{"hand_0": "8 Faces"}),
			[]string{"Ann went out, so holds no cards (F6).", "Not saved: Ann went out by playing or discarding the last card, so Ann's hand must be empty (F6).", `value="8 Faces"`}},
		{"a card entered twice", with(map[string]string{"hand_2": "1 Ears, 4 Lamps"}),
			[]string{"4 Lamps is already in Ann's meld 1: the deck has only one.", "Not saved: Fix the cards left in Cy's hand."}},
		{"a card not in the deck", with(map[string]string{"meld_0_1": "7 Tops 7 Rain 7 Zurfs 7H"}),
			[]string{"Not saved: Fix Ann's meld 2."}},
		{"a lay-off onto no meld", with(map[string]string{"layoff_2_0": "9 Lamps"}),
			[]string{"Enter the meld first: these cards were laid off onto it (F5)."}},
		{"nobody went out", with(map[string]string{"winner": ""}),
			[]string{"Not saved: Who went out (F6)?"}},
		{"F6: a loser holds eleven cards", with(map[string]string{"hand_1": "0 Ink, 1 Ink, 2 Ink, 3 Ink, 4 Ink, 5 Ink, 6 Ink, 7 Ink, 8 Ink, 9 Ink, inf Ink"}),
			[]string{"11 cards: a player holds at most 10 at the end of a hand (F6).",
				"Not saved: Bob holds 11 cards, but a player holds at most 10 at the end of a hand (F6).",
				`value="0 Ink, 1 Ink, 2 Ink, 3 Ink, 4 Ink, 5 Ink, 6 Ink, 7 Ink, 8 Ink, 9 Ink, inf Ink"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			game := app.createGame("flathead", "Ann", "Bob", "Cy")
			form := app.flatheadSheetForm(game, tc.fields)
			form["action"] = []string{"save"}
			p := app.post(game+"/hands", form)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422\n%s", p.status, p.body)
			}
			mustSay(t, p, tc.says...)
			mustContain(t, p, `value="inf Faces, ∞ of Hives, inf bugs"`)
			if n := len(handLinks(app.get(game))); n != 0 {
				t.Errorf("%d hands recorded despite the error", n)
			}
		})
	}
}

// TestFlatheadSheetAddMeld: "Add a meld" shows the sheet again with one
// more meld field for that player, without JavaScript and without saving.
func TestFlatheadSheetAddMeld(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("flathead", "Ann", "Bob", "Cy")
	blank := app.get(game + "/hands/new?by=cards")
	for _, name := range []string{"meld_0_0", "layoff_0_0", "meld_1_0", "meld_2_0", "hand_0", "hand_2"} {
		mustContain(t, blank, `name="`+name+`"`)
	}
	if strings.Contains(blank.body, `name="meld_0_1"`) {
		t.Errorf("a blank sheet offers a second meld field")
	}
	mustSay(t, blank, "Add a meld for Bob")

	// Bob's empty field stays; the button adds a second. Ann's filled
	// field gets an empty one after it by itself.
	form := app.flatheadSheetForm(game, map[string]string{"meld_0_0": "3 Lamps, 4 Lamps, 5 Lamps", "meld_1_0": "", "action": "more:meld_1"})
	p := app.post(game+"/hands", form)
	if p.status != http.StatusOK {
		t.Fatalf("more: status %d\n%s", p.status, p.body)
	}
	mustContain(t, p, `name="meld_1_0"`, `name="meld_1_1"`, `name="layoff_1_1"`, `name="meld_0_1"`)
	if strings.Contains(p.body, `name="meld_1_2"`) || strings.Contains(p.body, `name="meld_2_1"`) {
		t.Errorf("more meld fields than asked for")
	}
	// The cursor goes to Bob's first empty meld field, as on every sheet
	// with groups of fields (game.GroupFields).
	if !regexp.MustCompile(`name="meld_1_0"[^>]*autofocus`).MatchString(p.body) || regexp.MustCompile(`name="meld_0_1"[^>]*autofocus`).MatchString(p.body) {
		t.Errorf("Bob's empty meld field does not take the focus")
	}
	if strings.Contains(p.body, "Not saved") {
		t.Errorf("adding a field tried to save")
	}
	if n := len(handLinks(app.get(game))); n != 0 {
		t.Errorf("%d hands recorded by adding a field", n)
	}

	// A forged form cannot ask for more meld fields than the deck has
	// melds, nor for a seat that is not at the table.
	form = app.flatheadSheetForm(game, map[string]string{"meld_0_9999999": "x", "action": "more:7"})
	if p := app.post(game+"/hands", form); p.status != http.StatusOK || strings.Contains(p.body, `name="meld_0_58"`) {
		t.Errorf("forged fields: status %d", p.status)
	}
	// A bare "more" (the button of sheets with rows) shows the sheet again
	// without a new field and without saving.
	form = app.flatheadSheetForm(game, map[string]string{"action": "more"})
	if p := app.post(game+"/hands", form); p.status != http.StatusOK || strings.Contains(p.body, `name="meld_0_1"`) {
		t.Errorf("action=more without a seat: status %d", p.status)
	}
	if n := len(handLinks(app.get(game))); n != 0 {
		t.Errorf("%d hands recorded by a bare more", n)
	}
}

// TestFlatheadSheetPreview: the live preview swaps in the verdicts, the
// marks by the names and the judgement, and never the fields themselves.
func TestFlatheadSheetPreview(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("flathead", "Ann", "Bob", "Cy")
	form := app.flatheadSheetForm(game, seedHand)
	p := app.post(game+"/hands/preview", form)
	if p.status != http.StatusOK {
		t.Fatalf("preview: status %d\n%s", p.status, p.body)
	}
	mustSay(t, p, "7 cards x (1 + 2 - 1) = 14", "A flush run of Lamps from 3 to 5")
	mustContain(t, p, `id="fb-meld_0_0"`, `id="fb-hand_2"`, `id="marks-0" class="marks"`)
	if got := marks(p); got["0"] != "●●" || got["1"] != "●" {
		t.Errorf("marks in the preview: %v", got)
	}
	if strings.Contains(p.body, "<input") {
		t.Errorf("the preview replaces input fields")
	}
	// Ann's second meld is filled, so the full page would offer a third
	// field; the page being typed in has none, so neither does the preview.
	if strings.Contains(p.body, "fb-meld_0_2") {
		t.Errorf("the preview updates a field the page does not have")
	}
}

// TestFlatheadSheetCorrect: a hand entered card by card opens again card by
// card, every field as stored, and a correction changes the totals.
func TestFlatheadSheetCorrect(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("flathead", "Ann", "Bob", "Cy")
	form := app.flatheadSheetForm(game, seedHand)
	form["action"] = []string{"save"}
	form["layoff_0_0"] = []string{"6 Lamps"}
	if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
		t.Fatalf("save: status %d\n%s", p.status, p.body)
	}
	links := handLinks(app.get(game))
	if len(links) != 1 {
		t.Fatalf("%d hands, want 1", len(links))
	}
	edit := app.get(links[0])
	mustSay(t, edit, "Correct hand 1", "7 cards x (1 + 2 - 1) = 14")
	mustContain(t, edit, `value="3 Lamps, 4 Lamps, 5 Lamps"`, `value="6 Lamps"`, `value="7 Tops, 7 Rain, 7 Zurfs"`,
		`value="∞ Faces, ∞ Hives, ∞ Bugs"`, `value="0 Bugs, 5 Mazes, 9 Books"`, `value="1 Ears, 8 Hives, 2 Scythes, 6 Faces"`,
		`value="0" checked`)
	if got := marks(edit); got["0"] != "●●" || got["1"] != "●" {
		t.Errorf("marks of the stored hand: %v", got)
	}

	// Cy had only three cards left: 6 x 2 = 12.
	fix := formValues(edit)
	for _, f := range []string{"meld_0_0", "layoff_0_0", "meld_0_1", "meld_1_0", "hand_1", "winner"} {
		fix.Set(f, html.UnescapeString(inputValue(edit, f)))
	}
	fix.Set("winner", "0")
	fix.Set("hand_2", "1 Ears, 8 Hives, 2 Scythes")
	fix.Set("action", "save")
	if p := app.post(links[0], fix); p.status != http.StatusSeeOther {
		t.Fatalf("correction: status %d\n%s", p.status, p.body)
	}
	sameTotals(t, app.get(game), "12", "0", "0")
	mustContain(t, app.get(links[0]), `value="1 Ears, 8 Hives, 2 Scythes"`)
}

// inputValue reads the value of the named text input of a page.
func inputValue(p page, name string) string {
	m := regexp.MustCompile(`name="` + name + `" value="([^"]*)"`).FindStringSubmatch(p.body)
	if m == nil {
		return ""
	}
	return m[1]
}

// FuzzFlatheadSheetForm posts arbitrary Flathead sheets, to save and to
// preview: nothing a phone sends may answer 500.
func FuzzFlatheadSheetForm(f *testing.F) {
	app := newTestApp(f)
	game := app.createGame("flathead", "Ann", "Bob", "Cy")
	base := formValues(app.get(game + "/hands/new?by=cards"))
	f.Add("winner=0&meld_0_0=3+lam+4+lam+5+lam&layoff_0_0=grue&hand_1=6+lamps&hand_2=time&action=save")
	f.Add("winner=2&meld_2_57=inf+tops+inf+rain+inf+zurfs&layoff_1_0=9+lamps&action=more:2")
	f.Add("winner=x&meld_-1_0=grue&meld_0_x=1&layoff_0_0=%E2%88%9E&hand_0=7h&action=check")
	f.Add("winner=0&meld_0_0=1+lam+3+lam+5+lam&hand_1=2+plu&hand_2=4+fro+grue&action=check")
	f.Add("winner=0&hand_1=0+bugs+1+bugs+2+bugs+3+bugs+4+bugs+5+bugs+6+bugs+7+bugs+8+bugs+9+bugs+inf+bugs&action=save")
	f.Fuzz(func(t *testing.T, body string) {
		extra, err := url.ParseQuery(body)
		if err != nil {
			return
		}
		form := url.Values{}
		for k, v := range base {
			form[k] = v
		}
		for k, v := range extra {
			if k != "_csrf" {
				form[k] = v
			}
		}
		for _, path := range []string{game + "/hands", game + "/hands/preview"} {
			if p := app.with(t).post(path, form); p.status >= 500 {
				t.Fatalf("%s: status %d for %q", path, p.status, body)
			}
		}
	})
}

// TestFlatheadSheetAsksAboutBlankHands: a loser's hand left blank is
// asked about before the hand is saved, on the page itself (no script):
// "Go back" keeps everything typed, "Yes, save" saves it once; a second
// blank hand is a new question.
func TestFlatheadSheetAsksAboutBlankHands(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("flathead", "Ann", "Bob", "Cy")
	fields := map[string]string{"winner": "0", "meld_0_0": seedHand["meld_0_0"], "hand_2": seedHand["hand_2"], "action": "save"}
	form := app.flatheadSheetForm(game, fields)
	p := app.post(game+"/hands", form)
	if p.status != http.StatusOK {
		t.Fatalf("status %d, want the question (200)\n%s", p.status, p.body)
	}
	mustSay(t, p, "Bob's hand is blank: did Bob lay off every card (F7)?", "Yes, save", "Go back", `value="`+seedHand["hand_2"]+`"`)
	if n := len(handLinks(app.get(game))); n != 0 {
		t.Fatalf("%d hands saved before the answer", n)
	}
	confirmed := regexp.MustCompile(`name="confirmed" value="([^"]*)"`).FindStringSubmatch(p.body)
	if confirmed == nil {
		t.Fatal("the question carries no answer to post")
	}
	answer := app.flatheadSheetForm(game, fields)
	answer.Set("confirmed", html.UnescapeString(confirmed[1]))
	// Go back: the sheet again, nothing saved, the question gone.
	answer.Set("action", "check")
	back := app.post(game+"/hands", answer)
	if back.status != http.StatusOK || strings.Contains(back.text(), "Yes, save") {
		t.Fatalf("going back: status %d, asks again: %v", back.status, strings.Contains(back.text(), "Yes, save"))
	}
	// Cy's hand left blank as well: the answer is not to this question.
	both := app.flatheadSheetForm(game, fields)
	both.Set("confirmed", answer.Get("confirmed"))
	both.Set("hand_2", "")
	again := app.post(game+"/hands", both)
	mustSay(t, again, "Bob and Cy's hands are blank")
	if n := len(handLinks(app.get(game))); n != 0 {
		t.Fatalf("%d hands saved on another question's answer", n)
	}
	answer.Set("action", "save")
	if saved := app.post(game+"/hands", answer); saved.status != http.StatusSeeOther {
		t.Fatalf("yes, save: status %d\n%s", saved.status, saved.body)
	}
	if n := len(handLinks(app.get(game))); n != 1 {
		t.Fatalf("%d hands saved after the answer, want 1", n)
	}
}
