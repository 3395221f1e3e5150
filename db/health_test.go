package db

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"meldpad/db/dbtest"
)

// bigHand is a hand whose record takes about a page, so that a few of them
// need new pages.
func bigHand() HandInput {
	rec, _ := json.Marshal(map[string]any{"points": []int{1, 0}, "note": strings.Repeat("x", 3000)})
	return HandInput{Entry: EntryPoints, Record: rec, Points: []int{1, 0}, Seat: -1}
}

// TestWritableReportsAFullDisk fills the database up to its
// max_page_count, which SQLite reports as it reports a full disk
// (SQLITE_FULL), and frees room again.
func TestWritableReportsAFullDisk(t *testing.T) {
	dbtest.SQLiteOnly(t, "fills the file with SQLite's max_page_count")
	s, _ := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	if err := s.Writable(ctx); err != nil {
		t.Fatalf("a fresh database: %v", err)
	}
	var pages int
	if err := s.commits.conn.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := s.commits.conn.ExecContext(ctx, fmt.Sprintf(`PRAGMA max_page_count = %d`, pages)); err != nil {
		t.Fatal(err)
	}
	var saved int
	var err error
	for saved = 0; saved < 100; saved++ {
		if _, err = s.addHand(ctx, g.ID, bigHand(), Change{Token: NewID()}); err != nil {
			break
		}
	}
	if !errors.Is(err, ErrUnwritable) {
		t.Fatalf("after %d hands the save failed with %v, want ErrUnwritable", saved, err)
	}
	if hands, _ := s.Hands(ctx, g.ID); len(hands) != saved {
		t.Errorf("%d hands kept, want the %d acknowledged", len(hands), saved)
	}
	// The failed save is what Writable reports, without probing.
	s.health.every = time.Hour
	if err := s.Writable(ctx); !errors.Is(err, ErrUnwritable) {
		t.Errorf("after a failed save: %v, want ErrUnwritable", err)
	}
	// A probe finds the disk still full...
	s.health.every = 0
	if err := s.Writable(ctx); !errors.Is(err, ErrUnwritable) {
		t.Errorf("probe of a full database: %v, want ErrUnwritable", err)
	}
	// ...and, once there is room, that it can be written.
	if _, err := s.commits.conn.ExecContext(ctx, fmt.Sprintf(`PRAGMA max_page_count = %d`, pages+1000)); err != nil {
		t.Fatal(err)
	}
	if err := s.Writable(ctx); err != nil {
		t.Errorf("probe after room was made: %v", err)
	}
	if _, err := s.addHand(ctx, g.ID, bigHand(), Change{Token: NewID()}); err != nil {
		t.Errorf("save after room was made: %v", err)
	}
}

// TestWritableReportsAReadOnlyFile opens a database as SQLite opens a file
// the process may not write.
func TestWritableReportsAReadOnlyFile(t *testing.T) {
	s, path := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	h, err := s.addHand(ctx, g.ID, pointsHand(20, 0), Change{Token: NewID()})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	ro, err := Open(ctx, path, ReadOnly())
	if err != nil {
		t.Fatalf("open read-only: %v", err)
	}
	defer ro.Close()
	if hands, err := ro.Hands(ctx, g.ID); err != nil || len(hands) != 1 {
		t.Fatalf("reading a read-only database: %d hands, %v", len(hands), err)
	}
	if err := ro.Ping(ctx); !errors.Is(err, ErrUnwritable) {
		t.Errorf("Ping: %v, want ErrUnwritable", err)
	}
	writes := []struct {
		name  string
		write func() error
	}{
		{"add", func() error { _, err := ro.addHand(ctx, g.ID, pointsHand(5, 0), Change{Token: NewID()}); return err }},
		{"correct", func() error {
			_, err := ro.correctHand(ctx, g.ID, h.ID, pointsHand(5, 0), Change{Token: NewID()})
			return err
		}},
		{"delete", func() error { return ro.deleteHand(ctx, g.ID, h.ID, Change{Token: NewID()}) }},
		{"create a game", func() error {
			_, err := ro.CreateGame(ctx, NewGame{Rules: "fan", Players: []string{"Cy", "Di"}, Token: NewID()})
			return err
		}},
	}
	for _, w := range writes {
		t.Run(w.name, func(t *testing.T) {
			if err := w.write(); !errors.Is(err, ErrUnwritable) {
				t.Errorf("%v, want ErrUnwritable", err)
			}
		})
	}
}

// TestWritableIsCheap: between probes, Writable answers from memory, and
// it never probes while a write is under way.
func TestWritableIsCheap(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	if err := s.Writable(ctx); err != nil {
		t.Fatal(err)
	}
	at, _ := s.health.last()
	for range 100 {
		if err := s.Writable(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if again, _ := s.health.last(); !again.Equal(at) {
		t.Errorf("Writable probed again within %v", probeEvery)
	}
	s.health.every = 0
	s.health.writing.Add(1)
	if err := s.Writable(ctx); err != nil {
		t.Fatal(err)
	}
	if again, _ := s.health.last(); !again.Equal(at) {
		t.Errorf("Writable probed while a write was under way")
	}
	s.health.writing.Add(-1)
	var rows int
	if err := s.r.QueryRow(`SELECT count(*) FROM write_probe`).Scan(&rows); err != nil || rows != 0 {
		t.Errorf("the probe left %d rows (%v)", rows, err)
	}
}

func TestSynchronous(t *testing.T) {
	dbtest.SQLiteOnly(t, "SQLite's PRAGMA synchronous")
	tests := []struct {
		name string
		opts []Option
		want int // PRAGMA synchronous: 1 NORMAL, 2 FULL
	}{
		{"default", nil, 2},
		{"full", []Option{Synchronous(SyncFull)}, 2},
		{"normal", []Option{Synchronous(SyncNormal)}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Open(context.Background(), filepath.Join(t.TempDir(), "s.db"), tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			var w, r int
			if err := s.commits.conn.QueryRowContext(context.Background(), `PRAGMA synchronous`).Scan(&w); err != nil {
				t.Fatal(err)
			}
			if err := s.r.QueryRow(`PRAGMA synchronous`).Scan(&r); err != nil {
				t.Fatal(err)
			}
			if w != tc.want || r != tc.want {
				t.Errorf("synchronous = %d on the writer, %d on a reader; want %d", w, r, tc.want)
			}
		})
	}
	if _, err := Open(context.Background(), filepath.Join(t.TempDir(), "s.db"), Synchronous("OFF")); err == nil {
		t.Errorf("synchronous OFF was accepted")
	}
}
