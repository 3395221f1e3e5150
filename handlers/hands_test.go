package handlers

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var totalRe = regexp.MustCompile(`<div class="score">(-?[0-9]+)</div>`)

// totals reads the big totals off the scorepad, in seat order.
func totals(p page) []string {
	var out []string
	for _, m := range totalRe.FindAllStringSubmatch(p.body, -1) {
		out = append(out, m[1])
	}
	return out
}

func sameTotals(t *testing.T, p page, want ...string) {
	t.Helper()
	got := totals(p)
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("totals %v, want %v", got, want)
	}
}

// TestFanGameToTheEnd is the walk-through: a Fan Rummy game for
// two recorded by points until one passes 100, the winner shown, an
// earlier deal corrected so the totals and the winner change, and all of
// it still there after a restart.
func TestFanGameToTheEnd(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	mustContain(t, app.get(game), "Game to 100 (N8)", "deals")
	for _, pts := range [][]string{{"25", ""}, {"", "40"}, {"30", ""}, {"", "12"}} {
		if p := app.recordPoints(game, "", pts...); p.status != http.StatusSeeOther {
			t.Fatalf("record %v: %d\n%s", pts, p.status, p.body)
		}
	}
	p := app.get(game)
	sameTotals(t, p, "55", "52")
	if strings.Contains(p.body, "wins with") {
		t.Fatalf("game over at 55 to 52")
	}
	app.recordPoints(game, "", "", "50")
	p = app.get(game)
	sameTotals(t, p, "55", "102")
	mustContain(t, p, "Bob wins with 102")
	if strings.Contains(p.body, "by points</a>") {
		t.Errorf("a finished game still offers to record a deal")
	}
	// Correct deal 2: Bob had 4, not 40. The game is open again.
	links := handLinks(p)
	if len(links) != 5 {
		t.Fatalf("%d deals listed, want 5", len(links))
	}
	edit := app.get(links[1])
	mustContain(t, edit, "Correct deal 2", `value="40"`)
	form := formValues(edit)
	form.Add("points", "")
	form.Add("points", "4")
	form.Set("author", "Ann")
	if r := app.post(links[1], form); r.status != http.StatusSeeOther {
		t.Fatalf("correction: %d\n%s", r.status, r.body)
	}
	p = app.get(game)
	sameTotals(t, p, "55", "66")
	if strings.Contains(p.body, "wins with") {
		t.Errorf("still finished after the correction")
	}
	// Ann goes on to win.
	app.recordPoints(game, "", "45", "")
	p = app.get(game)
	mustContain(t, p, "Ann wins with 100")
	history := app.get(game + "/history")
	mustContain(t, history, "Deal 2 corrected", "by Ann", "was: Ann 0 · Bob +40", "now: Ann 0 · Bob +4")

	// Stop and restart on the same file.
	path := app.dbPath
	app.close()
	again := openTestApp(t, path)
	p = again.get(game)
	sameTotals(t, p, "100", "66")
	mustContain(t, p, "Ann wins with 100")
	if n := len(handLinks(p)); n != 6 {
		t.Errorf("%d deals after restart, want 6", n)
	}
}

