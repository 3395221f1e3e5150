package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"meldpad/rules"
	"meldpad/scorepad"
)

// savedFanRecord saves a Fan deal card by card and returns the record
// meldpad stored.
func savedFanRecord(t *testing.T) json.RawMessage {
	t.Helper()
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	form := formValues(app.get(game + "/hands/new?by=cards"))
	if p := app.post(game+"/hands", with(form, fanDeal())); p.status != http.StatusSeeOther {
		t.Fatalf("save a Fan deal: %d\n%s", p.status, p.body)
	}
	g, err := app.store.Game(context.Background(), strings.TrimPrefix(game, "/g/"))
	if err != nil {
		t.Fatal(err)
	}
	hands, err := app.store.Hands(context.Background(), g.ID)
	if err != nil || len(hands) != 1 {
		t.Fatalf("%d hands, %v", len(hands), err)
	}
	return hands[0].Record
}

// TestSavedRecordShows: a Fan deal as the sheet saves it is a record
// its decoder shows again (rules.CheckRecord), as the import asks.
func TestSavedRecordShows(t *testing.T) {
	if err := rules.CheckRecord("fan", 2, savedFanRecord(t)); err != nil {
		t.Errorf("refused: %v", err)
	}
}

// TestImportRefusesRecordsPagesCannotShow: an export whose Fan deal holds
// the record {"knock_card": 5} used to import, and its hand's page was a
// 500. The import now refuses the file whole and says where; a record
// stored before this check is shown blank, never as a 500.
func TestImportRefusesRecordsPagesCannotShow(t *testing.T) {
	ctx := context.Background()
	from := newTestApp(t)
	file, game := brokenFanRecordFile(t, from)

	to := newTestApp(t)
	p := to.upload("broken.json", file)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422\n%s", p.status, p.body)
	}
	mustContain(t, p, "games[0].hands[0].record: not a Fan Rummy hand as meldpad records it: knock_card is a number where meldpad records text")
	if rows := to.rows(); rows["games"] != 0 || rows["hands"] != 0 {
		t.Errorf("the refused file wrote %v", rows)
	}

	// Imported without the check, as before it existed: the page of the
	// hand is shown, its cards blank, with a word on why.
	if _, err := to.store.Import(ctx, bytes.NewReader(file), 1<<20, scorepad.ArchiveRules{}, nil); err != nil {
		t.Fatal(err)
	}
	link := handLinks(to.get(game))[0]
	page := to.get(link)
	if page.status != http.StatusOK {
		t.Fatalf("the hand's page: %d\n%s", page.status, page.body)
	}
	mustContain(t, page, "cannot be read back", "Ann +98")
}
