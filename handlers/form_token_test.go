package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"meldpad/db"
)

// A form whose hidden token or version comes back damaged (a proxy, an
// extension, a hand-made request) saves nothing, says so where the page
// shows the form's own messages, keeps what was typed, and carries a
// fresh token and the game's version, so that sending the page again
// saves it once.
func TestDamagedHiddenFieldsAreShownAndMended(t *testing.T) {
	app := newTestApp(t)
	gamePath := app.createGame("flathead", "Ann", "Bob", "Cy")
	hands := func() int {
		t.Helper()
		hs, err := app.store.Hands(context.Background(), mustGameID(t, app, gamePath))
		if err != nil {
			t.Fatal(err)
		}
		return len(hs)
	}
	cases := []struct {
		name   string
		page   string // the form's page
		action string
		fill   func(url.Values)
		typed  string // what the page shown again must keep
		saved  func(page) bool
		damage url.Values
	}{
		{"a hand by points", gamePath + "/hands/new", gamePath + "/hands",
			func(v url.Values) { v["points"] = []string{"14", "", ""}; v.Set("seat", "0") }, `value="14"`,
			func(p page) bool { return hands() == 1 }, url.Values{"token": {"tapA"}}},
		{"a hand by points, its version damaged", gamePath + "/hands/new", gamePath + "/hands",
			func(v url.Values) { v["points"] = []string{"14", "", ""}; v.Set("seat", "0") }, `value="14"`,
			func(p page) bool { return hands() == 2 }, url.Values{"version": {"-7"}}},
		{"a new game", "/games/new?game=fan", "/games",
			func(v url.Values) { v["players"] = []string{"Dot", "Eve"} }, `value="Eve"`,
			func(p page) bool { return strings.HasPrefix(p.location, "/g/") }, url.Values{"token": {"tapA"}}},
		{"a new league", "/leagues/new", "/leagues",
			func(v url.Values) { v.Set("name", "Tuesday club"); v["games"] = []string{"fan"} }, `value="Tuesday club"`,
			func(p page) bool { return strings.HasPrefix(p.location, "/lo/") }, url.Values{"token": {"tapA"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			form := formValues(app.get(tc.page))
			tc.fill(form)
			want := form.Get("version")
			for k, v := range tc.damage {
				form[k] = v
			}
			p := app.post(tc.action, form)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("damaged %v: %d %s, want 422\n%s", tc.damage, p.status, p.location, p.body)
			}
			mustContain(t, p, `role="alert">Nothing was saved: this form came back damaged.`, tc.typed)
			if tc.saved(p) {
				t.Fatal("saved with a damaged token")
			}
			again := formValues(p)
			if tok := again.Get("token"); !db.ValidID(tok) {
				t.Fatalf("the page shown again carries token %q, not a good one", tok)
			}
			if v := again.Get("version"); v != want {
				t.Fatalf("the page shown again carries version %q, want the game's %q", v, want)
			}
			tc.fill(again)
			if p := app.post(tc.action, again); p.status != http.StatusSeeOther || !tc.saved(p) {
				t.Fatalf("sent again: %d %s\n%s", p.status, p.location, p.body)
			}
		})
	}
}
