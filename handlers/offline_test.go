package handlers

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/views/offline"
)

// TestOfflinePreviewMatchesServer holds the phone's referee (views/offline,
// compiled to WebAssembly by cmd/meldpad-wasm) to the server's preview:
// for every game with a card sheet, at several tables (sizes, house
// rules, rounds already played, a correction of an earlier round), many
// sheets filled at random from the page's own inputs (sets, runs, stray
// cards, typos, copies too many, wilds, more fields) are judged both ways
// from what the page carries, and the answers must be the same bytes.
func TestOfflinePreviewMatchesServer(t *testing.T) {
	app := openTestAppWith(t, t.TempDir()+"/meldpad.db", Options{Limits: Limits{RateWrites: RateOff, RatePreview: RateOff, RateAPI: RateOff}})
	sheets := 0
	for _, g := range rules.Games() {
		if _, ok := g.Sheet(); !ok {
			continue
		}
		t.Run(g.ID, func(t *testing.T) {
			a := app.with(t)
			rng := rand.New(rand.NewPCG(uint64(len(g.ID)), 12))
			for _, tc := range offlineTables(g) {
				gamePath := a.createGameWith(g.ID, tc.house, tc.players...)
				rounds := a.playSampled(g, gamePath, len(tc.players), tc.rounds, rng)
				pages := []string{gamePath + "/hands/new?by=cards"}
				if rounds > 1 {
					links := handLinks(a.get(gamePath))
					pages = append(pages, links[len(links)-1]+"?by=cards") // a correction of the second round
				}
				for _, path := range pages {
					for range 25 {
						a.compareOffline(t, locale.English(), path, g.Deck, rng)
						sheets++
					}
				}
			}
		})
	}
	t.Logf("%d sheets judged both ways", sheets)
}

// TestOfflinePreviewMatchesServerInGerman: on a German page the phone's
// referee draws what meldpad's preview draws, the chips' titles and the
// score's heading too.
func TestOfflinePreviewMatchesServerInGerman(t *testing.T) {
	app := openTestAppWith(t, t.TempDir()+"/meldpad.db", Options{Limits: Limits{RateWrites: RateOff, RatePreview: RateOff, RateAPI: RateOff}})
	site, _ := url.Parse(app.srv.URL)
	app.client.Jar.SetCookies(site, []*http.Cookie{{Name: languageCookie, Value: "de"}})
	rng := rand.New(rand.NewPCG(7, 12))
	for _, id := range []string{"fan", "flathead"} {
		g, _ := rules.Lookup(id)
		gamePath := app.createGame(id, "Ann", "Bob")
		for range 10 {
			app.compareOffline(t, locale.For("de"), gamePath+"/hands/new?by=cards", g.Deck, rng)
		}
	}
}

// offlineTable is one table of a game the test plays at.
type offlineTable struct {
	players []string
	house   []string
	rounds  int
}

// offlineTables are the tables of a game: the fewest and the most players,
// every house rule off and then on, with rounds played before.
func offlineTables(g rules.Game) []offlineTable {
	names := []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"}
	var allHouse []string
	for _, h := range g.HouseRules {
		allHouse = append(allHouse, h.Key)
	}
	out := []offlineTable{{players: names[:g.MinPlayers], rounds: 0}}
	if g.MaxPlayers > g.MinPlayers {
		out = append(out, offlineTable{players: names[:min(g.MaxPlayers, len(names))], house: allHouse, rounds: 3})
	} else {
		out = append(out, offlineTable{players: names[:g.MinPlayers], house: allHouse, rounds: 3})
	}
	return out
}

