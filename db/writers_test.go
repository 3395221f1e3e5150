package db

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
	"testing"
)

// TestManyWriters is several meldpad servers on one database: two stores
// save hands to one game at once, every form posted twice, once through
// each store (a double tap that lands on two servers). Every save
// acknowledged is found exactly once, hands are numbered without a gap,
// the game's version only moves forward, and of the saves made from one
// version only one is taken: the others are told the game changed. On
// SQLite the two stores are two connections to one file; on PostgreSQL,
// two pools, as two servers have.
func TestManyWriters(t *testing.T) {
	s1, dsn := openTest(t)
	s2, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	stores := []*Store{s1, s2}
	ctx := context.Background()
	g := newFanGame(t, s1)

	// A reader watches the game's version while the saves run.
	stop := make(chan struct{})
	var watch sync.WaitGroup
	watch.Add(1)
	var backwards []string
	go func() {
		defer watch.Done()
		last := 0
		for {
			select {
			case <-stop:
				return
			default:
			}
			for _, s := range stores {
				st, err := s.GameStamp(ctx, g.PublicID)
				if err != nil {
					backwards = append(backwards, err.Error())
					return
				}
				if st.Version < last {
					backwards = append(backwards, strconv.Itoa(last)+" then "+strconv.Itoa(st.Version))
				}
				last = st.Version
			}
		}
	}()

	const forms = 200
	type ack struct {
		form int
		hand Hand
		err  error
	}
	acks := make(chan ack, 2*forms)
	var wg sync.WaitGroup
	for i := range forms {
		token := NewID()
		rec, _ := json.Marshal(map[string]any{"points": []int{0, 0}, "form": i})
		in := HandInput{Entry: EntryPoints, Record: rec, Points: []int{0, 0}, Seat: -1}
		for _, s := range stores {
			wg.Add(1)
			go func() {
				defer wg.Done()
				h, err := s.AddHand(ctx, g.ID, in, Change{Token: token, Author: "tap"})
				acks <- ack{i, h, err}
			}()
		}
	}
	wg.Wait()
	close(acks)
	byForm := map[int]int64{}
	for a := range acks {
		if a.err != nil {
			t.Fatalf("form %d: %v", a.form, a.err)
		}
		if id, ok := byForm[a.form]; ok && id != a.hand.ID {
			t.Errorf("form %d saved twice: hands %d and %d", a.form, id, a.hand.ID)
		}
		byForm[a.form] = a.hand.ID
	}

	// Saves made from one version of the game: one is taken.
	const rounds, racers = 5, 8
	for r := range rounds {
		st, err := s1.GameStamp(ctx, g.PublicID)
		if err != nil {
			t.Fatal(err)
		}
		var taken sync.WaitGroup
		var mu sync.Mutex
		ok, conflicts := 0, 0
		for k := range racers {
			taken.Add(1)
			go func() {
				defer taken.Done()
				_, err := stores[k%2].AddHand(ctx, g.ID, pointsHand(0, 0), Change{Token: NewID(), Version: st.Version})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case errors.Is(err, ErrConflict):
					conflicts++
				default:
					t.Errorf("round %d: %v", r, err)
				}
			}()
		}
		taken.Wait()
		if ok != 1 || conflicts != racers-1 {
			t.Errorf("round %d: %d saves taken from version %d and %d told of a change; want 1 and %d", r, ok, st.Version, conflicts, racers-1)
		}
	}

	// Corrections of one hand made from its version: one is taken.
	first, err := s1.Hands(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	h := first[0]
	var corr sync.WaitGroup
	results := make(chan error, racers)
	for k := range racers {
		corr.Add(1)
		go func() {
			defer corr.Done()
			_, err := stores[k%2].CorrectHand(ctx, g.ID, h.ID, pointsHand(k, 0), Change{Token: NewID(), Version: h.Version})
			results <- err
		}()
	}
	corr.Wait()
	close(results)
	taken := 0
	for err := range results {
		switch {
		case err == nil:
			taken++
		case !errors.Is(err, ErrConflict):
			t.Errorf("correct: %v", err)
		}
	}
	if taken != 1 {
		t.Errorf("%d corrections taken from version %d of a hand, want 1", taken, h.Version)
	}

	close(stop)
	watch.Wait()
	if len(backwards) > 0 {
		t.Errorf("the game's version went backwards: %v", backwards)
	}

	hands, err := s2.Hands(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if want := forms + rounds; len(hands) != want {
		t.Errorf("%d hands saved, want %d", len(hands), want)
	}
	saved := map[int64]bool{}
	for i, h := range hands {
		if h.Seq != i+1 {
			t.Fatalf("hand %d has number %d: numbers are not 1, 2, 3...", i+1, h.Seq)
		}
		saved[h.ID] = true
	}
	for form, id := range byForm {
		if !saved[id] {
			t.Errorf("form %d was acknowledged with hand %d, which is not in the game", form, id)
		}
	}
	if len(byForm) != forms {
		t.Errorf("%d forms acknowledged, want %d", len(byForm), forms)
	}
	got, err := s1.Game(ctx, g.PublicID)
	if err != nil {
		t.Fatal(err)
	}
	// Created at 1, and moved by every hand saved and the correction.
	if want := 1 + forms + rounds + 1; got.Version != want {
		t.Errorf("game version %d, want %d", got.Version, want)
	}
}
