package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"meldpad/db/dbtest"
)

func openTest(t *testing.T) (*Store, string) {
	t.Helper()
	path := dbtest.DSN(t, filepath.Join(t.TempDir(), "test.db"))
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

func pointsHand(points ...int) HandInput {
	rec, _ := json.Marshal(map[string]any{"points": points})
	return HandInput{Entry: EntryPoints, Record: rec, Points: points, Seat: -1}
}

func newFanGame(t *testing.T, s *Store) Game {
	t.Helper()
	g, err := s.CreateGame(context.Background(), NewGame{Rules: "fan", Players: []string{"Ann", "Bob"}, Token: NewID()})
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return g
}

func TestMigrationsFromEmpty(t *testing.T) {
	dbtest.SQLiteOnly(t, "SQLite's tables and PRAGMAs (TestSchemaVersion checks both)")
	s, path := openTest(t)
	var tables int
	if err := s.r.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'table'
		AND name IN ('players', 'games', 'seats', 'hands', 'revisions', 'submissions')`).Scan(&tables); err != nil {
		t.Fatal(err)
	}
	if tables != 6 {
		t.Errorf("%d of 6 tables after migrating an empty file", tables)
	}
	var mode string
	if err := s.r.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
	var fk int
	if err := s.r.QueryRow(`PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Errorf("foreign_keys = %d, %v on a pooled reader; want 1", fk, err)
	}
	// Reopening an up-to-date file migrates nothing and keeps the data.
	g := newFanGame(t, s)
	s.Close()
	s2, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer s2.Close()
	if _, err := s2.Game(context.Background(), g.PublicID); err != nil {
		t.Errorf("game lost across reopen: %v", err)
	}
}

func TestReaderIsReadOnly(t *testing.T) {
	dbtest.SQLiteOnly(t, "on PostgreSQL reads and writes share one pool")
	s, _ := openTest(t)
	if _, err := s.r.Exec(`CREATE TABLE scratch (x)`); err == nil {
		t.Errorf("a write through the read pool succeeded")
	}
}

func TestCreateGameRemembersPlayersAndToken(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	in := NewGame{Rules: "fortune", Players: []string{"Ann", "bob", "Cy"}, FirstDealer: 2, Token: NewID(),
		HouseRules: map[string]bool{"big_sets": true}}
	g, err := s.CreateGame(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.CreateGame(ctx, in)
	if err != nil || again.PublicID != g.PublicID {
		t.Fatalf("second submit of the same form made %q (%v), want %q", again.PublicID, err, g.PublicID)
	}
	if !ValidID(g.PublicID) || len(g.Seats) != 3 || g.Seats[1].Name != "bob" || g.FirstDealer != 2 || !g.HouseRules["big_sets"] {
		t.Errorf("game = %+v", g)
	}
	// Outside leagues a seat is a name, as typed: "BOB" at another table
	// is not matched with bob, and no player is made.
	g2, err := s.CreateGame(ctx, NewGame{Rules: "fortune", Players: []string{" BOB ", "Dee"}, Token: NewID()})
	if err != nil {
		t.Fatal(err)
	}
	if g2.Seats[0].Name != "BOB" || g2.Seats[0].PlayerID != 0 || g.Seats[1].PlayerID != 0 {
		t.Errorf("seats %+v and %+v: want names without players", g2.Seats[0], g.Seats[1])
	}
	var players int
	if err := s.r.QueryRow(`SELECT count(*) FROM players`).Scan(&players); err != nil || players != 0 {
		t.Errorf("%d players made by games outside leagues (%v), want none", players, err)
	}
}

func TestGameIDsAreRandom(t *testing.T) {
	s, _ := openTest(t)
	a, b := newFanGame(t, s), newFanGame(t, s)
	if a.PublicID == b.PublicID || len(a.PublicID) != 26 {
		t.Errorf("ids %q and %q", a.PublicID, b.PublicID)
	}
	if _, err := s.Game(context.Background(), "1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Game(\"1\") = %v, want ErrNotFound", err)
	}
}

