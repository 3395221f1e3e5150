package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Event is an event night of a league: its players at several tables at
// once, round after round, ranked at the end (package rules/event). Each
// table is a game of the league.
type Event struct {
	ID       int64
	LeagueID int64
	// ScreenID is the screen's read-only link (a projector's page).
	ScreenID string
	Name     string
	Rules    string // the game played: "flathead"
	// Settings are the event's settings, and Plan the rounds to come,
	// planned ahead (nil when none is kept), as JSON: the event package's
	// (eventnight reads them).
	Settings  json.RawMessage
	Seed      int64
	Plan      json.RawMessage
	Version   int // bumped by every write to the event
	CreatedAt time.Time
}

// EventPlayer is a player of an event: a player of its league.
type EventPlayer struct {
	PlayerID int64
	Name     string
	Joined   int // the first round the player may be seated in
	Dropped  int // the first round the player is no longer seated in; 0 while playing on
	AddedAt  time.Time
}

// Present reports whether the player is seated in the round.
func (p EventPlayer) Present(round int) bool {
	return round >= p.Joined && (p.Dropped == 0 || round < p.Dropped)
}

// EventTable is a table of one round: a game of the league.
type EventTable struct {
	Round  int
	Number int // from 1 in each round
	// Counts is false when the organiser marked the table as not
	// counting: its result is left out of the event's standings and the
	// league's.
	Counts      bool
	PublicID    string // the game's own link, for the organiser's pages only
	FirstDealer int    // the seat drawn to deal first
	Hands       int    // its hands so far, deleted ones not counted
	Game        LeagueGame
}

// EventRecord is an event with everything its pages show, read in one
// transaction.
type EventRecord struct {
	Event   Event
	Players []EventPlayer // in the order they were added
	Tables  []EventTable  // by round, then number
	Byes    []EventBye    // by round
}

// EventBye is a player who sat out a round.
type EventBye struct {
	Round  int
	Player int64
}

// Round is the last round seated, 0 before the first.
func (r EventRecord) Round() int {
	n := 0
	for _, t := range r.Tables {
		n = max(n, t.Round)
	}
	for _, b := range r.Byes {
		n = max(n, b.Round)
	}
	return n
}

// EventSummary is an event as a league's pages list it.
type EventSummary struct {
	ID        int64
	Name      string
	Rules     string
	Settings  json.RawMessage // as Event's
	Round     int             // the last seated
	CreatedAt time.Time
}

// MaxEventPlayers is the most players an event keeps: as many as the
// seating places (event.MaxPlayers; a test checks they agree).
const MaxEventPlayers = 200

// Errors of the event writes that callers branch on.
var (
	// ErrEventFull means the event has as many players as an event can.
	ErrEventFull = fmt.Errorf("db: an event has at most %d players", MaxEventPlayers)
	// ErrEventTable means a game is a table of an event night, which
	// keeps it: the organiser marks it as not counting instead of taking
	// it out of the league.
	ErrEventTable = errors.New("db: the game is a table of an event night")
)

// NewEvent is what the new-event form gives.
type NewEvent struct {
	LeagueID int64
	Name     string
	Rules    string
	Settings json.RawMessage // the event's settings (Event.Settings)
	// Players are the names checked in: a name of one of the league's
	// players (in any case) is that player, a new name a new player of
	// the league.
	Players []string
	Seed    int64
	Token   string // the form's idempotency token
}

