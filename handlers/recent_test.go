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
