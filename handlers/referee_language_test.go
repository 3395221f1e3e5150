package handlers

import (
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// TestRefereeWordsOnGermanPages: what the rules say on the game's pages,
// the seat a hand must name (F6), the points the rules refuse (F6) and a
// game's house rules (G3), is said in the visitor's language, as the
// pages' own words are; a visitor who asks for no language reads English.
func TestRefereeWordsOnGermanPages(t *testing.T) {
	app := newTestApp(t)
	de, en := locale.For("de"), locale.English()
	flathead, _ := rules.Lookup("flathead")

	g := app.createGame("flathead", "Ann", "Bob")
	form := formValues(app.getIn("de", g+"/hands/new"))
	form.Add("points", "5")
	form.Add("points", "")
	p := postShownIn(app, "de", g+"/hands", form)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("a hand naming no seat: %d", p.status)
	}
	seat := de.T("hand.seat_missing", msg.S("Question", de.Say(flathead.SeatQuestion)), msg.S("Rule", flathead.SeatRule))
	mustContain(t, page{status: p.status, body: html.UnescapeString(p.body)}, seat)

	// Only the player who went out scores (F6): Bob's 3 is refused.
	form.Set("points", "5")
	form.Add("points", "3")
	form.Set("seat", "0")
	p = postShownIn(app, "de", g+"/hands", form)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("points the rules refuse: %d", p.status)
	}
	err := flathead.CheckPoints(game.Table{Names: []string{"Ann", "Bob"}, Tally: game.NewTally(2)},
		rules.Round{Points: []int{5, 3}, Seat: 0, EndsHand: true})
	if err == nil {
		t.Fatal("the rules take 5 and 3 with Ann out")
	}
	body := page{status: p.status, body: html.UnescapeString(p.body)}
	mustContain(t, body, de.Error(err))
	if strings.Contains(body.body, en.Error(err)) {
		t.Errorf("the German page says the refusal in English: %q", en.Error(err))
	}

	gin := app.createGameWith("gin", []string{"undercut_on_tie"}, "Ann", "Bob")
	ginRules, _ := rules.Lookup("gin")
	house, _ := ginRules.HouseRule("undercut_on_tie")
	mustContain(t, page{body: html.UnescapeString(app.getIn("de", gin).body)}, de.Say(house.Name)+" (G3)")
	mustContain(t, page{body: html.UnescapeString(app.get(gin).body)}, en.Say(house.Name)+" (G3)")
}

// postShownIn posts a form as a browser set to the language does, and
// follows the redirect to the page that answers it (?shown=), as post
// does.
func postShownIn(a *testApp, accept, path string, form url.Values) page {
	a.t.Helper()
	p := a.postIn(accept, path, form)
	if p.status == http.StatusSeeOther && strings.Contains(p.location, "shown=") {
		p = a.getIn(accept, p.location)
	}
	return p
}
