package handlers

import (
	"net/http"
	"testing"
)

// TestPointsGameGoalInLanguage: a game by points' scorepad says how it
// ends and who wins in the table's language.
func TestPointsGameGoalInLanguage(t *testing.T) {
	app := newTestApp(t)
	acceptLanguage(app, "de")
	p := app.createPointsGame(hearts(), "Ann", "Bob", "Cy", "Dee")
	if p.status != http.StatusSeeOther {
		t.Fatalf("create: %d\n%s", p.status, p.body)
	}
	mustContain(t, app.get(p.location), `lang="de"`, "<h1>Hearts</h1>", "Bis 100, die niedrigste Summe gewinnt")
}
