package db

import (
	"context"
	"time"

	"meldpad/rules/event"
)

// archiveRules are meldpad's games for the tests that import an archive:
// the scorepad package's (scorepad.ArchiveRules), which the tests of
// package db_test hand over (SetArchiveRules) before any test runs, since
// a test of package db cannot import a package that imports db.
var archiveRules ArchiveRules

// SetArchiveRules sets archiveRules.
func SetArchiveRules(r ArchiveRules) { archiveRules = r }

// eventTablesOf is eventnight's reading of an event's tables
// (eventnight.Record.EventTables), handed over as archiveRules is
// (SetEventTables).
var eventTablesOf func(rec EventRecord) ([]event.Table, error)

// SetEventTables sets eventTablesOf.
func SetEventTables(f func(rec EventRecord) ([]event.Table, error)) { eventTablesOf = f }

// SeedOptions are scorepad.SeedOptions, for the tests that seed a
// league (seedLeague).
type SeedOptions struct {
	Name    string
	Players int
	Games   int
	Seed    uint64
	Start   time.Time
}

// seedLeague is scorepad.SeedLeague, handed over as archiveRules is
// (SetSeeder).
var seedLeague func(ctx context.Context, s *Store, opt SeedOptions) (League, error)

// SetSeeder sets seedLeague.
func SetSeeder(seed func(ctx context.Context, s *Store, opt SeedOptions) (League, error)) {
	seedLeague = seed
}
