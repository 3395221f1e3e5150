package handlers

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestTooLongListSaysHowMany posts one entry more than each list field
// of the forms takes: the message beside it counts entries (a list's
// "max" is its length), not characters, and nothing is saved.
func TestTooLongListSaysHowMany(t *testing.T) {
	app := newTestApp(t)
	lg := app.createLeague("Club", "fan", "points")
	// many fills field with n entries: prefix and a number, or prefix
	// itself when it ends in "=" (a list of one valid value repeated).
	many := func(form url.Values, field, prefix string, n int) url.Values {
		form.Del(field)
		for i := range n {
			if v, same := strings.CutSuffix(prefix, "="); same {
				form.Add(field, v)
			} else {
				form.Add(field, fmt.Sprintf("%s%d", prefix, i+1))
			}
		}
		return form
	}
	cases := []struct {
		name, get, post, field, prefix string
		n                              int
		want                           string
	}{
		{"players of a new game", "/games/new?game=fortune", "/games", "players", "P", 13, "Enter at most 12 names."},
		{"house rules of a new game", "/games/new?game=fan", "/games", "house", "undercut_on_tie=", 13, "Enter at most 12 house rules."},
		{"members of a new league", "/leagues/new", "/leagues", "members", "M", 41, "Enter at most 40 names."},
		{"games of a new league", "/leagues/new", "/leagues", "games", "fan=", 21, "Enter at most 20 games."},
		{"members added to a league", lg.organizer, lg.organizer + "/members", "members", "M", 41, "Enter at most 40 names."},
		{"games of a league's settings", lg.organizer, lg.organizer + "/settings", "games", "fan=", 21, "Enter at most 20 games."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			form := formValues(app.get(tc.get))
			form.Set("name", "Club")
			form.Set("players", "Ann")
			form.Add("players", "Bob")
			p := app.post(tc.post, many(form, tc.field, tc.prefix, tc.n))
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422\n%s", p.status, p.body)
			}
			mustContain(t, p, tc.want)
			if strings.Contains(p.body, "characters.") {
				t.Errorf("a list too long is reported in characters")
			}
		})
	}
	// Nothing was saved: no game of P1 and P2 among this phone's, no
	// member M40 in the league. Each check sees what a saved form adds.
	if strings.Contains(app.get("/").body, "P1 0 · P2 0") {
		t.Errorf("a refused new game was started")
	}
	if strings.Contains(app.get(lg.organizer).body, "M40") {
		t.Errorf("a refused list of members was added")
	}
	app.createGame("fortune", "P1", "P2")
	mustContain(t, app.get("/"), "P1 0 · P2 0")
	form := formValues(app.get(lg.organizer))
	form.Set("members", "M40")
	if p := app.post(lg.organizer+"/members", form); p.status != http.StatusSeeOther {
		t.Fatalf("adding M40: %d\n%s", p.status, p.body)
	}
	mustContain(t, app.get(lg.organizer), "M40")
}
