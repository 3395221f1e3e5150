package handlers

import (
	"bufio"
	"context"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"meldpad/db"
)

var (
	eventPathRe    = regexp.MustCompile(`^(/lo/[a-z2-7]{26}/events/[0-9]+)\?done=created$`)
	tableGameRe    = regexp.MustCompile(`<h3><a href="(/[gw]/[a-z2-7]{26})">Table ([0-9]+)</a>`)
	screenLinkRe   = regexp.MustCompile(`href="(/s/[a-z2-7]{26})"`)
	membersEventRe = regexp.MustCompile(`href="(/l/[a-z2-7]{26}/events/[0-9]+)"`)
)

// newEventApp is a test app for event nights. A seating searches for a
// bounded number of steps (package seating), well inside the referee's
// deadline on a server (under a second), but not under the race
// detector on a loaded machine: these tests give it a minute.
func newEventApp(t *testing.T) *testApp {
	t.Helper()
	return openTestAppWith(t, filepath.Join(t.TempDir(), "meldpad.db"), Options{Limits: Limits{RefereeTimeout: time.Minute}})
}

// eventForm is a new-event form filled in as the organizer would, for
// the settings a test does not change.
func eventForm(base url.Values, players []string) url.Values {
	form := url.Values{}
	for k, v := range base {
		form[k] = v
	}
	form.Set("name", "Friday night")
	form["sizes"] = []string{"3", "4", "5"}
	form.Set("rounds", "3")
	form.Set("scoring", "places")
	form.Set("place_points", "4 2 1 0")
	form.Set("bye", "average")
	form["tie_breaks"] = []string{"wins", "head_to_head", "game_points", "fewest_byes"}
	form.Set("new_names", strings.Join(players, "\n"))
	return form
}

// createEvent makes an event night of the league through the form and
// returns its organizer's page.
func (a *testApp) createEvent(l league, game string, edit func(url.Values), players ...string) string {
	a.t.Helper()
	form := eventForm(formValues(a.get(l.organizer+"/events/new?game="+game)), players)
	if edit != nil {
		edit(form)
	}
	p := a.post(l.organizer+"/events", form)
	m := eventPathRe.FindStringSubmatch(p.location)
	if p.status != http.StatusSeeOther || m == nil {
		a.t.Fatalf("create the event: %d %q\n%s", p.status, p.location, p.body)
	}
	return m[1]
}

// seatRound seats the next round through the organizer's page.
func (a *testApp) seatRound(eventPath string) page {
	a.t.Helper()
	page := a.get(eventPath)
	form := formValues(page)
	if form.Get("round") == "" {
		a.t.Fatalf("the event's page has no round to seat:\n%s", page.body)
	}
	return a.post(eventPath+"/rounds", form)
}

// tables are the links of the tables of the page's current round, by
// number.
func tables(p page) map[int]string {
	out := map[int]string{}
	body := p.body
	if i := strings.Index(body, "<h2>Earlier rounds</h2>"); i >= 0 {
		body = body[:i]
	}
	for _, m := range tableGameRe.FindAllStringSubmatch(body, -1) {
		n, _ := strconv.Atoi(m[2])
		out[n] = m[1]
	}
	return out
}