func TestRecordHandValidation(t *testing.T) {
	tests := []struct {
		name    string
		game    string
		players []string
		seat    string
		points  []string
		want    []string
	}{
		{"not a number", "fortune", []string{"Ann", "Bob"}, "", []string{"12", "ten"}, []string{"Enter a whole number", `value="ten"`, `value="12"`, `aria-invalid="true"`}},
		{"fan: both score", "fan", []string{"Ann", "Bob"}, "", []string{"10", "5"}, []string{"Bob: 5, but the other player scores 10: only one player scores in a Fan Rummy deal", `value="10"`, `value="5"`, `id="err-points[1]"`}},
		{"fan: negative", "fan", []string{"Ann", "Bob"}, "", []string{"-10", ""}, []string{"Ann: -10, but a Fan Rummy deal never scores below 0 (N6).", `id="err-points[0]"`}},
		{"flathead: who went out", "flathead", []string{"Ann", "Bob", "Cy"}, "", []string{"14", "", ""}, []string{"Who went out? Choose one (F6)."}},
		{"flathead: a loser scores", "flathead", []string{"Ann", "Bob", "Cy"}, "0", []string{"14", "3", ""}, []string{"Bob: 3, but only the player who went out scores in Flathead (F6).", `id="err-points[1]"`}},
		{"flathead: two players score at least 5", "flathead", []string{"Ann", "Bob"}, "1", []string{"", "4"}, []string{"at least 5 (F8)"}},
		{"trophy: loser scores", "trophy", []string{"Ann", "Bob", "Cy"}, "2", []string{"1", "", "3"}, []string{"Ann: 1, but only the trick&#39;s winner scores (T7)."}},
		{"fan: more than a doubled Big Gin", "fan", []string{"Ann", "Bob"}, "", []string{"1000", ""}, []string{"Ann: 1000 is more than a Fan Rummy deal scores: at most 258", "(N6, N7)", `value="1000"`, `id="err-points[0]"`, `aria-describedby="err-points[0]"`}},
		{"fortune: 47", "fortune", []string{"Ann", "Bob"}, "", []string{"-20", "47"}, []string{"Bob: 47 cannot be a Fortune Rummy score", "such as 45 or 50 (R6)", `value="-20"`, `id="err-points[1]"`}},
		{"black heart: went out below 25", "blackheart", []string{"Ann", "Bob"}, "0", []string{"-40", "85"}, []string{"Ann: -40, but the player who went out scores at least 25", "(B7)", `id="err-points[0]"`}},
		{"flathead: two players, 107", "flathead", []string{"Ann", "Bob"}, "0", []string{"107", ""}, []string{"Ann: 107 is more than a Flathead hand of 2 players scores: at most 60", "(F6, F8)", `id="err-points[0]"`}},
		{"black heart: who went out", "blackheart", []string{"Ann", "Bob"}, "", []string{"-20", "85"}, []string{"Who went out? Choose one (B8)."}},
		{"seat out of range", "blackheart", []string{"Ann", "Bob"}, "7", []string{"-20", "85"}, []string{"Choose one of the players."}},
		{"too big", "fortune", []string{"Ann", "Bob"}, "", []string{"99999999999", ""}, []string{"Enter a whole number"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			game := app.createGame(tc.game, tc.players...)
			p := app.recordPoints(game, tc.seat, tc.points...)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422\n%s", p.status, p.body)
			}
			mustContain(t, p, tc.want...)
			if n := len(handLinks(app.get(game))); n != 0 {
				t.Errorf("%d hands recorded despite the error", n)
			}
		})
	}
}

func TestRecordHandRulesPerGame(t *testing.T) {
	tests := []struct {
		game    string
		players []string
		seat    string
		points  []string
		totals  []string
		note    string
	}{
		{"flathead", []string{"Ann", "Bob", "Cy"}, "0", []string{"14", "", ""}, []string{"14", "0", "0"}, "Ann went out"},
		{"fortune", []string{"Ann", "Bob"}, "", []string{"55", "-70"}, []string{"55", "-70"}, ""},
		// A seat sent for a game whose form asks none is not asked about.
		{"fan", []string{"Ann", "Bob"}, "9", []string{"25", ""}, []string{"25", "0"}, ""},
		{"blackheart", []string{"Ann", "Bob"}, "1", []string{"-15", "+45"}, []string{"-15", "45"}, "Bob went out"},
		{"trophy", []string{"Ann", "Bob", "Cy", "Dee"}, "3", []string{"", "", "", "1"}, []string{"0", "0", "0", "1"}, "Dee won the trick"},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			app := newTestApp(t)
			game := app.createGame(tc.game, tc.players...)
			if p := app.recordPoints(game, tc.seat, tc.points...); p.status != http.StatusSeeOther {
				t.Fatalf("status %d\n%s", p.status, p.body)
			}
			p := app.get(game)
			sameTotals(t, p, tc.totals...)
			mustContain(t, p, tc.note)
		})
	}
}

