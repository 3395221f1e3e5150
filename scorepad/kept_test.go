package scorepad

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"meldpad/db"
	"meldpad/rules"
)

// TestKeptIsTheGameAsRead: the copy a save keeps is the game as reading
// it after the save gives, for every game until it ends, at every table
// size its sampler plays: the next save judges against the very tally,
// version and numbers a read would give it (the running totals and the
// end of N8, F9, R8, B8, T8, G6 and P3-P4). A game the save ends is not
// kept: it takes no more hands.
func TestKeptIsTheGameAsRead(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 11))
	for _, g := range rules.Games() {
		sampler, ok := g.Sampler()
		if !ok {
			continue
		}
		_, sizes := sampler.SampleTable()
		for _, n := range sizes {
			names := make([]string, n)
			skill := make([]float64, n)
			for i := range names {
				names[i], skill[i] = string(rune('A'+i))+"nn", 1
			}
			f := newFake(g.ID, names...)
			k := NewKept()
			t0, err := LoadLite(ctx, f, f.game.PublicID)
			if err != nil {
				t.Fatal(err)
			}
			for step := range 400 {
				r := sampler.SampleRound(rng, t0.State(), skill, func() int { return rng.IntN(n) })
				in := db.HandInput{Entry: db.EntryPoints, Record: json.RawMessage(`{}`), Points: r.Points, Seat: r.Seat,
					EndsHand: r.EndsHand, EndsGame: r.EndsGame}
				if _, _, err := k.Add(ctx, f, t0, Judged(in), db.Change{}); err != nil {
					t.Fatalf("%s, %d seats, round %d: %v", g.ID, n, step+1, err)
				}
				read, err := LoadLite(ctx, f, f.game.PublicID)
				if err != nil {
					t.Fatal(err)
				}
				kept, ok := k.Table(f.game.PublicID, f.game.Version)
				if read.Game.Finished() {
					if ok {
						t.Errorf("%s, %d seats: the game over was kept", g.ID, n)
					}
					break
				}
				if !ok {
					t.Fatalf("%s, %d seats, round %d: nothing kept at version %d", g.ID, n, step+1, f.game.Version)
				}
				if !reflect.DeepEqual(kept.State(), read.State()) || kept.NextNumber() != read.NextNumber() ||
					kept.LastNumber() != read.LastNumber() || kept.Game.Version != read.Game.Version {
					t.Fatalf("%s, %d seats, round %d: kept %+v (next %d), read %+v (next %d)", g.ID, n, step+1,
						kept.State(), kept.NextNumber(), read.State(), read.NextNumber())
				}
				t0 = kept
			}
		}
	}
}

// TestKeptOnlyAtTheFormsVersion: a copy is given only for its own game
// and at the version its save left, which the phone's form must carry;
// one game's copy is never another's.
func TestKeptOnlyAtTheFormsVersion(t *testing.T) {
	ctx := context.Background()
	f := newFake("fan", "Ann", "Bob")
	k := NewKept()
	if _, err := k.AddTo(ctx, f, points(40, 0)); err != nil {
		t.Fatal(err)
	}
	v := f.game.Version
	if _, ok := k.Table(f.game.PublicID, v); !ok {
		t.Fatalf("nothing kept at version %d", v)
	}
	for _, version := range []int{0, v - 1, v + 1} {
		if _, ok := k.Table(f.game.PublicID, version); ok {
			t.Errorf("a copy at version %d given for a form of version %d", v, version)
		}
	}
	if _, ok := k.Table("bbbbbbbbbbbbbbbbbbbbbbbbbb", v); ok {
		t.Errorf("game %s's copy given for another game's link", f.game.PublicID)
	}
}

// AddTo is Add to the fake's game, read first.
func (k *Kept) AddTo(ctx context.Context, f *fakeStore, in db.HandInput) (db.Hand, error) {
	t, err := LoadLite(ctx, f, f.game.PublicID)
	if err != nil {
		return db.Hand{}, err
	}
	_, h, err := k.Add(ctx, f, t, Judged(in), db.Change{})
	return h, err
}