func TestEventNight(t *testing.T) {
	app := newEventApp(t)
	l := app.createLeague("Friday club", "flathead")
	players := []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"}
	ev := app.createEvent(l, "flathead", func(f url.Values) {
		f["sizes"] = []string{"3", "4"}
		f.Set("rounds", "2")
	}, players...)
	page := app.get(ev)
	mustContain(t, page, "Friday night", "Checking in: 7 players", "Seat round 1", "Tables of 3 or 4 players, 2 rounds")

	if p := app.seatRound(ev); p.status != http.StatusSeeOther || !strings.HasSuffix(p.location, "?done=seated") {
		t.Fatalf("seat round 1: %d %s\n%s", p.status, p.location, p.body)
	}
	page = app.get(ev)
	round1 := tables(page)
	if len(round1) != 2 {
		t.Fatalf("round 1 has %d tables, want 2 (3 and 4 players)\n%s", len(round1), page.body)
	}
	for _, link := range round1 {
		if !strings.HasPrefix(link, "/g/") {
			t.Errorf("the organizer's page links table %s: want the game's own link", link)
		}
	}
	mustContain(t, page, "2 tables still playing", "Round 1 is still being played")
	// The next round waits for this one.
	if p := app.seatRound(ev); p.status != http.StatusUnprocessableEntity {
		t.Errorf("seating round 2 while round 1 plays: %d", p.status)
	}

	// The members' page and the screen link the games read-only.
	members := membersEventRe.FindStringSubmatch(app.get(l.members).body)
	if members == nil {
		t.Fatalf("the league's page does not list the event")
	}
	mpage := app.get(members[1])
	for _, link := range tables(mpage) {
		if !strings.HasPrefix(link, "/w/") {
			t.Errorf("the members' page links %s", link)
		}
	}
	for _, link := range round1 {
		if strings.Contains(mpage.body, link) {
			t.Errorf("the members' page names a game's own link %s", link)
		}
	}
	screen := screenLinkRe.FindStringSubmatch(page.body)
	if screen == nil {
		t.Fatal("no screen link")
	}
	spage := app.get(screen[1])
	if spage.status != http.StatusOK || strings.Contains(spage.body, "/g/") || strings.Contains(spage.body, "/w/") || strings.Contains(spage.body, "/lo/") {
		t.Errorf("the screen (%d) links further:\n%s", spage.status, spage.body)
	}

	// Every table plays its game out: the first seat goes out with 42.
	for _, link := range round1 {
		points := make([]string, seatsOf(t, app, link))
		points[0] = "42"
		app.mustRecord(link, "0", points...)
	}
	page = app.get(ev)
	mustContain(t, page, "Round 1 of 2 is over", "Seat round 2")
	if p := app.seatRound(ev); p.status != http.StatusSeeOther {
		t.Fatalf("seat round 2: %d\n%s", p.status, p.body)
	}
	// A second tap on the same page seats nothing more.
	if p := app.post(ev+"/rounds", formValues(page)); p.status != http.StatusSeeOther || strings.Contains(p.location, "done=seated") {
		t.Errorf("the same tap again: %d %s", p.status, p.location)
	}
	page = app.get(ev)
	if n := len(tables(page)); n != 2 {
		t.Errorf("round 2 has %d tables", n)
	}
	if strings.Contains(page.body, "Seat round 3") {
		t.Errorf("a third round offered in an event of 2")
	}
	for _, link := range tables(page) {
		points := make([]string, seatsOf(t, app, link))
		points[len(points)-1] = "48"
		app.mustRecord(link, strconv.Itoa(len(points)-1), points...)
	}
	page = app.get(ev)
	mustContain(t, page, "Finished after 2 rounds")
	rows := eventStandings(t, page)
	total := 0.0
	for _, r := range rows {
		f, _ := strconv.ParseFloat(r.points, 64)
		total += f
	}
	// Each of the 4 tables paid 4 to its winner and 1.5 each to two
	// seconds (one table of 3: 4, 1.5, 1.5; one of 4: 4 and 1 each to
	// three sharing second place, since the losers all scored nothing).
	if len(rows) != 7 {
		t.Errorf("%d standings rows", len(rows))
	}
	if total != 2*(4+1.5+1.5)+2*(4+1+1+1) {
		t.Errorf("the standings pay %v points in all: %+v", total, rows)
	}
}

// seatsOf is how many seats the game's form has.
func seatsOf(t *testing.T, app *testApp, game string) int {
	t.Helper()
	n := strings.Count(app.get(game+"/hands/new").body, `name="points"`)
	if n == 0 {
		t.Fatalf("%s has no points form", game)
	}
	return n
}

type eventRow struct {
	rank, name, points, played, wins string
}

var eventRowRe = regexp.MustCompile(`(?s)<tr><th scope="row" class="text">([^<]+?)\s*(?:<span[^>]*>[^<]*</span>)?</th><td>([^<]*)</td><td class="rating">([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td>`)

