package handlers

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"

	"meldpad/db"
	"meldpad/db/dbtest"
	"meldpad/rules/standings"
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
	l, err := store.SeedLeague(ctx, db.SeedOptions{Players: 12, Games: 300, Seed: 7})
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
			points := append([]int(nil), h.Points...)
			points[rng.IntN(len(points))] += 5 * (rng.IntN(3) - 1)
			in := db.HandInput{Entry: db.EntryPoints, Record: h.Record, Points: points, Seat: h.Seat, EndsHand: h.EndsHand}
			if _, err := store.CorrectHand(ctx, g.ID, h.ID, in, db.Change{}); err != nil {
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
		if !reflect.DeepEqual(patched.table(scope), rebuilt.table(scope)) {
			t.Fatalf("step %d: tables differ", step)
		}
		prev = patched
	}
}
