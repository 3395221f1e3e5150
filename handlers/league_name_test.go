package handlers

import (
	"net/http"
	"testing"

	"meldpad/db"
	"meldpad/rules/names"
)

// TestLeagueNameIsCheckedAsEveryName: a league's name that is not UTF-8
// text is refused beside the field, as a game's name is, rather than
// kept with U+FFFD (finding: the league form tidied the name into
// U+FFFD before the name check saw it).
func TestLeagueNameIsCheckedAsEveryName(t *testing.T) {
	app := newTestApp(t)
	for _, name := range []string{"Thursday \xff club", "\xffclub"} {
		form := formValues(app.get("/leagues/new"))
		form.Set("name", name)
		form.Add("games", "fan")
		p := app.post("/leagues", form)
		if p.status != http.StatusUnprocessableEntity {
			t.Errorf("league %q: %d %s, want 422", name, p.status, p.location)
		}
		mustContain(t, p, "This is not readable text")

		game := formValues(app.get("/games/new?game=points"))
		game["players"] = []string{"Ann", "Bob"}
		game.Set("name", name)
		game.Set("end", "open")
		game.Set("wins", "lowest")
		if p := app.post("/games", game); p.status != http.StatusUnprocessableEntity {
			t.Errorf("game %q: %d, want 422", name, p.status)
		}
	}
	if names.Check(names.Tidy("Thursday \xff club"), db.MaxLeagueName) == nil {
		t.Errorf("the name check takes a tidied name that is not text")
	}
}