// eventStandings reads an event's standings table, in its order.
func eventStandings(t *testing.T, p page) []eventRow {
	t.Helper()
	start := strings.Index(p.body, `<table class="standings event-standings">`)
	if start < 0 {
		t.Fatalf("no event standings (status %d)", p.status)
	}
	body := p.body[start : start+strings.Index(p.body[start:], "</table>")]
	var rows []eventRow
	for _, m := range eventRowRe.FindAllStringSubmatch(body, -1) {
		rows = append(rows, eventRow{rank: m[2], name: strings.TrimSpace(m[1]), points: m[3], played: m[4], wins: m[5]})
	}
	return rows
}

// TestEventTrust: only the organizer's link makes and runs an event; a
// members' link, another league's organizer's link or a form without
// its token changes nothing.
func TestEventTrust(t *testing.T) {
	app := newEventApp(t)
	l := app.createLeague("Friday club", "flathead")
	other := app.createLeague("Other club", "flathead")
	ev := app.createEvent(l, "flathead", nil, "Ann", "Bob", "Cy")
	id := ev[strings.LastIndex(ev, "/")+1:]
	membersID := strings.TrimPrefix(l.members, "/l/")
	if p := app.get("/lo/" + membersID + "/events/" + id); p.status != http.StatusForbidden {
		t.Errorf("the members' link as the organizer's: %d", p.status)
	}
	if p := app.post("/lo/"+membersID+"/events/"+id+"/rounds", formValues(app.get(ev))); p.status != http.StatusForbidden {
		t.Errorf("seating with the members' link: %d", p.status)
	}
	if p := app.get(other.organizer + "/events/" + id); p.status != http.StatusNotFound {
		t.Errorf("another league's organizer opens the event: %d", p.status)
	}
	if p := app.post(other.organizer+"/events/"+id+"/rounds", formValues(app.get(ev))); p.status != http.StatusNotFound {
		t.Errorf("another league's organizer seats the event: %d", p.status)
	}
	if p := app.get(other.members + "/events/" + id); p.status != http.StatusNotFound {
		t.Errorf("another league's members' page shows the event: %d", p.status)
	}
	for _, path := range []string{l.members + "/events/x", l.members + "/events/0", "/s/aaaaaaaaaaaaaaaaaaaaaaaaaa", "/s/short"} {
		if p := app.get(path); p.status != http.StatusNotFound {
			t.Errorf("%s: %d", path, p.status)
		}
	}
	form := formValues(app.get(ev))
	form.Del("_csrf")
	if p := app.post(ev+"/rounds", form); p.status < 400 || p.status >= 500 {
		t.Errorf("seating without the CSRF token: %d", p.status)
	}
	if strings.Contains(app.get(ev).body, "Round 1 of") {
		t.Errorf("a round was seated by a refused form")
	}
	if p := app.seatRound(ev); p.status != http.StatusSeeOther {
		t.Fatalf("seat: %d", p.status)
	}
	// The table cards show the games' own links: the organizer's only.
	cards := app.get(ev + "/cards")
	if cards.status != http.StatusOK || strings.Count(cards.body, `class="card table-print"`) != 1 || !strings.Contains(cards.body, "/g/") {
		t.Errorf("table cards: %d\n%s", cards.status, cards.body)
	}
	if p := app.get("/lo/" + membersID + "/events/" + id + "/cards"); p.status != http.StatusForbidden {
		t.Errorf("the table cards through the members' link: %d", p.status)
	}
	// A table stays in the league: the organizer marks it instead.
	game := tables(app.get(ev))[1]
	g, err := app.store.Game(context.Background(), strings.TrimPrefix(game, "/g/"))
	if err != nil {
		t.Fatal(err)
	}
	watch, _ := app.store.WatchID(context.Background(), g.ID)
	remove := l.organizer + "/games/" + watch + "/remove"
	if p := app.post(remove, formValues(app.get(remove))); p.status != http.StatusConflict || !strings.Contains(p.body, "not counting") {
		t.Errorf("taking a table out of the league: %d\n%s", p.status, p.body)
	}
}

