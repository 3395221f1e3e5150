package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"meldpad/db"
	"meldpad/scorepad"
)

// TestImportCommandDecodesRecords: -import decodes every card-entered
// record with the handlers' decoders, as the web import does, and refuses
// a file whose hand's page would fail, saying where.
func TestImportCommandDecodesRecords(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	store, err := db.Open(ctx, filepath.Join(dir, "from.db"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := store.CreateGame(ctx, db.NewGame{Rules: "fan", Players: []string{"Ann", "Bob"}, Token: db.NewID()})
	if err != nil {
		t.Fatal(err)
	}
	record := json.RawMessage(`{"knock_card": 5}`)
	if _, err := scorepad.AddTo(ctx, store, g.PublicID, db.HandInput{Entry: db.EntryCards, Record: record, Points: []int{98, 0}, Seat: 0},
		db.Change{Token: db.NewID()}); err != nil {
		t.Fatal(err)
	}
	store.Close()
	file := filepath.Join(dir, "all.json")
	if _, err := meldpadCommand(t, "", "-db", filepath.Join(dir, "from.db"), "-export", file); err != nil {
		t.Fatal(err)
	}
	to := filepath.Join(dir, "to.db")
	_, err = meldpadCommand(t, "", "-db", to, "-import", file)
	if err == nil || !strings.Contains(err.Error(), "games[0].hands[0].record: not a Fan Rummy hand as meldpad records it: knock_card is a number") {
		t.Fatalf("-import of an undecodable record: %v", err)
	}
	check, err := db.Open(ctx, to)
	if err != nil {
		t.Fatal(err)
	}
	defer check.Close()
	if _, err := check.Game(ctx, g.PublicID); err == nil {
		t.Errorf("the refused file's game was imported")
	}
}
