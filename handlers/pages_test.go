package handlers

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"
)

func TestHealthz(t *testing.T) {
	app := newTestApp(t)
	p := app.get("/healthz")
	if p.status != http.StatusOK || !strings.Contains(p.body, `"ok"`) {
		t.Errorf("/healthz = %d %s", p.status, p.body)
	}
}

func TestHomeListsGames(t *testing.T) {
	app := newTestApp(t)
	mustContain(t, app.get("/"), "No game in progress", "Start a game")
	app.createGame("fortune", "Ann", "Bob", "Cy")
	p := app.get("/")
	mustContain(t, p, "Fortune Rummy", "Ann 0 · Bob 0 · Cy 0", "in progress")
}

// TestNewGameHeadingReads: the form's heading names the game after "New
// game:", which reads right for every game's name, "Any game, by points"
// too (not "New Any game, by points").
func TestNewGameHeadingReads(t *testing.T) {
	app := newTestApp(t)
	p := app.get("/games/new?game=points")
	mustContain(t, p, "<h1>New game: Any game, by points</h1>", "<title>New game: Any game, by points · meldpad</title>")
}

func TestNewGamePages(t *testing.T) {
	app := newTestApp(t)
	p := app.get("/games/new")
	mustContain(t, p, "Which game?", "Flathead Rummy", "Fortune Rummy", "Black Heart Rum", "Fan Rummy", "Trophy Case", "3–5 players")
	p = app.get("/games/new?game=fortune")
	mustContain(t, p, "<h1>New game: Fortune Rummy</h1>", "Big sets", "Aces in a set score 15", "Player 8")
	if strings.Contains(p.body, "Player 9") {
		t.Errorf("Fortune offers a ninth seat")
	}
	if p := app.get("/games/new?game=poker"); p.status != http.StatusOK || !strings.Contains(p.body, "Which game?") {
		t.Errorf("unknown game should fall back to the choice: %d", p.status)
	}
}

// TestCreateGameRemembersNames: the next game's form suggests the last
// game's names, in seat order, and leaves its inputs empty (a name typed
// into an input holding the old one would be added to it).
func TestCreateGameRemembersNames(t *testing.T) {
	app := newTestApp(t)
	app.createGame("flathead", "Ann", "Bob", "Cy")
	p := app.get("/games/new?game=flathead")
	mustContain(t, p, `<option value="Ann"></option><option value="Bob"></option><option value="Cy">`,
		`id="player-0" name="players" value=""`, "Same players as last time")
	if strings.Contains(p.body, `name="players" value="Ann"`) {
		t.Errorf("the form holds last game's names as values")
	}
}

func TestCreateGameValidation(t *testing.T) {
	tests := []struct {
		name    string
		game    string
		players []string
		dealer  string
		want    []string
	}{
		{"too few players", "trophy", []string{"Ann", "Bob"}, "", []string{"Trophy Case needs at least 3 players", `value="Ann"`, `value="Bob"`, "Enter a name."}},
		{"same name twice", "fan", []string{"Ann", "ann"}, "", []string{"is already player 1", `value="ann"`}},
		{"name too long", "fan", []string{"Ann", strings.Repeat("x", 41)}, "", []string{"Use at most 40 characters."}},
		{"dealer not playing", "flathead", []string{"Ann", "Bob", ""}, "2", []string{"The first dealer must be one of the players"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			form := formValues(app.get("/games/new?game=" + tc.game))
			for _, p := range tc.players {
				form.Add("players", p)
			}
			if tc.dealer != "" {
				form.Set("dealer", tc.dealer)
			}
			p := app.post("/games", form)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", p.status)
			}
			mustContain(t, p, tc.want...)
			mustContain(t, p, `aria-invalid="true"`)
			if home := app.get("/"); !strings.Contains(home.body, "No game in progress") {
				t.Errorf("a game was created despite the error")
			}
		})
	}
}

func TestCreateGameDoubleSubmit(t *testing.T) {
	app := newTestApp(t)
	form := formValues(app.get("/games/new?game=fan"))
	form.Add("players", "Ann")
	form.Add("players", "Bob")
	first := app.post("/games", form)
	second := app.post("/games", form)
	if first.status != http.StatusSeeOther || second.location != first.location {
		t.Fatalf("double submit: %d %s then %s", first.status, first.location, second.location)
	}
	if n := strings.Count(app.get("/").body, "Fan Rummy"); n != 1 {
		t.Errorf("%d games listed after a double submit, want 1", n)
	}
}

