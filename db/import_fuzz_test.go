package db

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"testing"
)

// FuzzImport feeds anything to Import: it must never panic, and a file
// either imports (and then its leagues read back) or is refused with an
// *ImportError and not one row written.
//
//	go test -run '^$' -fuzz FuzzImport -fuzztime 1m -fuzzminimizetime 3s ./db
//
// (The seeds are whole exports: minimizing a new input of 15 KB for the
// default minute each time leaves little time for fuzzing.)
func FuzzImport(f *testing.F) {
	ctx := context.Background()
	src, err := Open(ctx, filepath.Join(f.TempDir(), "src.db"))
	if err != nil {
		f.Fatal(err)
	}
	defer src.Close()
	l := exchangeFixture(f, src, 2)
	valid := leagueFile(f, src, l.ID)
	f.Add(valid)
	f.Add(allFile(f, src))
	withEvent, _ := eventFixture(f, src)
	f.Add(leagueFile(f, src, withEvent.ID))
	f.Add([]byte(`{"meldpad": 1, "exported_at": "", "players": [], "leagues": [], "games": []}`))
	f.Add([]byte(`{"meldpad": 1, "players": [{"name": "Ann", "created_at": "2026-03-01T10:00:00Z"}], "leagues": [], "games": [
		{"public_id": "aaaaaaaaaaaaaaaaaaaaaaaaaa", "rules": "fan", "house_rules": {}, "first_dealer": 0, "seats": ["Ann", "Ann"],
		 "created_at": "2026-03-01T10:00:00Z", "updated_at": "2026-03-01T10:00:00Z", "hands": []}]}`))
	f.Add([]byte(`{"meldpad": 2, "exported_at": "", "leagues": [{"public_id": "aaaaaaaaaaaaaaaaaaaaaaaaaa", "organizer_id": "bbbbbbbbbbbbbbbbbbbbbbbbbb",
		"name": "L", "games": ["fan"], "created_at": "2026-03-01T10:00:00Z", "seasons": [],
		"players": [{"name": "Ann", "created_at": "2026-03-01T10:00:00Z"}, {"name": "ann", "created_at": "2026-03-01T10:00:00Z"}],
		"members": [{"name": "ANN", "added_at": "2026-03-01T10:00:00Z"}]}], "games": [
		{"public_id": "cccccccccccccccccccccccccc", "rules": "fan", "house_rules": {}, "first_dealer": 0, "seats": ["Ann", "Bob"],
		 "league": "aaaaaaaaaaaaaaaaaaaaaaaaaa", "created_at": "2026-03-01T10:00:00Z", "updated_at": "2026-03-01T10:00:00Z", "hands": []}]}`))
	f.Add([]byte(`{"meldpad": 2}`))
	f.Add([]byte(`{"meldpad": 3}`))
	f.Add([]byte("date,game\n"))
	f.Add([]byte(`{"meldpad": 1, "games": [{"hands": [{"record": {"a": [[[[[[]]]]]]}}]}]}`))

	dst, err := Open(ctx, filepath.Join(f.TempDir(), "dst.db"))
	if err != nil {
		f.Fatal(err)
	}
	defer dst.Close()
	f.Fuzz(func(t *testing.T, file []byte) {
		before := rowCounts(t, dst)
		sum, err := dst.Import(ctx, bytes.NewReader(file), 1<<20, archiveRules, nil)
		after := rowCounts(t, dst)
		if err != nil {
			var ie *ImportError
			if !errors.As(err, &ie) || len(ie.Problems) == 0 {
				t.Fatalf("Import = %v; want an *ImportError", err)
			}
			if !sameCounts(before, after) {
				t.Fatalf("a refused import wrote rows: %v, then %v", before, after)
			}
			return
		}
		if after["games"] != before["games"]+sum.Games || after["leagues"] != before["leagues"]+len(sum.Leagues) ||
			after["events"] != before["events"]+sum.Events {
			t.Fatalf("import of %+v: rows %v, then %v", sum, before, after)
		}
		for _, l := range sum.Leagues {
			if _, err := dst.LeagueRecord(ctx, l.ID); err != nil {
				t.Fatalf("imported league %s does not read back: %v", l.PublicID, err)
			}
		}
	})
}
