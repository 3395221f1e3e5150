// Package eventnight owns an event night in play: it reads what the
// store keeps of an event (package db, which knows no game and keeps the
// event's settings and plan as JSON) as package event reads it, checks a
// new event against the game's rules, and encodes what is to be kept.
package eventnight

import (
	"context"
	"encoding/json"
	"fmt"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/rules/event"
)

// Event is a stored event with its settings and plan read.
type Event struct {
	db.Event
	Config event.Config
	Plan   *event.Plan // the rounds to come, planned ahead; nil when none is kept
}

// Record is an event with everything its pages show (db.EventRecord),
// its settings and plan read, and its byes as package event reads them.
type Record struct {
	db.EventRecord
	Event Event
	Byes  []event.Bye // by round
}

// Reader is what loading an event's record needs of the store.
type Reader interface {
	EventRecord(ctx context.Context, eventID int64) (db.EventRecord, error)
}

// Load is the record of the event with the id given.
func Load(ctx context.Context, store Reader, eventID int64) (Record, error) {
	rec, err := store.EventRecord(ctx, eventID)
	if err != nil {
		return Record{}, err
	}
	return Read(rec)
}

// Read is rec with its event's settings and plan read.
func Read(rec db.EventRecord) (Record, error) {
	e, err := ReadEvent(rec.Event)
	if err != nil {
		return Record{}, err
	}
	out := Record{EventRecord: rec, Event: e, Byes: make([]event.Bye, len(rec.Byes))}
	for i, b := range rec.Byes {
		out.Byes[i] = event.Bye{Round: b.Round, Player: b.Player}
	}
	return out, nil
}

// ReadEvent is e with its settings and plan read.
func ReadEvent(e db.Event) (Event, error) {
	out := Event{Event: e}
	if err := json.Unmarshal(e.Settings, &out.Config); err != nil {
		return Event{}, fmt.Errorf("eventnight: settings of event %d: %w", e.ID, err)
	}
	if e.Plan != nil {
		out.Plan = new(event.Plan)
		if err := json.Unmarshal(e.Plan, out.Plan); err != nil {
			return Event{}, fmt.Errorf("eventnight: plan of event %d: %w", e.ID, err)
		}
	}
	return out, nil
}

// Rounds is the number of rounds an event listed is planned for.
func Rounds(sum db.EventSummary) (int, error) {
	var cfg event.Config
	if err := json.Unmarshal(sum.Settings, &cfg); err != nil {
		return 0, fmt.Errorf("eventnight: settings of event %d: %w", sum.ID, err)
	}
	return cfg.Rounds, nil
}

// EventTables are the event's tables as package event reads them.
func (r Record) EventTables() []event.Table {
	out := make([]event.Table, 0, len(r.Tables))
	for _, t := range r.Tables {
		et := event.Table{Round: t.Round, Finished: t.Game.Finished(), Counts: t.Counts}
		for _, st := range t.Game.Seats {
			et.Players = append(et.Players, st.PlayerID)
			et.Places = append(et.Places, st.Place)
			et.Totals = append(et.Totals, st.Total)
		}
		out = append(out, et)
	}
	return out
}

// Game is a game's rules as an event's settings are checked against them.
func Game(g rules.Game) event.Game {
	return event.Game{Name: g.Name, MinPlayers: g.MinPlayers, MaxPlayers: g.MaxPlayers, Totals: g.Points.Scored}
}

// Creator is what making an event needs of the store.
type Creator interface {
	CreateEvent(ctx context.Context, in db.NewEvent) (db.Event, error)
}

// Create records a new event of a game of meldpad's, its settings cfg
// (in.Settings is set from them).
func Create(ctx context.Context, store Creator, in db.NewEvent, cfg event.Config) (db.Event, error) {
	if _, ok := rules.Lookup(in.Rules); !ok {
		return db.Event{}, fmt.Errorf("eventnight: create event: unknown rules %q", in.Rules)
	}
	settings, err := json.Marshal(cfg)
	if err != nil {
		return db.Event{}, fmt.Errorf("eventnight: create event: %w", err)
	}
	in.Settings = settings
	return store.CreateEvent(ctx, in)
}

// PlanJSON is a plan as the store keeps it (db.NewRound.Plan): nil for
// none.
func PlanJSON(p *event.Plan) (json.RawMessage, error) {
	if p == nil {
		return nil, nil
	}
	b, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("eventnight: plan: %w", err)
	}
	return b, nil
}
