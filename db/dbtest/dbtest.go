// Package dbtest runs a package's tests on each of meldpad's databases:
// SQLite, and PostgreSQL when MELDPAD_TEST_POSTGRES names one. A test
// opens its store with DSN, which is a SQLite file on the first run and a
// fresh PostgreSQL schema on the second, so one suite checks both (as
// river's driver tests run one suite on several drivers).
package dbtest

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// Env names the PostgreSQL database the tests may use, as a connection
// string (postgres://user@host:port/db). The tests make a schema of their
// own in it for each store and drop it when they end.
const Env = "MELDPAD_TEST_POSTGRES"

var postgres bool // the run under way is PostgreSQL's

// Main runs the package's tests on SQLite, then again on PostgreSQL when
// MELDPAD_TEST_POSTGRES is set. Unset, the PostgreSQL run is skipped with
// a message, or fails when CI is set: CI must run both. It returns the
// exit code, for TestMain's os.Exit.
func Main(m *testing.M) int {
	code := m.Run()
	if os.Getenv(Env) == "" {
		if os.Getenv("CI") != "" {
			fmt.Fprintf(os.Stderr, "FAIL: CI is set and %s is not: the tests must run on PostgreSQL too (.ci/postgres-up starts one)\n", Env)
			return 1
		}
		fmt.Printf("PostgreSQL run skipped: set %s=postgres://... to run these tests on PostgreSQL too\n", Env)
		return code
	}
	fmt.Println("== the same tests on PostgreSQL")
	postgres = true
	pg := m.Run()
	dropFree()
	if pg != 0 {
		return pg
	}
	return code
}

// Postgres reports whether the tests run on PostgreSQL now.
func Postgres() bool { return postgres }

// SQLiteOnly skips t on the PostgreSQL run: the test checks something of
// SQLite's own (its file, its PRAGMAs, its backup), said by why.
func SQLiteOnly(t testing.TB, why string) {
	t.Helper()
	if postgres {
		t.Skip("SQLite only: " + why)
	}
}

var (
	freeMu sync.Mutex
	free   []string // schemas emptied by the tests that had them

	adminOnce sync.Once
	admin     *sql.DB
	adminErr  error

	mu      sync.Mutex
	schemas = map[string]string{} // path -> PostgreSQL's connection string
)

// DSN is what a test opens its store with: path on SQLite; on PostgreSQL
// a connection string to a schema made for path, the same one each time
// the test opens path again (a restart), dropped when the test ends.
func DSN(t testing.TB, path string) string {
	t.Helper()
	if !postgres || strings.HasPrefix(path, "postgres://") {
		return path // a store opened again with what DSN gave
	}
	mu.Lock()
	defer mu.Unlock()
	if dsn, ok := schemas[path]; ok {
		return dsn
	}
	dsn := Schema(t)
	schemas[path] = dsn
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		delete(schemas, path)
	})
	return dsn
}

// Schema returns a connection string whose search_path is an empty
// schema of MELDPAD_TEST_POSTGRES's database, or one a test before left
// with its tables emptied, ids starting again from 1 (making a schema
// and migrating it took most of a short test's time). When t ends it is
// emptied for the next test, or dropped. It fails t when
// MELDPAD_TEST_POSTGRES is unset.
func Schema(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		t.Fatalf("%s is unset", Env)
	}
	adminOnce.Do(func() {
		admin, adminErr = sql.Open("pgx", withParam(base, "synchronous_commit", "off"))
		if adminErr == nil {
			admin.SetMaxOpenConns(2)
		}
	})
	if adminErr != nil {
		t.Fatalf("%s: %v", Env, adminErr)
	}
	name := takeFree()
	if name == "" {
		var b [6]byte
		_, _ = rand.Read(b[:])
		name = "test_" + hex.EncodeToString(b[:])
		if _, err := admin.Exec(`CREATE SCHEMA ` + name); err != nil {
			t.Fatalf("%s: create schema: %v", Env, err)
		}
	}
	t.Cleanup(func() {
		// Kept for the next test only in Main's run, which drops what it
		// kept when it ends.
		if postgres && empty(name) == nil {
			freeMu.Lock()
			free = append(free, name)
			freeMu.Unlock()
			return
		}
		if _, err := admin.Exec(`DROP SCHEMA ` + name + ` CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", name, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	q := u.Query()
	q.Set("search_path", name)
	// A test's commits need not reach the disk before they return; a
	// benchmark's do, as a server's do, to be measured fairly beside
	// SQLite's synchronous=FULL.
	if _, bench := t.(*testing.B); !bench {
		q.Set("synchronous_commit", "off")
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// Require returns a fresh schema's connection string (Schema) for a test
// that needs PostgreSQL whatever run it is in. Without
// MELDPAD_TEST_POSTGRES it skips t with a message, or fails it when CI is
// set.
func Require(t testing.TB) string {
	t.Helper()
	Database(t)
	return Schema(t)
}

// Database returns MELDPAD_TEST_POSTGRES itself, the database's own
// schema, for a test of several servers announcing saves to each other:
// announcements name games by id, which a fresh schema (Require) would
// start again from 1, so that two such tests running at once could hear
// each other's. Without it, it skips t with a message, or fails it when
// CI is set.
func Database(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(Env)
	if dsn == "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set and %s is not: this test needs PostgreSQL (.ci/postgres-up starts one)", Env)
		}
		t.Skipf("needs PostgreSQL: set %s=postgres://...", Env)
	}
	return dsn
}

func takeFree() string {
	freeMu.Lock()
	defer freeMu.Unlock()
	if len(free) == 0 {
		return ""
	}
	name := free[len(free)-1]
	free = free[:len(free)-1]
	return name
}

// empty truncates every table of the schema but goose's, so that the next
// test finds it migrated and empty. A table some connection still holds
// makes it fail (within seconds), and the schema is dropped instead.
func empty(name string) error {
	var tables sql.NullString
	if err := admin.QueryRow(`SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') FROM pg_tables
		WHERE schemaname = $1 AND tablename <> 'goose_db_version'`, name).Scan(&tables); err != nil {
		return err
	}
	if !tables.Valid {
		return nil // nothing was made in it
	}
	tx, err := admin.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`SET LOCAL lock_timeout = '5s'`); err != nil {
		return err
	}
	if _, err := tx.Exec(`TRUNCATE ` + tables.String + ` RESTART IDENTITY CASCADE`); err != nil {
		return err
	}
	return tx.Commit()
}

// dropFree drops the schemas left for tests that did not come.
func dropFree() {
	freeMu.Lock()
	defer freeMu.Unlock()
	for _, name := range free {
		_, _ = admin.Exec(`DROP SCHEMA ` + name + ` CASCADE`)
	}
	free = nil
}

// withParam is the connection string dsn with a run-time parameter set.
func withParam(dsn, name, value string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return dsn // sql.Open says what is wrong with it
	}
	q := u.Query()
	q.Set(name, value)
	u.RawQuery = q.Encode()
	return u.String()
}