func TestTrophyLeaderAndDeal(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("trophy", "Ann", "Bob", "Cy")
	// Ann deals first, so Bob leads (T6: left of the dealer at the start).
	mustContain(t, app.get(game), "Next lead: <strong>Bob</strong>")
	app.recordPoints(game, "2", "", "", "2")
	mustContain(t, app.get(game), "Next lead: <strong>Ann</strong>")
	// A trick that ended the hand passes the deal on.
	form := formValues(app.get(game + "/hands/new"))
	for _, p := range []string{"1", "", ""} {
		form.Add("points", p)
	}
	form.Set("seat", "0")
	form.Set("ends_hand", "1")
	app.post(game+"/hands", form)
	p := app.get(game)
	mustContain(t, p, "new hands dealt", "Next lead: <strong>Bob</strong>")
	if !regexp.MustCompile(`<span class="who">Bob</span>\s*<span class="tag deal">deals</span>`).MatchString(p.body) {
		t.Errorf("the deal did not pass to Bob after the hand ended")
	}
}

func TestDoubleSubmitRecordsOnce(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	form := formValues(app.get(game + "/hands/new"))
	form.Add("points", "20")
	form.Add("points", "")
	for i := 0; i < 3; i++ {
		if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
			t.Fatalf("submit %d: %d\n%s", i, p.status, p.body)
		}
	}
	p := app.get(game)
	sameTotals(t, p, "20", "0")
	if n := len(handLinks(p)); n != 1 {
		t.Errorf("%d deals after three identical submits, want 1", n)
	}
}

func TestStalePhoneAddingAHand(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	phoneA := formValues(app.get(game + "/hands/new"))
	phoneB := formValues(app.get(game + "/hands/new"))
	phoneA.Add("points", "20")
	phoneA.Add("points", "")
	if p := app.post(game+"/hands", phoneA); p.status != http.StatusSeeOther {
		t.Fatalf("phone A: %d", p.status)
	}
	phoneB.Add("points", "20")
	phoneB.Add("points", "")
	p := app.post(game+"/hands", phoneB)
	if p.status != http.StatusConflict {
		t.Fatalf("phone B: %d, want 409", p.status)
	}
	mustContain(t, p, "another phone saved first", "deal 1: Ann +20 · Bob 0", "Save as deal 2 anyway", `value="20"`)
	if n := len(handLinks(app.get(game))); n != 1 {
		t.Fatalf("%d deals after the stale save, want 1", n)
	}
	// Saving again is deliberate: the form now carries the current version.
	again := formValues(p)
	again.Add("points", "20")
	again.Add("points", "")
	if p := app.post(game+"/hands", again); p.status != http.StatusSeeOther {
		t.Fatalf("deliberate second save: %d", p.status)
	}
	sameTotals(t, app.get(game), "40", "0")
}

func TestStalePhoneCorrecting(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	app.recordPoints(game, "", "20", "")
	link := handLinks(app.get(game))[0]
	phoneA, phoneB := formValues(app.get(link)), formValues(app.get(link))
	phoneA.Add("points", "25")
	phoneA.Add("points", "")
	if p := app.post(link, phoneA); p.status != http.StatusSeeOther {
		t.Fatalf("phone A: %d", p.status)
	}
	phoneB.Add("points", "")
	phoneB.Add("points", "30")
	p := app.post(link, phoneB)
	if p.status != http.StatusConflict {
		t.Fatalf("phone B: %d, want 409", p.status)
	}
	mustContain(t, p, "Another phone changed this deal", "It now reads: Ann +25 · Bob 0", `value="30"`)
	sameTotals(t, app.get(game), "25", "0")
}

func TestRecordAfterGameOver(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	form := formValues(app.get(game + "/hands/new"))
	app.recordPoints(game, "", "100", "")
	form.Add("points", "5")
	form.Add("points", "")
	p := app.post(game+"/hands", form)
	if p.status != http.StatusConflict {
		t.Fatalf("status %d, want 409\n%s", p.status, p.body)
	}
	mustContain(t, p, "The game is over: Ann has won. Nothing was saved.")
	if p := app.get(game + "/hands/new"); p.status != http.StatusSeeOther {
		t.Errorf("the record form of a finished game: %d, want a redirect to the scorepad", p.status)
	}
}

