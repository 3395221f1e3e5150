package handlers

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/msg"
	"meldpad/rules/standings"
	"meldpad/scorepad"
)

var (
	leagueLinkRe  = regexp.MustCompile(`/l/([a-z2-7]{26})`)
	playerLinkRe  = regexp.MustCompile(`href="(/l/[a-z2-7]{26}/players/[0-9]+)">([^<]+)</a>`)
	leagueWatchRe = regexp.MustCompile(`href="(/w/[a-z2-7]{26})"`)
	cellRe        = regexp.MustCompile(`<td[^>]*>([^<]*)</td>`)
)

// league is a league made through the form: its members' and organizer's
// paths.
type league struct {
	members, organizer string
}

// createLeague makes a league through the new-league form.
func (a *testApp) createLeague(name string, games ...string) league {
	a.t.Helper()
	form := formValues(a.get("/leagues/new"))
	form.Set("name", name)
	for _, g := range games {
		form.Add("games", g)
	}
	p := a.post("/leagues", form)
	if p.status != http.StatusSeeOther || !strings.HasPrefix(p.location, "/lo/") {
		a.t.Fatalf("create league: %d %s\n%s", p.status, p.location, p.body)
	}
	org := strings.TrimSuffix(p.location, "?done=created")
	m := leagueLinkRe.FindStringSubmatch(a.get(org).body)
	if m == nil {
		a.t.Fatalf("the organizer's page does not show the members' link")
	}
	return league{members: "/l/" + m[1], organizer: org}
}

// startLeagueGame starts a game from the league's page and returns its
// scorepad's path.
func (a *testApp) startLeagueGame(l league, game string, players ...string) string {
	a.t.Helper()
	id := strings.TrimPrefix(l.members, "/l/")
	form := formValues(a.get("/games/new?game=" + game + "&league=" + id))
	if form.Get("league") != id {
		a.t.Fatalf("the new-game form does not carry the league")
	}
	for _, p := range players {
		form.Add("players", p)
	}
	p := a.post("/games", form)
	if p.status != http.StatusSeeOther || !strings.HasPrefix(p.location, "/g/") {
		a.t.Fatalf("start %s in league: %d\n%s", game, p.status, p.body)
	}
	return p.location
}

func (a *testApp) mustRecord(gamePath, seat string, points ...string) {
	a.t.Helper()
	if p := a.recordPoints(gamePath, seat, points...); p.status != http.StatusSeeOther {
		a.t.Fatalf("record %v in %s: %d\n%s", points, gamePath, p.status, p.body)
	}
}

// standingsRows reads the standings table: each player's name and cells.
func standingsRows(t *testing.T, p page) map[string][]string {
	t.Helper()
	rows := map[string][]string{}
	body := p.body
	start := strings.Index(body, `<table class="standings">`)
	if start < 0 {
		t.Fatalf("no standings table (status %d)", p.status)
	}
	body = body[start : start+strings.Index(body[start:], "</table>")]
	for _, tr := range strings.Split(body, "<tr>")[1:] {
		m := regexp.MustCompile(`<th scope="row"><a href="[^"]+">([^<]+)</a></th>`).FindStringSubmatch(tr)
		if m == nil {
			continue
		}
		var cells []string
		for _, c := range cellRe.FindAllStringSubmatch(tr, -1) {
			cells = append(cells, html.UnescapeString(c[1]))
		}
		rows[html.UnescapeString(m[1])] = cells
	}
	return rows
}

// playFirstLeagueWeek plays three finished games in a league of Fan Rummy
// and Trophy Case:
//
//	Fan 1:   Ann 60+45 = 105, Bob 0: Ann wins.
//	Fan 2:   Bob 0+100 = 100, Ann 30+0 = 30: Bob wins (seats Bob, Ann).
//	Trophy:  Ann 10, Bob 10, Cy 30: Cy wins; Ann and Bob share 2nd (T8).
//
// It returns the second Fan game's path.
func playFirstLeagueWeek(app *testApp, l league) string {
	fan1 := app.startLeagueGame(l, "fan", "Ann", "Bob")
	app.mustRecord(fan1, "", "60", "0")
	app.mustRecord(fan1, "", "45", "0")
	fan2 := app.startLeagueGame(l, "fan", "Bob", "Ann")
	app.mustRecord(fan2, "", "0", "30")
	app.mustRecord(fan2, "", "100", "0")
	trophy := app.startLeagueGame(l, "trophy", "Ann", "Bob", "Cy")
	app.mustRecord(trophy, "0", "10", "0", "0")
	app.mustRecord(trophy, "1", "0", "10", "0")
	app.mustRecord(trophy, "2", "0", "0", "30")
	return fan2
}

