package handlers

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"meldpad/db"
)

// A form whose hidden token or version comes back damaged (a proxy, an
// extension, a hand-made request) saves nothing, says so where the page
// shows the form's own messages, keeps what was typed, and carries a
// good token and the version of what it changes as it is now, so that
// sending the page again saves it once.
func TestDamagedHiddenFieldsAreShownAndMended(t *testing.T) {
	app := newTestApp(t)
	gamePath := app.createGame("flathead", "Ann", "Bob", "Cy")
	hands := func() []db.Hand {
		t.Helper()
		hs, err := app.store.Hands(context.Background(), mustGameID(t, app, gamePath))
		if err != nil {
			t.Fatal(err)
		}
		return hs
	}
	// try damages the form of page, posts it to action, and sends the
	// page shown again; saved says whether what it asks is done.
	try := func(t *testing.T, page, action string, fill func(url.Values), damage url.Values, typed string, saved func(page) bool) {
		t.Helper()
		form := formValues(app.get(page))
		fill(form)
		want := form.Get("version")
		for k, v := range damage {
			form[k] = v
		}
		p := app.post(action, form)
		if p.status != http.StatusUnprocessableEntity {
			t.Fatalf("damaged %v: %d %s, want 422\n%s", damage, p.status, p.location, p.body)
		}
		message := `role="alert">Nothing was saved: this form came back damaged.`
		if damage.Has("version") {
			message = `role="alert">Nothing was saved: this form came back without saying which state of the game it was made from`
		}
		mustContain(t, p, message, typed)
		if saved(p) {
			t.Fatal("saved with a damaged form")
		}
		again := formValues(p)
		if tok := again.Get("token"); !db.ValidID(tok) {
			t.Fatalf("the page shown again carries token %q", tok)
		}
		if v := again.Get("version"); v != want {
			t.Fatalf("the page shown again carries version %q, want %q", v, want)
		}
		fill(again)
		if p := app.post(action, again); p.status != http.StatusSeeOther || !saved(p) {
			t.Fatalf("sent again: %d %s\n%s", p.status, p.location, p.body)
		}
	}
	points := func(ps ...string) func(url.Values) {
		return func(v url.Values) {
			v["points"] = ps
			v.Set("seat", itoa(slices.IndexFunc(ps, func(p string) bool { return p != "" })))
		}
	}

	t.Run("a hand, its token damaged", func(t *testing.T) {
		try(t, gamePath+"/hands/new", gamePath+"/hands", points("14", "", ""), url.Values{"token": {"tapA"}}, `value="14"`,
			func(page) bool { return len(hands()) == 1 })
	})
	t.Run("a hand, its version damaged", func(t *testing.T) {
		try(t, gamePath+"/hands/new", gamePath+"/hands", points("14", "", ""), url.Values{"version": {"-7"}}, `value="14"`,
			func(page) bool { return len(hands()) == 2 })
	})
	t.Run("a correction, its version damaged", func(t *testing.T) {
		hand := handLinks(app.get(gamePath))[0]
		try(t, hand, hand, points("", "21", ""), url.Values{"version": {"x"}}, `value="21"`,
			func(page) bool {
				return slices.ContainsFunc(hands(), func(h db.Hand) bool { return slices.Equal(h.Points, []int{0, 21, 0}) })
			})
	})
	t.Run("a new game", func(t *testing.T) {
		try(t, "/games/new?game=fan", "/games", func(v url.Values) { v["players"] = []string{"Dot", "Eve"} }, url.Values{"token": {"tapA"}},
			`value="Eve"`, func(p page) bool { return strings.HasPrefix(p.location, "/g/") })
	})
	t.Run("a new league", func(t *testing.T) {
		try(t, "/leagues/new", "/leagues", func(v url.Values) { v.Set("name", "Tuesday club"); v["games"] = []string{"fan"} },
			url.Values{"token": {"tapA"}}, `value="Tuesday club"`, func(p page) bool { return strings.HasPrefix(p.location, "/lo/") })
	})
}
