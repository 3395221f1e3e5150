package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"meldpad/rules"
)

// axeViolation is one rule axe-core found broken, with the elements that
// break it.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

func (v axeViolation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %s", v.ID, v.Impact, v.Help)
	for _, n := range v.Nodes {
		fmt.Fprintf(&b, "\n\t\t%v: %s", n.Target, strings.ReplaceAll(n.Summary, "\n", " "))
	}
	return b.String()
}

// colourScheme makes the tab's pages light or dark, as a phone's setting
// would (prefers-color-scheme).
func colourScheme(scheme string) step {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return chromedp.Void{}, err
	}
}

// accessibilityPages starts games of every kind, a league and its pages,
// and returns every page meldpad shows, by name.
func accessibilityPages(t *testing.T, app *testApp) [][2]string {
	t.Helper()
	var pages [][2]string
	add := func(name, path string) { pages = append(pages, [2]string{name, path}) }
	add("home", "/")
	add("choose a game", "/games/new")
	add("referee", "/adjudicate")
	add("rules", "/rules/fan#N8")
	add("referee's verdict", "/adjudicate?game=fan&q=meld&cards=QS+KS+AS")
	add("import", "/import")
	add("new league", "/leagues/new")
	add("not found", "/g/aaaaaaaaaaaaaaaaaaaaaaaaaa")

	// A finished Fan game with a correction and a deletion: its scorepad,
	// history, share and rematch pages, a hand's correction and deletion.
	fan := app.createGame("fan", "Ann", "Bob")
	app.mustRecord(fan, "", "60", "")
	app.mustRecord(fan, "", "", "10")
	links := handLinks(app.get(fan))
	app.post(links[1]+"/delete", formValues(app.get(links[1]+"/delete")))
	app.mustRecord(fan, "", "50", "")
	add("scorepad, finished", fan)
	add("history", fan+"/history")
	add("share", fan+"/share")
	add("rematch", fan+"/rematch")
	add("correct by points", links[0]+"?by=points")
	add("delete a deal", links[0]+"/delete")
	watchID, err := app.store.WatchID(context.Background(), mustGameID(t, app, fan))
	if err != nil {
		t.Fatal(err)
	}
	add("spectators", "/w/"+watchID)

	// A game's players' names, its deletion, and its link once deleted.
	named := app.createGame("fan", "Ann", "Bob")
	add("players' names", named+"/players")
	add("delete a game", named+"/delete")
	deleted := app.createGame("fan", "Cy", "Dee")
	app.post(deleted+"/delete", formValues(app.get(deleted+"/delete")))
	add("deleted game", deleted)

	// A compact scorepad of eight players, a round ended by the table
	// (a note on a row of its own); a Trophy Case trick's next form.
	eight := app.createPointsGame(url.Values{"name": {"Skat"}, "end": {"open"}, "wins": {"lowest"}},
		"Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal").location
	app.mustRecord(eight, "", "5", "-3", "12", "0", "7", "1", "9", "22")
	end := formValues(app.get(eight + "/end"))
	app.post(eight+"/end", end)
	add("compact scorepad", eight)
	trick := app.createGame("trophy", "Ann", "Bob", "Cy")
	add("next trick's form", app.recordPoints(trick, "1", "", "3", "").location)

	// Each game: its form, a scorepad in play, its by-points form and its
	// card sheet.
	for _, g := range rules.Games() {
		add("new "+g.ID, "/games/new?game="+g.ID)
		if g.ID == "points" {
			continue
		}
		players := []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"}[:max(g.MinPlayers, min(3, g.MaxPlayers))]
		game := app.createGame(g.ID, players...)
		add(g.ID+" scorepad", game)
		add(g.ID+" by points", game+"/hands/new")
		if hasSheet(g) {
			add(g.ID+" sheet", game+"/hands/new?by=cards")
		}
	}
	// A Fortune sheet with a meld added (each meld then has its Remove
	// button), and the referee's verdict opened from that game, which
	// leads back to it.
	fortune := app.createGame("fortune", "Ann", "Bob")
	more := formValues(app.get(fortune + "/hands/new?by=cards"))
	more.Set("meld_0_0", "KS KH KD")
	more.Set("action", "more:meld_0")
	if p := app.post(fortune+"/hands", more); p.shownAt != "" {
		add("fortune sheet with a meld added", p.shownAt)
	} else {
		t.Fatalf("adding a meld: %d", p.status)
	}
	add("referee's verdict for a game", "/adjudicate?game=fortune&q=meld&cards=KH+AH+2C&from="+strings.TrimPrefix(fortune, "/g/"))

	// A game by points that the table ends: its end page.
	form := formValues(app.get("/games/new?game=points"))
	form.Del("players")
	form.Add("players", "Ann")
	form.Add("players", "Bob")
	form.Set("name", "Hearts")
	form.Set("end", "open")
	form.Set("wins", "lowest")
	created := app.post("/games", form)
	if created.status != http.StatusSeeOther {
		t.Fatalf("start Hearts: %d\n%s", created.status, created.body)
	}
	hearts := created.location
	app.mustRecord(hearts, "", "5", "10")
	add("points scorepad", hearts)
	add("end", hearts+"/end")

	l := app.createLeague("Thursday club", "fan")
	played := app.startLeagueGame(l, "fan", "Ann", "Bob")
	app.mustRecord(played, "", "110", "")
	add("league", l.members)
	add("league games", l.members+"/games")
	if m := playerLinkRe.FindStringSubmatch(app.get(l.members).body); m != nil {
		add("league player", m[1])
	} else {
		t.Fatal("the league page links no player")
	}
	add("organizer", l.organizer)
	add("organizer's games", l.organizer+"/games")
	if m := regexp.MustCompile(`href="(/lo/[a-z2-7]+/games/[a-z2-7]+/remove)"`).FindStringSubmatch(app.get(l.organizer + "/games").body); m != nil {
		add("remove a league game", m[1])
	} else {
		t.Fatal("the organizer's games link no removal")
	}
	add("members' link as organizer's", "/lo/"+strings.TrimPrefix(l.members, "/l/"))

	// An event night of a Flathead league, its first round seated.
	club := app.createLeague("Friday club", "flathead")
	add("new event night", club.organizer+"/events/new")
	add("new event night's form", club.organizer+"/events/new?game=flathead")
	ev := app.createEvent(club, "flathead", func(f url.Values) { f.Set("rounds", "1") }, "Ann", "Bob", "Cy", "Dee", "Eve")
	add("event night, checking in", ev)
	if p := app.seatRound(ev); p.status != http.StatusSeeOther {
		t.Fatalf("seat the event's round: %d", p.status)
	}
	evPage := app.get(ev)
	app.mustRecord(tables(evPage)[1], "0", append([]string{"42"}, make([]string, seatsOf(t, app, tables(evPage)[1])-1)...)...)
	add("event night, organizer", ev)
	add("event night, table cards", ev+"/cards")
	if m := membersEventRe.FindStringSubmatch(app.get(club.members).body); m != nil {
		add("event night, members", m[1])
	} else {
		t.Fatal("the league's page lists no event")
	}
	add("event night, screen", screenLinkRe.FindStringSubmatch(evPage.body)[1])
	// By now the phone has opened games and the league: its home page
	// lists them.
	add("home with games and leagues", "/")
	return pages
}

