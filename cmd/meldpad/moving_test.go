package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"meldpad/db"
	"meldpad/db/dbtest"
	"meldpad/handlers"
	"meldpad/scorepad"
)

// TestMovingUpAndDown moves a SQLite meldpad to PostgreSQL with -export
// and -import, and back down to a new SQLite file: every database shows
// the same standings and ratings (the standings CSV files, every column,
// byte for byte), and PostgreSQL exports the very file it imported.
func TestMovingUpAndDown(t *testing.T) {
	pg := dbtest.Require(t)
	ctx := context.Background()
	dir := t.TempDir()
	old, back := filepath.Join(dir, "old.db"), filepath.Join(dir, "back.db")
	store, err := db.Open(ctx, old)
	if err != nil {
		t.Fatal(err)
	}
	league, err := scorepad.SeedLeague(ctx, store, scorepad.SeedOptions{Name: "Thursday club", Players: 7, Games: 60, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	// A game outside leagues with a correction and a deletion, so that
	// revisions and deleted hands move too; and a league game going on.
	g, err := store.CreateGame(ctx, db.NewGame{Rules: "fan", Players: []string{"Ann", "Zoë"}, Token: db.NewID()})
	if err != nil {
		t.Fatal(err)
	}
	var hands []db.Hand
	for _, pts := range [][]int{{10, 0}, {0, 25}, {7, 0}} {
		h, err := scorepad.AddTo(ctx, store, g.PublicID, db.HandInput{Entry: db.EntryPoints, Record: []byte(`{"points":[1,2]}`), Points: pts, Seat: -1}, db.Change{Token: db.NewID()})
		if err != nil {
			t.Fatal(err)
		}
		hands = append(hands, h)
	}
	if _, err := scorepad.CorrectIn(ctx, store, g.PublicID, hands[0].ID, db.HandInput{Entry: db.EntryPoints, Record: []byte(`{}`), Points: []int{12, 0}, Seat: -1}, db.Change{Token: db.NewID()}); err != nil {
		t.Fatal(err)
	}
	if err := scorepad.DeleteIn(ctx, store, g.PublicID, hands[1].ID, db.Change{Token: db.NewID()}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.CreateGame(ctx, db.NewGame{Rules: "trophy", Players: []string{"Ann", "Bob", "ZOË"}, LeagueID: league.ID, Token: db.NewID()}); err != nil {
		t.Fatal(err)
	}
	store.Close()
	want := standingsFiles(t, old, league.PublicID)

	up := filepath.Join(dir, "up.json")
	if out, err := meldpadCommand(t, "", "-db", old, "-export", up); err != nil {
		t.Fatalf("-export from SQLite: %q, %v", out, err)
	}
	if out, err := meldpadCommand(t, "", "-db", pg, "-import", up); err != nil || !strings.Contains(out, "imported 1 league, 62 games") {
		t.Fatalf("-import into PostgreSQL: %q, %v", out, err)
	}
	compareFiles(t, "PostgreSQL", want, standingsFiles(t, pg, league.PublicID))

	down := filepath.Join(dir, "down.json")
	if out, err := meldpadCommand(t, "", "-db", pg, "-export", down); err != nil {
		t.Fatalf("-export from PostgreSQL: %q, %v", out, err)
	}
	a, _ := os.ReadFile(up)
	b, _ := os.ReadFile(down)
	if exportedAt.ReplaceAllString(string(a), "") != exportedAt.ReplaceAllString(string(b), "") {
		t.Errorf("PostgreSQL exports another file than it imported")
	}
	if out, err := meldpadCommand(t, "", "-db", back, "-import", down); err != nil {
		t.Fatalf("-import into SQLite: %q, %v", out, err)
	}
	compareFiles(t, "SQLite again", want, standingsFiles(t, back, league.PublicID))
}

// standingsFiles are the league's standings CSV files, for every game
// and each game of it, as a meldpad on the database serves them.
func standingsFiles(t *testing.T, dsn, league string) map[string]string {
	t.Helper()
	store, err := db.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	srv := httptest.NewServer(handlers.New(handlers.StoresOf(store), slog.New(slog.NewTextHandler(io.Discard, nil)), handlers.Options{}))
	defer srv.Close()
	files := map[string]string{}
	for _, q := range []string{"", "?game=fan", "?game=fortune", "?game=trophy", "?game=blackheart", "?game=flathead"} {
		resp, err := http.Get(srv.URL + "/l/" + league + "/standings.csv" + q)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("standings.csv%s: %d %s", q, resp.StatusCode, body)
		}
		files[q] = string(body)
	}
	return files
}

func compareFiles(t *testing.T, where string, want, got map[string]string) {
	t.Helper()
	for q, w := range want {
		if strings.Count(w, "\n") < 3 {
			t.Errorf("standings.csv%s has too few rows to show anything:\n%s", q, w)
		}
		if got[q] != w {
			t.Errorf("%s: standings.csv%s differs:\n%s\nwant\n%s", where, q, got[q], w)
		}
	}
}

// TestBackupOfPostgres: -backup copies a SQLite file; a PostgreSQL
// database is backed up with its own tools, and meldpad says so.
func TestBackupOfPostgres(t *testing.T) {
	_, err := meldpadCommand(t, "", "-db", "postgres://meldpad@127.0.0.1:1/none", "-backup", filepath.Join(t.TempDir(), "copy.db"))
	if err == nil || !strings.Contains(err.Error(), "pg_dump") {
		t.Errorf("-backup of PostgreSQL: %v; want it to point at pg_dump", err)
	}
}
