package handlers

import (
	"net/http"
	"strings"
	"testing"
)

// TestTrickLeadsToTheNextTrick: a Trophy Case trick after which the hand
// goes on leads to the next trick's form (T6), which says what it scored;
// one after which new hands are dealt, and an entry of any other game,
// lead to the scorepad.
func TestTrickLeadsToTheNextTrick(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("trophy", "Ann", "Bob", "Cy")
	p := app.recordPoints(game, "1", "", "3", "")
	if p.status != http.StatusSeeOther || p.location != game+"/hands/new?saved=added" {
		t.Fatalf("a trick mid-hand: %d %q", p.status, p.location)
	}
	next := app.get(p.location)
	mustContain(t, next, "Saved trick 1: Ann 0 · Bob +3 · Cy 0 · Bob won the trick. Next: trick 2.", "Record trick 2")
	form := formValues(next)
	form["points"] = []string{"", "", "1"}
	form.Set("seat", "2")
	form.Set("ends_hand", "1")
	if p := app.post(game+"/hands", form); p.location != game+"?saved=added" {
		t.Errorf("the trick that ends the hand: %d %q", p.status, p.location)
	}
	fan := app.createGame("fan", "Ann", "Bob")
	if p := app.recordPoints(fan, "", "20", ""); p.location != fan+"?saved=added" {
		t.Errorf("a Fan deal: %q", p.location)
	}
	if strings.Contains(app.get(game+"/hands/new").body, "Saved trick") {
		t.Errorf("the form says what was saved without being sent there after a save")
	}
}
