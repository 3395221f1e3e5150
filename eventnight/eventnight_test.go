package eventnight

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/rules/event"
)

var config = event.Config{Sizes: []int{2, 3}, Rounds: 3, Pairing: event.FewestRepeats, Scoring: event.ByPlace,
	PlacePoints: []int{4, 2, 1}, Bye: event.ByeAverage, TieBreaks: event.DefaultTieBreaks(true)}

// TestReadKeepsWhatWasKept: an event's settings and plan as the store
// keeps them read back as they were, byes included; no plan is nil.
func TestReadKeepsWhatWasKept(t *testing.T) {
	settings, _ := json.Marshal(config)
	plan := &event.Plan{From: 2, Players: []int64{1, 2, 3}, Rounds: []event.Seating{{}, {}}}
	kept, err := PlanJSON(plan)
	if err != nil {
		t.Fatal(err)
	}
	rec := db.EventRecord{Event: db.Event{ID: 4, Settings: settings, Plan: kept},
		Byes: []db.EventBye{{Round: 1, Player: 2}, {Round: 2, Player: 3}}}
	got, err := Read(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Event.Config, config) || !reflect.DeepEqual(got.Event.Plan, plan) ||
		!reflect.DeepEqual(got.Byes, []event.Bye{{Round: 1, Player: 2}, {Round: 2, Player: 3}}) || got.Event.ID != 4 {
		t.Errorf("Read = %+v", got)
	}
	if none, err := PlanJSON(nil); none != nil || err != nil {
		t.Errorf("PlanJSON(nil) = %s, %v; want nil", none, err)
	}
	rec.Event.Plan = nil
	if got, err := Read(rec); err != nil || got.Event.Plan != nil {
		t.Errorf("without a plan: %+v, %v", got.Event.Plan, err)
	}
	rec.Event.Settings = json.RawMessage(`{"rounds":`)
	if _, err := Read(rec); err == nil {
		t.Errorf("broken settings were read")
	}
	if n, err := Rounds(db.EventSummary{Settings: settings}); n != 3 || err != nil {
		t.Errorf("Rounds = %d, %v; want 3", n, err)
	}
}

// TestEventTables: a record's tables as package event reads them, each
// seat's player, place and total in seat order.
func TestEventTables(t *testing.T) {
	table := db.EventTable{Round: 1, Number: 1, Counts: true, Game: db.LeagueGame{Status: db.StatusFinished,
		Seats: []db.LeagueSeat{{PlayerID: 7, Place: 2, Total: 10}, {PlayerID: 9, Place: 1, Total: 30}}}}
	got := Record{EventRecord: db.EventRecord{Tables: []db.EventTable{table}}}.EventTables()
	want := []event.Table{{Round: 1, Finished: true, Counts: true, Players: []int64{7, 9}, Places: []int{2, 1}, Totals: []int{10, 30}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("EventTables = %+v, want %+v", got, want)
	}
}

type creator struct{ got db.NewEvent }

func (c *creator) CreateEvent(_ context.Context, in db.NewEvent) (db.Event, error) {
	c.got = in
	return db.Event{ID: 1, Settings: in.Settings}, nil
}

// TestCreate: a new event's settings are handed to the store as JSON; an
// event of no game of meldpad's is refused before it.
func TestCreate(t *testing.T) {
	var store creator
	if _, err := Create(context.Background(), &store, db.NewEvent{Rules: "poker"}, config); err == nil || store.got.Rules != "" {
		t.Errorf("an event of poker: %v, store given %+v", err, store.got)
	}
	g := rules.Games()[0]
	e, err := Create(context.Background(), &store, db.NewEvent{Rules: g.ID, Players: []string{"Ann"}}, config)
	if err != nil {
		t.Fatal(err)
	}
	read, err := ReadEvent(e)
	if err != nil || !reflect.DeepEqual(read.Config, config) {
		t.Errorf("created %+v, %v", read, err)
	}
}
