package db

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"meldpad/db/dbtest"
)

// openSole opens a store as the server does (SoleServer).
func openSole(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), dbtest.DSN(t, filepath.Join(t.TempDir(), "sole.db")), SoleServer(nil))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestStampsFollowEveryWrite: a game's stamp, by its link and by its
// read-only link, is the game as it stands after every kind of write
// that moves it (a save, a correction, a deletion, the league's new
// name, leaving the league), read twice between writes (the second read
// may be the kept one).
func TestStampsFollowEveryWrite(t *testing.T) {
	s := openSole(t)
	ctx := context.Background()
	l, err := s.CreateLeague(ctx, NewLeague{Name: "Tuesdays", Games: []string{"fan"}, Token: NewID()})
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.CreateGame(ctx, NewGame{Rules: "fan", Players: []string{"Ann", "Bob"}, Token: NewID(), LeagueID: l.ID})
	if err != nil {
		t.Fatal(err)
	}
	watch, err := s.WatchID(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	check := func(step string) {
		t.Helper()
		now, err := s.Game(ctx, g.PublicID)
		if err != nil {
			t.Fatal(err)
		}
		want := Stamp{ID: g.ID, Version: now.Version}
		if l, err := s.LeagueOfGame(ctx, g.ID); err == nil {
			want.League, want.LeaguePublicID = l.Name, l.PublicID
		} else if !errors.Is(err, ErrNotFound) {
			t.Fatal(err)
		}
		for range 2 {
			byLink, err := s.GameStamp(ctx, g.PublicID)
			if err != nil || byLink != want {
				t.Errorf("%s: GameStamp %+v, %v; want %+v", step, byLink, err, want)
			}
			byWatch, err := s.WatchStamp(ctx, watch)
			if err != nil || byWatch != want {
				t.Errorf("%s: WatchStamp %+v, %v; want %+v", step, byWatch, err, want)
			}
		}
	}
	check("new game")
	h, err := s.addHand(ctx, g.ID, pointsHand(10, 0), Change{Token: NewID()})
	if err != nil {
		t.Fatal(err)
	}
	check("saved")
	if _, err := s.correctHand(ctx, g.ID, h.ID, pointsHand(0, 10), Change{Token: NewID()}); err != nil {
		t.Fatal(err)
	}
	check("corrected")
	if err := s.deleteHand(ctx, g.ID, h.ID, Change{Token: NewID()}); err != nil {
		t.Fatal(err)
	}
	check("deleted")
	if err := s.UpdateLeague(ctx, l.ID, "Wednesdays", []string{"fan"}); err != nil {
		t.Fatal(err)
	}
	check("league renamed")
	if err := s.RemoveLeagueGame(ctx, l.ID, watch); err != nil {
		t.Fatal(err)
	}
	check("out of the league")
	if _, err := s.GameStamp(ctx, NewID()); !errors.Is(err, ErrNotFound) {
		t.Errorf("a game that is not there: %v", err)
	}
}

// TestStampsNeverBehindAnAcknowledgedSave: while phones save hands to one
// game, every stamp read is at least the version of every save
// acknowledged before the read began; a stamp kept past a commit would
// fall behind.
func TestStampsNeverBehindAnAcknowledgedSave(t *testing.T) {
	s := openSole(t)
	ctx := context.Background()
	g, err := s.CreateGame(ctx, openPointsGame()) // it never ends
	if err != nil {
		t.Fatal(err)
	}
	var acked atomic.Int64 // the highest version a save was acknowledged with
	stop := make(chan struct{})
	var savers sync.WaitGroup
	for range 4 {
		savers.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				h, err := s.addHand(ctx, g.ID, pointsHand(1, 0, 0, 0), Change{Token: NewID()})
				if err != nil {
					t.Error(err)
					return
				}
				for v := acked.Load(); int64(h.GameVersion) > v && !acked.CompareAndSwap(v, int64(h.GameVersion)); v = acked.Load() {
				}
			}
		})
	}
	var behind atomic.Int64
	var readers sync.WaitGroup
	deadline := time.Now().Add(time.Second)
	for range 4 {
		readers.Go(func() {
			for time.Now().Before(deadline) {
				before := acked.Load()
				st, err := s.GameStamp(ctx, g.PublicID)
				if err != nil {
					t.Error(err)
					return
				}
				if int64(st.Version) < before {
					behind.Add(1)
				}
			}
		})
	}
	readers.Wait()
	close(stop)
	savers.Wait()
	if n := behind.Load(); n > 0 {
		t.Errorf("%d stamps behind a save acknowledged before they were read", n)
	}
	if acked.Load() < 10 {
		t.Errorf("only %d saves: the test saved too little to say", acked.Load())
	}
}

// TestOneServerToAFile: a second server on a SQLite file waits for the
// first to let it go, and gives up with ErrServedElsewhere when its
// context ends first; once the first closes, it opens. Imports and
// exports (no SoleServer) open it beside a server.
func TestOneServerToAFile(t *testing.T) {
	path := dbtest.DSN(t, filepath.Join(t.TempDir(), "one.db"))
	if IsPostgres(path) {
		t.Skip("several servers share a PostgreSQL database")
	}
	ctx := context.Background()
	first, err := Open(ctx, path, SoleServer(nil))
	if err != nil {
		t.Fatal(err)
	}
	beside, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("an export beside the server: %v", err)
	}
	beside.Close()
	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	if second, err := Open(short, path, SoleServer(nil)); !errors.Is(err, ErrServedElsewhere) {
		if err == nil {
			second.Close()
		}
		t.Fatalf("a second server while the first serves: %v, want ErrServedElsewhere", err)
	}
	opened := make(chan error, 1)
	go func() {
		second, err := Open(ctx, path, SoleServer(nil))
		if err == nil {
			second.Close()
		}
		opened <- err
	}()
	select {
	case err := <-opened:
		t.Fatalf("the second server opened while the first still served: %v", err)
	case <-time.After(300 * time.Millisecond):
	}
	first.Close()
	select {
	case err := <-opened:
		if err != nil {
			t.Fatalf("the second server, once the first closed: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the second server still waits after the first closed")
	}
}
