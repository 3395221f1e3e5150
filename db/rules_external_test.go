package db_test

import (
	"context"

	"meldpad/db"
	"meldpad/eventnight"
	"meldpad/rules/event"
	"meldpad/scorepad"
)

func init() {
	db.SetArchiveRules(scorepad.ArchiveRules{})
	db.SetEventTables(func(rec db.EventRecord) ([]event.Table, error) {
		r, err := eventnight.Read(rec)
		return r.EventTables(), err
	})
	db.SetSeeder(func(ctx context.Context, s *db.Store, opt db.SeedOptions) (db.League, error) {
		return scorepad.SeedLeague(ctx, s, scorepad.SeedOptions(opt))
	})
}
