package handlers

import (
	"net/http"
	"net/url"
	"reflect"
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
	// The league's list of games names the game by points by its own name.
	mustContain(t, app.get(l.members+"/games"), "Hearts")

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

// TestExportImportAnyGame: a league's Gin Rummy game (its house rules on
// and off, a draw entered card by card) and its games by points (their
// settings, an open game's end) leave in the export and come back from
// the import as they were, standings and all.
func TestExportImportAnyGame(t *testing.T) {
	from := newTestApp(t)
	l := from.createLeague("Club", "gin", "points")
	gin := from.startLeagueWith(l, "gin", url.Values{"house": {"box_bonus"}}, "Ann", "Bob")
	sheet := formValues(from.get(gin + "/hands/new?by=cards"))
	sheet.Set("knocker", "draw")
	sheet.Set("action", "save")
	if p := from.post(gin+"/hands", sheet); p.status != http.StatusSeeOther {
		t.Fatalf("a draw: %d\n%s", p.status, p.body)
	}
	from.mustRecord(gin, "", "0", "110")
	hearts := from.startLeagueWith(l, "points", url.Values{"name": {"Hearts"}, "end": {"target"}, "target": {"100"}, "wins": {"lowest"}},
		"Ann", "Bob", "Cy")
	from.mustRecord(hearts, "", "100", "13", "13")
	skat := from.startLeagueWith(l, "points", url.Values{"name": {"Skat"}, "end": {"open"}, "wins": {"highest"}}, "Ann", "Cy")
	from.mustRecord(skat, "", "24", "-24")
	if p := from.post(skat+"/end", formValues(from.get(skat+"/end"))); p.status != http.StatusSeeOther {
		t.Fatalf("end Skat: %d", p.status)
	}

	export := from.get(l.organizer + "/export.json")
	to := newTestApp(t)
	if p := to.upload("club.json", []byte(export.body)); p.status != http.StatusOK {
		t.Fatalf("import: %d\n%s", p.status, p.body)
	}
	for _, game := range []string{gin, hearts, skat} {
		a, b := from.storedGame(game), to.storedGame(game)
		if string(a.Settings) != string(b.Settings) || len(a.HouseRules) != len(b.HouseRules) || a.Winner != b.Winner || !a.Finished() || !b.Finished() {
			t.Errorf("%s: exported %+v, imported %+v", game, a, b)
		}
		for k, v := range a.HouseRules {
			if b.HouseRules[k] != v {
				t.Errorf("%s: house rule %s %v, imported %v", game, k, v, b.HouseRules[k])
			}
		}
		for seat := range a.Seats {
			if a.Seats[seat].Final != b.Seats[seat].Final || a.Seats[seat].Place != b.Seats[seat].Place {
				t.Errorf("%s seat %d: %+v, imported %+v", game, seat, a.Seats[seat], b.Seats[seat])
			}
		}
	}
	// Bob's Gin: 110 and the game bonus, no shutout (off), the box bonus
	// for one deal: 235; Ann's box: none.
	if g := to.storedGame(gin); g.Seats[1].Final != 235 || g.Seats[0].Final != 0 {
		t.Errorf("the imported Gin game's finals: %+v", g.Seats)
	}
	for _, scope := range []string{"", "?game=gin", "?game=points"} {
		a, b := standingsRows(t, from.get(l.members+scope)), standingsRows(t, to.get(l.members+scope))
		if len(a) != 3 || !reflect.DeepEqual(a, b) {
			t.Errorf("standings%s: %v, imported %v", scope, a, b)
		}
	}
}

// TestLeagueSharedWinP4: a game by points in which Ann and Bob tie at
// 120 for the best total, both over the target: they share the win
// (P4), and every list of the league's games says so, as the scorepad
// does: the league page, its list of games, the organizer's, and
// games.csv. None names Ann alone.
func TestLeagueSharedWinP4(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Club", "points")
	pinochle := app.startLeagueWith(l, "points", url.Values{"name": {"Pinochle"}, "end": {"target"}, "target": {"100"}, "wins": {"highest"}},
		"Ann", "Bob", "Cy")
	app.mustRecord(pinochle, "", "120", "120", "40")
	mustContain(t, app.get(pinochle), "Ann and Bob share the win with 120")
	for _, page := range []string{l.members, l.members + "/games", l.organizer + "/games"} {
		p := app.get(page)
		mustContain(t, p, "Ann and Bob shared the win")
		if strings.Contains(p.body, "Ann won") {
			t.Errorf("%s names Ann alone as the winner", page)
		}
	}
	games := readCSV(t, app.get(l.members+"/games.csv").body)
	if len(games) != 2 || games[0][5] != "winner" || games[1][5] != "Ann and Bob (shared)" {
		t.Errorf("games.csv: %q, want the winner column to name Ann and Bob as sharing the win", games)
	}
}