func TestNewEventFormProblems(t *testing.T) {
	app := newEventApp(t)
	l := app.createLeague("Friday club", "flathead", "fan", "points")
	for _, tc := range []struct {
		name  string
		game  string
		edit  func(url.Values)
		field string
		want  string
	}{
		{"no size", "flathead", func(f url.Values) { f.Del("sizes") }, "sizes", "Choose at least one table size"},
		{"a size the game has not", "flathead", func(f url.Values) { f["sizes"] = []string{"7"} }, "sizes", "not 7"},
		{"too many rounds", "flathead", func(f url.Values) { f.Set("rounds", "21") }, "rounds", "1 to 20 rounds"},
		{"place points", "flathead", func(f url.Values) { f.Set("place_points", "4 two 1") }, "place_points", "Whole numbers"},
		{"rising place points", "flathead", func(f url.Values) { f.Set("place_points", "1 2") }, "place_points", "cannot be worth more"},
		{"a tie-break twice", "flathead", func(f url.Values) { f["tie_breaks"] = []string{"wins", "wins"} }, "tie_breaks[2]", "already higher"},
		{"Swiss at tables of 3", "flathead", func(f url.Values) { f.Set("pairing", "swiss") }, "pairing", "tables of two only"},
		{"a bad name", "flathead", func(f url.Values) { f.Set("new_names", "Ann\nB\tob") }, "new_names", "Line 2"},
		{"fixed bye without points", "flathead", func(f url.Values) { f.Set("bye", "fixed"); f.Set("bye_points", "") }, "bye_points", "whole number"},
		{"totals of a game by points", "points", func(f url.Values) {
			pointsSetup(f)
			f.Set("scoring", "game")
		}, "scoring", "do not compare"},
		{"a game by points without its name", "points", func(f url.Values) {
			pointsSetup(f)
			f.Del("setup_name")
		}, "setup_name", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			form := eventForm(formValues(app.get(l.organizer+"/events/new?game="+tc.game)), []string{"Ann", "Bob", "Cy"})
			form["tie_breaks"] = []string{"wins"}
			if tc.edit != nil {
				tc.edit(form)
			}
			p := app.post(l.organizer+"/events", form)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422\n%s", p.status, p.body)
			}
			mustContain(t, p, `id="err-`+tc.field+`"`, tc.want, "Friday night")
		})
	}
	list, err := app.store.LeagueEvents(context.Background(), mustLeagueID(t, app, l))
	if err != nil || len(list) != 0 {
		t.Errorf("events after refused forms: %v %v", list, err)
	}
}

// pointsSetup fills in a game by points' own settings, as the form
// shows them: Hearts to 100.
func pointsSetup(f url.Values) {
	f.Set("setup_name", "Hearts")
	f.Set("setup_end", "target")
	f.Set("setup_target", "100")
	f.Set("setup_rounds", "10")
	f.Set("setup_wins", "lowest")
}

func mustLeagueID(t *testing.T, app *testApp, l league) int64 {
	t.Helper()
	got, err := app.store.League(context.Background(), strings.TrimPrefix(l.members, "/l/"))
	if err != nil {
		t.Fatal(err)
	}
	return got.ID
}

