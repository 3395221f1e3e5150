package db

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
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
				h, err := s.addHand(ctx, g.ID, in, Change{Token: token, Author: "tap"})
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
				_, err := stores[k%2].addHand(ctx, g.ID, pointsHand(0, 0), Change{Token: NewID(), Version: st.Version})
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
			_, err := stores[k%2].correctHand(ctx, g.ID, h.ID, pointsHand(k, 0), Change{Token: NewID(), Version: h.Version})
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

// TestImportOnTwoServers: the same file imported through two stores at
// once is written once; the other import is refused whole, as a file
// imported before is.
func TestImportOnTwoServers(t *testing.T) {
	ctx := context.Background()
	src, _ := openTest(t)
	if _, err := seedLeague(ctx, src, SeedOptions{Players: 5, Games: 20, Seed: 2}); err != nil {
		t.Fatal(err)
	}
	a, err := src.ExportAll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	if err := a.WriteJSON(&file); err != nil {
		t.Fatal(err)
	}
	s1, dsn := openTest(t)
	s2, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	errs := make(chan error, 2)
	for _, s := range []*Store{s1, s2} {
		go func() {
			_, err := s.Import(ctx, bytes.NewReader(file.Bytes()), 1<<24, archiveRules, nil)
			errs <- err
		}()
	}
	imported := 0
	for range 2 {
		err := <-errs
		var refused *ImportError
		switch {
		case err == nil:
			imported++
		case errors.As(err, &refused):
			if !strings.Contains(err.Error(), "imported before") {
				t.Errorf("the second import was refused for another reason: %v", err)
			}
		default:
			t.Errorf("import: %v", err)
		}
	}
	if imported != 1 {
		t.Fatalf("%d imports of one file written, want 1", imported)
	}
	b, err := s2.ExportAll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Leagues) != 1 || len(b.Games) != 20 {
		t.Errorf("%d leagues and %d games after two imports of 1 and 20", len(b.Leagues), len(b.Games))
	}
}

// TestLeagueWritesOnTwoServers: two organizers on two servers rename two
// players to one name at once (one is told the name is taken), merge a
// player while a game seating both is started (the game and the merge
// cannot both go through), and add the same new member at once (one
// player).
func TestLeagueWritesOnTwoServers(t *testing.T) {
	ctx := context.Background()
	s1, dsn := openTest(t)
	s2, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	const rounds = 6
	for r := range rounds {
		l := newLeague(t, s1, "Ann", "Bob", "Cy")
		ids := map[string]int64{}
		members, err := s1.Members(ctx, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range members {
			ids[p.Name] = p.ID
		}
		type result struct{ rename, merge, game, add error }
		var wg sync.WaitGroup
		var res [2]result
		name := "Dee " + strconv.Itoa(r)
		for k, s := range []*Store{s1, s2} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res[k].rename = s.RenamePlayer(ctx, l.ID, ids[[]string{"Ann", "Bob"}[k]], name)
				if k == 0 {
					res[k].merge = s.MergePlayers(ctx, l.ID, ids["Cy"], ids["Bob"])
				} else {
					_, res[k].game = s.CreateGame(ctx, NewGame{Rules: "fan", Players: []string{"Cy", name}, Token: NewID(), LeagueID: l.ID})
				}
				res[k].add = s.AddMembers(ctx, l.ID, []string{"Eve " + strconv.Itoa(r)})
			}()
		}
		wg.Wait()
		renamed := 0
		for k := range res {
			switch err := res[k].rename; {
			case err == nil:
				renamed++
			case k == 1 && errors.Is(err, ErrNotFound): // Bob was merged into Cy first
			case !errors.Is(err, ErrNameTaken):
				t.Errorf("round %d: rename: %v", r, err)
			}
			if res[k].add != nil {
				t.Errorf("round %d: add member: %v", r, res[k].add)
			}
		}
		if renamed != 1 {
			t.Errorf("round %d: %d renames to one name went through, want 1", r, renamed)
		}
		if err := res[1].game; err != nil {
			t.Errorf("round %d: new game: %v", r, err)
		}
		var conflict *MergeConflictError
		if err := res[0].merge; err != nil && !errors.As(err, &conflict) && !errors.Is(err, ErrNotFound) {
			t.Errorf("round %d: merge: %v", r, err)
		}
		after, err := s2.Members(ctx, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		eves := 0
		for _, p := range after {
			if p.Name == "Eve "+strconv.Itoa(r) {
				eves++
			}
		}
		if eves != 1 {
			t.Errorf("round %d: %d members named Eve %d, want 1", r, eves, r)
		}
		rec, err := s2.LeagueRecord(ctx, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range rec.Games {
			seen := map[int64]bool{}
			for _, st := range g.Seats {
				if seen[st.PlayerID] {
					t.Errorf("round %d: a merge seated one player twice in game %d", r, g.ID)
				}
				seen[st.PlayerID] = true
			}
		}
	}
}
