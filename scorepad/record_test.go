package scorepad

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/rules/game"
)

// fakeStore keeps one game in memory as the store would: its version
// moves with every write, and a write worked out from another version
// fails with db.ErrStale. before, if set, runs before each write: another
// phone's save arriving first.
type fakeStore struct {
	game   db.Game
	hands  []db.Hand
	writes []db.Derived
	before func(f *fakeStore)
}

func (f *fakeStore) Game(context.Context, string) (db.Game, error) { return f.game, nil }

func (f *fakeStore) Hands(context.Context, int64) ([]db.Hand, error) { return f.hands, nil }

func (f *fakeStore) AddHand(_ context.Context, _ int64, in db.HandInput, _ db.Change, from int, d db.Derived) (db.Hand, error) {
	if f.before != nil {
		f.before(f)
	}
	if from != f.game.Version {
		return db.Hand{}, db.ErrStale
	}
	f.game.MaxSeq++
	f.game.LastSeq = f.game.MaxSeq
	h := db.Hand{ID: int64(f.game.MaxSeq), Seq: f.game.MaxSeq, Entry: in.Entry, Record: in.Record, Points: in.Points,
		Seat: in.Seat, EndsHand: in.EndsHand, EndsGame: in.EndsGame}
	f.hands = append(f.hands, h)
	f.store(d)
	h.GameVersion = f.game.Version
	return h, nil
}

func (f *fakeStore) CorrectHand(_ context.Context, _, handID int64, in db.HandInput, _ db.Change, from int, d db.Derived) (db.Hand, error) {
	if from != f.game.Version {
		return db.Hand{}, db.ErrStale
	}
	for i := range f.hands {
		if f.hands[i].ID == handID {
			f.hands[i].Points = in.Points
			f.store(d)
			return f.hands[i], nil
		}
	}
	return db.Hand{}, db.ErrNotFound
}

func (f *fakeStore) DeleteHand(_ context.Context, _, handID int64, _ db.Change, from int, d db.Derived) error {
	if from != f.game.Version {
		return db.ErrStale
	}
	for i := range f.hands {
		if f.hands[i].ID == handID {
			f.hands = append(f.hands[:i:i], f.hands[i+1:]...)
			f.store(d)
			return nil
		}
	}
	return db.ErrNotFound
}

func (f *fakeStore) store(d db.Derived) {
	f.writes = append(f.writes, d)
	f.game.Version++
	f.game.Tally = d.Tally
	if d.Finished {
		f.game.Status = db.StatusFinished
	}
	for seat := range f.game.Seats {
		f.game.Seats[seat].Total = d.Seats[seat].Total
	}
}

func newFake(rulesID string, names ...string) *fakeStore {
	g := db.Game{ID: 1, PublicID: "aaaaaaaaaaaaaaaaaaaaaaaaaa", Rules: rulesID, Status: db.StatusPlaying, Version: 1}
	for i, n := range names {
		g.Seats = append(g.Seats, db.Seat{Seat: i, Name: n})
	}
	return &fakeStore{game: g}
}

func points(p ...int) db.HandInput {
	return db.HandInput{Entry: db.EntryPoints, Record: json.RawMessage(`{}`), Points: p, Seat: -1}
}

