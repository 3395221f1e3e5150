package db

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"meldpad/db/dbtest"
)

// BenchmarkAddHand measures one save, a whole transaction with its commit,
// with each synchronous mode: with FULL every commit waits for the log to
// reach the disk. Each game takes 20 hands, as an evening's game does, so
// the work of recomputing a game stays that of a real one.
//
//	go test -run '^$' -bench AddHand -count 5 ./db
func BenchmarkAddHand(b *testing.B) {
	for _, mode := range []string{SyncFull, SyncNormal} {
		b.Run("sync="+mode, func(b *testing.B) {
			ctx := context.Background()
			s, err := Open(ctx, dbtest.DSN(b, filepath.Join(b.TempDir(), "bench.db")), Synchronous(mode))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			var game Game
			b.ResetTimer()
			for i := range b.N {
				if i%20 == 0 {
					b.StopTimer()
					if game, err = s.CreateGame(ctx, NewGame{Rules: "fan", Players: []string{"Ann", "Bob"}, Token: NewToken()}); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
				if _, err := s.addHand(ctx, game.ID, pointsHand(1, 0), Change{Token: NewToken(), Author: "Ann"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAddHandParallel measures saves from many phones at once, each
// to a game of its own, with the default durability: on SQLite they share
// the one writer and its commits (the group committer), on PostgreSQL
// they run side by side on the pool. ns/op is the time per save across
// all of them, so saves/s = 1e9 / ns/op.
//
//	go test -run '^$' -bench AddHandParallel ./db
func BenchmarkAddHandParallel(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, dbtest.DSN(b, filepath.Join(b.TempDir(), "bench.db")))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	b.SetParallelism(8) // 8 phones a core
	var games atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		games.Add(1)
		g, err := s.CreateGame(ctx, openPointsGame())
		if err != nil {
			b.Error(err)
			return
		}
		for n := 0; pb.Next(); n++ {
			if _, err := s.addHand(ctx, g.ID, roundOf(n), Change{Token: NewToken(), Author: "Ann"}); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(games.Load()), "games")
}

// BenchmarkOnePhoneSave times the saves of one phone, one after
// another, each reading the game and then adding the hand as a save
// from the scorepad does, with the default durability, and reports
// their median (p50-ns) beside the mean: run on both databases in one
// run (MELDPAD_TEST_POSTGRES), it compares PostgreSQL over loopback with
// SQLite.
//
//	go test -run '^$' -bench OnePhoneSave -benchtime 2000x ./db
func BenchmarkOnePhoneSave(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, dbtest.DSN(b, filepath.Join(b.TempDir(), "bench.db")))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	g, err := s.CreateGame(ctx, openPointsGame())
	if err != nil {
		b.Fatal(err)
	}
	took := make([]time.Duration, 0, b.N)
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		if _, err := s.addHand(ctx, g.ID, roundOf(i), Change{Token: NewToken(), Author: "Ann"}); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Nanoseconds()), "p50-ns")
}

// BenchmarkAddHandAt times a save in games already holding 10, 100,
// 1,000 and 5,000 hands, with the default durability (FULL): appending
// costs the same however long the game (issue: a save is O(1) in the
// game's length). The games are by points with no end, so they go on.
// Each save adds a hand, so a game grows by the saves measured (the
// hands-at-end metric); -benchtime 200x keeps it near its size:
//
//	go test -run '^$' -bench AddHandAt -benchtime 200x -count 3 ./db
func BenchmarkAddHandAt(b *testing.B) {
	ctx := context.Background()
	path := dbtest.DSN(b, filepath.Join(b.TempDir(), "bench.db"))
	setup, err := Open(ctx, path, Synchronous(SyncNormal))
	if err != nil {
		b.Fatal(err)
	}
	sizes := []int{10, 100, 1000, 5000}
	games := map[int]int64{}
	for _, n := range sizes {
		g, err := setup.CreateGame(ctx, openPointsGame())
		if err != nil {
			b.Fatal(err)
		}
		for i := range n {
			if _, err := setup.addHand(ctx, g.ID, roundOf(i), Change{}); err != nil {
				b.Fatal(err)
			}
		}
		games[n] = g.ID
	}
	setup.Close()
	s, err := Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	for _, n := range sizes {
		b.Run(fmt.Sprintf("hands=%d", n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				if _, err := s.addHand(ctx, games[n], roundOf(n+i), Change{Token: NewToken(), Author: "Ann"}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n+b.N), "hands-at-end")
		})
	}
}

// openPointsGame is a game by points (P1) of four players that goes on
// until the table ends it.
func openPointsGame() NewGame {
	return NewGame{Rules: "points", Players: []string{"Ann", "Bob", "Cy", "Di"}, Token: NewToken(),
		Settings: json.RawMessage(`{"name":"Bench","players":4,"end":"open","wins":"highest"}`)}
}

// roundOf is round n of such a game: every seat's points differ from the
// round before, so every total moves (a round of zeros leaves the seats'
// rows as they were, and SQLite does not write a row that is unchanged),
// and now and then a seat's best or worst round does too.
func roundOf(n int) HandInput {
	points := make([]int, 4)
	for seat := range points {
		points[seat] = (n*7+seat*13)%41 - 20
	}
	return pointsHand(points...)
}