// CreateEvent records a new event of the league with its players,
// before its first round. A repeated form token returns the event the
// first submit made.
func (s *Store) CreateEvent(ctx context.Context, in NewEvent) (Event, error) {
	if len(in.Players) > MaxEventPlayers {
		return Event{}, ErrEventFull
	}
	var eventID int64
	err := s.leagueWrite(ctx, in.LeagueID, func(tx wtx) error {
		id, made, err := s.madeWithToken(ctx, tx, "events", in.Token)
		if made || err != nil {
			eventID = id
			return err
		}
		now := formatTime(s.now())
		if err := tx.QueryRowContext(ctx, `INSERT INTO events (league_id, screen_id, name, rules, settings, seed, token, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, in.LeagueID, NewID(), strings.TrimSpace(in.Name), in.Rules,
			string(in.Settings), in.Seed, nullIfEmpty(in.Token), now).Scan(&eventID); err != nil {
			return fmt.Errorf("db: create event: %w", err)
		}
		return s.addEventPlayers(ctx, tx, in.LeagueID, eventID, in.Players, 1, now)
	})
	if err != nil {
		return Event{}, err
	}
	return s.eventWhere(ctx, s.r, `id = $1`, eventID)
}

// addEventPlayers adds the named players to the event from round on, as
// members of the league: a player already in the event who had dropped
// out comes back, one still playing stays as they are.
func (s *Store) addEventPlayers(ctx context.Context, tx wtx, leagueID, eventID int64, names []string, round int, now string) error {
	for _, name := range names {
		playerID, err := s.memberNamed(ctx, tx, leagueID, name, now)
		if err != nil {
			return err
		}
		if playerID == 0 {
			continue
		}
		res, err := tx.ExecContext(ctx, `UPDATE event_players SET dropped_round = NULL WHERE event_id = $1 AND player_id = $2`, eventID, playerID)
		if err != nil {
			return fmt.Errorf("db: add player %d to event %d: %w", playerID, eventID, err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO event_players (event_id, player_id, joined_round, added_at) VALUES ($1, $2, $3, $4)`,
			eventID, playerID, round, now); err != nil {
			return fmt.Errorf("db: add player %d to event %d: %w", playerID, eventID, err)
		}
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM event_players WHERE event_id = $1`, eventID).Scan(&n); err != nil {
		return fmt.Errorf("db: players of event %d: %w", eventID, err)
	}
	if n > MaxEventPlayers {
		return ErrEventFull
	}
	return nil
}

// eventWrite runs fn in a write transaction on the event, locked on
// PostgreSQL so that two servers' writes to it take turns, and bumps the
// event's version in it; an event not of the league is ErrNotFound. fn
// is given the version the event had.
func (s *Store) eventWrite(ctx context.Context, leagueID, eventID int64, fn func(tx wtx, version int) error) error {
	return s.write(ctx, func(tx wtx) error {
		var version int
		err := tx.QueryRowContext(ctx, s.q.eventVersion, eventID, leagueID).Scan(&version)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("db: event %d: %w", eventID, err)
		}
		if err := fn(tx, version); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE events SET version = version + 1 WHERE id = $1`, eventID); err != nil {
			return fmt.Errorf("db: event %d: version: %w", eventID, err)
		}
		return nil
	})
}

// AddEventPlayers adds players to the event from round on (a late
// arrival joins at the next round): a name of one of the league's
// players (in any case) is that player, a new name a new player of the
// league. A player who had dropped out comes back. More players than an
// event can have is ErrEventFull, and nothing is added.
func (s *Store) AddEventPlayers(ctx context.Context, leagueID, eventID int64, names []string, round int) error {
	return s.eventWrite(ctx, leagueID, eventID, func(tx wtx, _ int) error {
		if err := s.addEventPlayers(ctx, tx, leagueID, eventID, names, round, formatTime(s.now())); err != nil {
			return err
		}
		return bumpLeague(ctx, tx, leagueID) // the new members have rows in the standings
	})
}

