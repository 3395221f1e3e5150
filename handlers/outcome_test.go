package handlers

import (
	"html"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"meldpad/db"
)

// otherFanDeal is fanDeal with one card of the defender's changed:
// 25 + 72 = 97.
func otherFanDeal() url.Values {
	deal := fanDeal()
	deal.Set("hand_1", "ks kh 5d 6d 2h 9h jd qc 3d 7s")
	return deal
}

// with returns a copy of form with the values of more set.
func with(form url.Values, more url.Values) url.Values {
	out := url.Values{}
	for k, v := range form {
		out[k] = v
	}
	for k, v := range more {
		out[k] = v
	}
	return out
}

var formActionRe = `<form method="post" action="`

// formAction is the action of the page's first post form.
func formAction(p page) string {
	i := strings.Index(p.body, formActionRe)
	if i < 0 {
		return ""
	}
	rest := p.body[i+len(formActionRe):]
	return html.UnescapeString(rest[:strings.IndexByte(rest, '"')])
}

func TestHealthzOfAReadOnlyDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "meldpad.db")
	app := openTestAppWith(t, path, Options{})
	p := app.get("/healthz")
	if p.status != http.StatusOK || !strings.Contains(p.body, `"ok"`) {
		t.Fatalf("healthz of a writable database: %d %s", p.status, p.body)
	}
	app.close()
	ro := openTestAppWith(t, path, Options{}, db.ReadOnly())
	p = ro.get("/healthz")
	if p.status != http.StatusServiceUnavailable || !strings.Contains(p.body, "cannot be written") {
		t.Fatalf("healthz of a read-only database: %d %s", p.status, p.body)
	}
}

// TestSavesThatFailSayNotSaved: with a database that cannot be written
// (here read-only), every save says plainly, beside the form, that
// nothing was saved, keeps the whole entry, and answers 503; nothing
// changes.
func TestSavesThatFailSayNotSaved(t *testing.T) {
	path := filepath.Join(t.TempDir(), "meldpad.db")
	rw := openTestAppWith(t, path, Options{})
	game := rw.createGame("fan", "Ann", "Bob")
	rw.mustRecord(game, "", "1", "") // 1 + 98 leaves the game open
	sheet := formValues(rw.get(game + "/hands/new?by=cards"))
	if p := rw.post(game+"/hands", with(sheet, fanDeal())); p.status != http.StatusSeeOther {
		t.Fatalf("save by cards: %d\n%s", p.status, p.body)
	}
	links := handLinks(rw.get(game))
	rw.close()

	app := openTestAppWith(t, path, Options{}, db.ReadOnly())
	before := totals(app.get(game))
	tests := []struct {
		name string
		post func() page
		want []string
	}{
		{"a hand by points", func() page {
			form := formValues(app.get(game + "/hands/new"))
			form["points"] = []string{"31", ""}
			return app.post(game+"/hands", form)
		}, []string{"This deal was NOT saved", `value="31"`}},
		{"a hand card by card", func() page {
			form := formValues(app.get(game + "/hands/new?by=cards"))
			return app.post(game+"/hands", with(form, otherFanDeal()))
		}, []string{"This deal was NOT saved", `value="ks kh 5d 6d 2h 9h jd qc 3d 7s"`, `value="5h"`}},
		{"a correction by points", func() page {
			form := formValues(app.get(links[0]))
			form["points"] = []string{"32", ""}
			return app.post(links[0], form)
		}, []string{"This deal was NOT saved", `value="32"`, "Correct deal 1"}},
		{"a correction card by card", func() page {
			form := formValues(app.get(links[1]))
			return app.post(links[1], with(form, otherFanDeal()))
		}, []string{"This deal was NOT saved", `value="ks kh 5d 6d 2h 9h jd qc 3d 7s"`, "Correct deal 2"}},
		{"a deletion", func() page {
			form := formValues(app.get(links[0] + "/delete"))
			return app.post(links[0]+"/delete", form)
		}, []string{"This deal was NOT deleted"}},
		{"a new game", func() page {
			form := formValues(app.get("/games/new?game=fan"))
			form["players"] = []string{"Cy", "Di"}
			return app.post("/games", form)
		}, []string{"Nothing was saved"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.post()
			if p.status != http.StatusServiceUnavailable {
				t.Fatalf("status %d, want 503\n%s", p.status, p.body)
			}
			mustContain(t, p, tc.want...)
			if strings.Contains(p.body, "Something went wrong") {
				t.Errorf("the generic error page")
			}
		})
	}
	if after := totals(app.get(game)); strings.Join(after, ",") != strings.Join(before, ",") {
		t.Errorf("totals %v, were %v", after, before)
	}
}

