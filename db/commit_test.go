package db

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

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
				_, err := s.addHand(ctx, games[g].ID, pointsHand(1, 0), c)
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
		st, err := loadHead(gone, tx, g.ID)
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
	if _, err := s.addHand(gone, g.ID, pointsHand(1, 0), Change{Token: NewID()}); !errors.Is(err, context.Canceled) {
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
		if _, err := s.addHand(ctx, g.ID, pointsHand(1, 0), Change{Token: NewID()}); err != nil {
			t.Fatal(err)
		}
	}
	one := s.WriterStats()
	if one.Commits-before.Commits != 3 || one.Writes-before.Writes != 3 {
		t.Errorf("three saves one after another: %d commits, %d writes; want 3 and 3",
			one.Commits-before.Commits, one.Writes-before.Writes)
	}
	// Forty tables, one save each: saves to one game at once are tried
	// again when another won the race (ErrStale), and would count more.
	tables := make([]Game, 40)
	for i := range tables {
		tables[i] = newFanGame(t, s)
	}
	one = s.WriterStats()
	var wg sync.WaitGroup
	for _, g := range tables {
		wg.Go(func() {
			if _, err := s.addHand(ctx, g.ID, pointsHand(0, 1), Change{Token: NewID()}); err != nil {
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

// TestWritesArrivingJoinTheBatch: writes that arrive while a batch's
// writes run join that batch and share its one commit; a joined write
// that fails is undone alone, and every write is answered only after
// the commit.
func TestWritesArrivingJoinTheBatch(t *testing.T) {
	dbtest.SQLiteOnly(t, "the group committer is SQLite's; PostgreSQL writes each in its own transaction")
	s, _ := openTest(t)
	ctx := context.Background()
	c := s.commits
	probe := func(id int) func(tx wtx) error {
		return func(tx wtx) error {
			_, err := tx.ExecContext(ctx, "INSERT INTO write_probe (id, pad) VALUES (?, x'00')", id)
			return err
		}
	}
	failed := errors.New("a stale phone")
	before, epoch := s.WriterStats(), c.epoch.Load()
	running, answered := make(chan struct{}), make(chan error, 3)
	committedBy := make(chan bool, 3) // whether a commit had ended when the write was answered
	send := func(fn func(tx wtx) error) {
		err := c.do(ctx, fn)
		committedBy <- c.epoch.Load() > epoch
		answered <- err
	}
	go send(func(tx wtx) error {
		close(running)
		// Wait until the other two wait for the writer.
		for {
			c.mu.Lock()
			n := len(c.jobs)
			c.mu.Unlock()
			if n == 2 {
				return probe(1)(tx)
			}
			time.Sleep(time.Millisecond)
		}
	})
	<-running
	go send(probe(2))
	go send(func(tx wtx) error {
		if err := probe(3)(tx); err != nil {
			return err
		}
		return failed
	})
	var ok, refused int
	for range 3 {
		if !<-committedBy {
			t.Errorf("a write answered before any commit ended")
		}
		switch err := <-answered; {
		case err == nil:
			ok++
		case errors.Is(err, failed):
			refused++
		default:
			t.Errorf("write: %v", err)
		}
	}
	if ok != 2 || refused != 1 {
		t.Errorf("%d writes saved and %d refused, want 2 and 1", ok, refused)
	}
	after := s.WriterStats()
	if commits, writes := after.Commits-before.Commits, after.Writes-before.Writes; commits != 1 || writes != 3 {
		t.Errorf("three writes, two arriving while the first ran: %d commits, %d writes; want 1 and 3", commits, writes)
	}
	var ids []int
	rows, err := s.r.QueryContext(ctx, "SELECT id FROM write_probe ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if len(ids) != 2 || ids[0] != 1 || ids[1] != 2 {
		t.Errorf("rows stored %v, want [1 2]: the failed write undone alone", ids)
	}
}