// TestEventLateArrivalDropAndBye: 7 players at tables of 3 have a bye,
// the lowest-ranked's; a late arrival is seated from the next round; a
// player dropped is not seated again, and keeps the rounds played.
func TestEventLateArrivalDropAndBye(t *testing.T) {
	app := newEventApp(t)
	l := app.createLeague("Friday club", "flathead")
	ev := app.createEvent(l, "flathead", func(f url.Values) {
		f["sizes"] = []string{"3"}
		f.Set("bye", "fixed")
		f.Set("bye_points", "2")
	}, "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")
	app.seatRound(ev)
	page := app.get(ev)
	bye := regexp.MustCompile(`Sitting out round 1: ([A-Za-z]+)`).FindStringSubmatch(page.body)
	if bye == nil {
		t.Fatalf("no bye in round 1 of 7 at tables of 3")
	}
	for _, link := range tables(page) {
		app.mustRecord(link, "1", "", "42", "")
	}
	// Hal arrives; Ann leaves.
	form := formValues(page)
	form.Set("new_names", "Hal")
	if p := app.post(ev+"/players", form); p.status != http.StatusSeeOther {
		t.Fatalf("add Hal: %d\n%s", p.status, p.body)
	}
	page = app.get(ev)
	drop := regexp.MustCompile(`action="(` + regexp.QuoteMeta(ev) + `/players/[0-9]+/drop)"[^>]*>\s*<input[^>]*>\s*<button[^>]*>Drop Ann<`).FindStringSubmatch(page.body)
	if drop == nil {
		t.Fatalf("no way to drop Ann\n%s", page.body)
	}
	if p := app.post(drop[1], formValues(page)); p.status != http.StatusSeeOther {
		t.Fatalf("drop Ann: %d", p.status)
	}
	page = app.get(ev)
	mustContain(t, page, "Hal", "seated from round 2", "left after round 1")
	rows := eventStandings(t, page)
	for _, r := range rows {
		if r.name == bye[1] && r.points != "2" {
			t.Errorf("%s's bye: %s points, want 2", r.name, r.points)
		}
	}
	app.seatRound(ev)
	page = app.get(ev)
	round2 := page.body[strings.Index(page.body, "<h2>Round 2</h2>"):]
	round2 = round2[:strings.Index(round2, "<h2>Standings</h2>")]
	if strings.Contains(round2, "Ann") || !strings.Contains(round2, "Hal") {
		t.Errorf("round 2 seats Ann or leaves Hal out:\n%s", round2)
	}
	// 7 present at tables of 3: one sits out, not the one who did.
	if m := regexp.MustCompile(`Sitting out round 2: ([A-Za-z]+)`).FindStringSubmatch(round2); m == nil || m[1] == bye[1] {
		t.Errorf("round 2's bye %v; round 1's was %s", m, bye[1])
	}
}

// TestEventTableDoesNotCount: a table marked as not counting leaves the
// event's standings and the league's.
func TestEventTableDoesNotCount(t *testing.T) {
	app := newEventApp(t)
	l := app.createLeague("Friday club", "flathead")
	ev := app.createEvent(l, "flathead", func(f url.Values) { f["sizes"] = []string{"3"} }, "Ann", "Bob", "Cy")
	app.seatRound(ev)
	page := app.get(ev)
	game := tables(page)[1]
	app.mustRecord(game, "0", "42", "", "")
	if rows := eventStandings(t, app.get(ev)); rows[0].points != "4" {
		t.Fatalf("the winner's points %s, want 4", rows[0].points)
	}
	mark := regexp.MustCompile(`action="(` + regexp.QuoteMeta(ev) + `/tables/1/1)"`).FindStringSubmatch(page.body)
	if mark == nil {
		t.Fatal("no way to mark table 1")
	}
	form := formValues(page)
	form.Set("counts", "0")
	if p := app.post(mark[1], form); p.status != http.StatusSeeOther {
		t.Fatalf("mark: %d", p.status)
	}
	page = app.get(ev)
	mustContain(t, page, "does not count", "Count table 1 again")
	for _, r := range eventStandings(t, page) {
		if r.points != "0" || r.played != "0" {
			t.Errorf("%+v after the table stopped counting", r)
		}
	}
	rows := standingsRows(t, app.get(l.members))
	for name, cells := range rows {
		if cells[1] != "0" {
			t.Errorf("league standings: %s has played %s games, want 0", name, cells[1])
		}
	}
	form.Set("counts", "1")
	app.post(mark[1], form)
	if rows := eventStandings(t, app.get(ev)); rows[0].points != "4" {
		t.Errorf("counting again: the winner's points %s, want 4", rows[0].points)
	}
	form.Set("counts", "maybe")
	if p := app.post(mark[1], form); p.status != http.StatusBadRequest {
		t.Errorf("counts=maybe: %d", p.status)
	}
}