func TestCSRF(t *testing.T) {
	app := newTestApp(t)
	form := formValues(app.get("/games/new?game=fan"))
	form.Add("players", "Ann")
	form.Add("players", "Bob")

	noToken := url.Values{}
	for k, v := range form {
		if k != "_csrf" {
			noToken[k] = v
		}
	}
	if p := app.post("/games", noToken); p.status != http.StatusBadRequest && p.status != http.StatusForbidden {
		t.Errorf("post without CSRF token: %d, want 400 or 403", p.status)
	} else {
		mustContain(t, p, "This form is out of date")
	}
	wrong := url.Values{}
	for k, v := range form {
		wrong[k] = v
	}
	wrong.Set("_csrf", "forged")
	if p := app.post("/games", wrong); p.status != http.StatusForbidden {
		t.Errorf("post with a forged CSRF token: %d, want 403", p.status)
	}
	// A browser says where a request comes from; another site is refused.
	req, _ := http.NewRequest(http.MethodPost, app.srv.URL+"/games", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if p := app.do(req); p.status != http.StatusForbidden {
		t.Errorf("cross-site post: %d, want 403", p.status)
	}
	if !strings.Contains(app.get("/").body, "No game in progress") {
		t.Errorf("a rejected post created a game")
	}
	if p := app.post("/games", form); p.status != http.StatusSeeOther {
		t.Errorf("the genuine form then fails: %d", p.status)
	}
}

func TestNotFound(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	other := app.createGame("fan", "Cy", "Dee")
	app.recordPoints(other, "", "10", "")
	otherHand := handLinks(app.get(other))[0]
	handNumber := otherHand[strings.LastIndex(otherHand, "/")+1:]
	for _, path := range []string{
		"/nowhere",
		"/g/aaaaaaaaaaaaaaaaaaaaaaaaaa",
		"/g/1",
		"/g/" + strings.Repeat("é", 13),
		game + "/hands/99999",
		game + "/hands/abc",
		game + "/hands/" + handNumber, // a hand of another game
		game + "/hands/-1/delete",
	} {
		p := app.get(path)
		if p.status != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, p.status)
		}
		mustContain(t, p, "Not found", "Home")
	}
}

func TestBodyTooLarge(t *testing.T) {
	app := newTestApp(t)
	form := formValues(app.get("/games/new?game=fan"))
	form.Set("players", strings.Repeat("x", 70*1024))
	p := app.post("/games", form)
	if p.status != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %d, want 413", p.status)
	}
	mustContain(t, p, "Too much to send")
}

func TestStaticFilesEmbedded(t *testing.T) {
	app := newTestApp(t)
	p := app.get("/static/app.css")
	if p.status != http.StatusOK || !strings.Contains(p.body, "prefers-color-scheme: dark") {
		t.Errorf("/static/app.css = %d", p.status)
	}
}

