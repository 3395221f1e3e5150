package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"meldpad/db"
)

// createPointsGame starts a game by points through the new-game form:
// its setup (name, end, target or rounds, who wins), then the players.
func (a *testApp) createPointsGame(setup url.Values, players ...string) page {
	a.t.Helper()
	form := formValues(a.get("/games/new?game=points"))
	for k, v := range setup {
		form[k] = v
	}
	form.Del("players")
	for _, p := range players {
		form.Add("players", p)
	}
	return a.post("/games", form)
}

func hearts() url.Values {
	return url.Values{"name": {"Hearts"}, "end": {"target"}, "target": {"100"}, "wins": {"lowest"}}
}

// storedGame reads a game as the database has it.
func (a *testApp) storedGame(path string) db.Game {
	a.t.Helper()
	g, err := a.store.Game(context.Background(), strings.TrimPrefix(path, "/g/"))
	if err != nil {
		a.t.Fatal(err)
	}
	return g
}

// A game of Hearts by points (P1-P4): named, to 100, lowest wins; it ends
// after the round in which a player reaches 100, and the lowest total
// wins.
func TestPointsGameHearts(t *testing.T) {
	app := newTestApp(t)
	form := app.get("/games/new?game=points")
	mustContain(t, form, "The game&#39;s name", "How it ends", "Target total", "Who wins", `value="100"`, "(optional)")
	p := app.createPointsGame(hearts(), "Ann", "Bob", "Cy", "Dee")
	if p.status != http.StatusSeeOther {
		t.Fatalf("create: %d\n%s", p.status, p.body)
	}
	game := p.location
	late := formValues(app.get(game + "/hands/new"))
	var setup map[string]any
	if err := json.Unmarshal(app.storedGame(game).Settings, &setup); err != nil || setup["name"] != "Hearts" || setup["players"] != 4.0 || setup["wins"] != "lowest" {
		t.Fatalf("settings %v (%v)", setup, err)
	}
	mustContain(t, app.get(game), "<h1>Hearts</h1>", "To 100, lowest wins", "Record a round by points")
	mustContain(t, app.get(game+"/hands/new"), "Hearts", "negative numbers are allowed (P2)")
	app.mustRecord(game, "", "26", "0", "0", "0")
	app.mustRecord(game, "", "50", "5", "8", "13")
	if p := app.get(game); strings.Contains(p.body, `class="banner"`) || strings.Contains(p.body, "End game") {
		t.Fatalf("over before 100, or ended by the table:\n%s", p.body)
	}
	app.mustRecord(game, "", "24", "-26", "0", "2")
	p = app.get(game)
	mustContain(t, p, "Dee", "Bob wins with -21")
	if g := app.storedGame(game); !g.Finished() || g.Winner != 1 || g.Seats[0].Place != 4 || g.Seats[1].Place != 1 || g.Seats[1].Final != -21 {
		t.Errorf("stored %+v", g)
	}
	for range 4 {
		late.Add("points", "1")
	}
	if p := app.post(game+"/hands", late); p.status != http.StatusConflict || !strings.Contains(p.body, "The game is over") {
		t.Errorf("a round after the end: %d", p.status)
	}
}

// TestPointsGameSetupErrors: a problem with the setup is said beside its
// input, and everything typed comes back.
func TestPointsGameSetupErrors(t *testing.T) {
	app := newTestApp(t)
	tests := []struct {
		name  string
		setup url.Values
		field string
		msg   string
	}{
		{"no name", url.Values{"name": {"  "}, "end": {"target"}, "target": {"100"}, "wins": {"lowest"}}, "name", "The game needs a name (P1)."},
		{"a target in words", url.Values{"name": {"Hearts"}, "end": {"target"}, "target": {"a hundred"}, "wins": {"lowest"}}, "target", "Enter a whole number"},
		{"no rounds", url.Values{"name": {"Golf"}, "end": {"rounds"}, "rounds": {"0"}, "wins": {"lowest"}}, "rounds", "1 to 1000 rounds, not 0"},
		{"no end", url.Values{"name": {"Golf"}, "end": {"someday"}, "wins": {"lowest"}}, "end", "Choose how the game ends"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := app.createPointsGame(tc.setup, "Ann", "Bob")
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d", p.status)
			}
			mustContain(t, p, `id="err-`+tc.field+`"`, tc.msg, `value="Ann"`, `value="Bob"`, `aria-describedby="err-`+tc.field+`"`)
			for _, v := range tc.setup["target"] {
				mustContain(t, p, `value="`+v+`"`)
			}
		})
	}
}

