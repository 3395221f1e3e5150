package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

var optionRe = regexp.MustCompile(`<option value="([0-9]+)"[^>]*>([^<]+)</option>`)

// playerIDs reads the players of a league from its organizer's page.
func (a *testApp) playerIDs(l league) map[string]string {
	a.t.Helper()
	ids := map[string]string{}
	for _, m := range optionRe.FindAllStringSubmatch(a.get(l.organizer).body, -1) {
		ids[m[2]] = m[1]
	}
	return ids
}

// organize posts one of the organizer's forms.
func (a *testApp) organize(l league, action string, fields url.Values) page {
	a.t.Helper()
	fields.Set("_csrf", formValues(a.get(l.organizer)).Get("_csrf"))
	return a.post(l.organizer+"/"+action, fields)
}

// watchLink makes (or reads) a game's read-only link.
func (a *testApp) watchLink(game string) string {
	a.t.Helper()
	m := regexp.MustCompile(`/w/[a-z2-7]{26}`).FindString(a.get(game + "/share").body)
	if m == "" {
		a.t.Fatalf("no read-only link on %s/share", game)
	}
	return m
}

// shows reports whether a scorepad shows every one of the names.
func (a *testApp) shows(game string, names ...string) bool {
	a.t.Helper()
	body := a.get(game).body
	for _, n := range names {
		if !strings.Contains(body, n) {
			return false
		}
	}
	return true
}

// The Carol and Mallory attack: an organizer merging carol into Mallory
// changes the league's games only. A stranger's game with a Carol, and
// another league's Carol, keep their Carol.
func TestLeagueMergeReachesOnlyTheLeague(t *testing.T) {
	app := newTestApp(t)
	a := app.createLeague("Club", "fan")
	if p := app.organize(a, "members", url.Values{"members": {"carol", "Mallory"}}); p.status != http.StatusSeeOther {
		t.Fatalf("add members: %d\n%s", p.status, p.body)
	}
	clubGame := app.startLeagueGame(a, "fan", "Carol", "Bob")
	app.mustRecord(clubGame, "", "100", "0")
	stranger := app.createGame("fan", "Carol", "Dave")
	b := app.createLeague("Family", "fan")
	family := app.startLeagueGame(b, "fan", "Carol", "Gran")
	app.mustRecord(family, "", "100", "0")

	ids := app.playerIDs(a)
	if p := app.organize(a, "merge", url.Values{"keep": {ids["Mallory"]}, "gone": {ids["carol"]}}); p.status != http.StatusSeeOther {
		t.Fatalf("merge: %d\n%s", p.status, p.body)
	}
	if rows := standingsRows(t, app.get(a.members)); rows["Mallory"] == nil || rows["Mallory"][1] != "1" || rows["carol"] != nil {
		t.Errorf("the club after the merge: %v", rows)
	}
	if !app.shows(clubGame, "Mallory") {
		t.Errorf("the club's game does not show Mallory")
	}
	if body := app.get(stranger).body; !strings.Contains(body, "Carol") || strings.Contains(body, "Mallory") {
		t.Errorf("the stranger's game changed: it should show Carol, not Mallory")
	}
	if rows := standingsRows(t, app.get(b.members)); rows["Carol"] == nil || rows["Mallory"] != nil {
		t.Errorf("the other league after the merge: %v", rows)
	}
	// Ids of another league's players are not this league's.
	other := app.playerIDs(b)
	p := app.organize(a, "merge", url.Values{"keep": {ids["Mallory"]}, "gone": {other["Carol"]}})
	if p.status != http.StatusUnprocessableEntity || !strings.Contains(p.body, "no longer a player of the league") {
		t.Errorf("merging another league's Carol: %d", p.status)
	}
	// carol's page leads to Mallory's now.
	p = app.get(a.members + "/players/" + ids["carol"] + "?page=2")
	if p.status != http.StatusMovedPermanently || p.location != a.members+"/players/"+ids["Mallory"]+"?page=2" {
		t.Errorf("carol's old page: %d to %q", p.status, p.location)
	}
	if p := app.get(b.members + "/players/" + ids["carol"]); p.status != http.StatusNotFound {
		t.Errorf("carol's id in the other league: %d, want 404", p.status)
	}
}