// playSampled records up to n rounds by points, drawn by the game's
// sampler, stopping before one would end the game. It returns how many it
// recorded.
func (a *testApp) playSampled(g rules.Game, gamePath string, seats, n int, rng *rand.Rand) int {
	a.t.Helper()
	sampler, ok := g.Sampler()
	if !ok {
		return 0
	}
	table := game.Table{Names: make([]string, seats), Tally: game.NewTally(seats)}
	skill := make([]float64, seats)
	for i := range skill {
		skill[i] = 1
	}
	for played := range n {
		round := sampler.SampleRound(rng, table, skill, func() int { return rng.IntN(seats) })
		if _, res := g.Next(table, round); res.Finished {
			return played
		}
		table.Tally = table.Tally.Add(round)
		form := formValues(a.get(gamePath + "/hands/new"))
		for _, p := range round.Points {
			form.Add("points", strconv.Itoa(p))
		}
		if round.Seat >= 0 {
			form.Set("seat", strconv.Itoa(round.Seat))
		}
		if round.EndsHand {
			form.Set("ends_hand", "1")
		}
		if p := a.post(gamePath+"/hands", form); p.status != http.StatusSeeOther {
			a.t.Fatalf("record a sampled %s round %v: %d\n%s", g.ID, round, p.status, p.body)
		}
	}
	return n
}

// compareOffline opens a sheet page, fills it at random (asking for more
// fields now and then, as the "more" buttons do), and compares the
// server's preview of it with the phone's referee's, which speaks tr's
// language as the page does.
func (a *testApp) compareOffline(t *testing.T, tr *locale.Localizer, path string, deck *cards.Deck, rng *rand.Rand) {
	t.Helper()
	p := a.get(path)
	if p.status != http.StatusOK {
		t.Fatalf("open %s: %d", path, p.status)
	}
	sheet := readSheetPage(t, p.body)
	for rng.IntN(3) == 0 && len(sheet.more) > 0 {
		form := sheet.fill(deck, rng)
		form.Set("action", sheet.more[rng.IntN(len(sheet.more))])
		p = a.post(sheet.action, form)
		if p.status != http.StatusOK {
			t.Fatalf("ask %s for more fields: %d", sheet.action, p.status)
		}
		sheet = readSheetPage(t, p.body)
	}
	form := sheet.fill(deck, rng)
	server := a.post(sheet.preview, form)
	if server.status != http.StatusOK {
		t.Fatalf("preview %s: %d\n%s", sheet.preview, server.status, server.body)
	}
	phone, err := offline.Judge(locale.NewContext(context.Background(), tr), sheet.referee, form)
	if err != nil {
		t.Fatalf("offline judge of %s: %v", path, err)
	}
	if phone != server.body {
		t.Fatalf("the phone's referee and the server differ on %s\nform: %v\nserver: %s\nphone:  %s\nfirst difference at byte %d",
			path, form, server.body, phone, firstDifference(server.body, phone))
	}
}

