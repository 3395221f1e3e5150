package db

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"meldpad/rules"
	"meldpad/rules/game"
)

// derived is everything a write works out from a game's hands, as stored.
type derived struct {
	Status, Tally string
	Winner        any
	Seats         [][]any // total, final, place, best and worst by seat
}

func readDerived(t *testing.T, s *Store, gameID int64) derived {
	t.Helper()
	ctx := context.Background()
	var d derived
	var tally *string
	if err := s.w.QueryRowContext(ctx, `SELECT status, winner_seat, tally FROM games WHERE id = $1`, gameID).Scan(&d.Status, &d.Winner, &tally); err != nil {
		t.Fatal(err)
	}
	if tally == nil {
		t.Fatalf("game %d: no tally after a write", gameID)
	}
	d.Tally = *tally
	rows, err := s.w.QueryContext(ctx, `SELECT total, final, place, best_points, best_hand, worst_points, worst_hand
		FROM seats WHERE game_id = $1 ORDER BY seat`, gameID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		row := make([]any, 7)
		ptrs := make([]any, 7)
		for i := range row {
			ptrs[i] = &row[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		d.Seats = append(d.Seats, row)
	}
	return d
}

// TestAppendEqualsRecompute: after every save, what the save worked out
// from the stored tally (appendRound) is what working the game out from
// all its hands gives (recompute), in every game, to the end; with
// corrections and deletions (which recompute) among the saves.
func TestAppendEqualsRecompute(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 7))
	for _, g := range rules.Games() {
		sampler, ok := g.Sampler()
		if !ok {
			continue
		}
		_, sizes := sampler.SampleTable()
		for trial := range 4 {
			n := sizes[rng.IntN(len(sizes))]
			names := make([]string, n)
			skill := make([]float64, n)
			for i := range names {
				names[i] = string(rune('A'+i)) + "nn"
				skill[i] = 1
			}
			created, err := s.CreateGame(ctx, NewGame{Rules: g.ID, Players: names, Token: NewID()})
			if err != nil {
				t.Fatalf("%s: %v", g.ID, err)
			}
			table := game.Table{Names: names, Tally: game.NewTally(n)}
			var ids []int64
			for step := 0; step < 300; step++ {
				r := sampler.SampleRound(rng, table, skill, func() int { return rng.IntN(n) })
				in := HandInput{Entry: EntryPoints, Record: json.RawMessage(`{}`), Points: r.Points, Seat: r.Seat, EndsHand: r.EndsHand, EndsGame: r.EndsGame}
				var res game.Result
				switch {
				case trial == 3 && len(ids) > 2 && step%7 == 3:
					// A correction, then a deletion: both recompute, and the
					// next save builds on what they stored.
					if _, err := s.correctHand(ctx, created.ID, ids[0], in, Change{}); err != nil {
						t.Fatalf("%s: correct: %v", g.ID, err)
					}
				case trial == 3 && len(ids) > 2 && step%7 == 5:
					if err := s.deleteHand(ctx, created.ID, ids[1], Change{}); err != nil {
						t.Fatalf("%s: delete: %v", g.ID, err)
					}
					ids = append(ids[:1], ids[2:]...)
				default:
					h, err := s.addHand(ctx, created.ID, in, Change{})
					if err != nil {
						t.Fatalf("%s: add: %v", g.ID, err)
					}
					ids = append(ids, h.ID)
				}
				got := readDerived(t, s, created.ID)
				if err := s.writePrepared(ctx, func(tx dbtx) error { return s.recompute(ctx, tx, archiveRules, created.ID) }); err != nil {
					t.Fatal(err)
				}
				if want := readDerived(t, s, created.ID); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s, %d seats, step %d: saved %+v, worked out from the hands %+v", g.ID, n, step, got, want)
				}
				stored, err := s.Game(ctx, created.PublicID)
				if err != nil {
					t.Fatal(err)
				}
				if err := json.Unmarshal(stored.Tally, &table.Tally); err != nil {
					t.Fatal(err)
				}
				if res = g.Module.Result(table); res.Finished || got.Status == StatusFinished {
					break
				}
			}
		}
	}
}

// TestAppendEqualsRecomputeAtEveryTableSize: a game by points (P1) takes
// 1 to 12 players, the most of any game, and the seats' update after a
// save is a statement of its own for each number of seats (appendSeats);
// each one must keep what the full recompute gives, through ties, new
// bests and worsts and the end of the game at its target (final totals
// and places).
func TestAppendEqualsRecomputeAtEveryTableSize(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	if len(appendSeats) != 13 {
		t.Fatalf("statements for up to %d seats, want 12 (P1)", len(appendSeats)-1)
	}
	for n := 1; n < len(appendSeats); n++ {
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("P%d", i+1)
		}
		created, err := s.CreateGame(ctx, NewGame{Rules: "points", Players: names, Token: NewID(),
			Settings: json.RawMessage(`{"name":"Sizes","players":` + strconv.Itoa(n) + `,"end":"target","target":60,"wins":"highest"}`)})
		if err != nil {
			t.Fatalf("%d players: %v", n, err)
		}
		for round := 0; ; round++ {
			points := make([]int, n)
			for seat := range points {
				points[seat] = (round*7+seat*13)%23 - 8 // repeats, so ties of a best or a worst come up
			}
			if _, err := s.addHand(ctx, created.ID, pointsHand(points...), Change{}); err != nil {
				t.Fatalf("%d players, round %d: %v", n, round+1, err)
			}
			got := readDerived(t, s, created.ID)
			if err := s.writePrepared(ctx, func(tx dbtx) error { return s.recompute(ctx, tx, archiveRules, created.ID) }); err != nil {
				t.Fatal(err)
			}
			if want := readDerived(t, s, created.ID); !reflect.DeepEqual(got, want) {
				t.Fatalf("%d players, round %d: saved %+v, worked out from the hands %+v", n, round+1, got, want)
			}
			if got.Status == StatusFinished {
				break
			}
			if round == 200 {
				t.Fatalf("%d players: no end after 200 rounds", n)
			}
		}
	}
}