// TestEventScreenUpdates: the screen's stream brings its part at once,
// then again when a table's game changes and when a round is seated.
func TestEventScreenUpdates(t *testing.T) {
	app := newEventApp(t)
	l := app.createLeague("Friday club", "flathead")
	ev := app.createEvent(l, "flathead", func(f url.Values) { f["sizes"] = []string{"3"} }, "Ann", "Bob", "Cy")
	screen := screenLinkRe.FindStringSubmatch(app.get(ev).body)[1]
	resp, err := http.Get(app.srv.URL + screen + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	r := bufio.NewReader(resp.Body)
	next := func(what string) (string, string) {
		t.Helper()
		got := make(chan [2]string, 1)
		go func() {
			name, data := readEvent(t, r)
			got <- [2]string{name, data}
		}()
		select {
		case ev := <-got:
			if ev[0] != "screen" {
				t.Fatalf("%s: event %q", what, ev[0])
			}
			digest, part, _ := strings.Cut(ev[1], "\n")
			return digest, part
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: no screen event within 10 s", what)
		}
		return "", ""
	}
	first, part := next("at once")
	if !strings.Contains(part, "Checking in") {
		t.Errorf("the first part: %.300s", part)
	}
	app.seatRound(ev)
	seated, part := next("after seating")
	if seated == first || !strings.Contains(part, "Round 1") || !strings.Contains(part, "no hand yet") {
		t.Errorf("after seating: %s (was %s) %.500s", seated, first, part)
	}
	app.mustRecord(tables(app.get(ev))[1], "2", "", "", "42")
	played, part := next("after a hand")
	if played == seated || !strings.Contains(part, " won") || strings.Contains(part, "still playing") {
		t.Errorf("after the table's hand: %s %.800s", played, part)
	}
	if page := app.get(screen); !strings.Contains(page.body, `data-digest="`+played+`"`) {
		t.Errorf("the screen's page does not show stamp %s", played)
	}
}

// TestMergeTwoEntrants: two names of one event are not merged, and the
// organizer is told why.
func TestMergeTwoEntrants(t *testing.T) {
	app := newEventApp(t)
	l := app.createLeague("Friday club", "flathead")
	app.createEvent(l, "flathead", nil, "Ann", "Annie", "Bob")
	page := app.get(l.organizer)
	ids := map[string]string{}
	for _, m := range regexp.MustCompile(`<option value="([0-9]+)"[^>]*>([^<]+)</option>`).FindAllStringSubmatch(page.body, -1) {
		ids[m[2]] = m[1]
	}
	form := formValues(page)
	form.Set("keep", ids["Ann"])
	form.Set("gone", ids["Annie"])
	p := app.post(l.organizer+"/merge", form)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("merge: %d", p.status)
	}
	mustContain(t, p, "both took part in Friday night")
	members, _ := app.store.Members(context.Background(), mustLeagueID(t, app, l))
	if !slices.ContainsFunc(members, func(p db.Player) bool { return p.Name == "Annie" }) {
		t.Errorf("Annie merged away")
	}
}

// TestEventSeatingPastTheDeadline: a seating that takes longer than the
// referee's deadline is answered 503 and seats nothing.
func TestEventSeatingPastTheDeadline(t *testing.T) {
	app := openTestAppWith(t, filepath.Join(t.TempDir(), "meldpad.db"), Options{Limits: Limits{RefereeTimeout: time.Nanosecond}})
	l := app.createLeague("Friday club", "flathead")
	ev := app.createEvent(l, "flathead", nil, "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")
	if p := app.seatRound(ev); p.status != http.StatusServiceUnavailable || !strings.Contains(p.body, "took too long") {
		t.Errorf("seating past the deadline: %d", p.status)
	}
	if page := app.get(ev); !strings.Contains(page.body, "Checking in") || len(tables(page)) != 0 {
		t.Errorf("a round was seated past the deadline")
	}
}