func firstDifference(a, b string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// sheetPage is what a test needs of a sheet page: where it posts, its
// referee description and its inputs.
type sheetPage struct {
	action, preview, referee string
	hidden                   url.Values
	cardFields               []cardInput
	choices                  map[string][]string // radios and selects: name -> values
	checks                   [][2]string         // checkboxes: name, value
	more                     []string            // the values of its "more" buttons
}

type cardInput struct {
	name   string
	single bool
}

// readSheetPage reads a sheet page's form.
func readSheetPage(t *testing.T, body string) sheetPage {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	sp := sheetPage{hidden: url.Values{}, choices: map[string][]string{}}
	attr := func(n *html.Node, key string) (string, bool) {
		for _, a := range n.Attr {
			if a.Key == key {
				return a.Val, true
			}
		}
		return "", false
	}
	var inForm bool
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			name, _ := attr(n, "name")
			switch n.Data {
			case "form":
				if class, _ := attr(n, "class"); class == "sheet" {
					inForm = true
					sp.action, _ = attr(n, "action")
					sp.preview, _ = attr(n, "hx-post")
					sp.referee, _ = attr(n, "data-referee")
					defer func() { inForm = false }()
				}
			case "input":
				if !inForm {
					break
				}
				typ, _ := attr(n, "type")
				value, _ := attr(n, "value")
				_, single := attr(n, "data-single")
				switch typ {
				case "hidden":
					sp.hidden.Add(name, value)
				case "radio":
					sp.choices[name] = append(sp.choices[name], value)
				case "checkbox":
					sp.checks = append(sp.checks, [2]string{name, value})
				case "text":
					sp.cardFields = append(sp.cardFields, cardInput{name: name, single: single})
				}
			case "select":
				if inForm && name != "author" {
					var values []string
					for o := n.FirstChild; o != nil; o = o.NextSibling {
						if v, ok := attr(o, "value"); ok && o.Data == "option" {
							values = append(values, v)
						}
					}
					sp.choices[name] = values
				}
			case "button":
				if v, _ := attr(n, "value"); inForm && strings.HasPrefix(v, "more") {
					sp.more = append(sp.more, v)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if sp.preview == "" || sp.referee == "" {
		t.Fatalf("the sheet page has no preview or no referee: %q %q", sp.preview, sp.referee)
	}
	return sp
}

// fill returns the page's form filled at random: every choice made or
// left, every box ticked or not, every card field given cards.
func (sp sheetPage) fill(deck *cards.Deck, rng *rand.Rand) url.Values {
	form := url.Values{}
	for k, v := range sp.hidden {
		form[k] = slices.Clone(v)
	}
	for name, values := range sp.choices {
		if rng.IntN(5) > 0 && len(values) > 0 {
			form.Set(name, values[rng.IntN(len(values))])
		}
	}
	for _, c := range sp.checks {
		if rng.IntN(2) == 0 {
			form.Add(c[0], c[1])
		}
	}
	for _, f := range sp.cardFields {
		form.Set(f.name, randomCards(deck, f.single, rng))
	}
	return form
}

// randomCards is what a player might type into a field: nothing, one
// card, a set, a run, a handful of any cards, a wild with its reading, a
// card too many, or a typo.
func randomCards(deck *cards.Deck, single bool, rng *rand.Rand) string {
	all := deck.Cards()
	pick := func() cards.Card { return all[rng.IntN(len(all))] }
	if single {
		switch rng.IntN(6) {
		case 0:
			return ""
		case 1:
			return "7 of klubs"
		default:
			return pick().String()
		}
	}
	var picked []string
	switch rng.IntN(8) {
	case 0:
		return ""
	case 1: // a set: one rank in several suits
		rank := pick()
		for _, c := range all {
			if c.Rank == rank.Rank && !c.IsTrump() && rng.IntN(3) > 0 {
				picked = append(picked, c.String())
			}
		}
	case 2: // a run: one suit, ranks in a row
		first := pick()
		var suit []cards.Card
		for _, c := range all {
			if c.Suit == first.Suit && c.Trump == first.Trump {
				suit = append(suit, c)
			}
		}
		start := rng.IntN(len(suit))
		for _, c := range suit[start:min(len(suit), start+3+rng.IntN(4))] {
			picked = append(picked, c.String())
		}
	case 3: // a typo among good cards
		picked = []string{pick().String(), "3 of", pick().String()}
	case 4: // one card more often than the deck holds it
		c := pick().String()
		for range deck.Copies(pick()) + 2 {
			picked = append(picked, c)
		}
	case 5: // a wild, declared or not
		for range 2 + rng.IntN(3) {
			c := pick()
			s := c.String()
			if deck.IsWild(c) && rng.IntN(2) == 0 {
				s += "=" + pick().String()
			}
			picked = append(picked, s)
		}
	default: // a hand of any cards
		for range rng.IntN(12) {
			picked = append(picked, pick().String())
		}
	}
	if rng.IntN(4) == 0 {
		return strings.ToLower(strings.Join(picked, " "))
	}
	return strings.Join(picked, ", ")
}
