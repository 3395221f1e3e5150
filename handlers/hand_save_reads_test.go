package handlers

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"

	"meldpad/db"
)

// gameCounter is a store that counts its reads of a game by link and of
// a game's hands.
type gameCounter struct {
	*db.Store
	games, hands atomic.Int32
}

func (g *gameCounter) Game(ctx context.Context, publicID string) (db.Game, error) {
	g.games.Add(1)
	return g.Store.Game(ctx, publicID)
}

func (g *gameCounter) Hands(ctx context.Context, gameID int64) ([]db.Hand, error) {
	g.hands.Add(1)
	return g.Store.Hands(ctx, gameID)
}

// TestSaveByPointsReadsTheGameOnce: a hand saved by points is checked
// against the game as read once, its tally standing for its hands, which
// are not read (scorepad.Add); a refused one is shown with that same
// game, its message by the field and its values kept, and nothing saved.
func TestSaveByPointsReadsTheGameOnce(t *testing.T) {
	app := newTestApp(t)
	srv := app.srv.Config.Handler.(*Server)
	counter := &gameCounter{Store: app.store}
	srv.store.Games, srv.store.Hands = counter, counter
	gamePath := app.createGame("flathead", "Ann", "Bob", "Cy")

	form := formValues(app.get(gamePath + "/hands/new"))
	form["points"] = []string{"14", "", ""}
	form.Set("seat", "0")
	games, handReads := counter.games.Load(), counter.hands.Load()
	if p := app.post(gamePath+"/hands", form); p.status != http.StatusSeeOther {
		t.Fatalf("save: %d\n%s", p.status, p.body)
	}
	if n := counter.games.Load() - games; n != 1 {
		t.Errorf("the save read the game %d times, want 1", n)
	}
	if n := counter.hands.Load() - handReads; n != 0 {
		t.Errorf("the save read the game's hands %d times, want 0", n)
	}

	form = formValues(app.get(gamePath + "/hands/new"))
	form["points"] = []string{"14", "x9", ""}
	form.Set("seat", "0")
	games = counter.games.Load()
	p := app.post(gamePath+"/hands", form)
	if n := counter.games.Load() - games; n != 1 {
		t.Errorf("the refused save read the game %d times, want 1", n)
	}
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("a refused save: %d", p.status)
	}
	mustContain(t, p, "Enter a whole number", `value="x9"`)
	hands, err := app.store.Hands(context.Background(), mustGameID(t, app, gamePath))
	if err != nil || len(hands) != 1 {
		t.Errorf("%d hands stored (%v), want 1", len(hands), err)
	}
}