// DropEventPlayer takes a player out of the event's rounds from round
// on; the rounds played stay. A player who has not been seated yet is
// taken out of the event altogether.
func (s *Store) DropEventPlayer(ctx context.Context, leagueID, eventID, playerID int64, round int) error {
	return s.eventWrite(ctx, leagueID, eventID, func(tx wtx, _ int) error {
		var joined int
		err := tx.QueryRowContext(ctx, `SELECT joined_round FROM event_players WHERE event_id = $1 AND player_id = $2`, eventID, playerID).Scan(&joined)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("db: drop player %d from event %d: %w", playerID, eventID, err)
		}
		var sat bool
		if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM event_byes WHERE event_id = $1 AND player_id = $2)
			OR EXISTS (SELECT 1 FROM event_tables t JOIN seats s ON s.game_id = t.game_id WHERE t.event_id = $1 AND s.player_id = $2)`,
			eventID, playerID).Scan(&sat); err != nil {
			return fmt.Errorf("db: drop player %d from event %d: %w", playerID, eventID, err)
		}
		if !sat {
			_, err = tx.ExecContext(ctx, `DELETE FROM event_players WHERE event_id = $1 AND player_id = $2`, eventID, playerID)
		} else {
			_, err = tx.ExecContext(ctx, `UPDATE event_players SET dropped_round = $1 WHERE event_id = $2 AND player_id = $3`,
				max(round, joined+1), eventID, playerID)
		}
		if err != nil {
			return fmt.Errorf("db: drop player %d from event %d: %w", playerID, eventID, err)
		}
		return nil
	})
}

// NewRound is a round seated: its tables, each a new game of the
// league, and who sits out.
type NewRound struct {
	Round  int
	Tables []NewEventTable // numbered from 1 in this order
	Byes   []int64
	// Plan is the plan to keep for the rounds after it (Event.Plan), or
	// nil.
	Plan json.RawMessage
}

// NewEventTable is a table's game as drawn: its players in seat order
// and the first dealer, with the game's house rules and own settings.
type NewEventTable struct {
	Players     []int64
	FirstDealer int
	HouseRules  map[string]bool
	Settings    json.RawMessage // nil for a game without settings of its own
}

// SeatRound records a round seated from the event as it was at version:
// its games, tables and byes, and the plan to keep. When the event
// changed since (another tap seated the round, a player was added or
// dropped), nothing is written and the error is ErrConflict. The round
// must be the one after the last seated.
func (s *Store) SeatRound(ctx context.Context, leagueID, eventID int64, version int, r NewRound) error {
	var plan any
	if r.Plan != nil {
		plan = string(r.Plan)
	}
	return s.eventWrite(ctx, leagueID, eventID, func(tx wtx, current int) error {
		if current != version {
			return ErrConflict
		}
		var rulesID string
		var last int
		if err := tx.QueryRowContext(ctx, `SELECT (SELECT rules FROM events WHERE id = $1), coalesce(max(r.round), 0)
			FROM (SELECT round FROM event_tables WHERE event_id = $1 UNION ALL SELECT round FROM event_byes WHERE event_id = $1) r`,
			eventID).Scan(&rulesID, &last); err != nil {
			return fmt.Errorf("db: seat round %d of event %d: %w", r.Round, eventID, err)
		}
		if r.Round != last+1 {
			return ErrConflict
		}
		now := formatTime(s.now())
		for i, t := range r.Tables {
			gameID, err := s.insertTableGame(ctx, tx, leagueID, rulesID, t, now)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO event_tables (event_id, round, number, game_id) VALUES ($1, $2, $3, $4)`,
				eventID, r.Round, i+1, gameID); err != nil {
				return fmt.Errorf("db: seat round %d of event %d: %w", r.Round, eventID, err)
			}
		}
		for _, p := range r.Byes {
			if _, err := tx.ExecContext(ctx, `INSERT INTO event_byes (event_id, round, player_id) VALUES ($1, $2, $3)`,
				eventID, r.Round, p); err != nil {
				return fmt.Errorf("db: seat round %d of event %d: bye: %w", r.Round, eventID, err)
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE events SET plan = $1 WHERE id = $2`, plan, eventID); err != nil {
			return fmt.Errorf("db: seat round %d of event %d: plan: %w", r.Round, eventID, err)
		}
		return nil
	})
}

// insertTableGame starts a table's game in the league, as CreateGame
// starts one from the league's page, with its players in the seats
// drawn: the league's players, by id.
func (s *Store) insertTableGame(ctx context.Context, tx wtx, leagueID int64, rulesID string, t NewEventTable, now string) (int64, error) {
	houseRules, err := json.Marshal(nonNilMap(t.HouseRules))
	if err != nil {
		return 0, fmt.Errorf("db: table game: %w", err)
	}
	settings := "{}"
	if len(t.Settings) > 0 {
		settings = string(t.Settings)
	}
	var gameID int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO games (public_id, rules, house_rules, settings, first_dealer, created_at, updated_at, league_id, watch_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`, NewID(), rulesID, string(houseRules), settings, t.FirstDealer, now, now, leagueID, NewID()).
		Scan(&gameID); err != nil {
		return 0, fmt.Errorf("db: table game: %w", err)
	}
	for seat, p := range t.Players {
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, player_id) VALUES ($1, $2, $3)`, gameID, seat, p); err != nil {
			return 0, fmt.Errorf("db: table game: seat %d: %w", seat, err)
		}
	}
	return gameID, leagueGameChanged(ctx, tx, gameID)
}

// SetTableCounts marks a table as counting or not. Its game's result
// leaves (or rejoins) the event's standings and the league's.
func (s *Store) SetTableCounts(ctx context.Context, leagueID, eventID int64, round, number int, counts bool) error {
	return s.eventWrite(ctx, leagueID, eventID, func(tx wtx, _ int) error {
		var gameID int64
		err := tx.QueryRowContext(ctx, `SELECT game_id FROM event_tables WHERE event_id = $1 AND round = $2 AND number = $3`,
			eventID, round, number).Scan(&gameID)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("db: table %d of round %d: %w", number, round, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE event_tables SET counts = $1 WHERE game_id = $2`, counts, gameID); err != nil {
			return fmt.Errorf("db: table %d of round %d: %w", number, round, err)
		}
		return leagueGameChanged(ctx, tx, gameID)
	})
}

