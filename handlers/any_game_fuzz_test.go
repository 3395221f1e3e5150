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

// FuzzGinSheetForm posts any Gin Rummy card sheet under Oklahoma, to save
// and to preview. Nothing answers 500.
func FuzzGinSheetForm(f *testing.F) {
	app := newTestApp(f)
	form := formValues(app.get("/games/new?game=gin"))
	form.Del("players")
	form["players"] = []string{"Ann", "Bob"}
	form["house"] = []string{"oklahoma", "undercut_on_tie"}
	gamePath := app.post("/games", form).location
	base := formValues(app.get(gamePath + "/hands/new?by=cards"))
	f.Add("up_card=2s&knocker=0&hand_0=5h+6h+7h+ks+kh+kd+2c+3c+4c+ad&hand_1=4h+8h+9h+qs+jd+9s+6d+3s+10d+7s&action=save")
	f.Add("knocker=draw&action=save")
	f.Add("up_card=Grue&knocker=2&hand_0=2c%3Dkd&action=check")
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

// FuzzEndGameForm posts any confirmation of an open game's end. Nothing
// answers 500.
func FuzzEndGameForm(f *testing.F) {
	app := newTestApp(f)
	game := app.createPointsGame(url.Values{"name": {"Skat"}, "end": {"open"}, "wins": {"highest"}}, "Ann", "Bob").location
	app.mustRecord(game, "", "24", "-24")
	base := formValues(app.get(game + "/end"))
	f.Add("version=3")
	f.Add("token=x&version=-1")
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
		if p := app.with(t).post(game+"/end", form); p.status >= 500 {
			t.Fatalf("status %d for %q", p.status, body)
		}
	})
}
