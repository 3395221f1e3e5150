package handlers

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"meldpad/db"
	"meldpad/rules/names"
)

// namesForm returns the players' names form of a game, ready to post.
func (a *testApp) namesForm(game string) url.Values {
	a.t.Helper()
	p := a.get(game + "/players")
	if p.status != http.StatusOK {
		a.t.Fatalf("the names form of %s: %d", game, p.status)
	}
	form := formValues(p)
	form.Del("was")
	for _, m := range wasRe.FindAllStringSubmatch(p.body, -1) {
		form.Add("was", m[1])
	}
	return form
}

var wasRe = regexp.MustCompile(`<input type="hidden" name="was" value="([^"]*)"`)

// TestRenameSeatForm: the names form renames a seat; a blank name, a
// name another seat has and a bad name are said beside their input with
// every typed name kept; a form shown before another phone's rename
// saves nothing and says so.
func TestRenameSeatForm(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	form := app.namesForm(game)
	stale := app.namesForm(game)

	bad := url.Values{"_csrf": form["_csrf"], "was": form["was"], "names": {"", "Bob"}}
	p := app.post(game+"/players", bad)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("a blank name: %d", p.status)
	}
	mustContain(t, p, `id="err-names[0]"`, "Enter a name.")
	bad.Set("names", "bob")
	bad.Add("names", "Bob")
	p = app.post(game+"/players", bad)
	mustContain(t, p, `id="err-names[1]"`, "is already seat 1", `value="bob"`)
	bad["names"] = []string{"Ann\tie", "Bob"}
	p = app.post(game+"/players", bad)
	mustContain(t, p, `id="err-names[0]"`, "a tab")

	form["names"] = []string{"  Annabelle ", "Bob"}
	p = app.post(game+"/players", form)
	if p.status != http.StatusSeeOther || !strings.HasSuffix(p.location, "?saved=renamed") {
		t.Fatalf("rename: %d %s\n%s", p.status, p.location, p.body)
	}
	mustContain(t, app.get(p.location), "Annabelle", "Names saved.")
	stale["names"] = []string{"Anna", "Bob"}
	p = app.post(game+"/players", stale)
	if p.status != http.StatusConflict {
		t.Fatalf("a form from before the rename: %d", p.status)
	}
	mustContain(t, p, "Another phone renamed seat 1 “Annabelle” meanwhile")
	mustContain(t, app.get(game+"/history"), "Ann renamed Annabelle (seat 1)")
}

// TestLeagueGameKeepsTheLeaguesRename: a league game's seats are the
// league's players: its link neither renames them nor deletes the game.
func TestLeagueGameKeepsTheLeaguesRename(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Club", "fan")
	game := app.startLeagueGame(l, "fan", "Ann", "Bob")
	pad := app.get(game)
	if strings.Contains(pad.body, game+"/players") || strings.Contains(pad.body, game+"/delete") {
		t.Errorf("a league game's scorepad offers to rename or delete")
	}
	for _, path := range []string{"/players", "/delete"} {
		if p := app.get(game + path); p.status != http.StatusNotFound {
			t.Errorf("GET %s of a league game: %d", path, p.status)
		}
		csrf := formValues(app.get(game + "/hands/new")).Get("_csrf")
		if p := app.post(game+path, url.Values{"_csrf": {csrf}, "names": {"X", "Y"}, "was": {"Ann", "Bob"}}); p.status != http.StatusNotFound {
			t.Errorf("POST %s of a league game: %d", path, p.status)
		}
	}
	mustContain(t, app.get(game), "Ann", "Bob")
}

// TestDeletedGameIsGone: once deleted, a game's link says so and offers
// Undo; every other way in (its spectators' link, its forms, its
// history, its share page, the phone's list) finds nothing; Undo brings
// it back as it was.
func TestDeletedGameIsGone(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	app.mustRecord(game, "", "30", "")
	share := app.get(game + "/share")
	watch := regexp.MustCompile(`/w/[a-z2-7]+`).FindString(share.body)
	if watch == "" {
		t.Fatal("no spectators' link")
	}
	confirm := app.get(game + "/delete")
	mustContain(t, confirm, "Delete Fan Rummy?", "Ann 30 · Bob 0")
	if p := app.post(game+"/delete", formValues(confirm)); p.status != http.StatusSeeOther || p.location != game {
		t.Fatalf("delete: %d %s", p.status, p.location)
	}
	p := app.get(game)
	if p.status != http.StatusGone {
		t.Errorf("the deleted game's link: %d", p.status)
	}
	mustContain(t, p, "This game was deleted at", "Undo: bring the game back")
	for _, path := range []string{watch, game + "/hands/new", game + "/history", game + "/share", game + "/players", game + "/delete"} {
		if p := app.get(path); p.status != http.StatusNotFound {
			t.Errorf("%s of a deleted game: %d", path, p.status)
		}
	}
	if home := app.get("/"); strings.Contains(home.body, strings.TrimPrefix(game, "/g/")) {
		t.Errorf("the home page lists the deleted game")
	}
	hand := formValues(app.get("/games/new?game=fan"))
	hand["points"] = []string{"10", ""}
	if p := app.post(game+"/hands", hand); p.status != http.StatusNotFound {
		t.Errorf("a hand posted to a deleted game: %d", p.status)
	}
	p = app.post(game+"/restore", formValues(app.get(game)))
	if p.status != http.StatusSeeOther || !strings.HasSuffix(p.location, "?saved=restored") {
		t.Fatalf("undo: %d %s", p.status, p.location)
	}
	mustContain(t, app.get(p.location), "The game is back.", "30")
	if p := app.get(watch); p.status != http.StatusOK {
		t.Errorf("the spectators' link, back: %d", p.status)
	}
	mustContain(t, app.get(game+"/history"), "Game deleted", "Game brought back", "Deal 1 recorded")
}

// FuzzNamesForm posts arbitrary bodies to the players' names form, with
// a genuine CSRF token: nothing answers 500, and the game's seats keep a
// name each, no two alike in any case.
func FuzzNamesForm(f *testing.F) {
	app := newTestApp(f)
	game := app.createGame("flathead", "Ann", "Bob", "Cy")
	csrf := formValues(app.get(game + "/players")).Get("_csrf")
	f.Add("names=Annie&names=Bob&names=Cy&was=Ann&was=Bob&was=Cy")
	f.Add("names=Bob&names=Ann&names=Cy&was=Ann&was=Bob&was=Cy")
	f.Add("names=a&names=A&names=b&was=Ann&was=Bob&was=Cy")
	f.Add("names=%00&names=&was=Ann")
	f.Fuzz(func(t *testing.T, body string) {
		form, err := url.ParseQuery(body)
		if err != nil {
			return
		}
		form.Set("_csrf", csrf)
		a := app.with(t)
		if p := a.post(game+"/players", form); p.status >= 500 {
			t.Fatalf("status %d for %q", p.status, body)
		}
		g, err := a.store.Game(context.Background(), strings.TrimPrefix(game, "/g/"))
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, st := range g.Seats {
			if st.Name == "" || seen[foldName(st.Name)] || names.Check(st.Name, db.MaxPlayerName) != nil {
				t.Fatalf("after %q the seats are %+v", body, g.Seats)
			}
			seen[foldName(st.Name)] = true
		}
	})
}