const eventColumns = `id, league_id, screen_id, name, rules, settings, seed, coalesce(plan, ''), version, created_at`

// eventWhere loads one event by a condition on the events table.
func (s *Store) eventWhere(ctx context.Context, q rowQuerier, cond string, args ...any) (Event, error) {
	var e Event
	var settings, plan, created string
	err := q.QueryRowContext(ctx, `SELECT `+eventColumns+` FROM events WHERE `+cond, args...).
		Scan(&e.ID, &e.LeagueID, &e.ScreenID, &e.Name, &e.Rules, &settings, &e.Seed, &plan, &e.Version, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Event{}, ErrNotFound
	}
	if err != nil {
		return Event{}, fmt.Errorf("db: load event: %w", err)
	}
	e.Settings = json.RawMessage(settings)
	if plan != "" {
		e.Plan = json.RawMessage(plan)
	}
	e.CreatedAt = parseTime(created)
	return e, nil
}

// LeagueEvent returns the league's event with the given id; an event of
// another league is ErrNotFound.
func (s *Store) LeagueEvent(ctx context.Context, leagueID, eventID int64) (Event, error) {
	return s.eventWhere(ctx, s.r, `id = $1 AND league_id = $2`, eventID, leagueID)
}

// EventByScreen returns the event a screen's link shows.
func (s *Store) EventByScreen(ctx context.Context, screenID string) (Event, error) {
	if !ValidID(screenID) {
		return Event{}, ErrNotFound
	}
	return s.eventWhere(ctx, s.r, `screen_id = $1`, screenID)
}

// EventVersion returns the event's version, for a stream that resyncs.
func (s *Store) EventVersion(ctx context.Context, eventID int64) (int, error) {
	var v int
	err := s.r.QueryRowContext(ctx, `SELECT version FROM events WHERE id = $1`, eventID).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("db: version of event %d: %w", eventID, err)
	}
	return v, nil
}

// EventStamp says what the event's screen shows, in one statement: the
// event's version and the sum of its tables' games' versions, which a
// write to any of them moves.
func (s *Store) EventStamp(ctx context.Context, eventID int64) (string, error) {
	var version, games int64
	err := s.r.QueryRowContext(ctx, `SELECT e.version, coalesce((SELECT sum(g.version) FROM event_tables t JOIN games g ON g.id = t.game_id
		WHERE t.event_id = e.id), 0) FROM events e WHERE e.id = $1`, eventID).Scan(&version, &games)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("db: stamp of event %d: %w", eventID, err)
	}
	return strconv.FormatInt(version, 10) + "." + strconv.FormatInt(games, 10), nil
}