// TestKeptStaleIsForgotten: when another server saved to the game after
// the copy was kept, the save judged on the copy is not written (the
// store says db.ErrStale), the copy is forgotten, and the caller is told
// to judge the entry again on the game read (ErrNotKept): it is not
// judged again on the copy, nor on a read of its own (a card-entered
// hand is judged by its page). Saved again on the game read, the hand
// counts the other save (Fan Rummy's totals, N8).
func TestKeptStaleIsForgotten(t *testing.T) {
	ctx := context.Background()
	f := newFake("fan", "Ann", "Bob")
	k := NewKept()
	if _, err := k.AddTo(ctx, f, points(40, 0)); err != nil {
		t.Fatal(err)
	}
	kept, ok := k.Table(f.game.PublicID, f.game.Version)
	if !ok {
		t.Fatal("nothing kept")
	}
	// Another server's save: this server's Kept knows nothing of it.
	if _, err := AddTo(ctx, f, f.game.PublicID, points(50, 0), db.Change{}); err != nil {
		t.Fatal(err)
	}
	judged := 0
	entry := Judge(func(Table) (db.HandInput, error) { judged++; return points(20, 0), nil })
	_, _, err := k.Add(ctx, f, kept, entry, db.Change{})
	if !errors.Is(err, ErrNotKept) || !errors.Is(err, db.ErrStale) {
		t.Fatalf("a save judged on a stale copy: %v, want ErrNotKept and db.ErrStale", err)
	}
	if judged != 1 || len(f.hands) != 2 {
		t.Errorf("judged %d times, %d hands; want once, 2 (nothing written)", judged, len(f.hands))
	}
	if _, ok := k.Table(kept.Game.PublicID, kept.Game.Version); ok {
		t.Error("the stale copy is still kept")
	}
	read, err := LoadLite(ctx, f, f.game.PublicID)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := k.Add(ctx, f, read, entry, db.Change{}); err != nil {
		t.Fatal(err)
	}
	if !f.game.Finished() || f.game.Seats[0].Total != 110 {
		t.Errorf("Ann at %d, game over %v; want 110 and over (40 + 50 + 20)", f.game.Seats[0].Total, f.game.Finished())
	}
}

// TestKeptForgottenByCorrectAndDelete: a correction and a deletion of a
// hand forget the game's copy, whatever comes of them.
func TestKeptForgottenByCorrectAndDelete(t *testing.T) {
	ctx := context.Background()
	f := newFake("fan", "Ann", "Bob")
	k := NewKept()
	change := map[string]func(t Table) error{
		"correct": func(t Table) error {
			_, err := k.Correct(ctx, f, t, f.hands[len(f.hands)-1].ID, points(10, 0), db.Change{})
			return err
		},
		"delete": func(t Table) error { return k.Delete(ctx, f, t, f.hands[len(f.hands)-1].ID, db.Change{}) },
	}
	for name, write := range change {
		if _, err := k.AddTo(ctx, f, points(5, 0)); err != nil {
			t.Fatal(err)
		}
		whole, err := Load(ctx, f, f.game.PublicID)
		if err != nil {
			t.Fatal(err)
		}
		if err := write(whole); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for v := range f.game.Version + 1 {
			if _, ok := k.Table(f.game.PublicID, v); ok {
				t.Errorf("after a %s, the copy at version %d is kept", name, v)
			}
		}
	}
}

// TestKeptAcrossGames: saves to many games at once, from many
// goroutines, each keep their own game's copy (run with -race).
func TestKeptAcrossGames(t *testing.T) {
	ctx := context.Background()
	k := NewKept()
	stores := make([]*fakeStore, 8)
	var wg sync.WaitGroup
	for i := range stores {
		f := newFake("fan", "Ann", "Bob")
		f.game.ID, f.game.PublicID = int64(i+1), string(rune('a'+i))+"aaaaaaaaaaaaaaaaaaaaaaaaa"
		stores[i] = f
		wg.Go(func() {
			t0, err := LoadLite(ctx, f, f.game.PublicID)
			for n := range 5 {
				if err != nil {
					t.Error(err)
					return
				}
				if _, _, err = k.Add(ctx, f, t0, Judged(points(i, n)), db.Change{}); err != nil {
					t.Error(err)
					return
				}
				var ok bool
				if t0, ok = k.Table(f.game.PublicID, f.game.Version); !ok {
					t.Errorf("game %d: nothing kept after save %d", i, n)
					return
				}
			}
		})
	}
	wg.Wait()
	for i, f := range stores {
		kept, ok := k.Table(f.game.PublicID, f.game.Version)
		if !ok || kept.Game.ID != f.game.ID || kept.State().Tally.Totals[0] != 5*i || kept.State().Tally.Totals[1] != 0+1+2+3+4 {
			t.Errorf("game %d: kept %v %+v", i, ok, kept.State().Tally)
		}
	}
}
