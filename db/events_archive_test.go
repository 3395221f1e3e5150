package db

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// eventFixture is a league with an event night two rounds in: a table
// played out, one marked as not counting, a bye, a late arrival and a
// drop.
func eventFixture(t testing.TB, s *Store) (League, Event) {
	t.Helper()
	ctx := context.Background()
	l := newEventLeague(t, s)
	e := newEvent(t, s, l, "Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
	rec := seatFirstRound(t, s, l, e)
	id := idsByName(rec)
	if err := s.SetTableCounts(ctx, l.ID, e.ID, 1, 2, false); err != nil {
		t.Fatal(err)
	}
	g, err := s.Game(ctx, rec.Tables[0].PublicID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.addHand(ctx, g.ID, HandInput{Entry: EntryPoints, Record: json.RawMessage(`{}`), Points: []int{42, 0, 0}, Seat: 0, EndsHand: true},
		Change{Token: NewID()}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddEventPlayers(ctx, l.ID, e.ID, []string{"Gus"}, 2); err != nil {
		t.Fatal(err)
	}
	if err := s.DropEventPlayer(ctx, l.ID, e.ID, id["Eve"], 2); err != nil {
		t.Fatal(err)
	}
	rec = eventRecord(t, s, e)
	id = idsByName(rec)
	round := NewRound{Round: 2, Tables: []NewEventTable{{Players: []int64{id["Gus"], id["Ann"], id["Dee"]}, FirstDealer: 1}},
		Byes: []int64{id["Bob"], id["Cy"]}}
	if err := s.SeatRound(ctx, l.ID, e.ID, rec.Event.Version, round); err != nil {
		t.Fatal(err)
	}
	return l, e
}

// TestExportImportEvents: a league with an event night is exported as
// version 3 and imported into an empty meldpad with its event as it was
// (but the plan for the rounds to come, planned again); exported again,
// it is the same file.
func TestExportImportEvents(t *testing.T) {
	ctx := context.Background()
	a, _ := openTest(t)
	l, e := eventFixture(t, a)
	first := leagueFile(t, a, l.ID)
	if !strings.Contains(string(first), `"meldpad": 3`) || !strings.Contains(string(first), `"screen_id":"`+e.ScreenID+`"`) {
		t.Fatalf("the export of a league with an event:\n%s", first)
	}
	b, _ := openTest(t)
	sum := importInto(t, b, first)
	if sum.Events != 1 {
		t.Errorf("summary %+v: want one event", sum)
	}
	second := leagueFile(t, b, sum.Leagues[0].ID)
	if withoutExportTime(first) != withoutExportTime(second) {
		t.Errorf("the export of the imported league differs:\n%s", firstDifference(first, second))
	}
	imported, err := b.EventByScreen(ctx, e.ScreenID)
	if err != nil {
		t.Fatal(err)
	}
	want, got := eventRecord(t, a, e), eventRecord(t, b, imported)
	if got.Event.Plan != nil || got.Event.Name != want.Event.Name || got.Event.Seed != want.Event.Seed ||
		string(got.Event.Settings) != string(want.Event.Settings) || !got.Event.CreatedAt.Equal(want.Event.CreatedAt) {
		t.Errorf("event %+v, want %+v without its plan", got.Event, want.Event)
	}
	if len(got.Players) != len(want.Players) || len(got.Tables) != len(want.Tables) || !slices.Equal(byeNames(got), byeNames(want)) {
		t.Fatalf("imported %d players, %d tables, byes %v; want %d, %d, %v", len(got.Players), len(got.Tables), got.Byes,
			len(want.Players), len(want.Tables), want.Byes)
	}
	for i, p := range want.Players {
		q := got.Players[i]
		if p.Name != q.Name || p.Joined != q.Joined || p.Dropped != q.Dropped || !p.AddedAt.Equal(q.AddedAt) {
			t.Errorf("player %d: %+v, want %+v", i, q, p)
		}
	}
	wantTables, gotTables := eventTables(t, want), eventTables(t, got)
	for i := range wantTables {
		w, g := wantTables[i], gotTables[i]
		w.Players, g.Players = nil, nil // ids differ; the names are compared below
		if !reflect.DeepEqual(w, g) || want.Tables[i].PublicID != got.Tables[i].PublicID || want.Tables[i].Counts != got.Tables[i].Counts {
			t.Errorf("table %d: %+v, want %+v", i, got.Tables[i], want.Tables[i])
		}
		for k := range want.Tables[i].Game.Seats {
			if want.Tables[i].Game.Seats[k].Name != got.Tables[i].Game.Seats[k].Name {
				t.Errorf("table %d seat %d: %s, want %s", i, k, got.Tables[i].Game.Seats[k].Name, want.Tables[i].Game.Seats[k].Name)
			}
		}
	}
	// Imported again: its links are here already.
	if _, err := b.Import(ctx, bytes.NewReader(first), 32<<20, archiveRules, nil); err == nil {
		t.Errorf("the same file imported twice")
	}
}

// byeNames are an event's byes as round and name.
func byeNames(rec EventRecord) []string {
	names := map[int64]string{}
	for _, p := range rec.Players {
		names[p.PlayerID] = p.Name
	}
	var out []string
	for _, b := range rec.Byes {
		out = append(out, strconv.Itoa(b.Round)+" "+names[b.Player])
	}
	slices.Sort(out)
	return out
}

// TestExportWithoutEventsIsVersion2: a file without an event night is
// still written as version 2, which a meldpad of before reads.
func TestExportWithoutEventsIsVersion2(t *testing.T) {
	a, _ := openTest(t)
	l := newEventLeague(t, a)
	if file := leagueFile(t, a, l.ID); !strings.Contains(string(file), `"meldpad": 2,`) || strings.Contains(string(file), `"events"`) {
		t.Errorf("a league without events:\n%s", file)
	}
}

// TestImportRefusesBadEvents: an event's problems are said at their place
// in the file, and nothing is imported.
func TestImportRefusesBadEvents(t *testing.T) {
	a, _ := openTest(t)
	l, _ := eventFixture(t, a)
	var archive Archive
	if err := json.Unmarshal(leagueFile(t, a, l.ID), &archive); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		edit  func(a *Archive)
		where string
	}{
		{"a version 2 file with events", func(a *Archive) { a.Meldpad = 2 }, "leagues[0].events"},
		{"a player not of the league", func(a *Archive) { a.Leagues[0].Events[0].Players[0].Name = "Zed" }, "leagues[0].events[0].players[0].name"},
		{"a table that is no game of the file", func(a *Archive) { a.Leagues[0].Events[0].Tables[0].Game = NewID() }, "leagues[0].events[0].tables[0].game"},
		{"a game at two tables", func(a *Archive) {
			a.Leagues[0].Events[0].Tables[1].Game = a.Leagues[0].Events[0].Tables[0].Game
		}, "leagues[0].events[0].tables[1].game"},
		{"a round beyond the event's", func(a *Archive) { a.Leagues[0].Events[0].Tables[0].Round = 9 }, "leagues[0].events[0].tables[0]"},
		{"settings that cannot run", func(a *Archive) {
			cfg := configOf(t, a.Leagues[0].Events[0].Settings)
			cfg.Sizes = []int{9}
			a.Leagues[0].Events[0].Settings = settingsJSON(t, cfg)
		}, "leagues[0].events[0].settings.sizes"},
		{"settings of another shape", func(a *Archive) {
			a.Leagues[0].Events[0].Settings = json.RawMessage(`{"rounds":"x"}`)
		}, "leagues[0].events[0].settings.rounds"},
		{"a screen link that is a game's", func(a *Archive) { a.Leagues[0].Events[0].ScreenID = a.Games[0].PublicID }, "leagues[0].events[0].screen_id"},
		{"a bye of no player", func(a *Archive) { a.Leagues[0].Events[0].Byes[0].Name = "Zed" }, "leagues[0].events[0].byes[0].name"},
		{"a drop before joining", func(a *Archive) { a.Leagues[0].Events[0].Players[0].Dropped = 1 }, "leagues[0].events[0].players[0].dropped_round"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var copied Archive
			raw, _ := json.Marshal(archive)
			_ = json.Unmarshal(raw, &copied)
			tc.edit(&copied)
			var b bytes.Buffer
			if err := copied.WriteJSON(&b); err != nil {
				t.Fatal(err)
			}
			s, _ := openTest(t)
			_, err := s.Import(context.Background(), &b, 32<<20, archiveRules, nil)
			var ie *ImportError
			if !errors.As(err, &ie) || !strings.Contains(ie.Lines(), tc.where+":") {
				t.Fatalf("%v, want a problem at %s", err, tc.where)
			}
			if list, _ := s.ActiveLeagues(context.Background(), 10); len(list) != 0 {
				t.Errorf("a refused file imported %d leagues", len(list))
			}
		})
	}
}