// TestAddJudgesAgainstTheGameItAddsTo: when another save reaches the game
// between the read and the write (db.ErrStale), the game is read again
// and the entry judged again, against the game with the other hand in it
// (Fan Rummy totals, N8).
func TestAddJudgesAgainstTheGameItAddsTo(t *testing.T) {
	ctx := context.Background()
	f := newFake("fan", "Ann", "Bob")
	t0, err := LoadLite(ctx, f, f.game.PublicID)
	if err != nil {
		t.Fatal(err)
	}
	f.before = func(f *fakeStore) {
		f.before = nil
		other, _ := LoadLite(ctx, f, f.game.PublicID)
		if _, _, err := Add(ctx, f, other, Judged(points(40, 0)), db.Change{}); err != nil {
			t.Fatal(err)
		}
	}
	var judged []int // Ann's total as each judgement saw it
	entry := Judge(func(t Table) (db.HandInput, error) {
		judged = append(judged, t.State().Tally.Totals[0])
		return points(25, 0), nil
	})
	played, h, err := Add(ctx, f, t0, entry, db.Change{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(judged, []int{0, 40}) {
		t.Errorf("judged against Ann's totals %v, want [0 40]: once as read, once after the other save", judged)
	}
	if h.Seq != 2 || played.Game.Version != 2 || f.game.Seats[0].Total != 65 {
		t.Errorf("saved hand %d over game version %d, Ann at %d; want hand 2 over version 2, 65", h.Seq, played.Game.Version, f.game.Seats[0].Total)
	}
}

// TestAddOnAGameOverRefusesAnyEntry: a finished game says so whatever is
// wrong with the entry, so that the phone is told the game is over
// rather than to mend its numbers (Fan Rummy ends at 100, N8).
func TestAddOnAGameOverRefusesAnyEntry(t *testing.T) {
	ctx := context.Background()
	f := newFake("fan", "Ann", "Bob")
	if _, err := AddTo(ctx, f, f.game.PublicID, points(100, 0), db.Change{}); err != nil {
		t.Fatal(err)
	}
	t0, _ := LoadLite(ctx, f, f.game.PublicID)
	bad := errors.New("a number is wrong")
	_, _, err := Add(ctx, f, t0, func(Table) (db.HandInput, error) { return db.HandInput{}, bad }, db.Change{})
	if !errors.Is(err, db.ErrGameOver) {
		t.Errorf("an entry refused on a finished game: %v, want db.ErrGameOver", err)
	}
}

// TestAddedIsReplayed: what a save works out from the stored tally is
// what working the game out from all its hands gives, for every game
// until it ends, at every table size its sampler plays (the running
// totals, the end and the winner of N8, F9, R8, B8, T8, G6 and P3-P4).
func TestAddedIsReplayed(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
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
			var rounds []rules.Round
			for step := range 400 {
				t0, err := LoadLite(context.Background(), f, f.game.PublicID)
				if err != nil {
					t.Fatal(err)
				}
				r := sampler.SampleRound(rng, t0.State(), skill, func() int { return rng.IntN(n) })
				in := db.HandInput{Entry: db.EntryPoints, Record: json.RawMessage(`{}`), Points: r.Points, Seat: r.Seat,
					EndsHand: r.EndsHand, EndsGame: r.EndsGame}
				rounds = append(rounds, Round(in))
				added, replayed := t0.added(in), t0.replayed(rounds)
				replayed.Seats = withoutExtremes(replayed.Seats)
				if !reflect.DeepEqual(added, replayed) {
					t.Fatalf("%s, %d seats, round %d: added %+v, replayed %+v", g.ID, n, step+1, added, replayed)
				}
				if _, _, err := Add(context.Background(), f, t0, Judged(in), db.Change{}); err != nil {
					t.Fatal(err)
				}
				if added.Finished {
					break
				}
			}
		}
	}
}

func withoutExtremes(seats []db.SeatResult) []db.SeatResult {
	out := make([]db.SeatResult, len(seats))
	for i, s := range seats {
		s.Best, s.Worst = nil, nil
		out[i] = s
	}
	return out
}

// TestReplayedExtremes: each seat's best and worst hand is the one with
// the most and the fewest points, the earliest on a tie.
func TestReplayedExtremes(t *testing.T) {
	best, worst := extremes([][]int{{5, 0}, {9, -3}, {9, 0}, {-2, -3}}, 2)
	want := func(p, h int) db.HandScore { return db.HandScore{Points: p, Hand: h} }
	if !reflect.DeepEqual(best, []db.HandScore{want(9, 2), want(0, 1)}) || !reflect.DeepEqual(worst, []db.HandScore{want(-2, 4), want(-3, 2)}) {
		t.Errorf("best %v, worst %v", best, worst)
	}
}

// TestCorrectAndDeleteWorkTheGameOutAgain: a correction and a deletion
// store what the hands then decide, from the first hand (N8: a
// correction can end a game, a deletion reopen it).
func TestCorrectAndDeleteWorkTheGameOutAgain(t *testing.T) {
	ctx := context.Background()
	f := newFake("fan", "Ann", "Bob")
	for _, p := range [][]int{{60, 0}, {0, 30}} {
		if _, err := AddTo(ctx, f, f.game.PublicID, points(p...), db.Change{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := CorrectIn(ctx, f, f.game.PublicID, 2, points(45, 0), db.Change{}); err != nil {
		t.Fatal(err)
	}
	d := f.writes[len(f.writes)-1]
	if !d.Finished || d.Winner != 0 || d.Seats[0].Total != 105 || *d.Seats[0].Best != (db.HandScore{Points: 60, Hand: 1}) {
		t.Errorf("after the correction: %+v", d)
	}
	var tally game.Tally
	if err := json.Unmarshal(d.Tally, &tally); err != nil || tally.Rounds != 2 {
		t.Errorf("tally %+v (%v), want 2 rounds", tally, err)
	}
	if err := DeleteIn(ctx, f, f.game.PublicID, 1, db.Change{}); err != nil {
		t.Fatal(err)
	}
	if d := f.writes[len(f.writes)-1]; d.Finished || d.Seats[0].Total != 45 || d.Rounds != 1 {
		t.Errorf("after the deletion: %+v", d)
	}
}