// The standings' arithmetic on hand-made games, ties for a place, the
// points columns of one game, and a corrected hand changing the standings
// on the very next request although the first request cached them.
func TestLeagueStandings(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Thursday club", "fan", "trophy")
	fan2 := playFirstLeagueWeek(app, l)

	// Columns: rating, games, wins, win %, average place, streak.
	p := app.get(l.members)
	mustContain(t, p, "Thursday club", "All games · all seasons · 3 finished games", "OpenSkill", "How the leaders moved", "<svg")
	rows := standingsRows(t, p)
	want := map[string][]string{
		// Ann: places 1, 2, 2 (shared in Trophy Case); won, lost, lost.
		"Ann": {"3", "1", "33%", "1.67", "L2"},
		"Bob": {"3", "1", "33%", "1.67", "L1"},
		"Cy":  {"1", "1", "100%", "1.00", "W1"},
	}
	for name, w := range want {
		got := rows[name]
		if len(got) < 6 || !slices.Equal(got[1:6], w) {
			t.Errorf("%s: %v, want rating then %v", name, got, w)
		}
		if len(got) > 0 && !strings.Contains(got[0], " ± ") {
			t.Errorf("%s's rating %q lacks its uncertainty", name, got[0])
		}
	}
	if len(rows) != 3 {
		t.Errorf("rows: %v", rows)
	}

	// Fan Rummy alone: points for and against (own total, opponent's).
	fan := standingsRows(t, app.get(l.members+"?game=fan"))
	if got := fan["Ann"]; len(got) != 8 || !slices.Equal(got[1:], []string{"2", "1", "50%", "1.50", "L1", "135", "100"}) {
		t.Errorf("Ann in Fan Rummy: %v", got)
	}
	// Trophy Case: Bob scored 10 and the others 10 + 30.
	if got := standingsRows(t, app.get(l.members+"?game=trophy"))["Bob"]; len(got) != 8 || got[6] != "10" || got[7] != "40" {
		t.Errorf("Bob in Trophy Case: %v", got)
	}

	// Correct Fan 2's last deal: Ann scores 80 instead of Bob's 100, so Ann
	// wins it with 110. The standings cached by the requests above must
	// not be served again.
	links := handLinks(app.get(fan2))
	form := formValues(app.get(links[1]))
	form.Del("points")
	form.Add("points", "0")
	form.Add("points", "80")
	if p := app.post(links[1], form); p.status != http.StatusSeeOther {
		t.Fatalf("correct: %d\n%s", p.status, p.body)
	}
	rows = standingsRows(t, app.get(l.members))
	if got := rows["Ann"]; !slices.Equal(got[1:6], []string{"3", "2", "67%", "1.33", "L1"}) {
		t.Errorf("Ann after the correction: %v", got)
	}
	if got := rows["Bob"]; !slices.Equal(got[1:6], []string{"3", "0", "0%", "2.00", "L3"}) {
		t.Errorf("Bob after the correction: %v", got)
	}
	fan = standingsRows(t, app.get(l.members+"?game=fan"))
	if got := fan["Ann"]; !slices.Equal(got[5:], []string{"W2", "215", "0"}) {
		t.Errorf("Ann's Fan points after the correction: %v", got)
	}

	// Deleting that deal leaves Fan 2 unfinished: it no longer counts.
	form = formValues(app.get(links[1] + "/delete"))
	if p := app.post(links[1]+"/delete", form); p.status != http.StatusSeeOther {
		t.Fatalf("delete: %d", p.status)
	}
	p = app.get(l.members)
	mustContain(t, p, "2 finished games")
	if got := standingsRows(t, p)["Bob"]; got[1] != "2" {
		t.Errorf("Bob after deleting the deal: %v", got)
	}
}

