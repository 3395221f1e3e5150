package handlers

import (
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
)

// TestHomeListsOnlyThisPhonesGames: a game's link is its key, so the home
// page of another phone must not list it, nor the new-game form suggest
// its players; opening the link adds it to that phone's list.
func TestHomeListsOnlyThisPhonesGames(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	mustContain(t, app.get("/"), "Fan Rummy", "Ann 0 · Bob 0")
	mustContain(t, app.get("/games/new?game=fan"), `value="Ann"`, `<option value="Bob">`)

	jar, _ := cookiejar.New(nil)
	other := app.with(t)
	other.client = &http.Client{Jar: jar, CheckRedirect: app.client.CheckRedirect}
	home := other.get("/")
	if strings.Contains(home.body, strings.TrimPrefix(game, "/g/")) || strings.Contains(home.body, "Ann") {
		t.Fatalf("another phone's home page shows the game")
	}
	mustContain(t, home, "No game in progress")
	if form := other.get("/games/new?game=fan"); strings.Contains(form.body, "Ann") {
		t.Errorf("another phone's new-game form suggests this phone's players")
	}

	// Given the link, the other phone opens the game and it is its own too.
	other.get(game)
	mustContain(t, other.get("/"), "Ann 0 · Bob 0")
}

func TestRecentGamesCookieIsRobust(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	id := strings.TrimPrefix(game, "/g/")
	req, _ := http.NewRequest(http.MethodGet, app.srv.URL+"/", nil)
	req.AddCookie(&http.Cookie{Name: recentCookie, Value: "junk..x.aaaaaaaaaaaaaaaaaaaaaaaaaa." + id + "." + id})
	p := app.with(t)
	p.client = &http.Client{CheckRedirect: app.client.CheckRedirect}
	home := p.do(req)
	if home.status != http.StatusOK || strings.Count(home.body, "Ann 0 · Bob 0") != 1 {
		t.Errorf("home with a tampered cookie: %d, listed %d times", home.status, strings.Count(home.body, "Ann 0 · Bob 0"))
	}
}

// TestHomeListsThisPhonesLeagues: the home page lists the leagues this
// phone opened, with the organizer's page only on the phone that opened
// the league with the organizer's link; another phone lists none until it
// opens one, and a tampered cookie lists nothing it does not name.
func TestHomeListsThisPhonesLeagues(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Thursday club", "fan")
	home := app.get("/")
	mustContain(t, home, "<h2>Leagues</h2>", "Thursday club", `href="`+l.members+`"`, `href="`+l.organizer+`"`)

	jar, _ := cookiejar.New(nil)
	other := app.with(t)
	other.client = &http.Client{Jar: jar, CheckRedirect: app.client.CheckRedirect}
	if h := other.get("/"); strings.Contains(h.body, "Thursday club") || strings.Contains(h.body, "Leagues") {
		t.Fatalf("another phone's home page lists the league")
	}
	other.get(l.members)
	h := other.get("/")
	mustContain(t, h, "Thursday club", `href="`+l.members+`"`)
	if strings.Contains(h.body, strings.TrimPrefix(l.organizer, "/lo/")) {
		t.Errorf("a phone that opened the members' link is shown the organizer's")
	}

	// A cookie with junk, unknown ids and the league twice lists it once.
	members, org := strings.TrimPrefix(l.members, "/l/"), strings.TrimPrefix(l.organizer, "/lo/")
	req, _ := http.NewRequest(http.MethodGet, app.srv.URL+"/", nil)
	req.AddCookie(&http.Cookie{Name: leaguesCookie, Value: "junk.x:" + members + ".l:aaaaaaaaaaaaaaaaaaaaaaaaaa.o:" + members +
		".l:" + members + ".o:" + org + ".l:" + members})
	p := app.with(t)
	p.client = &http.Client{CheckRedirect: app.client.CheckRedirect}
	tampered := p.do(req)
	if tampered.status != http.StatusOK || strings.Count(tampered.body, `<span class="title">Thursday club</span>`) != 1 || !strings.Contains(tampered.body, `href="`+l.organizer+`"`) {
		t.Errorf("home with a tampered cookie: %d, listed %d times", tampered.status, strings.Count(tampered.body, `<span class="title">Thursday club</span>`))
	}
	// A members' id where the organizer's is expected is no organizer's link.
	req, _ = http.NewRequest(http.MethodGet, app.srv.URL+"/", nil)
	req.AddCookie(&http.Cookie{Name: leaguesCookie, Value: "o:" + members})
	if h := p.do(req); strings.Contains(h.body, "Thursday club") {
		t.Errorf("a members' id posing as the organizer's lists the league")
	}
}
