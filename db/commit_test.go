package db

import (
	"context"
	"errors"
	"sync"
	"testing"

	"meldpad/db/dbtest"
)

// TestSavesCommittedTogether: many phones saving at once, some of them
// stale, share commits; each good save is stored once and answered with
// its hand, each stale one refused and stored nowhere, and the games'
// totals are what their stored hands add up to.
func TestSavesCommittedTogether(t *testing.T) {
	dbtest.SQLiteOnly(t, "the group committer shares SQLite's fsyncs; PostgreSQL writes each in its own transaction")
	s, _ := openTest(t)
	ctx := context.Background()
	games := make([]Game, 4)
	for i := range games {
		games[i] = newFanGame(t, s)
	}
	const perGame = 30
	var wg sync.WaitGroup
	var mu sync.Mutex
	saved, refused := map[int64]int{}, 0
	for g := range games {
		for i := range perGame {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := Change{Token: NewID()}
				if i%5 == 4 {
					c.Version = 1_000_000 // a phone that was behind
				}
				_, err := s.AddHand(ctx, games[g].ID, pointsHand(1, 0), c)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					saved[games[g].ID]++
				case errors.Is(err, ErrConflict):
					refused++
				default:
					t.Errorf("save: %v", err)
				}
			}()
		}
	}
	wg.Wait()
	if refused != len(games)*perGame/5 {
		t.Errorf("%d stale saves refused, want %d", refused, len(games)*perGame/5)
	}
	for _, g := range games {
		hands, err := s.Hands(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Game(ctx, g.PublicID)
		if err != nil {
			t.Fatal(err)
		}
		if len(hands) != saved[g.ID] || len(hands) != perGame*4/5 || got.Seats[0].Total != len(hands) {
			t.Errorf("game %d: %d hands stored, %d answered saved, total %d", g.ID, len(hands), saved[g.ID], got.Seats[0].Total)
		}
	}
}

// TestBegunWriteOutlivesItsRequest: a hand's write that has begun runs to
// its end when the request that asked for it ends (the phone went away),
// and a look-up by key answers too; a write that has not begun is not
// begun.
func TestBegunWriteOutlivesItsRequest(t *testing.T) {
	s, _ := openTest(t)
	g := newFanGame(t, s)
	gone, cancel := context.WithCancel(context.Background())
	cancel()

	err := s.writePrepared(context.Background(), func(tx dbtx) error {
		st, err := loadGameState(gone, tx, g.ID)
		if err != nil {
			return err
		}
		if st.id != g.ID {
			t.Errorf("read game %d, want %d", st.id, g.ID)
		}
		return nil
	})
	if err != nil {
		t.Errorf("a statement of a begun write, its request gone: %v", err)
	}
	if got, err := s.Game(gone, g.PublicID); err != nil || got.ID != g.ID {
		t.Errorf("game read, its request gone: %v, %v", got.ID, err)
	}
	if _, err := s.AddHand(gone, g.ID, pointsHand(1, 0), Change{Token: NewID()}); !errors.Is(err, context.Canceled) {
		t.Errorf("a save whose request ended before it began: %v, want context.Canceled", err)
	}
	if hands, err := s.Hands(context.Background(), g.ID); err != nil || len(hands) != 0 {
		t.Errorf("hands after the save not begun: %d, %v", len(hands), err)
	}
}

// TestWriterStatsCount: the writer's counts grow by each write and each
// commit, never count more commits than writes, and the time in commits
// is part of the writer's busy time.
func TestWriterStatsCount(t *testing.T) {
	dbtest.SQLiteOnly(t, "PostgreSQL has no one writer to count")
	s, _ := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	before := s.WriterStats()
	for range 3 {
		if _, err := s.AddHand(ctx, g.ID, pointsHand(1, 0), Change{Token: NewID()}); err != nil {
			t.Fatal(err)
		}
	}
	one := s.WriterStats()
	if one.Commits-before.Commits != 3 || one.Writes-before.Writes != 3 {
		t.Errorf("three saves one after another: %d commits, %d writes; want 3 and 3",
			one.Commits-before.Commits, one.Writes-before.Writes)
	}
	var wg sync.WaitGroup
	for range 40 {
		wg.Go(func() {
			if _, err := s.AddHand(ctx, g.ID, pointsHand(0, 1), Change{Token: NewID()}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	all := s.WriterStats()
	if w := all.Writes - one.Writes; w != 40 {
		t.Errorf("forty saves at once counted as %d writes", w)
	}
	if c := all.Commits - one.Commits; c < 1 || c > 40 {
		t.Errorf("forty saves at once in %d commits, want 1 to 40", c)
	}
	if all.InCommit <= 0 || all.InCommit > all.Busy {
		t.Errorf("time in commits %v, busy %v: want more than 0 and no more than busy", all.InCommit, all.Busy)
	}
}