// TestCorrectingAHandAnotherPhoneDeleted: the correction says the hand
// was deleted, keeps the entry and offers to save it as a new hand; doing
// so saves it once.
func TestCorrectingAHandAnotherPhoneDeleted(t *testing.T) {
	tests := []struct {
		name   string
		record func(app *testApp, game string)
		entry  url.Values // what the correcting phone enters
		kept   []string
		points string // the new hand's points, as the scorepad totals show them
	}{
		{"by points", func(app *testApp, game string) { app.mustRecord(game, "", "25", "") },
			url.Values{"points": {"30", ""}}, []string{`value="30"`}, "30"},
		{"card by card", func(app *testApp, game string) {
			form := formValues(app.get(game + "/hands/new?by=cards"))
			if p := app.post(game+"/hands", with(form, fanDeal())); p.status != http.StatusSeeOther {
				t.Fatalf("save by cards: %d\n%s", p.status, p.body)
			}
		}, otherFanDeal(), []string{`value="ks kh 5d 6d 2h 9h jd qc 3d 7s"`, `value="5h"`}, "97"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			game := app.createGame("fan", "Ann", "Bob")
			tc.record(app, game)
			link := handLinks(app.get(game))[0]
			correction := formValues(app.get(link)) // this phone starts correcting
			// Another phone deletes the hand.
			if p := app.post(link+"/delete", formValues(app.get(link+"/delete"))); p.status != http.StatusSeeOther {
				t.Fatalf("delete: %d", p.status)
			}
			// Opening the hand again says what became of it.
			if opened := app.get(link); opened.status != http.StatusNotFound ||
				!strings.Contains(opened.body, "Another phone deleted this hand") || !strings.Contains(opened.body, `href="`+game+`"`) {
				t.Errorf("the deleted hand's page: %d\n%s", opened.status, opened.body)
			}
			p := app.post(link, with(correction, tc.entry))
			if p.status != http.StatusConflict {
				t.Fatalf("status %d, want 409\n%s", p.status, p.body)
			}
			// Deal 1 is deleted and keeps its number: the new one is deal 2.
			mustContain(t, p, "Another phone deleted this deal", "nothing was saved", "Save as deal 2 (new)")
			mustContain(t, p, tc.kept...)
			if action := formAction(p); action != game+"/hands" {
				t.Fatalf("the form saves to %q, want a new hand (%s/hands)", action, game)
			}
			if n := len(handLinks(app.get(game))); n != 0 {
				t.Fatalf("%d hands after the refused correction", n)
			}
			// Saving it as a new hand, twice (a double tap), saves one.
			again := with(formValues(p), tc.entry)
			for range 2 {
				if r := app.post(game+"/hands", again); r.status != http.StatusSeeOther {
					t.Fatalf("save as new: %d\n%s", r.status, r.body)
				}
			}
			pad := app.get(game)
			if n := len(handLinks(pad)); n != 1 {
				t.Errorf("%d hands, want the one saved as new", n)
			}
			sameTotals(t, pad, tc.points, "0")
		})
	}
}

// TestFormPostedAgainWithOtherValues: the same form (same token) posted
// again with other values says it was already saved, shows what was saved
// and what was just sent, saves nothing, and offers the entry as the
// hand's correction.
func TestFormPostedAgainWithOtherValues(t *testing.T) {
	tests := []struct {
		name         string
		form         string // the form's page, under the game
		first, again url.Values
		says         []string
		kept         string
		before, now  string // Ann's total after the first post and after the offered correction
	}{
		{"a new hand by points", "/hands/new", url.Values{"points": {"25", ""}}, url.Values{"points": {"30", ""}},
			[]string{"already saved, as deal 1: Ann +25 · Bob 0", "What you sent now was NOT saved: Ann +30 · Bob 0"}, `value="30"`, "25", "30"},
		{"a new hand card by card", "/hands/new?by=cards", fanDeal(), otherFanDeal(),
			[]string{"already saved, as deal 1: Ann +98 · Bob 0", "What you sent now was NOT saved: Ann +97 · Bob 0"},
			`value="ks kh 5d 6d 2h 9h jd qc 3d 7s"`, "98", "97"},
		{"the same points from other cards", "/hands/new?by=cards", fanDeal(), with(fanDeal(), url.Values{"knock_card": {"10h"}}),
			[]string{"already saved, as deal 1: Ann +98 · Bob 0", "(the same points from other cards)"}, `value="10h"`, "98", "98"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			game := app.createGame("fan", "Ann", "Bob")
			form := formValues(app.get(game + tc.form))
			if p := app.post(game+"/hands", with(form, tc.first)); p.status != http.StatusSeeOther {
				t.Fatalf("first post: %d\n%s", p.status, p.body)
			}
			// A double tap is the same post: answered as saved.
			if p := app.post(game+"/hands", with(form, tc.first)); p.status != http.StatusSeeOther {
				t.Fatalf("the same post again: %d\n%s", p.status, p.body)
			}
			p := app.post(game+"/hands", with(form, tc.again))
			if p.status != http.StatusConflict {
				t.Fatalf("status %d, want 409\n%s", p.status, p.body)
			}
			mustContain(t, p, tc.says...)
			mustContain(t, p, tc.kept, "Save as the correction of deal 1")
			pad := app.get(game)
			sameTotals(t, pad, tc.before, "0")
			link := handLinks(pad)[0]
			if action := formAction(p); action != link {
				t.Fatalf("the form saves to %q, want the correction of deal 1 (%s)", action, link)
			}
			if r := app.post(link, with(formValues(p), tc.again)); r.status != http.StatusSeeOther {
				t.Fatalf("saving the offered correction: %d\n%s", r.status, r.body)
			}
			pad = app.get(game)
			sameTotals(t, pad, tc.now, "0")
			if n := len(handLinks(pad)); n != 1 {
				t.Errorf("%d hands, want 1", n)
			}
		})
	}
}

// TestCorrectionPostedAgainWithOtherValues is the same for a correction.
func TestCorrectionPostedAgainWithOtherValues(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	app.mustRecord(game, "", "25", "")
	link := handLinks(app.get(game))[0]
	form := formValues(app.get(link))
	if p := app.post(link, with(form, url.Values{"points": {"26", ""}})); p.status != http.StatusSeeOther {
		t.Fatalf("correction: %d", p.status)
	}
	p := app.post(link, with(form, url.Values{"points": {"27", ""}}))
	if p.status != http.StatusConflict {
		t.Fatalf("status %d, want 409\n%s", p.status, p.body)
	}
	mustContain(t, p, "already saved, as deal 1: Ann +26 · Bob 0", "What you sent now was NOT saved: Ann +27 · Bob 0", `value="27"`)
	sameTotals(t, app.get(game), "26", "0")
}