// TestScorepadCachedByVersion: the scorepad carries an ETag; a phone
// that has the page gets a 304, and once a hand is saved the ETag moves
// and the new page, gzipped, shows the hand.
func TestScorepadCachedByVersion(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	get := func(etag string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, app.srv.URL+game, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		resp, err := app.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	first := get("")
	etag := first.Header.Get("ETag")
	if first.StatusCode != http.StatusOK || etag == "" || first.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("scorepad: %d, ETag %q, encoding %q", first.StatusCode, etag, first.Header.Get("Content-Encoding"))
	}
	if again := get(etag); again.StatusCode != http.StatusNotModified {
		t.Fatalf("the same page again: %d", again.StatusCode)
	}
	if p := app.recordPoints(game, "0", "18", "0"); p.status != http.StatusSeeOther {
		t.Fatalf("save: %d", p.status)
	}
	after := get(etag)
	if after.StatusCode != http.StatusOK || after.Header.Get("ETag") == etag {
		t.Fatalf("after a save: %d, ETag %q (was %q)", after.StatusCode, after.Header.Get("ETag"), etag)
	}
	zr, err := gzip.NewReader(after.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(zr)
	if !strings.Contains(string(body), "+18") {
		t.Errorf("the page after the save does not show the hand")
	}
}

// TestWatchPageFollowsSaves: the spectators' page, cached per version
// like the scorepad, shows a hand saved after it was first seen.
func TestWatchPageFollowsSaves(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	link := regexp.MustCompile(`/w/[a-z2-7]{26}`).FindString(app.get(game + "/share").body)
	if link == "" {
		t.Fatal("no spectators' link on the share page")
	}
	if p := app.get(link); p.status != http.StatusOK || strings.Contains(p.body, "+18") {
		t.Fatalf("spectators' page: %d", p.status)
	}
	if p := app.recordPoints(game, "0", "18", "0"); p.status != http.StatusSeeOther {
		t.Fatalf("save: %d", p.status)
	}
	if p := app.get(link); p.status != http.StatusOK || !strings.Contains(p.body, "+18") {
		t.Errorf("after a save the spectators' page does not show it (%d)", p.status)
	}
}

// TestStandingsCachedByLeagueVersion: the standings page carries an ETag
// and answers 304 to it until a game of the league changes.
func TestStandingsCachedByLeagueVersion(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Thursday club", "fan")
	game := app.startLeagueGame(l, "fan", "Ann", "Bob")
	get := func(etag string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, app.srv.URL+l.members, nil)
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		resp, err := app.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	etag := get("").Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag on the standings")
	}
	if again := get(etag); again.StatusCode != http.StatusNotModified {
		t.Fatalf("the same standings again: %d", again.StatusCode)
	}
	app.mustRecord(game, "", "100", "0")
	if after := get(etag); after.StatusCode != http.StatusOK || after.Header.Get("ETag") == etag {
		t.Fatalf("after a game ended: %d, ETag %q", after.StatusCode, after.Header.Get("ETag"))
	}
}

// TestPageCacheMissSetsNoETag: a page not cached yet leaves the answer
// without the page's validators, so that an error rendered instead (the
// database failing while the page is rendered) is never kept by a phone
// under the page's ETag; a stored page carries them.
func TestPageCacheMissSetsNoETag(t *testing.T) {
	pages := newPageCache()
	e := echo.New()
	rec := httptest.NewRecorder()
	c := e.NewContext(httptest.NewRequest(http.MethodGet, "/g/x", nil), rec)
	if done, err := pages.serve(c, "scorepad\x00x\x001"); done || err != nil {
		t.Fatalf("a page never stored was served: %v %v", done, err)
	}
	if rec.Header().Get("ETag") != "" || rec.Header().Get("Cache-Control") != "" {
		t.Fatalf("a miss set validators: %v", rec.Header())
	}
	if err := pages.store(c, "scorepad\x00x\x001", []byte("<p>page</p>")); err != nil {
		t.Fatal(err)
	}
	if rec.Header().Get("ETag") != etagOf(inLanguage(c, "scorepad\x00x\x001")) {
		t.Errorf("a stored page lacks its ETag: %v", rec.Header())
	}
}

// TestCreateGameDealerAmongNamedSeats: "Who deals first?" offers the seats
// with a name, once a name is typed; a first dealer posted for a seat
// left empty (as a form without script can) is refused, saying which.
func TestCreateGameDealerAmongNamedSeats(t *testing.T) {
	app := newTestApp(t)
	dealerOptions := func(p page) []string {
		sel := between(p.body, `<select id="dealer"`, `</select>`)
		var out []string
		for _, m := range regexp.MustCompile(`<option value="(\d+)"[^>]*>([^<]*)</option>`).FindAllStringSubmatch(sel, -1) {
			out = append(out, m[1]+" "+m[2])
		}
		return out
	}
	fresh := app.get("/games/new?game=flathead")
	if got := dealerOptions(fresh); len(got) != strings.Count(fresh.body, `name="players"`) || got[2] != "2 Player 3" {
		t.Errorf("with no name typed yet the dealer's seats are %q, want every seat", got)
	}
	form := formValues(app.get("/games/new?game=flathead"))
	form["players"] = []string{"Ann", "", "Bob", ""}
	form.Set("dealer", "3")
	p := app.post("/games", form)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422", p.status)
	}
	mustContain(t, p, "Player 4 has no name")
	if got := dealerOptions(p); !slices.Equal(got, []string{"0 Ann", "2 Bob"}) {
		t.Errorf("the refused form offers the dealer's seats %q, want Ann's and Bob's", got)
	}
}