func TestHandsTotalsAndWinner(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	for _, p := range [][]int{{40, 0}, {0, 30}, {50, 0}} {
		if _, err := s.addHand(ctx, g.ID, pointsHand(p...), Change{Token: NewID()}); err != nil {
			t.Fatal(err)
		}
	}
	g, _ = s.Game(ctx, g.PublicID)
	if g.Finished() || g.Seats[0].Total != 90 || g.Seats[1].Total != 30 {
		t.Fatalf("after three deals: %+v", g)
	}
	last, err := s.addHand(ctx, g.ID, pointsHand(12, 0), Change{Token: NewID()})
	if err != nil {
		t.Fatal(err)
	}
	g, _ = s.Game(ctx, g.PublicID)
	if !g.Finished() || g.Winner != 0 || g.FinishedAt.IsZero() {
		t.Fatalf("102 to 30 should end the game (N8): %+v", g)
	}
	if _, err := s.addHand(ctx, g.ID, pointsHand(0, 5), Change{Token: NewID()}); !errors.Is(err, ErrGameOver) {
		t.Errorf("hand after the end: %v, want ErrGameOver", err)
	}
	// Correcting the last deal reopens the game.
	if _, err := s.correctHand(ctx, g.ID, last.ID, pointsHand(9, 0), Change{Version: last.Version, Author: "Ann"}); err != nil {
		t.Fatal(err)
	}
	g, _ = s.Game(ctx, g.PublicID)
	if g.Finished() || g.Winner != -1 || !g.FinishedAt.IsZero() || g.Seats[0].Total != 99 {
		t.Fatalf("99 must reopen the game: %+v", g)
	}
}

func TestDoubleSubmitSavesOnce(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	c := Change{Token: NewID(), Version: g.Version}
	var wg sync.WaitGroup
	ids := make([]int64, 4)
	errs := make([]error, 4)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h, err := s.addHand(ctx, g.ID, pointsHand(20, 0), c)
			ids[i], errs[i] = h.ID, err
		}()
	}
	wg.Wait()
	for i := range ids {
		if errs[i] != nil || ids[i] != ids[0] {
			t.Errorf("submit %d: hand %d, %v; want hand %d", i, ids[i], errs[i], ids[0])
		}
	}
	hands, _ := s.Hands(ctx, g.ID)
	if len(hands) != 1 {
		t.Errorf("%d hands after a quadruple submit, want 1", len(hands))
	}
}

// TestSaveSaysTheGamesVersion: the hand a save returns carries the game's
// version after it, which the server announces without reading the game
// again; the answer to a form submitted again carries none (the first
// submit announced it).
func TestSaveSaysTheGamesVersion(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	for i := range 3 {
		c := Change{Token: NewID()}
		h, err := s.addHand(ctx, g.ID, pointsHand(i, 0), c)
		if err != nil {
			t.Fatal(err)
		}
		now, err := s.Game(ctx, g.PublicID)
		if err != nil {
			t.Fatal(err)
		}
		if h.GameVersion != now.Version || now.Version <= g.Version {
			t.Errorf("save %d: GameVersion %d, the game is at %d (was %d)", i, h.GameVersion, now.Version, g.Version)
		}
		if again, err := s.addHand(ctx, g.ID, pointsHand(i, 0), c); err != nil || again.ID != h.ID || again.GameVersion != 0 {
			t.Errorf("save %d again: hand %d, GameVersion %d, %v; want hand %d, 0", i, again.ID, again.GameVersion, err, h.ID)
		}
		g = now
	}
}

// TestSavedHandIsAsStored: the hand a save answers with, made from what
// it wrote rather than read back, is the hand as stored, its number one
// more than the game's highest (deleted hands keep theirs).
func TestSavedHandIsAsStored(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	seat := pointsHand(0, 25)
	seat.Seat = 1
	var last Hand
	for i, in := range []HandInput{pointsHand(10, 0), seat, pointsHand(0, 0)} {
		if i == 2 {
			if err := s.deleteHand(ctx, g.ID, last.ID, Change{Token: NewID()}); err != nil {
				t.Fatal(err)
			}
		}
		saved, err := s.addHand(ctx, g.ID, in, Change{Token: NewID(), Author: "Ann"})
		if err != nil {
			t.Fatal(err)
		}
		stored, err := s.Hand(ctx, g.ID, saved.ID)
		if err != nil {
			t.Fatal(err)
		}
		if saved.GameVersion == 0 {
			t.Errorf("hand %d: no game version", i)
		}
		saved.GameVersion = 0
		if !reflect.DeepEqual(saved, stored) {
			t.Errorf("hand %d saved as\n%+v\nstored as\n%+v", i, saved, stored)
		}
		if saved.Seq != i+1 {
			t.Errorf("hand %d: seq %d, want %d", i, saved.Seq, i+1)
		}
		last = saved
	}
}

