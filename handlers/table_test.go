package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"meldpad/db"
)

// TestDealerChoicesNameThePlayers: without script, the form shown again
// after a problem offers the names typed as first dealers, and no seat
// left blank.
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
	mustContain(t, p, `<option value="0" selected>Ann</option>`, `<option value="1">Bob</option>`, `<option value="2">bob</option>`)
	if strings.Contains(p.body, "Player 4</option>") {
		t.Errorf("the dealer's list offers the blank seat 4")
	}
}

// TestRematch: a finished game's rematch has the same seats, house rules
// and league, the next dealer, and a double tap or a second phone opens
// the same game; an open game has none, and the spectators' page offers
// none.
func TestRematch(t *testing.T) {
	app := newTestApp(t)
	ctx := context.Background()
	l := app.createLeague("Thursdays", "fan")
	id := strings.TrimPrefix(l.members, "/l/")
	form := formValues(app.get("/games/new?game=fan&league=" + id))
	form.Del("players")
	form.Del("house")
	form.Add("players", "Ann")
	form.Add("players", "Bob")
	form.Add("house", "undercut_on_tie")
	p := app.post("/games", form)
	if p.status != http.StatusSeeOther {
		t.Fatalf("start: %d\n%s", p.status, p.body)
	}
	game := p.location
	if r := app.get(game + "/rematch"); r.status != http.StatusSeeOther || r.location != game {
		t.Errorf("rematch of an open game: %d %s, want its scorepad", r.status, r.location)
	}
	if r := app.post(game+"/rematch", url.Values{"_csrf": {formValues(app.get("/games/new?game=fan")).Get("_csrf")}}); r.status != http.StatusSeeOther || r.location != game {
		t.Errorf("rematch posted for an open game: %d %s, want its scorepad", r.status, r.location)
	}
	app.mustRecord(game, "", "30", "")
	app.mustRecord(game, "", "", "10")
	app.mustRecord(game, "", "80", "")
	pad := app.get(game)
	mustContain(t, pad, "Ann wins with 110", `action="`+game+`/rematch"`)

	confirm := app.get(game + "/rematch")
	mustContain(t, confirm, "Rematch: Fan Rummy", "Ann", `Bob <span class="tag deal">deals first</span>`,
		"Undercut on a tie (N6)", "Counts in the league Thursdays.")
	first := app.post(game+"/rematch", formValues(confirm))
	if first.status != http.StatusSeeOther || !strings.HasPrefix(first.location, "/g/") || first.location == game {
		t.Fatalf("rematch: %d %q", first.status, first.location)
	}
	again := app.post(game+"/rematch", formValues(confirm))
	if again.location != first.location {
		t.Errorf("a second tap opened %q, not the rematch %q", again.location, first.location)
	}
	old, err := app.store.Game(ctx, strings.TrimPrefix(game, "/g/"))
	if err != nil {
		t.Fatal(err)
	}
	next, err := app.store.Game(ctx, strings.TrimPrefix(first.location, "/g/"))
	if err != nil {
		t.Fatal(err)
	}
	if next.Rules != "fan" || len(next.Seats) != 2 || next.Seats[0].Name != "Ann" || next.Seats[1].Name != "Bob" ||
		next.FirstDealer != 1 || !next.HouseRules["undercut_on_tie"] || next.Finished() {
		t.Errorf("the rematch: %+v", next)
	}
	oldLeague, err1 := app.store.LeagueOfGame(ctx, old.ID)
	newLeague, err2 := app.store.LeagueOfGame(ctx, next.ID)
	if err1 != nil || err2 != nil || newLeague.ID != oldLeague.ID {
		t.Errorf("the rematch's league: %v %v, %v %v", newLeague.Name, err2, oldLeague.Name, err1)
	}
	// The phone remembers the rematch: it is on its home page.
	mustContain(t, app.get("/"), first.location)

	// Once the league no longer counts Fan, the rematch of its second
	// game is played outside it.
	app.mustRecord(first.location, "", "110", "")
	settings := url.Values{"_csrf": {formValues(app.get(l.organizer)).Get("_csrf")}, "name": {"Thursdays"}, "games": {"trophy"}}
	if p := app.post(l.organizer+"/settings", settings); p.status != http.StatusSeeOther {
		t.Fatalf("settings: %d\n%s", p.status, p.body)
	}
	confirm = app.get(first.location + "/rematch")
	if strings.Contains(confirm.body, "Counts in the league") {
		t.Errorf("the rematch says it counts in a league that no longer counts its game")
	}
	third := app.post(first.location+"/rematch", formValues(confirm))
	thirdGame, err := app.store.Game(ctx, strings.TrimPrefix(third.location, "/g/"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := app.store.LeagueOfGame(ctx, thirdGame.ID); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("the rematch outside the league: LeagueOfGame says %v, want not found", err)
	}
	// The deal passed on once more: Ann deals the third game.
	if thirdGame.FirstDealer != 0 {
		t.Errorf("the third game's first dealer: seat %d, want 0 (Ann)", thirdGame.FirstDealer)
	}

	watchID, err := app.store.WatchID(ctx, old.ID)
	if err != nil {
		t.Fatal(err)
	}
	if w := app.get("/w/" + watchID); strings.Contains(w.body, "rematch") || strings.Contains(w.body, game) {
		t.Errorf("the spectators' page offers a rematch or names the game's link")
	}
}

// TestEndThenRematch: "End it and play a rematch" on the end page ends
// the game and opens its rematch; tapped twice, it opens the same one.
func TestEndThenRematch(t *testing.T) {
	app := newTestApp(t)
	form := formValues(app.get("/games/new?game=points"))
	form.Del("players")
	for _, name := range []string{"Ann", "Bob", "Cy"} {
		form.Add("players", name)
	}
	form.Set("name", "Hearts")
	form.Set("wins", "lowest")
	form.Set("end", "open")
	p := app.post("/games", form)
	if p.status != http.StatusSeeOther {
		t.Fatalf("start: %d\n%s", p.status, p.body)
	}
	game := p.location
	app.mustRecord(game, "", "5", "10", "11")
	confirm := app.get(game + "/end")
	mustContain(t, confirm, `name="then" value="rematch"`)
	end := formValues(confirm)
	end.Set("then", "rematch")
	first := app.post(game+"/end", end)
	if first.status != http.StatusSeeOther || !strings.HasPrefix(first.location, "/g/") || first.location == game {
		t.Fatalf("end and rematch: %d %q\n%s", first.status, first.location, first.body)
	}
	mustContain(t, app.get(game), "Ann wins")
	if again := app.post(game+"/end", end); again.location != first.location {
		t.Errorf("a second tap opened %q, not the rematch %q", again.location, first.location)
	}
	next := app.get(first.location)
	mustContain(t, next, "<h1>Hearts</h1>", "Ann", "Bob", "Cy", "Nothing recorded yet.")
}

// TestHistoryShowsCardsMoved: the history of a correction of a hand
// entered card by card says which cards changed, by whose, beside the
// points; players whose cards stayed are not named.
func TestHistoryShowsCardsMoved(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fortune", "Ann", "Bob", "Cy")
	app.saveFortuneExample(game)
	link := handLinks(app.get(game))[0]
	// Bob had laid down 9S 10S JS after all, and held only QS.
	form := formValues(app.get(link))
	form.Set("meld_0_0", "KS, KH, KD")
	form.Set("meld_0_1", "5H, 6H, 2C")
	form.Set("meld_0_2", "8C, 9C, 10C, JC, QC")
	form.Set("meld_1_0", "9s 10s js")
	form.Set("hand_1", "qs")
	form.Set("hand_2", "9C, 9D")
	form.Set("action", "save")
	if p := app.post(link, form); p.status != http.StatusSeeOther {
		t.Fatalf("correction: %d\n%s", p.status, p.body)
	}
	history := app.get(game + "/history")
	mustContain(t, history, "Hand 1 corrected", "now: Ann +95 · Bob -20 · Cy -20", "<li>Bob: +9♠ +10♠ +J♠ -A♥ -2♦</li>")
	if strings.Contains(history.body, "<li>Ann:") || strings.Contains(history.body, "<li>Cy:") {
		t.Errorf("the history names players whose cards did not change:\n%s", history.body)
	}
}

// TestHistoryShowsCardsMovedInFan: in a game without a section per
// player, the cards moved are named by their field.
func TestHistoryShowsCardsMovedInFan(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	if p := app.post(game+"/hands", with(formValues(app.get(game+"/hands/new?by=cards")), fanDeal())); p.status != http.StatusSeeOther {
		t.Fatalf("save: %d\n%s", p.status, p.body)
	}
	link := handLinks(app.get(game))[0]
	if p := app.post(link, with(formValues(app.get(link)), otherFanDeal())); p.status != http.StatusSeeOther {
		t.Fatalf("correction: %d\n%s", p.status, p.body)
	}
	mustContain(t, app.get(game+"/history"), "Deal 1 corrected", "<li>Bob&#39;s cards at the end: +7♠ -8♠</li>")
}
