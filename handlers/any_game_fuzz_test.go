package handlers

import (
	"net/url"
	"testing"
)

// FuzzNewPointsGameForm posts any new-game form of a game by points: its
// setup inputs and the players. Nothing answers 500.
func FuzzNewPointsGameForm(f *testing.F) {
	fuzzForm(f, "fortune", "/games/new?game=points", "/games",
		"game=points&name=Hearts&end=target&target=100&wins=lowest&players=Ann&players=Bob",
		"game=points&name=%07&end=rounds&rounds=99999999999999999999&wins=&players=Ann",
		"game=gin&house=oklahoma&house=shutout&house=nonsense&players=Ann&players=Bob")
}

// fuzzPosts posts a page's form with any fields added to it (a query
// string) to each of paths: nothing answers 500.
func fuzzPosts(f *testing.F, app *testApp, base url.Values, paths ...string) {
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
		for _, path := range paths {
			if p := app.with(t).post(path, form); p.status >= 500 {
				t.Fatalf("%s: status %d for %q", path, p.status, body)
			}
		}
	})
}

// FuzzGinSheetForm posts any Gin Rummy card sheet under Oklahoma, to save
// and to preview.
func FuzzGinSheetForm(f *testing.F) {
	app := newTestApp(f)
	form := formValues(app.get("/games/new?game=gin"))
	form["players"] = []string{"Ann", "Bob"}
	form["house"] = []string{"oklahoma", "undercut_on_tie"}
	gamePath := app.post("/games", form).location
	f.Add("up_card=2s&knocker=0&hand_0=5h+6h+7h+ks+kh+kd+2c+3c+4c+ad&hand_1=4h+8h+9h+qs+jd+9s+6d+3s+10d+7s&action=save")
	f.Add("knocker=draw&action=save")
	f.Add("up_card=Grue&knocker=2&hand_0=2c%3Dkd&action=check")
	fuzzPosts(f, app, formValues(app.get(gamePath+"/hands/new?by=cards")), gamePath+"/hands", gamePath+"/hands/preview")
}

// FuzzEndGameForm posts any confirmation of an open game's end.
func FuzzEndGameForm(f *testing.F) {
	app := newTestApp(f)
	game := app.createPointsGame(url.Values{"name": {"Skat"}, "end": {"open"}, "wins": {"highest"}}, "Ann", "Bob").location
	app.mustRecord(game, "", "24", "-24")
	f.Add("version=3")
	f.Add("token=x&version=-1")
	fuzzPosts(f, app, formValues(app.get(game+"/end")), game+"/end")
}