func mustGameID(t *testing.T, app *testApp, path string) int64 {
	t.Helper()
	g, err := app.store.Game(context.Background(), strings.TrimPrefix(path, "/g/"))
	if err != nil {
		t.Fatal(err)
	}
	return g.ID
}

// TestBrowserAccessibility runs axe-core (handlers/testdata/axe, a test
// file only: meldpad does not serve it) on every page, light and dark, on
// a 390x844 phone, and fails on any violation it reports.
func TestBrowserAccessibility(t *testing.T) {
	axe, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	// The share page offers the computer's LAN addresses, as it does on
	// the computer that runs meldpad (share_lan.go).
	app := openTestAppWith(t, filepath.Join(t.TempDir(), "meldpad.db"), Options{LANAddresses: someLAN})
	pages := accessibilityPages(t, app)
	ctx := newBrowser(t)
	checked := 0
	// audit runs axe on the page the tab shows.
	audit := func(name, path, scheme string) {
		run(t, ctx, "load axe on "+name, chromedp.WaitReady(css("footer")), chromedp.Evaluate[chromedp.Void](string(axe)))
		violations, err := chromedp.Run(ctx, chromedp.Evaluate[[]axeViolation](
			// Every rule axe runs by default, and one of its
			// experimental ones: label-content-name-mismatch (a
			// link's name must hold its visible text, for voice
			// control: "tap Edit").
			`axe.run(document, {resultTypes: ["violations"],
				rules: {"label-content-name-mismatch": {enabled: true}}}).then(r => r.violations)`,
			chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("axe on %s: %v", name, err)
		}
		for _, v := range violations {
			t.Errorf("%s (%s, %s): %s", name, path, scheme, v)
		}
		checked++
	}
	for _, scheme := range []string{"light", "dark"} {
		run(t, ctx, "prefer "+scheme, colourScheme(scheme))
		for _, p := range pages {
			name, path := p[0], p[1]
			run(t, ctx, "open "+name, chromedp.Navigate(app.srv.URL+path))
			audit(name, path, scheme)
		}
		// A refused form, answered to its POST: the new-game form with
		// two players of one name, its problems summed up at the top.
		run(t, ctx, "refuse a new game", chromedp.Navigate(app.srv.URL+"/games/new?game=fan"),
			chromedp.SendKeys(css("#player-0"), "Ann"), chromedp.SendKeys(css("#player-1"), "ann"),
			chromedp.Click(css(`button[type=submit]`)), chromedp.WaitVisible(css(".error-summary")))
		audit("refused new game", "POST /games", scheme)
	}
	t.Logf("axe-core checked %d pages, light and dark", checked)
}
