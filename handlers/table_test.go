package handlers

import (
	"net/http"
	"testing"
)

// TestDealerChoicesNameThePlayers: without script, the form shown again
// after a problem offers the names typed as first dealers, and "Player N"
// for a seat left blank.
func TestDealerChoicesNameThePlayers(t *testing.T) {
	app := newTestApp(t)
	form := formValues(app.get("/games/new?game=fortune"))
	form.Del("players")
	for _, name := range []string{"Ann", "Bob", "bob", ""} {
		form.Add("players", name)
	}
	p := app.post("/games", form)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("two Bobs: %d, want 422", p.status)
	}
	mustContain(t, p, `data-name-of="player-0">Ann</option>`, `data-name-of="player-1">Bob</option>`,
		`data-name-of="player-2">bob</option>`, `data-name-of="player-3">Player 4</option>`)
}
