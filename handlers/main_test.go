package handlers

import (
	"os"
	"testing"

	"meldpad/db/dbtest"
)

// TestMain runs every test on SQLite, then on PostgreSQL (dbtest.Main).
func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }
