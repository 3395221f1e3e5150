package db

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"testing"

	"meldpad/rules/event"
)

var eventConfig = event.Config{Sizes: []int{2, 3}, Rounds: 3, Pairing: event.FewestRepeats, Scoring: event.ByPlace,
	PlacePoints: []int{4, 2, 1}, Bye: event.ByeAverage, TieBreaks: event.DefaultTieBreaks(true)}

// settingsJSON is v as the store keeps an event's settings or plan.
func settingsJSON(t testing.TB, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// configOf reads an event's settings.
func configOf(t testing.TB, settings json.RawMessage) event.Config {
	t.Helper()
	var cfg event.Config
	if err := json.Unmarshal(settings, &cfg); err != nil {
		t.Fatalf("settings %s: %v", settings, err)
	}
	return cfg
}

// eventTables are rec's tables as package event reads them
// (eventnight.Record.EventTables, handed over as archiveRules is).
func eventTables(t testing.TB, rec EventRecord) []event.Table {
	t.Helper()
	tables, err := eventTablesOf(rec)
	if err != nil {
		t.Fatal(err)
	}
	return tables
}

// TestMaxEventPlayers: the store keeps as many players in an event as
// the seating places.
func TestMaxEventPlayers(t *testing.T) {
	if MaxEventPlayers != event.MaxPlayers {
		t.Errorf("MaxEventPlayers = %d, event.MaxPlayers = %d", MaxEventPlayers, event.MaxPlayers)
	}
}

func newEventLeague(t testing.TB, s *Store) League {
	t.Helper()
	l, err := s.CreateLeague(context.Background(), NewLeague{Name: "Friday club", Games: []string{"flathead"}, Members: []string{"Ann"}, Token: NewID()})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func newEvent(t testing.TB, s *Store, l League, players ...string) Event {
	t.Helper()
	e, err := s.CreateEvent(context.Background(), NewEvent{LeagueID: l.ID, Name: "Friday 13", Rules: "flathead",
		Settings: settingsJSON(t, eventConfig), Players: players, Seed: 7, Token: NewID()})
	if err != nil {
		t.Fatalf("CreateEvent: %v", err)
	}
	return e
}

func eventRecord(t testing.TB, s *Store, e Event) EventRecord {
	t.Helper()
	rec, err := s.EventRecord(context.Background(), e.ID)
	if err != nil {
		t.Fatalf("EventRecord: %v", err)
	}
	return rec
}

func idsByName(rec EventRecord) map[string]int64 {
	out := map[string]int64{}
	for _, p := range rec.Players {
		out[p.Name] = p.PlayerID
	}
	return out
}

// seatFirstRound seats Ann, Bob, Cy at table 1 (Cy, Ann, Bob round the
// table, Bob dealing first) and Dee, Eve at table 2.
func seatFirstRound(t testing.TB, s *Store, l League, e Event) EventRecord {
	t.Helper()
	rec := eventRecord(t, s, e)
	id := idsByName(rec)
	round := NewRound{Round: 1, Tables: []NewEventTable{
		{Players: []int64{id["Cy"], id["Ann"], id["Bob"]}, FirstDealer: 2},
		{Players: []int64{id["Dee"], id["Eve"]}},
	}, Plan: settingsJSON(t, &event.Plan{From: 1, Players: rec.PlayerIDs(), Rounds: []event.Seating{{}, {}, {}}})}
	if err := s.SeatRound(context.Background(), l.ID, e.ID, rec.Event.Version, round); err != nil {
		t.Fatalf("SeatRound: %v", err)
	}
	return eventRecord(t, s, e)
}

func TestCreateEvent(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l := newEventLeague(t, s)
	in := NewEvent{LeagueID: l.ID, Name: " Friday 13 ", Rules: "flathead", Settings: settingsJSON(t, eventConfig),
		Players: []string{"ann", "Bob", "", "Cy"}, Seed: -5, Token: NewID()}
	e, err := s.CreateEvent(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if e.Name != "Friday 13" || e.LeagueID != l.ID || !ValidID(e.ScreenID) || e.Seed != -5 || e.Plan != nil ||
		!slices.Equal(configOf(t, e.Settings).Sizes, eventConfig.Sizes) || configOf(t, e.Settings).Scoring != event.ByPlace {
		t.Errorf("event %+v", e)
	}
	again, err := s.CreateEvent(ctx, in)
	if err != nil || again.ID != e.ID {
		t.Errorf("the same form again: event %d, %v; want %d", again.ID, err, e.ID)
	}
	rec := eventRecord(t, s, e)
	var names []string
	for _, p := range rec.Players {
		names = append(names, p.Name)
		if p.Joined != 1 || p.Dropped != 0 || !p.Present(1) {
			t.Errorf("%+v: want present from round 1", p)
		}
	}
	// "ann" is the league's Ann; Bob and Cy are new players of the league.
	if !slices.Equal(names, []string{"Ann", "Bob", "Cy"}) {
		t.Errorf("players %v", names)
	}
	members, _ := s.Members(ctx, l.ID)
	if len(members) != 3 {
		t.Errorf("%d members, want the 3 checked in", len(members))
	}
	if got, err := s.EventByScreen(ctx, e.ScreenID); err != nil || got.ID != e.ID {
		t.Errorf("EventByScreen: %v %v", got.ID, err)
	}
	other, _ := s.CreateLeague(ctx, NewLeague{Name: "Other", Games: []string{"flathead"}, Token: NewID()})
	if _, err := s.LeagueEvent(ctx, other.ID, e.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("another league's event: %v, want ErrNotFound", err)
	}
	if err := s.AddEventPlayers(ctx, other.ID, e.ID, []string{"Zed"}, 1); !errors.Is(err, ErrNotFound) {
		t.Errorf("adding players through another league: %v, want ErrNotFound", err)
	}
	list, err := s.LeagueEvents(ctx, l.ID)
	if err != nil || len(list) != 1 || list[0].Name != "Friday 13" || configOf(t, list[0].Settings).Rounds != 3 || list[0].Round != 0 {
		t.Errorf("LeagueEvents: %+v %v", list, err)
	}
}

func TestSeatRound(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l := newEventLeague(t, s)
	e := newEvent(t, s, l, "Ann", "Bob", "Cy", "Dee", "Eve")
	before := version(t, s, l)
	rec := seatFirstRound(t, s, l, e)
	id := idsByName(rec)
	if rec.Round() != 1 || len(rec.Tables) != 2 || rec.Event.Plan == nil || rec.Event.Version != e.Version+1 {
		t.Fatalf("after round 1: round %d, %d tables, plan %v, version %d", rec.Round(), len(rec.Tables), rec.Event.Plan, rec.Event.Version)
	}
	first := rec.Tables[0]
	var seated []int64
	for _, st := range first.Game.Seats {
		seated = append(seated, st.PlayerID)
	}
	if first.Number != 1 || !slices.Equal(seated, []int64{id["Cy"], id["Ann"], id["Bob"]}) || !ValidID(first.PublicID) || first.Hands != 0 || !first.Counts {
		t.Errorf("table 1: %+v", first)
	}
	g, err := s.Game(ctx, first.PublicID)
	if err != nil || g.FirstDealer != 2 || g.Rules != "flathead" || g.Seats[0].Name != "Cy" {
		t.Errorf("table 1's game: %+v, %v", g, err)
	}
	if after := version(t, s, l); after <= before {
		t.Errorf("league version %d after seating, %d before: the league's games changed", after, before)
	}
	league, err := s.LeagueRecord(ctx, l.ID)
	if err != nil || len(league.Games) != 2 {
		t.Errorf("the league has %d games, %v; want the two tables", len(league.Games), err)
	}
	// The same tap again, or a tap on a page read before: nothing.
	if err := s.SeatRound(ctx, l.ID, e.ID, e.Version, NewRound{Round: 1}); !errors.Is(err, ErrConflict) {
		t.Errorf("seating from an old version: %v, want ErrConflict", err)
	}
	if err := s.SeatRound(ctx, l.ID, e.ID, rec.Event.Version, NewRound{Round: 1}); !errors.Is(err, ErrConflict) {
		t.Errorf("seating round 1 again: %v, want ErrConflict", err)
	}
	if got := eventRecord(t, s, e); len(got.Tables) != 2 {
		t.Errorf("%d tables after the refused seatings", len(got.Tables))
	}

	// Table 1 ends: Ann goes out with 42 (F8, F9), and counts.
	if _, err := s.addHand(ctx, g.ID, HandInput{Entry: EntryPoints, Record: json.RawMessage(`{}`), Points: []int{0, 42, 0}, Seat: 1, EndsHand: true},
		Change{Token: NewID()}); err != nil {
		t.Fatal(err)
	}
	rec = eventRecord(t, s, e)
	tables := eventTables(t, rec)
	if !tables[0].Finished || !slices.Equal(tables[0].Places, []int{2, 1, 2}) || tables[0].Totals[1] != 42 || rec.Tables[0].Hands != 1 {
		t.Errorf("table 1 after Ann went out: %+v", tables[0])
	}
	if tables[1].Finished {
		t.Errorf("table 2 finished with no hand")
	}

	// Marked as not counting: left out of the league's standings too.
	before = version(t, s, l)
	if err := s.SetTableCounts(ctx, l.ID, e.ID, 1, 1, false); err != nil {
		t.Fatal(err)
	}
	if after := version(t, s, l); after <= before {
		t.Errorf("league version %d, %d before marking", after, before)
	}
	league, _ = s.LeagueRecord(ctx, l.ID)
	for _, lg := range league.Games {
		if lg.Excluded != (lg.ID == g.ID) {
			t.Errorf("game %d excluded %v", lg.ID, lg.Excluded)
		}
	}
	rec = eventRecord(t, s, e)
	if rec.Tables[0].Counts || !rec.Tables[1].Counts {
		t.Errorf("counts %v %v, want table 1 not counting", rec.Tables[0].Counts, rec.Tables[1].Counts)
	}
	if err := s.SetTableCounts(ctx, l.ID, e.ID, 1, 9, false); !errors.Is(err, ErrNotFound) {
		t.Errorf("table 9: %v, want ErrNotFound", err)
	}
	// A table is kept in the league: it is marked instead.
	if err := s.RemoveLeagueGame(ctx, l.ID, first.Game.WatchID); !errors.Is(err, ErrEventTable) {
		t.Errorf("taking a table out of the league: %v, want ErrEventTable", err)
	}
}

func TestEventPlayersArriveAndDrop(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l := newEventLeague(t, s)
	e := newEvent(t, s, l, "Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
	// Fay leaves before the first round: out of the event altogether.
	rec := eventRecord(t, s, e)
	if err := s.DropEventPlayer(ctx, l.ID, e.ID, idsByName(rec)["Fay"], 1); err != nil {
		t.Fatal(err)
	}
	rec = seatFirstRound(t, s, l, e)
	if len(rec.Players) != 5 {
		t.Fatalf("%d players, want Fay gone", len(rec.Players))
	}
	id := idsByName(rec)
	// Gus arrives for round 2; Dee leaves after round 1.
	if err := s.AddEventPlayers(ctx, l.ID, e.ID, []string{"Gus", "ann"}, 2); err != nil {
		t.Fatal(err)
	}
	if err := s.DropEventPlayer(ctx, l.ID, e.ID, id["Dee"], 2); err != nil {
		t.Fatal(err)
	}
	rec = eventRecord(t, s, e)
	byName := map[string]EventPlayer{}
	for _, p := range rec.Players {
		byName[p.Name] = p
	}
	if g := byName["Gus"]; g.Joined != 2 || g.Present(1) || !g.Present(2) {
		t.Errorf("Gus: %+v, want present from round 2", g)
	}
	if a := byName["Ann"]; a.Joined != 1 {
		t.Errorf("Ann checked in again: %+v, want her as she was", a)
	}
	if d := byName["Dee"]; d.Dropped != 2 || !d.Present(1) || d.Present(2) {
		t.Errorf("Dee: %+v, want present in round 1 only", d)
	}
	// Dee comes back.
	if err := s.AddEventPlayers(ctx, l.ID, e.ID, []string{"Dee"}, 2); err != nil {
		t.Fatal(err)
	}
	for _, p := range eventRecord(t, s, e).Players {
		if p.Name == "Dee" && (p.Dropped != 0 || !p.Present(2)) {
			t.Errorf("Dee back: %+v", p)
		}
	}
	if err := s.DropEventPlayer(ctx, l.ID, e.ID, 999999, 2); !errors.Is(err, ErrNotFound) {
		t.Errorf("dropping no player: %v", err)
	}
	many := make([]string, event.MaxPlayers)
	for i := range many {
		many[i] = "Player " + strconv.Itoa(i)
	}
	if err := s.AddEventPlayers(ctx, l.ID, e.ID, many, 2); !errors.Is(err, ErrEventFull) {
		t.Errorf("%d more players: %v, want ErrEventFull", len(many), err)
	}
	if n := len(eventRecord(t, s, e).Players); n != 6 {
		t.Errorf("%d players after a refused check-in, want 6", n)
	}
}

// TestMergeEventPlayers: a name merged into another carries its event
// rounds with it; two names of one event are two entrants and are not
// merged.
func TestMergeEventPlayers(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l := newEventLeague(t, s)
	e := newEvent(t, s, l, "Ann", "Bob", "Cy", "Dee", "Eve")
	rec := seatFirstRound(t, s, l, e)
	id := idsByName(rec)
	var conflict *MergeConflictError
	if err := s.MergePlayers(ctx, l.ID, id["Ann"], id["Dee"]); !errors.As(err, &conflict) || !slices.Equal(conflict.Events, []string{"Friday 13"}) {
		t.Fatalf("merging two players of one event: %v, want a conflict naming it", err)
	}
	if err := s.AddMembers(ctx, l.ID, []string{"Deanna"}); err != nil {
		t.Fatal(err)
	}
	members, _ := s.Members(ctx, l.ID)
	var keep int64
	for _, m := range members {
		if m.Name == "Deanna" {
			keep = m.ID
		}
	}
	if err := s.MergePlayers(ctx, l.ID, keep, id["Dee"]); err != nil {
		t.Fatal(err)
	}
	rec = eventRecord(t, s, e)
	if got := idsByName(rec)["Deanna"]; got != keep {
		t.Errorf("after the merge the event's players are %v", idsByName(rec))
	}
	if p := rec.Tables[1].Game.Seats[0]; p.PlayerID != keep || p.Name != "Deanna" {
		t.Errorf("table 2 seats %+v", p)
	}
}