// LeagueEvents lists the league's events, the newest first.
func (s *Store) LeagueEvents(ctx context.Context, leagueID int64) ([]EventSummary, error) {
	var out []EventSummary
	err := eachRow(ctx, s.r, `SELECT e.id, e.name, e.rules, e.settings, e.created_at,
		(SELECT coalesce(max(r.round), 0) FROM (SELECT round FROM event_tables WHERE event_id = e.id
			UNION ALL SELECT round FROM event_byes WHERE event_id = e.id) r)
		FROM events e WHERE e.league_id = $1 ORDER BY e.created_at DESC, e.id DESC`, []any{leagueID}, func(rows *sql.Rows) error {
		var sum EventSummary
		var settings, created string
		if err := rows.Scan(&sum.ID, &sum.Name, &sum.Rules, &settings, &created, &sum.Round); err != nil {
			return err
		}
		sum.Settings, sum.CreatedAt = json.RawMessage(settings), parseTime(created)
		out = append(out, sum)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("db: events of league %d: %w", leagueID, err)
	}
	return out, nil
}

// EventRecord loads the event with its players, tables (their games'
// seats and results) and byes, as one moment.
func (s *Store) EventRecord(ctx context.Context, eventID int64) (EventRecord, error) {
	tx, err := s.r.BeginTx(ctx, s.d.readOnce())
	if err != nil {
		return EventRecord{}, fmt.Errorf("db: event %d: begin: %w", eventID, err)
	}
	defer tx.Rollback()
	var rec EventRecord
	if rec.Event, err = s.eventWhere(ctx, tx, `id = $1`, eventID); err != nil {
		return EventRecord{}, err
	}
	err = eachRow(ctx, tx, `SELECT ep.player_id, p.name, ep.joined_round, coalesce(ep.dropped_round, 0), ep.added_at
		FROM event_players ep JOIN players p ON p.id = ep.player_id WHERE ep.event_id = $1 ORDER BY ep.added_at, p.id`,
		[]any{eventID}, func(rows *sql.Rows) error {
			var p EventPlayer
			var added string
			if err := rows.Scan(&p.PlayerID, &p.Name, &p.Joined, &p.Dropped, &added); err != nil {
				return err
			}
			p.AddedAt = parseTime(added)
			rec.Players = append(rec.Players, p)
			return nil
		})
	if err != nil {
		return EventRecord{}, fmt.Errorf("db: players of event %d: %w", eventID, err)
	}
	games, err := loadLeagueGames(ctx, tx, `g.id IN (SELECT t.game_id FROM event_tables t WHERE t.event_id = $1)`, eventID)
	if err != nil {
		return EventRecord{}, err
	}
	byID := make(map[int64]LeagueGame, len(games))
	for _, g := range games {
		byID[g.ID] = g
	}
	err = eachRow(ctx, tx, `SELECT t.round, t.number, t.counts, t.game_id, g.public_id, g.first_dealer,
		(SELECT count(*) FROM hands h WHERE h.game_id = t.game_id AND h.deleted_at IS NULL)
		FROM event_tables t JOIN games g ON g.id = t.game_id WHERE t.event_id = $1 ORDER BY t.round, t.number`,
		[]any{eventID}, func(rows *sql.Rows) error {
			var t EventTable
			var gameID int64
			if err := rows.Scan(&t.Round, &t.Number, &t.Counts, &gameID, &t.PublicID, &t.FirstDealer, &t.Hands); err != nil {
				return err
			}
			t.Game = byID[gameID]
			rec.Tables = append(rec.Tables, t)
			return nil
		})
	if err != nil {
		return EventRecord{}, fmt.Errorf("db: tables of event %d: %w", eventID, err)
	}
	err = eachRow(ctx, tx, `SELECT round, player_id FROM event_byes WHERE event_id = $1 ORDER BY round, player_id`,
		[]any{eventID}, func(rows *sql.Rows) error {
			var b EventBye
			if err := rows.Scan(&b.Round, &b.Player); err != nil {
				return err
			}
			rec.Byes = append(rec.Byes, b)
			return nil
		})
	if err != nil {
		return EventRecord{}, fmt.Errorf("db: byes of event %d: %w", eventID, err)
	}
	return rec, nil
}

// PlayerIDs are the ids of the event's players, in the order added.
func (r EventRecord) PlayerIDs() []int64 {
	out := make([]int64, len(r.Players))
	for i, p := range r.Players {
		out[i] = p.PlayerID
	}
	return out
}

// TablesOf are the tables of one round.
func (r EventRecord) TablesOf(round int) []EventTable {
	var out []EventTable
	for _, t := range r.Tables {
		if t.Round == round {
			out = append(out, t)
		}
	}
	return out
}

// ByesOf are the players who sat out one round.
func (r EventRecord) ByesOf(round int) []int64 {
	var out []int64
	for _, b := range r.Byes {
		if b.Round == round {
			out = append(out, b.Player)
		}
	}
	slices.Sort(out)
	return out
}

// eventTableOf reports whether the game is a table of an event, in a
// write's transaction.
func eventTableOf(ctx context.Context, tx wtx, gameID int64) (bool, error) {
	var found bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM event_tables WHERE game_id = $1)`, gameID).Scan(&found); err != nil {
		return false, fmt.Errorf("db: events of game %d: %w", gameID, err)
	}
	return found, nil
}