func TestDeleteHand(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	app.recordPoints(game, "", "60", "")
	app.recordPoints(game, "", "45", "")
	p := app.get(game)
	mustContain(t, p, "Ann wins with 105")
	links := handLinks(p)
	confirm := app.get(links[0] + "/delete")
	mustContain(t, confirm, "Delete deal 1?", "Ann +60 · Bob 0")
	form := formValues(confirm)
	if r := app.post(links[0]+"/delete", form); r.status != http.StatusSeeOther {
		t.Fatalf("delete: %d\n%s", r.status, r.body)
	}
	// A re-post of the same confirmation is harmless.
	if r := app.post(links[0]+"/delete", form); r.status != http.StatusSeeOther {
		t.Fatalf("repeated delete: %d", r.status)
	}
	p = app.get(game)
	sameTotals(t, p, "45", "0")
	if strings.Contains(p.body, "wins with") || len(handLinks(p)) != 1 {
		t.Errorf("after deleting deal 1 the game should be open with one deal")
	}
	mustContain(t, app.get(game+"/history"), "Deal 1 (now deleted) deleted", "was: Ann +60 · Bob 0", "Deal 2 recorded")
}

func TestEditFormOfDeletedHandIsNotFound(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	app.recordPoints(game, "", "10", "")
	link := handLinks(app.get(game))[0]
	form := formValues(app.get(link + "/delete"))
	app.post(link+"/delete", form)
	if p := app.get(link); p.status != http.StatusNotFound {
		t.Errorf("edit form of a deleted deal: %d, want 404", p.status)
	}
}

// editNumbersRe reads the number of each row of a scorepad from its Edit
// link's accessible name.
var editNumbersRe = regexp.MustCompile(`>Edit<span class="sr-only"> deal (\d+)</span>`)

// TestHandNumbersStayAfterDelete: a deal keeps its number when an earlier
// one is deleted, on the scorepad, its correction page and the history,
// and a deleted deal's number is never given to a later one.
func TestHandNumbersStayAfterDelete(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	for _, points := range []string{"10", "20", "30"} {
		app.recordPoints(game, "", points, "")
	}
	deleteDeal := func(link string) {
		t.Helper()
		if r := app.post(link+"/delete", formValues(app.get(link+"/delete"))); r.status != http.StatusSeeOther {
			t.Fatalf("delete %s: %d", link, r.status)
		}
	}
	numbers := func() []string {
		t.Helper()
		var out []string
		for _, m := range editNumbersRe.FindAllStringSubmatch(app.get(game).body, -1) {
			out = append(out, m[1])
		}
		return out
	}
	links := handLinks(app.get(game))
	deleteDeal(links[1])
	if got := numbers(); !slices.Equal(got, []string{"1", "3"}) {
		t.Fatalf("after deleting deal 2 the scorepad numbers its deals %v, want [1 3]", got)
	}
	mustContain(t, app.get(links[2]), "Correct deal 3")
	// The last deal deleted, the next one is deal 4, not 3 again, and its
	// form says so.
	deleteDeal(links[2])
	mustContain(t, app.get(game+"/hands/new"), "Record deal 4", "Save deal 4")
	mustContain(t, app.get(game+"/hands/new?by=cards"), "Record deal 4")
	app.recordPoints(game, "", "5", "")
	if got := numbers(); !slices.Equal(got, []string{"1", "4"}) {
		t.Fatalf("after deleting deal 3 and recording one the scorepad numbers its deals %v, want [1 4]", got)
	}
	mustContain(t, app.get(game+"/history"), "Deal 4 recorded", "Deal 3 (now deleted) deleted", "Deal 2 (now deleted) deleted",
		"Deal 3 (now deleted) recorded", "Deal 2 (now deleted) recorded", "Deal 1 recorded")
}