// TestPointsGameSizes: one player to twelve (P1).
func TestPointsGameSizes(t *testing.T) {
	app := newTestApp(t)
	var twelve []string
	for i := range 12 {
		twelve = append(twelve, "P"+strconv.Itoa(i+1))
	}
	for _, players := range [][]string{{"Solo"}, twelve} {
		p := app.createPointsGame(url.Values{"name": {"Yahtzee"}, "end": {"rounds"}, "rounds": {"1"}, "wins": {"highest"}}, players...)
		if p.status != http.StatusSeeOther {
			t.Fatalf("%d players: %d\n%s", len(players), p.status, p.body)
		}
		var points []string
		for i := range players {
			points = append(points, strconv.Itoa(i*10-20))
		}
		app.mustRecord(p.location, "", points...)
		g := app.storedGame(p.location)
		last := len(players) - 1
		if !g.Finished() || len(g.Seats) != len(players) || g.Winner != last || g.Seats[last].Total != last*10-20 {
			t.Errorf("%d players: %+v", len(players), g)
		}
	}
}

// TestPointsGameOpenEnd: an open game ends when the table says (P3):
// "End game" asks first, records the end once, and the best total wins,
// shared when tied (P4). Deleting the end opens the game again.
func TestPointsGameOpenEnd(t *testing.T) {
	app := newTestApp(t)
	p := app.createPointsGame(url.Values{"name": {"Skat"}, "end": {"open"}, "wins": {"highest"}}, "Ann", "Bob", "Cy")
	if p.status != http.StatusSeeOther {
		t.Fatalf("create: %d\n%s", p.status, p.body)
	}
	game := p.location
	mustContain(t, app.get(game), "Open, highest wins")
	if p := app.get(game + "/end"); p.status != http.StatusSeeOther || p.location != game {
		t.Errorf("ending before any round: %d %s", p.status, p.location)
	}
	app.mustRecord(game, "", "24", "-48", "24")
	mustContain(t, app.get(game), `action="`+game+`/end"`, "End game")
	confirm := app.get(game + "/end")
	mustContain(t, confirm, "End Skat?", "Ann and Cy share the win with 24", "the table ended the game (P3); the highest total wins (P4)")
	form := formValues(confirm)
	if p := app.post(game+"/end", form); p.status != http.StatusSeeOther {
		t.Fatalf("end: %d\n%s", p.status, p.body)
	}
	// A double tap ends it once.
	if p := app.post(game+"/end", form); p.status != http.StatusSeeOther || p.location != game {
		t.Fatalf("end again: %d %s", p.status, p.location)
	}
	p = app.get(game)
	mustContain(t, p, "Ann and Cy share the win with 24", "the table ended the game")
	if strings.Contains(p.body, "End game") {
		t.Errorf("an ended game offers to end it")
	}
	g := app.storedGame(game)
	if !g.Finished() || g.Seats[0].Place != 1 || g.Seats[2].Place != 1 || g.Seats[1].Place != 3 {
		t.Errorf("stored %+v", g)
	}
	links := handLinks(p)
	if len(links) != 2 {
		t.Fatalf("rows %v", links)
	}
	if p := app.post(links[1]+"/delete", formValues(app.get(links[1]+"/delete"))); p.status != http.StatusSeeOther {
		t.Fatalf("delete the end: %d", p.status)
	}
	if g := app.storedGame(game); g.Finished() {
		t.Errorf("the game stays over without its end")
	}
	mustContain(t, app.get(game), "End game")
}