func TestLeagueStandingsSortAndFilter(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Club", "fan", "trophy")
	playFirstLeagueWeek(app, l)
	order := func(query string) []string {
		var names []string
		p := app.get(l.members + query)
		body := p.body[strings.Index(p.body, `<table class="standings">`):]
		for _, m := range playerLinkRe.FindAllStringSubmatch(body, -1) {
			names = append(names, m[2])
		}
		return names
	}
	tests := []struct {
		query string
		want  []string
	}{
		{"?sort=name&dir=asc", []string{"Ann", "Bob", "Cy"}},
		{"?sort=name&dir=desc", []string{"Cy", "Bob", "Ann"}},
		// Ann and Bob both played 3 with places 1, 2, 2 and 2, 1, 2: the
		// tie goes to the rating, where Bob's more recent, upset win over
		// the then higher-rated Ann counts for more.
		{"?sort=played&dir=asc", []string{"Cy", "Bob", "Ann"}},
		{"?sort=place&dir=asc", []string{"Cy", "Bob", "Ann"}},
		{"?min=2", []string{"Bob", "Ann"}},
		{"?sort=junk&dir=sideways&min=lots&season=x&game=poker", nil}, // defaults, never an error
	}
	for _, tc := range tests {
		got := order(tc.query)
		if tc.want != nil && !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.query, got, tc.want)
		}
		if len(got) == 0 {
			t.Errorf("%s: no rows", tc.query)
		}
	}
	p := app.get(l.members + "?min=2")
	mustContain(t, p, "1 player with fewer than 2 games not shown")
	// The header links sort, keeping the filter; the sorted column says so.
	p = app.get(l.members + "?game=fan&sort=wins&dir=desc")
	mustContain(t, p, `aria-sort="descending"`, `href="`+l.members+`?dir=asc&amp;game=fan&amp;sort=wins"`, `<option value="fan" selected>`)
}

func TestLeagueOrganizerOnly(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Club", "fan")
	publicID := strings.TrimPrefix(l.members, "/l/")
	orgID := strings.TrimPrefix(l.organizer, "/lo/")
	if p := app.get(l.members); strings.Contains(p.body, orgID) {
		t.Errorf("the members' page shows the organizer's link")
	}
	if p := app.get(l.organizer); p.status != http.StatusOK {
		t.Fatalf("organizer's page: %d", p.status)
	}
	csrf := formValues(app.get(l.organizer)).Get("_csrf")
	tests := []struct {
		name   string
		method string
		path   string
		form   url.Values
		status int
		want   string
	}{
		{"page", "GET", "/lo/" + publicID, nil, http.StatusForbidden, "This is the members&#39; link"},
		{"settings", "POST", "/lo/" + publicID + "/settings", url.Values{"_csrf": {csrf}, "name": {"Mine"}, "games": {"fan"}}, http.StatusForbidden, "needs the organizer&#39;s link"},
		{"merge", "POST", "/lo/" + publicID + "/merge", url.Values{"_csrf": {csrf}, "keep": {"1"}, "gone": {"2"}}, http.StatusForbidden, "organizer&#39;s link"},
		{"games", "GET", "/lo/" + publicID + "/games", nil, http.StatusForbidden, "organizer&#39;s link"},
		{"a made-up id", "GET", "/lo/aaaaaaaaaaaaaaaaaaaaaaaaaa", nil, http.StatusNotFound, "Not found"},
		{"junk", "POST", "/lo/junk/settings", url.Values{"_csrf": {csrf}}, http.StatusNotFound, "Not found"},
		{"no organizer route under the members' link", "POST", l.members + "/settings", url.Values{"_csrf": {csrf}}, http.StatusNotFound, "Not found"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var p page
			if tc.method == "GET" {
				p = app.get(tc.path)
			} else {
				p = app.post(tc.path, tc.form)
			}
			if p.status != tc.status {
				t.Errorf("status %d, want %d", p.status, tc.status)
			}
			mustContain(t, p, tc.want)
		})
	}
	if p := app.get(l.members); !strings.Contains(p.body, "<h1>Club</h1>") {
		t.Errorf("a refused action changed the league")
	}
}

