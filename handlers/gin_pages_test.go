package handlers

import (
	"html"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"meldpad/locale"
)

// createGin starts a Gin Rummy game through the form with the given
// house rules ticked.
func (a *testApp) createGin(house ...string) string {
	a.t.Helper()
	return a.createGameWith("gin", house, "Ann", "Bob")
}

// TestGinPages: the card sheet asks for the up-card only under Oklahoma
// (G1) and offers the draw (G2); a deal by points is checked by G3; the
// referee page scores a whole deal and states the rules it cites.
func TestGinPages(t *testing.T) {
	app := newTestApp(t)
	standard := app.createGin("undercut_on_tie", "box_bonus", "shutout")
	oklahoma := app.createGin("oklahoma", "undercut_on_tie", "box_bonus", "shutout")
	sheet := app.get(standard + "/hands/new?by=cards")
	mustContain(t, sheet, `name="knocker" value="draw"`, "Nobody: the stock ran out (a draw)", `id="in-hand_0"`)
	if strings.Contains(sheet.body, `id="in-up_card"`) {
		t.Errorf("the up-card is asked without Oklahoma")
	}
	mustContain(t, app.get(oklahoma+"/hands/new?by=cards"), `id="in-up_card"`, "First up-card")

	// A draw saved card by card is stored as one: no points, no knocker.
	form := formValues(sheet)
	form.Set("knocker", "draw")
	form.Set("action", "save")
	if p := app.post(standard+"/hands", form); p.status != http.StatusSeeOther {
		t.Fatalf("save a draw: %d\n%s", p.status, p.body)
	}
	hands, err := app.store.Hands(t.Context(), app.storedGame(standard).ID)
	if err != nil || len(hands) != 1 || string(hands[0].Record) != `{"draw":true,"knocker":-1,"hands":[[],[]]}` || hands[0].Seat != -1 {
		t.Fatalf("the draw is stored as %+v (%v)", hands, err)
	}
	links := handLinks(app.get(standard))
	if len(links) != 1 {
		t.Fatalf("rows %v", links)
	}
	mustContain(t, app.get(links[0]), `value="draw" checked`)
	// The scorepad row says it was a draw, in the page's language.
	mustContain(t, app.get(standard), locale.English().T("gin.note.draw"))
	if raw, _ := io.ReadAll(getIn(t, app, standard, "de", "").Body); !strings.Contains(ruleIDLinkRe.ReplaceAllString(string(raw), "$1"), locale.For("de").T("gin.note.draw")) || strings.Contains(string(raw), "a draw") {
		t.Errorf("the German scorepad does not say %q", locale.For("de").T("gin.note.draw"))
	}
	for _, page := range []string{standard + "/history", standard + "/share", links[0] + "?by=points"} {
		if p := app.get(page); p.status != http.StatusOK {
			t.Errorf("%s: %d", page, p.status)
		}
	}

	// By points: only one side scores (G3), said beside the second
	// number, naming its player.
	p := app.recordPoints(standard, "", "10", "4")
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("both scoring: %d", p.status)
	}
	mustContain(t, p, "Bob: 4, but the other player scores 10: only one side scores in a deal (G3).", `id="err-points[1]"`, "A draw scores nothing (G2)")

	// The referee page: a whole deal under the house rules as inputs.
	q := url.Values{"game": {"gin"}, "q": {"deal"}, "ender": {"0"}, "undercut_on_tie": {"yes"}, "oklahoma": {"no"},
		"hand1": {"AS 2S 3S 4H 4D 4C 9C 10C JC 5D"}, "hand2": {"7S 7H 7D QH QD QC JS JH JD 5C"}}
	ref := app.get("/adjudicate?" + q.Encode())
	mustContain(t, ref, "Gin Rummy", "Undercut: player 2 scores 25", "G3", "Gin score")
	q.Set("undercut_on_tie", "no")
	mustContain(t, app.get("/adjudicate?"+q.Encode()), "Knock: nobody scores")
	meld := app.get("/adjudicate?" + url.Values{"game": {"gin"}, "q": {"meld"}, "cards": {"QS KS AS"}}.Encode())
	if body := html.UnescapeString(meld.body); !strings.Contains(body, "N2") || !strings.Contains(body, "Fan melds") {
		t.Errorf("the meld question does not state N2")
	}
}