// A refused merge names only games of the league: a stranger's game and
// another league's, where the same names sat together, are neither named
// nor a reason to refuse.
func TestLeagueRefusedMergeNamesNoOutsideGame(t *testing.T) {
	app := newTestApp(t)
	a := app.createLeague("Club", "fan")
	if p := app.organize(a, "members", url.Values{"members": {"carol", "dave", "Eve"}}); p.status != http.StatusSeeOther {
		t.Fatalf("add members: %d", p.status)
	}
	stranger := app.watchLink(app.createGame("fan", "Carol", "Dave"))
	b := app.createLeague("Family", "fan")
	theirs := app.watchLink(app.startLeagueGame(b, "fan", "Carol", "Dave"))
	mine := app.watchLink(app.startLeagueGame(a, "fan", "carol", "Eve"))

	ids := app.playerIDs(a)
	p := app.organize(a, "merge", url.Values{"keep": {ids["Eve"]}, "gone": {ids["carol"]}})
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("merging two players of one game: %d", p.status)
	}
	mustContain(t, p, "Eve and carol both sat at 1 game")
	links := regexp.MustCompile(`/w/[a-z2-7]{26}`).FindAllString(p.body, -1)
	if len(links) != 1 || links[0] != mine {
		t.Errorf("the refusal links %v, want only the league's game %s", links, mine)
	}
	for _, outside := range []string{stranger, theirs} {
		if strings.Contains(p.body, strings.TrimPrefix(outside, "/w/")) {
			t.Errorf("the refusal names a game outside the league: %s", outside)
		}
	}
	// carol and dave never sat together in this league: merged.
	if p := app.organize(a, "merge", url.Values{"keep": {ids["dave"]}, "gone": {ids["carol"]}}); p.status != http.StatusSeeOther {
		t.Errorf("merging carol into dave: %d\n%s", p.status, p.body)
	}
}

// Renaming and adding players reach the league's own players only; a
// refused rename keeps what was typed and says why beside the field.
func TestLeagueRenameAndMembersStayInTheLeague(t *testing.T) {
	app := newTestApp(t)
	a := app.createLeague("Club", "fan")
	clubGame := app.startLeagueGame(a, "fan", "Carol", "Bob")
	stranger := app.createGame("fan", "Carol", "Dave")
	b := app.createLeague("Family", "fan")
	family := app.startLeagueGame(b, "fan", "Carol", "Gran")
	ids, other := app.playerIDs(a), app.playerIDs(b)

	tests := []struct {
		name   string
		fields url.Values
		status int
		want   []string
	}{
		{"blank", url.Values{"player": {ids["Carol"]}, "new_name": {"  "}}, 422, []string{"This is needed.", `id="err-new_name"`}},
		{"too long", url.Values{"player": {ids["Carol"]}, "new_name": {strings.Repeat("x", 41)}}, 422, []string{"Use at most 40 characters."}},
		{"no player", url.Values{"new_name": {"Caroline"}}, 422, []string{`id="err-player"`, `value="Caroline"`}},
		{"a name the league has", url.Values{"player": {ids["Carol"]}, "new_name": {"bob"}}, 422,
			[]string{"“bob” is already a player of the league", `value="bob"`}},
		{"another league's player", url.Values{"player": {other["Carol"]}, "new_name": {"Caroline"}}, 422,
			[]string{"That player is no longer in the league", `value="Caroline"`}},
		{"a name another league has", url.Values{"player": {ids["Carol"]}, "new_name": {" Gran "}}, 303, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := app.organize(a, "rename", tc.fields)
			if p.status != tc.status {
				t.Fatalf("status %d, want %d\n%s", p.status, tc.status, p.body)
			}
			mustContain(t, p, tc.want...)
		})
	}
	if !app.shows(clubGame, "Gran", "Bob") || app.shows(clubGame, "Carol") {
		t.Errorf("the club's game should show the new name")
	}
	if !app.shows(stranger, "Carol", "Dave") {
		t.Errorf("the stranger's game should keep Carol")
	}
	if !app.shows(family, "Carol", "Gran") {
		t.Errorf("the other league's game should keep Carol")
	}
	// The members' link cannot rename.
	p := app.post("/lo/"+strings.TrimPrefix(a.members, "/l/")+"/rename", url.Values{"_csrf": {formValues(app.get(a.organizer)).Get("_csrf")},
		"player": {ids["Carol"]}, "new_name": {"Mine"}})
	if p.status != http.StatusForbidden {
		t.Errorf("rename by the members' link: %d, want 403", p.status)
	}

	// Adding "carol" to the family finds its own Carol; adding "Dave" to
	// the club makes the club's own Dave, whatever the stranger's game.
	if p := app.organize(b, "members", url.Values{"members": {"carol"}}); p.status != http.StatusSeeOther {
		t.Fatalf("add members: %d", p.status)
	}
	if got := app.playerIDs(b); len(got) != 2 || got["Carol"] != other["Carol"] {
		t.Errorf("the family's players after adding carol: %v", got)
	}
	if p := app.organize(a, "members", url.Values{"members": {"Dave"}}); p.status != http.StatusSeeOther {
		t.Fatalf("add members: %d", p.status)
	}
	if got := app.playerIDs(a); len(got) != 3 || got["Dave"] == "" || got["Gran"] != ids["Carol"] {
		t.Errorf("the club's players: %v", got)
	}
	if !app.shows(stranger, "Carol", "Dave") {
		t.Errorf("adding Dave to the club changed the stranger's game")
	}
}

