package db_test

import (
	"meldpad/db"
	"meldpad/scorepad"
)

func init() { db.SetArchiveRules(scorepad.ArchiveRules{}) }
