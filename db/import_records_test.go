package db

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"meldpad/db/dbtest"
)

// TestImportChecksRecords: Import gives every card-entered hand's record,
// deleted ones too, to its checker with the game's rules and seats; one
// refusal refuses the file whole, with the place of each record refused.
func TestImportChecksRecords(t *testing.T) {
	ctx := context.Background()
	src, _ := openTest(t)
	g := newFanGame(t, src)
	cards := func(record string) HandInput {
		return HandInput{Entry: EntryCards, Record: json.RawMessage(record), Points: []int{10, 0}, Seat: 0}
	}
	for _, in := range []HandInput{pointsHand(5, 0), cards(`{"knock_card":"5H"}`), cards(`{"knock_card":5}`), cards(`{"knock_card":6}`)} {
		if _, err := src.addHand(ctx, g.ID, in, Change{Token: NewID()}); err != nil {
			t.Fatal(err)
		}
	}
	hands, _ := src.Hands(ctx, g.ID)
	if err := src.deleteHand(ctx, g.ID, hands[3].ID, Change{Token: NewID()}); err != nil {
		t.Fatal(err)
	}
	archive, err := src.ExportAll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	if err := archive.WriteJSON(&file); err != nil {
		t.Fatal(err)
	}
	var seen []string
	check := func(rules string, seats int, record json.RawMessage) error {
		seen = append(seen, fmt.Sprintf("%s/%d/%s", rules, seats, record))
		if strings.Contains(string(record), `"knock_card":5`) || strings.Contains(string(record), `"knock_card":6`) {
			return errors.New("knock_card is a number")
		}
		return nil
	}
	dst, err := Open(ctx, dbtest.DSN(t, filepath.Join(t.TempDir(), "dst.db")))
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	_, err = dst.Import(ctx, bytes.NewReader(file.Bytes()), 1<<20, archiveRules, check)
	var refused *ImportError
	if !errors.As(err, &refused) {
		t.Fatalf("Import: %v, want an *ImportError", err)
	}
	var places []string
	for _, p := range refused.Problems {
		places = append(places, p.String())
	}
	want := []string{"games[0].hands[2].record: knock_card is a number", "games[0].hands[3].record: knock_card is a number"}
	if !slices.Equal(places, want) {
		t.Errorf("problems %q, want %q", places, want)
	}
	wantSeen := []string{`fan/2/{"knock_card":"5H"}`, `fan/2/{"knock_card":5}`, `fan/2/{"knock_card":6}`}
	if !slices.Equal(seen, wantSeen) {
		t.Errorf("checked %q, want the card-entered records %q", seen, wantSeen)
	}
	if _, err := dst.Game(ctx, g.PublicID); !errors.Is(err, ErrNotFound) {
		t.Errorf("the refused file's game: %v, want ErrNotFound", err)
	}
	// Without a checker, records are only checked for their shape.
	if _, err := dst.Import(ctx, bytes.NewReader(file.Bytes()), 1<<20, archiveRules, nil); err != nil {
		t.Errorf("Import without a checker: %v", err)
	}
}