// The new-game form of a league suggests the league's members, and no
// name from elsewhere; outside leagues it suggests this phone's names.
func TestNewGameSuggestions(t *testing.T) {
	app := newTestApp(t)
	app.createGame("fan", "Stranger", "Dave")
	a := app.createLeague("Club", "fan")
	if p := app.organize(a, "members", url.Values{"members": {"Mallory", "Zed"}}); p.status != http.StatusSeeOther {
		t.Fatalf("add members: %d", p.status)
	}
	datalist := func(path string) string {
		body := app.get(path).body
		start := strings.Index(body, `<datalist id="known-players">`)
		if start < 0 {
			t.Fatalf("%s: no suggestions", path)
		}
		return body[start : start+strings.Index(body[start:], "</datalist>")]
	}
	inLeague := datalist("/games/new?game=fan&league=" + strings.TrimPrefix(a.members, "/l/"))
	if !strings.Contains(inLeague, `value="Mallory"`) || !strings.Contains(inLeague, `value="Zed"`) || strings.Contains(inLeague, "Dave") {
		t.Errorf("the league's suggestions: %s", inLeague)
	}
	outside := datalist("/games/new?game=fan")
	if !strings.Contains(outside, `value="Dave"`) || strings.Contains(outside, "Mallory") {
		t.Errorf("suggestions outside leagues: %s", outside)
	}
}

// FuzzLeagueOrganizerForms posts arbitrary bodies to the organizer's
// forms that act on players (add, rename, merge), with a genuine CSRF
// token so that they reach the handlers: nothing answers 500, and nothing
// outside the league changes, whatever the ids and names posted.
//
//	go test -run '^$' -fuzz FuzzLeagueOrganizerForms -fuzztime 1m ./handlers
func FuzzLeagueOrganizerForms(f *testing.F) {
	app := newTestApp(f)
	a := app.createLeague("Club", "fan")
	app.startLeagueGame(a, "fan", "Carol", "Mallory")
	stranger := app.createGame("fan", "Carol", "Dave")
	b := app.createLeague("Family", "fan")
	family := app.startLeagueGame(b, "fan", "Carol", "Gran")
	ids, other := app.playerIDs(a), app.playerIDs(b)
	// What lies outside the club: the names of the stranger's game and of
	// the family's games and members, as the store has them.
	outside := func(t testing.TB) string {
		ctx := context.Background()
		var out []string
		for _, g := range []string{stranger, family} {
			game, err := app.store.Game(ctx, strings.TrimPrefix(g, "/g/"))
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range game.Seats {
				out = append(out, fmt.Sprint(st.PlayerID, st.Name))
			}
		}
		l, err := app.store.League(ctx, strings.TrimPrefix(b.members, "/l/"))
		if err != nil {
			t.Fatal(err)
		}
		members, err := app.store.Members(ctx, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(out, members, l.Version)
	}
	before := outside(f)
	csrf := formValues(app.get(a.organizer)).Get("_csrf")
	f.Add("rename", "player="+ids["Carol"]+"&new_name=Caroline")
	f.Add("rename", "player="+other["Carol"]+"&new_name=Mallory")
	f.Add("rename", "player=-1&new_name=%00%ff")
	f.Add("merge", "keep="+ids["Mallory"]+"&gone="+other["Carol"])
	f.Add("merge", "keep="+other["Gran"]+"&gone="+ids["Carol"])
	f.Add("merge", "keep=99999999999999999999&gone=1")
	f.Add("members", "members=carol&members=GRAN&members=Dave")
	f.Fuzz(func(t *testing.T, action, body string) {
		switch action {
		case "rename", "merge", "members":
		default:
			return
		}
		form, err := url.ParseQuery(body)
		if err != nil {
			return
		}
		form.Set("_csrf", csrf)
		app := app.with(t)
		if p := app.post(a.organizer+"/"+action, form); p.status >= 500 {
			t.Fatalf("%s %q: status %d", action, body, p.status)
		}
		if now := outside(t); now != before {
			t.Fatalf("%s %q changed what lies outside the club: %s, was %s", action, body, now, before)
		}
	})
}
