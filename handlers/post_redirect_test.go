package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// postRaw posts a form without following any redirect, to see the answer
// itself.
func (a *testApp) postRaw(path string, form url.Values) page {
	a.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return a.do(req)
}

// TestFormsRedirectAfterPost: every page a game's form answers with
// (refused, in conflict, one more meld, checked) is shown at a GET
// address after a redirect, so a reload shows it again, posts nothing and
// never lands on "Not here"; the address is the form's own.
func TestFormsRedirectAfterPost(t *testing.T) {
	tests := []struct {
		name   string
		game   string
		post   func(app *testApp, game string) (string, url.Values)
		at     string // the GET address, after the game's
		status int
		want   []string
	}{
		{"by points, refused", "fan", func(app *testApp, game string) (string, url.Values) {
			form := formValues(app.get(game + "/hands/new"))
			form["points"] = []string{"ten", ""}
			return game + "/hands", form
		}, "/hands/new", http.StatusUnprocessableEntity, []string{"Enter a whole number", `value="ten"`}},
		{"by points, stale phone", "fan", func(app *testApp, game string) (string, url.Values) {
			form := formValues(app.get(game + "/hands/new"))
			app.mustRecord(game, "", "20", "")
			form["points"] = []string{"15", ""}
			return game + "/hands", form
		}, "/hands/new", http.StatusConflict, []string{"another phone saved first", "Save as deal 2 anyway", `value="15"`}},
		{"add a meld", "fortune", func(app *testApp, game string) (string, url.Values) {
			form := formValues(app.get(game + "/hands/new?by=cards"))
			form.Set("meld_0_0", "ks kh kd")
			form.Set("action", "more:meld_0")
			return game + "/hands", form
		}, "/hands/new?by=cards", http.StatusOK, []string{`value="ks kh kd"`, `name="fields_meld_0" value="2"`, `id="in-meld_0_1"`}},
		{"card sheet, incomplete save", "fan", func(app *testApp, game string) (string, url.Values) {
			form := formValues(app.get(game + "/hands/new?by=cards"))
			form.Set("action", "save")
			return game + "/hands", form
		}, "/hands/new?by=cards", http.StatusUnprocessableEntity, []string{"Not saved"}},
		{"correction, refused", "fan", func(app *testApp, game string) (string, url.Values) {
			app.mustRecord(game, "", "20", "")
			link := handLinks(app.get(game))[0]
			form := formValues(app.get(link))
			form["points"] = []string{"20", "5"}
			return link, form
		}, "/hands/1?by=points", http.StatusUnprocessableEntity, []string{"only one player scores", `value="5"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			game := app.createGame(tc.game, "Ann", "Bob")
			action, form := tc.post(app, game)
			before := len(handLinks(app.get(game)))
			answer := app.postRaw(action, form)
			if answer.status != http.StatusSeeOther {
				t.Fatalf("the POST answered %d, want a redirect (303)\n%s", answer.status, answer.body)
			}
			at, err := url.Parse(answer.location)
			if err != nil {
				t.Fatal(err)
			}
			shown := at.Query().Get("shown")
			q := at.Query()
			q.Del("shown")
			plain := at.Path
			if len(q) > 0 {
				plain += "?" + q.Encode()
			}
			want := game + tc.at
			if strings.HasPrefix(tc.at, "/hands/1") {
				want = handLinks(app.get(game))[0] + strings.TrimPrefix(tc.at, "/hands/1")
			}
			if plain != want || shown == "" {
				t.Fatalf("redirected to %q, want %q with shown=", answer.location, want)
			}
			// The page, then a reload of it: the same, nothing posted.
			for _, try := range []string{"shown", "reloaded"} {
				p := app.get(answer.location)
				if p.status != tc.status {
					t.Fatalf("%s: status %d, want %d\n%s", try, p.status, tc.status, p.body)
				}
				mustContain(t, p, tc.want...)
			}
			if n := len(handLinks(app.get(game))); n != before {
				t.Errorf("%d hands after showing the page, want %d", n, before)
			}
			// A page not kept (a restart, an hour) gives way to the
			// address's own form.
			if p := app.get(plain + map[bool]string{true: "&", false: "?"}[strings.Contains(plain, "?")] + "shown=" + strings.Repeat("a", 26)); p.status != http.StatusOK {
				t.Errorf("with a page not kept: %d, want the form (200)", p.status)
			}
		})
	}
}

// TestKeptPageOnlyAtItsAddress: a kept page is shown at the address it
// was kept for, and nowhere else: another game's address with its id
// shows that game's own form.
func TestKeptPageOnlyAtItsAddress(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	other := app.createGame("fan", "Cy", "Dee")
	form := formValues(app.get(game + "/hands/new"))
	form["points"] = []string{"ten", ""}
	answer := app.postRaw(game+"/hands", form)
	at, _ := url.Parse(answer.location)
	p := app.get(other + "/hands/new?shown=" + at.Query().Get("shown"))
	if p.status != http.StatusOK || strings.Contains(p.body, `value="ten"`) || strings.Contains(p.body, "Ann") {
		t.Errorf("another game's form with this id: %d, shows the kept page: %v", p.status, strings.Contains(p.body, "Ann"))
	}
}

// TestPostOnlyAddressesShowAPage: the addresses forms post to show a page
// on GET too (a reload of an old page, a bookmark), never "Not here".
func TestPostOnlyAddressesShowAPage(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	for _, path := range []string{"/hands", "/hands/preview"} {
		p := app.get(game + path)
		if p.status != http.StatusSeeOther || p.location != game+"/hands/new" {
			t.Errorf("GET %s: %d to %q, want 303 to the new hand's form", path, p.status, p.location)
		}
	}
}
