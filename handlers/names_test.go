package handlers

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"meldpad/db"
	"meldpad/scorepad"
)

// fanDeal is a legal Fan Rummy deal as the card sheet posts it: Ann goes
// gin, 25 + 73 = 98 (N6).
func fanDeal() url.Values {
	return url.Values{"by": {"cards"}, "action": {"save"}, "knock_card": {"5h"}, "knocker": {"0"},
		"hand_0": {"as 2s 3s 4h 4d 4c 7c 8c 9c 10c"}, "hand_1": {"ks kh 5d 6d 2h 9h jd qc 3d 8s"}}
}

// nameForm is one form that takes a name: where it is, how to fill it
// with a name, and the field its message goes beside.
type nameForm struct {
	name  string
	field string // the error's id is "err-" + field
	// post fills the form with the name and posts it.
	post func(app *testApp, name string) page
	// shown reports whether the typed name is shown again (a select of
	// the table's names shows only those).
	shown bool
}

func nameForms() []nameForm {
	return []nameForm{
		{"a player of a new game", "players[0]", func(app *testApp, name string) page {
			form := formValues(app.get("/games/new?game=fan"))
			form["players"] = []string{name, "Bob"}
			return app.post("/games", form)
		}, true},
		{"a league", "name", func(app *testApp, name string) page {
			form := formValues(app.get("/leagues/new"))
			form.Set("name", name)
			form.Set("games", "fan")
			return app.post("/leagues", form)
		}, true},
		{"a new league's member", "members[0]", func(app *testApp, name string) page {
			form := formValues(app.get("/leagues/new"))
			form.Set("name", "Club")
			form.Set("games", "fan")
			form.Set("members", name)
			return app.post("/leagues", form)
		}, true},
		{"a new league's first season", "season", func(app *testApp, name string) page {
			form := formValues(app.get("/leagues/new"))
			form.Set("name", "Club")
			form.Set("games", "fan")
			form.Set("season", name)
			return app.post("/leagues", form)
		}, true},
		{"a league renamed", "name", func(app *testApp, name string) page {
			l := app.createLeague("Club", "fan")
			form := formValues(app.get(l.organizer))
			form.Set("name", name)
			form.Set("games", "fan")
			return app.post(l.organizer+"/settings", form)
		}, true},
		{"a season", "season.name", func(app *testApp, name string) page {
			l := app.createLeague("Club", "fan")
			form := formValues(app.get(l.organizer))
			form.Set("name", name)
			return app.post(l.organizer+"/seasons", form)
		}, true},
		{"a member added", "members[0]", func(app *testApp, name string) page {
			l := app.createLeague("Club", "fan")
			form := formValues(app.get(l.organizer))
			form.Set("members", name)
			return app.post(l.organizer+"/members", form)
		}, true},
		{"a player renamed", "new_name", func(app *testApp, name string) page {
			l := app.createLeague("Club", "fan")
			app.startLeagueGame(l, "fan", "Carol", "Bob")
			return app.organize(l, "rename", url.Values{"player": {app.playerIDs(l)["Carol"]}, "new_name": {name}})
		}, true},
		{"who entered a hand by points", "author", func(app *testApp, name string) page {
			game := app.createGame("fan", "Ann", "Bob")
			form := formValues(app.get(game + "/hands/new"))
			form["points"] = []string{"25", ""}
			form.Set("author", name)
			return app.post(game+"/hands", form)
		}, false},
		{"who entered a hand card by card", "author", func(app *testApp, name string) page {
			game := app.createGame("fan", "Ann", "Bob")
			form := formValues(app.get(game + "/hands/new?by=cards"))
			for k, v := range fanDeal() {
				form[k] = v
			}
			form.Set("author", name)
			return app.post(game+"/hands", form)
		}, false},
	}
}

// TestFormsRefuseBadNames: every form that takes a name refuses what the
// import would refuse, with the message beside the field, what was typed
// kept, and never a 500 (a NUL alone was one: SQLite's length() stops at
// a NUL, so the name failed the table's CHECK).
func TestFormsRefuseBadNames(t *testing.T) {
	bad := []struct {
		name, typed, says string
	}{
		{"NUL alone", "\x00", "(U+0000)"},
		{"NUL inside", "An\x00n", "(U+0000) after “An”"},
		{"a tab inside", "Ann\tLee", "a tab"},
		{"a newline inside", "Ann\nLee", "a line break"},
		{"a bell", "Ann\a", "control character"},
		{"right-to-left override", "\u202eAnn", "(U+202E) at the start"},
		{"zero-width space", "An\u200bn", "(U+200B)"},
		{"private use", "Ann\ue000", "(U+E000)"},
		{"invalid UTF-8", "Ann\xff", "not readable text"},
		{"too long", strings.Repeat("é", 61), "Use at most"},
	}
	for _, f := range nameForms() {
		t.Run(f.name, func(t *testing.T) {
			app := newTestApp(t)
			for _, tc := range bad {
				t.Run(tc.name, func(t *testing.T) {
					p := f.post(app.with(t), tc.typed)
					if p.status != http.StatusUnprocessableEntity {
						t.Fatalf("status %d, want 422\n%s", p.status, p.body)
					}
					errAt := strings.Index(p.body, `id="err-`+html.EscapeString(f.field)+`"`)
					if errAt < 0 {
						t.Fatalf("no message beside %s:\n%s", f.field, p.body)
					}
					if msg := p.body[errAt:min(len(p.body), errAt+400)]; !strings.Contains(html.UnescapeString(msg), tc.says) {
						t.Errorf("the message beside %s does not say %q: %s", f.field, tc.says, msg)
					}
					if f.shown && utf8Valid(tc.typed) && !strings.Contains(html.UnescapeString(p.body), tc.typed) {
						t.Errorf("%q is not shown again as typed", tc.typed)
					}
				})
			}
			checkStoredNames(t, app)
		})
	}
}

// TestFormsTidyNames: spaces around a name and runs of them inside are
// tidied, not refused; the name is kept as the import would take it.
func TestFormsTidyNames(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "  Ann \u00a0 Lee ", "Bob\n")
	mustContain(t, app.get(game), "Ann Lee", "Bob")
	form := formValues(app.get(game + "/hands/new"))
	form["points"] = []string{"25", ""}
	form.Set("author", " Ann Lee  ")
	if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
		t.Fatalf("status %d\n%s", p.status, p.body)
	}
	l := app.createLeague("  Thursday   club ", "fan")
	mustContain(t, app.get(l.organizer), "Thursday club")
	checkStoredNames(t, app)
}

// checkStoredNames exports everything and imports it into an empty
// meldpad: every name a form let through must pass the import.
func checkStoredNames(t *testing.T, app *testApp) {
	t.Helper()
	ctx := context.Background()
	archive, err := app.store.ExportAll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var file strings.Builder
	if err := archive.WriteJSON(&file); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ParseArchive([]byte(file.String()), scorepad.ArchiveRules{}); err != nil {
		t.Errorf("what the forms stored cannot be imported: %v", err)
	}
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }
