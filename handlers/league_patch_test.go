package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"

	"meldpad/db"
	"meldpad/db/dbtest"
	"meldpad/rules/standings"
	"meldpad/scorepad"
)

// TestLeagueDataPatchedEqualsRebuilt: the league's data after a few games
// changed, patched onto the earlier version's (newLeagueData with prev),
// equals the data built from the whole record: the same games in the same
// finishing order, and the same tables to the bit.
func TestLeagueDataPatchedEqualsRebuilt(t *testing.T) {
	ctx := context.Background()
	store, err := db.Open(ctx, dbtest.DSN(t, filepath.Join(t.TempDir(), "league.db")))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	l, err := scorepad.SeedLeague(ctx, store, scorepad.SeedOptions{Players: 12, Games: 300, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	full := func() *leagueData {
		rec, err := store.LeagueRecord(ctx, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		return newLeagueData(rec, nil)
	}
	prev := full()
	rng := rand.New(rand.NewPCG(7, 9))
	for step := range 30 {
		// Correct the last hand of a few games, some of them finished long
		// ago: their totals, places and finishing moments may change.
		for range 1 + rng.IntN(3) {
			g := prev.record.Games[rng.IntN(len(prev.record.Games))]
			hands, err := store.Hands(ctx, g.ID)
			if err != nil || len(hands) == 0 {
				continue
			}
			h := hands[len(hands)-1]
			played, err := store.GameByWatchID(ctx, g.WatchID)
			if err != nil {
				t.Fatal(err)
			}
			points := append([]int(nil), h.Points...)
			points[rng.IntN(len(points))] += 5 * (rng.IntN(3) - 1)
			in := db.HandInput{Entry: db.EntryPoints, Record: h.Record, Points: points, Seat: h.Seat, EndsHand: h.EndsHand}
			if _, err := scorepad.CorrectIn(ctx, store, played.PublicID, h.ID, in, db.Change{}); err != nil {
				t.Fatalf("correct: %v", err)
			}
		}
		rec, err := store.LeagueRecordSince(ctx, l.ID, &prev.record)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Changed == nil {
			t.Fatalf("step %d: the record was read whole", step)
		}
		patched := newLeagueData(rec, prev)
		rebuilt := full()
		if !reflect.DeepEqual(patched.games, rebuilt.games) {
			t.Fatalf("step %d: patched games differ from rebuilt ones", step)
		}
		scope := standings.Scope{}
		if !patched.table(scope).Equal(rebuilt.table(scope)) {
			t.Fatalf("step %d: tables differ", step)
		}
		prev = patched
	}
}

// TestLeagueTablesCarriedOverSaves: while a league game is played hand by
// hand and then finishes, each version's tables are carried over from the
// version before (kept while the game is in progress, extended when it
// finishes), and they equal the tables computed from the whole record,
// for the whole league, one kind of game and one season.
func TestLeagueTablesCarriedOverSaves(t *testing.T) {
	ctx := context.Background()
	store, err := db.Open(ctx, filepath.Join(t.TempDir(), "league.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	l, err := scorepad.SeedLeague(ctx, store, scorepad.SeedOptions{Players: 8, Games: 120, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.AddSeason(ctx, l.ID, db.SeasonInput{Name: "Winter"}); err != nil {
		t.Fatal(err)
	}
	rec, err := store.LeagueRecord(ctx, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	season := rec.League.Seasons[0].ID
	scopes := []standings.Scope{{}, {Rules: "fan"}, {Season: season}, {Season: season, Rules: "fan"}}
	prev := newLeagueData(rec, nil)
	for _, sc := range scopes {
		prev.table(sc)
	}
	names := []string{rec.Members[0].Name, rec.Members[1].Name}
	for g := range 3 {
		game, err := store.CreateGame(ctx, db.NewGame{Rules: "fan", Players: names, LeagueID: l.ID, Token: db.NewID()})
		if err != nil {
			t.Fatal(err)
		}
		for hand := 0; ; hand++ {
			points, _ := json.Marshal(map[string]any{"points": []int{30, 0}})
			in := db.HandInput{Entry: db.EntryPoints, Record: points, Points: []int{30, 0}, Seat: -1}
			if _, err := scorepad.AddTo(ctx, store, game.PublicID, in, db.Change{Token: db.NewID()}); errors.Is(err, db.ErrGameOver) {
				break
			} else if err != nil {
				t.Fatal(err)
			}
			rec, err := store.LeagueRecordSince(ctx, l.ID, &prev.record)
			if err != nil {
				t.Fatal(err)
			}
			patched := newLeagueData(rec, prev)
			patched.mu.Lock()
			carried := len(patched.tables)
			patched.mu.Unlock()
			if carried != len(scopes) {
				t.Fatalf("game %d hand %d: %d of %d tables carried over", g, hand, carried, len(scopes))
			}
			rebuilt := newLeagueData(rec, nil)
			for _, sc := range scopes {
				if !patched.table(sc).Equal(rebuilt.table(sc)) {
					t.Fatalf("game %d hand %d, scope %+v: carried table differs from rebuilt", g, hand, sc)
				}
			}
			prev = patched
		}
	}
	if n := len(prev.table(standings.Scope{}).Games); n != len(rec.Games)+3 {
		t.Errorf("the table counts %d games, want %d", n, len(rec.Games)+3)
	}
}