func TestLeagueSettingsAndSeasons(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Club", "fan", "trophy")
	playFirstLeagueWeek(app, l)
	form := formValues(app.get(l.organizer))

	// Refused forms keep what was typed and say why, beside the field.
	bad := url.Values{"_csrf": {form.Get("_csrf")}, "name": {"  "}}
	p := app.post(l.organizer+"/settings", bad)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("empty settings: %d", p.status)
	}
	mustContain(t, p, "This is needed.", "Choose at least one game that counts", `aria-invalid="true"`)

	season := url.Values{"_csrf": {form.Get("_csrf")}, "token": {form.Get("token")}, "name": {"Spring"}, "starts_on": {"2026-05-01"}, "ends_on": {"2026-04-01"}}
	p = app.post(l.organizer+"/seasons", season)
	mustContain(t, p, "The season cannot end before it starts.", `value="Spring"`, `value="2026-05-01"`)
	season.Set("ends_on", "1 May")
	mustContain(t, app.post(l.organizer+"/seasons", season), "Enter a date like 2026-03-01")

	// Only Trophy Case counts: Fan games stay but leave the table.
	ok := url.Values{"_csrf": {form.Get("_csrf")}, "name": {"Friday club"}, "games": {"trophy"}}
	if p := app.post(l.organizer+"/settings", ok); p.status != http.StatusSeeOther {
		t.Fatalf("settings: %d\n%s", p.status, p.body)
	}
	p = app.get(l.members)
	mustContain(t, p, "<h1>Friday club</h1>", "1 finished game", "does not count")
	if rows := standingsRows(t, p); rows["Cy"][1] != "1" || rows["Ann"][1] != "1" {
		t.Errorf("Trophy Case only: %v", rows)
	}

	// A season without dates from now on holds no game yet; a season of
	// dates around today holds them all.
	form = formValues(app.get(l.organizer))
	if p := app.post(l.organizer+"/seasons", url.Values{"_csrf": {form.Get("_csrf")}, "token": {form.Get("token")}, "name": {"From now"}}); p.status != http.StatusSeeOther {
		t.Fatalf("add season: %d\n%s", p.status, p.body)
	}
	org := app.get(l.organizer)
	mustContain(t, org, "The current season: holds the games started since")
	seasonID := regexp.MustCompile(`<option value="([0-9]+)">From now</option>`).FindStringSubmatch(app.get(l.members).body)
	if seasonID == nil {
		t.Fatalf("the season is not offered on the league page")
	}
	mustContain(t, app.get(l.members+"?season="+seasonID[1]), "Trophy Case", "From now · 0 finished games")
}

