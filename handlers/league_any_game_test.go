package handlers

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// startLeagueWith starts a game from the league's page with the given
// inputs besides the players: a game by points' setup, house rules ticked.
func (a *testApp) startLeagueWith(l league, game string, setup url.Values, players ...string) string {
	a.t.Helper()
	form := formValues(a.get("/games/new?game=" + game + "&league=" + strings.TrimPrefix(l.members, "/l/")))
	for k, v := range setup {
		form[k] = v
	}
	for _, p := range players {
		form.Add("players", p)
	}
	p := a.post("/games", form)
	if p.status != http.StatusSeeOther {
		a.t.Fatalf("start %s in the league: %d\n%s", game, p.status, p.body)
	}
	return p.location
}

// TestLeagueCountsGinAndPoints: Gin Rummy counts with its final totals,
// bonuses in (G5), and a game by points with its shared first place (P4),
// in the table and in the ratings.
func TestLeagueCountsGinAndPoints(t *testing.T) {
	app := newTestApp(t)
	// Every game is offered, and ticked, on the new-league form.
	form := app.get("/leagues/new")
	for _, id := range []string{"gin", "points"} {
		mustContain(t, form, `value="`+id+`" checked`)
	}
	l := app.createLeague("Club", "gin", "points")

	// API.md's gin game: Ann 105 + game bonus 100 + box 50 = 255; Bob 31
	// + box 25 = 56.
	gin := app.startLeagueWith(l, "gin", url.Values{"house": {"undercut_on_tie", "box_bonus", "shutout"}}, "Ann", "Bob")
	for _, deal := range [][2]string{{"25", "0"}, {"0", "0"}, {"0", "31"}, {"80", "0"}} {
		app.mustRecord(gin, "", deal[0], deal[1])
	}
	p := app.get(gin)
	mustContain(t, p, "Ann wins with 255", "Game bonus (G5)", "Box bonus (G5)", "+100", "+50", "+25")
	// Hearts: Bob and Cy tie at 3 for the lowest total and share the win.
	hearts := app.startLeagueWith(l, "points", url.Values{"name": {"Hearts"}, "end": {"target"}, "target": {"100"}, "wins": {"lowest"}},
		"Ann", "Bob", "Cy", "Dee")
	app.mustRecord(hearts, "", "100", "3", "3", "20")
	mustContain(t, app.get(hearts), "Bob and Cy share the win with 3")

	// All games: games, wins, win %, average place, streak.
	rows := standingsRows(t, app.get(l.members))
	want := map[string][]string{
		"Ann": {"2", "1", "50%", "2.50", "L1"},
		"Bob": {"2", "1", "50%", "1.50", "W1"},
		"Cy":  {"1", "1", "100%", "1.00", "W1"},
		"Dee": {"1", "0", "0%", "3.00", "L1"},
	}
	for name, w := range want {
		if got := rows[name]; len(got) < 6 || !slices.Equal(got[1:6], w) {
			t.Errorf("%s: %v, want rating then %v", name, got, w)
		}
	}
	// Sharing first place, Bob and Cy gain alike in the game by points;
	// Dee, third, loses.
	pts := standingsRows(t, app.get(l.members+"?game=points"))
	if pts["Bob"][0] != pts["Cy"][0] || pts["Bob"][0] == pts["Dee"][0] || len(pts["Bob"]) != 6 {
		t.Errorf("ratings after a shared win: %v", pts)
	}
	// Gin alone: points for and against are the final totals.
	g := standingsRows(t, app.get(l.members+"?game=gin"))
	if got := g["Ann"]; len(got) != 8 || !slices.Equal(got[6:], []string{"255", "56"}) {
		t.Errorf("Ann in Gin Rummy: %v", got)
	}
	if got := g["Bob"]; len(got) != 8 || !slices.Equal(got[6:], []string{"56", "255"}) {
		t.Errorf("Bob in Gin Rummy: %v", got)
	}
}
