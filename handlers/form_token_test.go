package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"meldpad/db"
)

// A form whose hidden token comes back damaged (a proxy, an extension,
// a hand-made request) saves nothing, says so where the page shows the
// form's own messages, keeps what was typed, and carries a fresh token,
// so that sending the page again saves it once.
func TestDamagedTokenIsShownAndRenewed(t *testing.T) {
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
	}{
		{"a hand by points", gamePath + "/hands/new", gamePath + "/hands",
			func(v url.Values) { v["points"] = []string{"14", "", ""}; v.Set("seat", "0") }, `value="14"`,
			func(p page) bool { return hands() == 1 }},
		{"a new game", "/games/new?game=fan", "/games",
			func(v url.Values) { v["players"] = []string{"Dot", "Eve"} }, `value="Eve"`,
			func(p page) bool { return strings.HasPrefix(p.location, "/g/") }},
		{"a new league", "/leagues/new", "/leagues",
			func(v url.Values) { v.Set("name", "Tuesday club"); v["games"] = []string{"fan"} }, `value="Tuesday club"`,
			func(p page) bool { return strings.HasPrefix(p.location, "/lo/") }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			form := formValues(app.get(tc.page))
			tc.fill(form)
			form.Set("token", "tapA")
			p := app.post(tc.action, form)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("damaged token: %d %s, want 422\n%s", p.status, p.location, p.body)
			}
			mustContain(t, p, `role="alert">Nothing was saved: this form came back damaged.`, tc.typed)
			if tc.saved(p) {
				t.Fatal("saved with a damaged token")
			}
			again := formValues(p)
			if tok := again.Get("token"); !db.ValidID(tok) {
				t.Fatalf("the page shown again carries token %q, not a fresh one", tok)
			}
			tc.fill(again)
			if p := app.post(tc.action, again); p.status != http.StatusSeeOther || !tc.saved(p) {
				t.Fatalf("sent again: %d %s\n%s", p.status, p.location, p.body)
			}
		})
	}
}
