package db_test

import (
	"context"

	"meldpad/db"
	"meldpad/scorepad"
)

func init() {
	db.SetArchiveRules(scorepad.ArchiveRules{})
	db.SetSeeder(func(ctx context.Context, s *db.Store, opt db.SeedOptions) (db.League, error) {
		return scorepad.SeedLeague(ctx, s, scorepad.SeedOptions(opt))
	})
}