func TestLeagueMerge(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Club", "fan")
	g1 := app.startLeagueGame(l, "fan", "Ann", "Bob")
	app.mustRecord(g1, "", "100", "0")
	g2 := app.startLeagueGame(l, "fan", "Annie", "Bob")
	app.mustRecord(g2, "", "100", "0")
	ids := map[string]string{}
	org := app.get(l.organizer)
	for _, m := range regexp.MustCompile(`<option value="([0-9]+)">([^<]+)</option>`).FindAllStringSubmatch(org.body, -1) {
		ids[m[2]] = m[1]
	}
	csrf := formValues(org).Get("_csrf")
	merge := func(keep, gone string) page {
		return app.post(l.organizer+"/merge", url.Values{"_csrf": {csrf}, "keep": {ids[keep]}, "gone": {ids[gone]}})
	}
	p := merge("Ann", "Bob")
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("merging two players of one game: %d", p.status)
	}
	mustContain(t, p, "Ann and Bob both sat at 1 game: two names at one table are two people")
	if len(leagueWatchRe.FindAllString(p.body[strings.Index(p.body, "both sat at"):], -1)) < 1 {
		t.Errorf("the refusal should link the shared games")
	}
	mustContain(t, merge("Ann", "Ann"), "Choose two different names.")
	req, _ := http.NewRequest(http.MethodPost, app.srv.URL+l.organizer+"/merge",
		strings.NewReader(url.Values{"_csrf": {csrf}, "keep": {ids["Ann"]}, "gone": {ids["Bob"]}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept-Language", "de")
	mustContain(t, app.do(req), html.EscapeString(locale.For("de").T("league.err.merge_same_table",
		msg.S("Keep", "Ann"), msg.S("Gone", "Bob"), msg.N("Count", 1))))

	if p := merge("Ann", "Annie"); p.status != http.StatusSeeOther {
		t.Fatalf("merge: %d\n%s", p.status, p.body)
	}
	rows := standingsRows(t, app.get(l.members))
	if _, ok := rows["Annie"]; ok || rows["Ann"][1] != "2" || rows["Ann"][2] != "2" {
		t.Errorf("after the merge: %v", rows)
	}
	if p := merge("Ann", "Annie"); p.status != http.StatusUnprocessableEntity || !strings.Contains(p.body, "no longer a player") {
		t.Errorf("merging again: %d", p.status)
	}
}

func TestLeagueGamesAndRemoval(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Club", "fan")
	g := app.startLeagueGame(l, "fan", "Ann", "Bob")
	app.mustRecord(g, "", "100", "0")

	// The scorepad shows its league and the running totals chart.
	mustContain(t, app.get(g), `League: <a href="`+l.members+`">Club</a>`, "Running totals", `<svg viewBox="0 0 360 220" role="img"`, "Totals after each of 1 deal")
	// The league's pages link games read-only, never by their editing link.
	lp := app.get(l.members + "/games")
	if strings.Contains(lp.body, g) {
		t.Errorf("the league's games page hands out the game's editing link")
	}
	watch := leagueWatchRe.FindStringSubmatch(lp.body)
	if watch == nil {
		t.Fatalf("no read-only link to the game")
	}
	w := app.get(watch[1])
	mustContain(t, w, "League: Club", "You are watching")
	if strings.Contains(w.body, l.members) {
		t.Errorf("a game's spectators are led to the league")
	}

	// A game that does not count cannot be started from the league.
	p := app.get("/games/new?game=trophy&league=" + strings.TrimPrefix(l.members, "/l/"))
	mustContain(t, p, "Which game?", "For the league")
	if strings.Contains(p.body, "Trophy Case") {
		t.Errorf("a game that does not count is offered")
	}

	games := app.get(l.organizer + "/games")
	remove := regexp.MustCompile(`href="(/lo/[a-z2-7]+/games/[a-z2-7]+/remove)"`).FindStringSubmatch(games.body)
	if remove == nil {
		t.Fatalf("no remove link on the organizer's games page")
	}
	confirm := app.get(remove[1])
	mustContain(t, confirm, "Remove this game from Club?")
	if p := app.post(remove[1], formValues(confirm)); p.status != http.StatusSeeOther {
		t.Fatalf("remove: %d", p.status)
	}
	mustContain(t, app.get(l.members), "0 finished games")
	if p := app.get(g); p.status != http.StatusOK || strings.Contains(p.body, "League:") {
		t.Errorf("the removed game should stay, outside the league")
	}
	if p := app.post(remove[1], formValues(confirm)); p.status != http.StatusSeeOther {
		t.Errorf("removing twice: %d", p.status)
	}
}

func TestLeaguePlayerPage(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Club", "fan", "trophy")
	playFirstLeagueWeek(app, l)
	var annURL string
	for _, m := range playerLinkRe.FindAllStringSubmatch(app.get(l.members).body, -1) {
		if m[2] == "Ann" {
			annURL = m[1]
		}
	}
	p := app.get(annURL)
	mustContain(t, p, "<h1>Ann</h1>", "Rating over time", "rating-chart", "Ann&#39;s rating went from 25.0 ± 25.0",
		"Fan Rummy", "Trophy Case", "Head to head", "Every game")
	// Fan: best deal +60 (deal 1 of the first game), worst 0 (deal 2 of
	// the second: the first time Ann scored nothing).
	mustContain(t, p, "<strong>+60</strong>", "deal 1 ·", "<strong>0</strong>", "deal 2 ·")
	// Head to head with Bob: ahead in Fan 1, behind in Fan 2, level in
	// Trophy Case; with Cy: behind once.
	h2h := standingsRows(t, page{body: p.body[strings.Index(p.body, "Head to head"):]})
	if !slices.Equal(h2h["Bob"], []string{"3", "1", "1", "1"}) || !slices.Equal(h2h["Cy"], []string{"1", "0", "1", "0"}) {
		t.Errorf("head to head: %v", h2h)
	}
	mustContain(t, p, "2nd= of 3", "1st of 2", "2nd of 2")
	if p := app.get(l.members + "/players/999"); p.status != http.StatusNotFound {
		t.Errorf("unknown player: %d", p.status)
	}
	if p := app.get(l.members + "/players/x"); p.status != http.StatusNotFound {
		t.Errorf("junk player: %d", p.status)
	}
}

func TestCreateLeagueValidation(t *testing.T) {
	app := newTestApp(t)
	form := formValues(app.get("/leagues/new"))
	form.Set("name", strings.Repeat("x", 61))
	form.Add("members", "Ann")
	form.Add("members", strings.Repeat("y", 41))
	p := app.post("/leagues", form)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d", p.status)
	}
	mustContain(t, p, "Use at most 60 characters.", "Use at most 40 characters.", "Choose at least one game", `value="Ann"`)
	// A double-tapped submit makes one league.
	form = formValues(app.get("/leagues/new"))
	form.Set("name", "Club")
	form.Add("games", "fan")
	first, second := app.post("/leagues", form), app.post("/leagues", form)
	if first.location == "" || first.location != second.location {
		t.Errorf("double submit: %q then %q", first.location, second.location)
	}
}

func TestWarmLeaguesFillsTheCache(t *testing.T) {
	app := newTestApp(t)
	ctx := context.Background()
	l, err := scorepad.SeedLeague(ctx, app.store, scorepad.SeedOptions{Players: 6, Games: 30, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	h := app.srv.Config.Handler.(*Server)
	if err := h.WarmLeagues(ctx); err != nil {
		t.Fatal(err)
	}
	d, _ := h.leagues.entries.Peek(l.ID)
	if d == nil || d.version != l.Version {
		t.Fatalf("league %d not in the cache after warming", l.ID)
	}
	d.mu.Lock()
	_, computed := d.tables[standings.Scope{}]
	d.mu.Unlock()
	if !computed {
		t.Errorf("the default standings were not computed")
	}
}
