package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"meldpad/db"
	"meldpad/rules/names"
)

// fuzzForm posts arbitrary form bodies, with the page's genuine CSRF token
// so they reach the handler, and checks that nothing answers 500 and that
// nothing but a saved hand or game changes the scorepad.
func fuzzForm(f *testing.F, game, formPath, postPath string, seeds ...string) {
	app := newTestApp(f)
	gamePath := app.createGame(game, "Ann", "Bob", "Cy")
	base := formValues(app.get(strings.ReplaceAll(formPath, "{game}", gamePath)))
	for _, s := range seeds {
		f.Add(s)
	}
	f.Add("points=1&points=x&seat=9")
	f.Add("players=%00&players=&dealer=-1&house=big_sets")
	f.Fuzz(func(t *testing.T, body string) {
		extra, err := url.ParseQuery(body)
		if err != nil {
			extra = url.Values{"points": {body}}
		}
		form := url.Values{}
		for k, v := range base {
			form[k] = v
		}
		for k, v := range extra {
			if k != "_csrf" {
				form[k] = v
			}
		}
		p := app.with(t).post(strings.ReplaceAll(postPath, "{game}", gamePath), form)
		if p.status >= 500 {
			t.Fatalf("status %d for %q:\n%s", p.status, body, p.body)
		}
	})
}

func FuzzNewGameForm(f *testing.F) {
	fuzzForm(f, "fortune", "/games/new?game=fortune", "/games", "game=fortune&players=Ann&players=Bob")
}

func FuzzPointsForm(f *testing.F) {
	fuzzForm(f, "flathead", "{game}/hands/new", "{game}/hands", "points=14&points=&points=&seat=0")
}

func FuzzFanSheetForm(f *testing.F) {
	app := newTestApp(f)
	gamePath := app.createGame("fan", "Ann", "Bob")
	base := formValues(app.get(gamePath + "/hands/new?by=cards"))
	f.Add("knock_card=5h&knocker=0&hand_0=as+2s+3s+4h+4d+4c+7c+8c+9c+10c&hand_1=ks+kh+5d+6d+2h+9h+jd+qc+3d+8s&action=save")
	f.Add("knock_card=&knocker=7&hand_0=2c%3Dkd&action=check")
	f.Fuzz(func(t *testing.T, body string) {
		extra, err := url.ParseQuery(body)
		if err != nil {
			return
		}
		form := url.Values{}
		for k, v := range base {
			form[k] = v
		}
		for k, v := range extra {
			if k != "_csrf" {
				form[k] = v
			}
		}
		for _, path := range []string{gamePath + "/hands", gamePath + "/hands/preview"} {
			if p := app.with(t).post(path, form); p.status >= 500 {
				t.Fatalf("%s: status %d for %q", path, p.status, body)
			}
		}
	})
}

func TestFuzzFormsReachHandlers(t *testing.T) {
	// The fuzz targets are only worth something if their posts get past
	// CSRF: a genuine form posted the same way must save.
	app := newTestApp(t)
	game := app.createGame("flathead", "Ann", "Bob", "Cy")
	form := formValues(app.get(game + "/hands/new"))
	form.Add("points", "14")
	form.Add("points", "")
	form.Add("points", "")
	form.Set("seat", "0")
	if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
		t.Fatalf("status %d", p.status)
	}
}

// FuzzNameForms posts arbitrary names to every form that takes one (see
// nameForms): nothing answers 500, and a name a form takes is one the
// import takes too.
func FuzzNameForms(f *testing.F) {
	forms := nameForms()
	app := newTestApp(f)
	for i := range forms {
		for _, name := range []string{"Ann", "\x00", "An\x00n", "A\tB", "A\nB", "\xff\xfe", "\u202eAnn", "Ann\u200b",
			" Ann  Lee ", strings.Repeat("x", 61), "\U000E0080", "=cmd"} {
			f.Add(uint8(i), name)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, name string) {
		form := forms[int(which)%len(forms)]
		p := form.post(app.with(t), name)
		if p.status >= 500 {
			t.Fatalf("%s: status %d for %q:\n%s", form.name, p.status, name, p.body)
		}
		tidy := names.Tidy(name)
		limit := db.MaxPlayerName
		if form.field == "name" || strings.HasPrefix(form.field, "season") {
			limit = db.MaxLeagueName
		}
		if p.status == http.StatusSeeOther && tidy != "" {
			if err := names.Check(tidy, limit); err != nil {
				t.Fatalf("%s: took %q (%v)", form.name, name, err)
			}
		}
	})
}

// FuzzCorrectionForm posts arbitrary bodies to a hand's correction, by
// points and card by card, of a hand that is there and of one another
// phone deleted: nothing answers 500.
func FuzzCorrectionForm(f *testing.F) {
	app := newTestApp(f)
	game := app.createGame("fan", "Ann", "Bob")
	for _, pts := range []string{"10", "20"} {
		if p := app.recordPoints(game, "", pts, ""); p.status != http.StatusSeeOther {
			f.Fatalf("record: %d", p.status)
		}
	}
	links := handLinks(app.get(game))
	live, deleted := links[0], links[1]
	base := formValues(app.get(live))
	if p := app.post(deleted+"/delete", formValues(app.get(deleted+"/delete"))); p.status != http.StatusSeeOther {
		f.Fatalf("delete: %d", p.status)
	}
	f.Add("points=15&points=")
	f.Add("points=15&points=&author=%00")
	f.Add("by=cards&action=save&knock_card=5h&knocker=0&hand_0=as+2s+3s+4h+4d+4c+7c+8c+9c+10c&hand_1=ks+kh+5d+6d+2h+9h+jd+qc+3d+8s")
	f.Add("by=cards&action=more:x&author=Ann%09Lee")
	f.Add("version=999&points=1")
	f.Fuzz(func(t *testing.T, body string) {
		extra, err := url.ParseQuery(body)
		if err != nil {
			return
		}
		form := url.Values{}
		for k, v := range base {
			form[k] = v
		}
		for k, v := range extra {
			if k != "_csrf" {
				form[k] = v
			}
		}
		for _, path := range []string{live, deleted} {
			if p := app.with(t).post(path, form); p.status >= 500 {
				t.Fatalf("%s: status %d for %q:\n%s", path, p.status, body, p.body)
			}
		}
	})
}
