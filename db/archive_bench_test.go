package db

import (
	"bytes"
	"context"
	"path/filepath"
	"strconv"
	"testing"
)

// BenchmarkArchive measures moving a league of 5,000 finished games (50
// players, SeedLeague) from one meldpad to another: the export with its
// file, the checks of the file alone, and the whole import into an empty
// meldpad.
//
//	go test -run '^$' -bench Archive -benchtime 3x ./db
func BenchmarkArchive(b *testing.B) {
	ctx := context.Background()
	src, err := Open(ctx, filepath.Join(b.TempDir(), "src.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer src.Close()
	l, err := seedLeague(ctx, src, SeedOptions{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	file := leagueFile(b, src, l.ID)
	b.Run("export", func(b *testing.B) {
		for b.Loop() {
			leagueFile(b, src, l.ID)
		}
		b.ReportMetric(float64(len(file))/1e6, "MB")
	})
	b.Run("check", func(b *testing.B) {
		for b.Loop() {
			if _, err := ParseArchive(file, archiveRules); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("import", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			dst, err := Open(ctx, filepath.Join(b.TempDir(), "dst"+strconv.Itoa(i)+".db"))
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := dst.Import(ctx, bytes.NewReader(file), 64<<20, archiveRules, nil); err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			dst.Close()
			b.StartTimer()
		}
	})
}
