package handlers

import (
	"context"
	"net/http"
	"testing"
)

// TestTokenOfAnotherGameSavesNothing: a form token is one form's. A
// token already used in game A, posted twice to game B, saves nothing in
// B, rather than a hand each time (finding: tokens were looked up in the
// game posted to but kept unique over all games, so the second post did
// not find the first).
func TestTokenOfAnotherGameSavesNothing(t *testing.T) {
	app := newTestApp(t)
	a := app.createGame("fan", "Ann", "Bob")
	b := app.createGame("fan", "Cy", "Di")
	form := formValues(app.get(a + "/hands/new"))
	form["points"] = []string{"5", ""}
	if p := app.post(a+"/hands", form); p.status != http.StatusSeeOther {
		t.Fatalf("save in A: %d", p.status)
	}
	form.Set("version", formValues(app.get(b+"/hands/new")).Get("version"))
	for try := range 2 {
		if p := app.post(b+"/hands", form); p.status == http.StatusSeeOther {
			t.Errorf("post %d of A's token to B: %d %s, want it refused", try+1, p.status, p.location)
		}
	}
	hands, err := app.store.Hands(context.Background(), mustGameID(t, app, b))
	if err != nil {
		t.Fatal(err)
	}
	if len(hands) != 0 {
		t.Errorf("A's token saved %d hands in B, want none", len(hands))
	}
}
