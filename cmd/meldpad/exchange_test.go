package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"meldpad/db"
	"meldpad/scorepad"
)

// meldpadCommand runs meldpad with args as the shell would, and returns
// what it printed.
func meldpadCommand(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(context.Background(), args, func(string) string { return "" }, strings.NewReader(stdin), &out)
	return out.String(), err
}

var exportedAt = regexp.MustCompile(`"exported_at": "[^"]*"`)

// TestExportAndImportCommands moves a meldpad with -export and -import:
// the file is private to its owner, the import says what it added and
// the links of the league, the new meldpad exports the same file, a
// second import is refused whole, and "-" reads and writes the standard
// streams.
func TestExportAndImportCommands(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	from, to := filepath.Join(dir, "from.db"), filepath.Join(dir, "to.db")
	store, err := db.Open(ctx, from)
	if err != nil {
		t.Fatal(err)
	}
	league, err := scorepad.SeedLeague(ctx, store, scorepad.SeedOptions{Name: "Thursday club", Players: 5, Games: 12, Seed: 3})
	store.Close()
	if err != nil {
		t.Fatal(err)
	}

	file := filepath.Join(dir, "all.json")
	out, err := meldpadCommand(t, "", "-db", from, "-export", file)
	if err != nil || !strings.Contains(out, "exported 1 league with 5 players, and 12 games to "+file) {
		t.Fatalf("-export: %q, %v", out, err)
	}
	if info, err := os.Stat(file); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("the export is %v (%v); want it readable by its owner only: it holds every game's link", info.Mode(), err)
	}
	exported, _ := os.ReadFile(file)

	out, err = meldpadCommand(t, "", "-db", to, "-import", file)
	if err != nil {
		t.Fatalf("-import: %v", err)
	}
	for _, want := range []string{"imported 1 league, 12 games with", "and 5 new players",
		`league "Thursday club": organizer's page /lo/` + league.OrganizerID + ", members' page /l/" + league.PublicID} {
		if !strings.Contains(out, want) {
			t.Errorf("-import said %q; want %q in it", out, want)
		}
	}

	// The imported meldpad exports the same file, to stdout with "-".
	again, err := meldpadCommand(t, "", "-db", to, "-export", "-")
	if err != nil {
		t.Fatal(err)
	}
	if exportedAt.ReplaceAllString(again, "") != exportedAt.ReplaceAllString(string(exported), "") {
		t.Errorf("the imported meldpad exports a different file")
	}

	// A second import is refused whole, naming what is already here.
	_, err = meldpadCommand(t, "", "-db", to, "-import", file)
	if err == nil || !strings.Contains(err.Error(), "nothing was imported") || !strings.Contains(err.Error(), `leagues[0].public_id: the league "Thursday club" is already in this meldpad`) {
		t.Errorf("second -import: %v", err)
	}

	// From stdin: a broken file is refused with its place.
	_, err = meldpadCommand(t, `{"meldpad": 1, "players": [{"name": 7}]}`, "-db", to, "-import", "-")
	if err == nil || !strings.Contains(err.Error(), "players[0].name: want a string, not the number 7") {
		t.Errorf("-import - of a broken file: %v", err)
	}
	if _, err := meldpadCommand(t, "", "-db", to, "-import", filepath.Join(dir, "missing.json")); err == nil {
		t.Errorf("-import of a missing file did not fail")
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".meldpad-export-") {
				t.Errorf("a temporary file was left behind: %s", e.Name())
			}
		}
	}
}