func TestStaleFormsConflict(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	// Two phones open "record a hand" at the same version; the second save
	// must not silently add a duplicate.
	if _, err := s.addHand(ctx, g.ID, pointsHand(10, 0), Change{Token: NewID(), Version: g.Version}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.addHand(ctx, g.ID, pointsHand(10, 0), Change{Token: NewID(), Version: g.Version}); !errors.Is(err, ErrConflict) {
		t.Fatalf("stale add: %v, want ErrConflict", err)
	}
	hands, _ := s.Hands(ctx, g.ID)
	h := hands[0]
	if _, err := s.correctHand(ctx, g.ID, h.ID, pointsHand(11, 0), Change{Token: NewID(), Version: h.Version}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.correctHand(ctx, g.ID, h.ID, pointsHand(12, 0), Change{Token: NewID(), Version: h.Version}); !errors.Is(err, ErrConflict) {
		t.Fatalf("stale correction: %v, want ErrConflict", err)
	}
	if err := s.deleteHand(ctx, g.ID, h.ID, Change{Token: NewID(), Version: h.Version}); !errors.Is(err, ErrConflict) {
		t.Fatalf("stale delete: %v, want ErrConflict", err)
	}
	got, _ := s.Hand(ctx, g.ID, h.ID)
	if got.Points[0] != 11 {
		t.Errorf("hand = %v, want the first correction kept", got.Points)
	}
}

func TestRevisionHistory(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	h, err := s.addHand(ctx, g.ID, pointsHand(18, 0), Change{Token: NewID(), Author: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	h2, err := s.correctHand(ctx, g.ID, h.ID, pointsHand(0, 25), Change{Token: NewID(), Author: "Bob", Version: h.Version})
	if err != nil {
		t.Fatal(err)
	}
	if h2.Version != h.Version+1 {
		t.Errorf("version %d after a correction of %d", h2.Version, h.Version)
	}
	if err := s.deleteHand(ctx, g.ID, h.ID, Change{Token: NewID(), Author: "Cy", Version: h2.Version}); err != nil {
		t.Fatal(err)
	}
	revs, err := s.Revisions(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(revs) != 3 {
		t.Fatalf("%d revisions, want 3", len(revs))
	}
	add, fix, del := revs[0], revs[1], revs[2]
	if add.Action != "add" || add.Author != "Ann" || add.Before != nil || add.After.Points[0] != 18 {
		t.Errorf("add revision = %+v", add)
	}
	if fix.Action != "correct" || fix.Author != "Bob" || fix.Before.Points[0] != 18 || fix.After.Points[1] != 25 {
		t.Errorf("correct revision = %+v", fix)
	}
	if del.Action != "delete" || del.Author != "Cy" || del.Before.Points[1] != 25 || del.After != nil {
		t.Errorf("delete revision = %+v", del)
	}
	if _, err := s.Hand(ctx, g.ID, h.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("deleted hand still loads: %v", err)
	}
	g, _ = s.Game(ctx, g.PublicID)
	if g.Seats[0].Total != 0 || g.Seats[1].Total != 0 {
		t.Errorf("totals after deleting the only hand: %+v", g.Seats)
	}
}

func TestHandOfAnotherGameIsNotFound(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	a, b := newFanGame(t, s), newFanGame(t, s)
	h, _ := s.addHand(ctx, a.ID, pointsHand(5, 0), Change{})
	if _, err := s.Hand(ctx, b.ID, h.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("hand of game a through game b: %v", err)
	}
	if _, err := s.correctHand(ctx, b.ID, h.ID, pointsHand(1, 0), Change{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("correct through another game: %v", err)
	}
}

func TestTokenReusedAcrossGamesIsHarmless(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	token := NewID()
	a, err := s.CreateGame(ctx, NewGame{Rules: "fan", Players: []string{"A", "B"}, Token: token})
	if err != nil {
		t.Fatal(err)
	}
	// A hostile client replays the game form's token on a hand form: it
	// saves nothing, rather than a hand each time it is sent.
	for range 2 {
		if _, err := s.addHand(ctx, a.ID, pointsHand(1, 0), Change{Token: token}); !errors.Is(err, ErrTokenElsewhere) {
			t.Errorf("replayed token: %v, want ErrTokenElsewhere", err)
		}
	}
	if hands, err := s.Hands(ctx, a.ID); err != nil || len(hands) != 0 {
		t.Errorf("a replayed token saved %d hands (%v)", len(hands), err)
	}
}

func TestWritesAreImmediate(t *testing.T) {
	dbtest.SQLiteOnly(t, "SQLite's write lock (PostgreSQL locks rows: TestManyWriters)")
	s, path := openTest(t)
	ctx := context.Background()
	// A write transaction that has only read so far must already hold the
	// write lock (BEGIN IMMEDIATE), so it can never fail half-way with
	// SQLITE_BUSY when it upgrades.
	if err := s.commits.begin(); err != nil {
		t.Fatal(err)
	}
	defer s.commits.rollback()
	var n int
	if err := s.commits.conn.QueryRowContext(ctx, `SELECT count(*) FROM games`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.Exec(`BEGIN IMMEDIATE`); err == nil {
		other.Exec(`ROLLBACK`)
		t.Fatalf("a second writer got the lock while a store transaction was open")
	}
}

func TestWatchLinks(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	w1, err := s.WatchID(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	w2, _ := s.WatchID(ctx, g.ID)
	if w1 != w2 || !ValidID(w1) || w1 == g.PublicID {
		t.Fatalf("watch ids %q, %q for game %q", w1, w2, g.PublicID)
	}
	got, err := s.GameByWatchID(ctx, w1)
	if err != nil || got.ID != g.ID {
		t.Fatalf("GameByWatchID = %+v, %v", got, err)
	}
	if _, err := s.GameByWatchID(ctx, g.PublicID); !errors.Is(err, ErrNotFound) {
		t.Errorf("the game's own id works as a watch link: %v", err)
	}
}

// TestSchemaVersion: both databases are at the same schema version, the
// last of the SQLite migrations, with every table there.
func TestSchemaVersion(t *testing.T) {
	s, _ := openTest(t)
	var version int64
	if err := s.r.QueryRow(`SELECT max(version_id) FROM goose_db_version`).Scan(&version); err != nil {
		t.Fatal(err)
	}
	entries, err := migrations.ReadDir("migrations")
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(len(entries)); version != want {
		t.Errorf("schema version %d, want %d (the SQLite migrations)", version, want)
	}
	for _, table := range []string{"players", "games", "seats", "hands", "revisions", "submissions",
		"leagues", "seasons", "league_members", "player_moves", "write_probe", "kept_pages"} {
		var n int
		if err := s.r.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
			t.Errorf("table %s: %v", table, err)
		}
	}
}
