package db

import (
	"context"
	"path/filepath"
	"testing"
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
			s, err := Open(ctx, filepath.Join(b.TempDir(), "bench.db"), Synchronous(mode))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			var game Game
			b.ResetTimer()
			for i := range b.N {
				if i%20 == 0 {
					b.StopTimer()
					if game, err = s.CreateGame(ctx, NewGame{Rules: "fan", Players: []string{"Ann", "Bob"}, Token: NewID()}); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
				if _, err := s.AddHand(ctx, game.ID, pointsHand(1, 0), Change{Token: NewID(), Author: "Ann"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