// TestEndOnlyWhereTheTableEnds: a game that ends by its rules has no
// "End game", and its end page shows the scorepad.
func TestEndOnlyWhereTheTableEnds(t *testing.T) {
	app := newTestApp(t)
	fan := app.createGame("fan", "Ann", "Bob")
	app.mustRecord(fan, "", "25", "0")
	hearts := app.createPointsGame(hearts(), "Ann", "Bob")
	app.mustRecord(hearts.location, "", "25", "0")
	for _, game := range []string{fan, hearts.location} {
		if strings.Contains(app.get(game).body, "End game") {
			t.Errorf("%s offers End game", game)
		}
		if p := app.get(game + "/end"); p.status != http.StatusSeeOther || p.location != game {
			t.Errorf("GET %s/end: %d %s", game, p.status, p.location)
		}
		form := url.Values{"token": {db.NewID()}}
		form.Set("_csrf", formValues(app.get(game+"/hands/new")).Get("_csrf"))
		if p := app.post(game+"/end", form); p.status != http.StatusSeeOther {
			t.Errorf("POST %s/end: %d", game, p.status)
		}
		if g := app.storedGame(game); g.Finished() || len(handLinks(app.get(game))) != 1 {
			t.Errorf("%s ended by the table", game)
		}
	}
}

// TestNewGameHouseRules: the form ticks each house rule as its default
// (Gin's: a tie is an undercut, the box bonus, the shutout), and the game
// stores every rule on or off, so that a rule on by default can be
// switched off.
func TestNewGameHouseRules(t *testing.T) {
	app := newTestApp(t)
	p := app.get("/games/new?game=gin")
	for key, on := range map[string]bool{"oklahoma": false, "undercut_on_tie": true, "box_bonus": true, "shutout": true} {
		tag := `<input type="checkbox" name="house" value="` + key + `"`
		if got := strings.Contains(p.body, tag+" checked"); got != on {
			t.Errorf("%s ticked %v, want %v", key, got, on)
		}
	}
	form := formValues(p)
	form.Del("players")
	form.Add("players", "Ann")
	form.Add("players", "Bob")
	form.Add("house", "box_bonus")
	r := app.post("/games", form)
	if r.status != http.StatusSeeOther {
		t.Fatalf("create: %d\n%s", r.status, r.body)
	}
	want := map[string]bool{"oklahoma": false, "undercut_on_tie": false, "box_bonus": true, "shutout": false}
	if got := app.storedGame(r.location).HouseRules; len(got) != len(want) || got["box_bonus"] != true || got["undercut_on_tie"] || got["shutout"] {
		t.Errorf("stored house rules %v, want %v", got, want)
	}
	sc := app.get(r.location)
	mustContain(t, sc, "Box bonus (G5)")
	if strings.Contains(sc.body, "Shutout (G5)") || strings.Contains(sc.body, "Undercut on a tie") {
		t.Errorf("rules switched off are listed as on")
	}
	form.Add("house", "big_sets")
	form.Set("token", db.NewID())
	if r := app.post("/games", form); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "Unknown house rule.") {
		t.Errorf("an unknown house rule: %d", r.status)
	}
}

// A game by points has no referee: its scorepad offers no "Settle a
// dispute" link (an empty href would only reload the scorepad), while a
// game with a referee links to its own referee page.
func TestScorepadDisputeLinkOnlyWithReferee(t *testing.T) {
	app := newTestApp(t)
	p := app.createPointsGame(hearts(), "Ann", "Bob", "Cy", "Dee")
	if p.status != http.StatusSeeOther {
		t.Fatalf("create: %d\n%s", p.status, p.body)
	}
	if pad := app.get(p.location); strings.Contains(pad.body, "Settle a dispute") {
		t.Errorf("a game by points offers to settle a dispute:\n%s", pad.body)
	}
	mustContain(t, app.get(app.createGame("fan", "Ann", "Bob")), `href="/adjudicate?game=fan">Settle a dispute`)
}
