package handlers

import (
	"os"
	"testing"

	"meldpad/db/dbtest"
)

// TestMain runs every test on SQLite, then on PostgreSQL (dbtest.Main),
// and with -v says how many API exchanges were checked against the
// OpenAPI document (openapi_contract_test.go).
func TestMain(m *testing.M) {
	code := dbtest.Main(m)
	reportContract()
	os.Exit(code)
}
