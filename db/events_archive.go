package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// exportEvents reads a league's event nights for its export, oldest
// first; names holds the league's players by id.
func exportEvents(ctx context.Context, tx reader, leagueID int64, names map[int64]string) ([]ArchiveEvent, error) {
	var events []ArchiveEvent
	var ids []int64
	err := eachRow(ctx, tx, `SELECT id, screen_id, name, rules, settings, seed, created_at FROM events
		WHERE league_id = $1 ORDER BY created_at, id`, []any{leagueID}, func(rows *sql.Rows) error {
		var id int64
		var settings string
		e := ArchiveEvent{Players: []ArchiveEventPlayer{}, Tables: []ArchiveEventTable{}, Byes: []ArchiveEventBye{}}
		if err := rows.Scan(&id, &e.ScreenID, &e.Name, &e.Rules, &settings, &e.Seed, &e.CreatedAt); err != nil {
			return err
		}
		e.Settings = json.RawMessage(settings)
		ids = append(ids, id)
		events = append(events, e)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("db: export events of league %d: %w", leagueID, err)
	}
	for i, id := range ids {
		e := &events[i]
		err := eachRow(ctx, tx, `SELECT player_id, joined_round, coalesce(dropped_round, 0), added_at FROM event_players
			WHERE event_id = $1 ORDER BY added_at, player_id`, []any{id}, func(rows *sql.Rows) error {
			var player int64
			var p ArchiveEventPlayer
			if err := rows.Scan(&player, &p.Joined, &p.Dropped, &p.AddedAt); err != nil {
				return err
			}
			p.Name = names[player]
			e.Players = append(e.Players, p)
			return nil
		})
		if err == nil {
			err = eachRow(ctx, tx, `SELECT t.round, t.number, g.public_id, t.counts FROM event_tables t JOIN games g ON g.id = t.game_id
				WHERE t.event_id = $1 ORDER BY t.round, t.number`, []any{id}, func(rows *sql.Rows) error {
				var t ArchiveEventTable
				if err := rows.Scan(&t.Round, &t.Number, &t.Game, &t.Counts); err != nil {
					return err
				}
				e.Tables = append(e.Tables, t)
				return nil
			})
		}
		if err == nil {
			err = eachRow(ctx, tx, `SELECT round, player_id FROM event_byes WHERE event_id = $1 ORDER BY round, player_id`,
				[]any{id}, func(rows *sql.Rows) error {
					var b ArchiveEventBye
					var player int64
					if err := rows.Scan(&b.Round, &player); err != nil {
						return err
					}
					b.Name = names[player]
					e.Byes = append(e.Byes, b)
					return nil
				})
		}
		if err != nil {
			return nil, fmt.Errorf("db: export event %d: %w", id, err)
		}
	}
	return events, nil
}

// archiveVersionOf is the version a file is written as: 3 when it holds
// an event night, else 2, which an older meldpad reads.
func archiveVersionOf(a Archive) int {
	for _, l := range a.Leagues {
		if len(l.Events) > 0 {
			return ArchiveVersion
		}
	}
	return archiveVersionWithoutEvents
}

// eventCheck is what checking a file's events needs of its games: each
// game by its link.
type eventCheck struct {
	games map[string]*ArchiveGame
	used  map[string]string // a game's link -> the table it is, where first
}

// events checks the events of the league leagues[i] (where), once the
// file's games are known: their settings, players, tables and byes.
func (c *archiveCheck) events(where string, l *ArchiveLeague, ec *eventCheck) {
	for k := range l.Events {
		c.event(where+".events["+strconv.Itoa(k)+"]", l, &l.Events[k], ec)
		if c.ps.full() {
			return
		}
	}
}

func (c *archiveCheck) event(where string, l *ArchiveLeague, e *ArchiveEvent, ec *eventCheck) {
	c.id(where+".screen_id", e.ScreenID, false)
	c.name(where+".name", e.Name, 60)
	checkTime(c.ps, where+".created_at", e.CreatedAt, true)
	rounds, ok := c.eventSettings(where, e)
	if !ok {
		return
	}
	if len(e.Players) > MaxEventPlayers {
		c.ps.add(where+".players", "event_players", "Players", len(e.Players), "Max", MaxEventPlayers)
		return
	}
	players := c.eventPlayers(where, l, e, rounds)
	c.eventTables(where, l, e, rounds, players, ec)
	c.eventByes(where, e, rounds, players)
}

// eventSettings checks an event's game and settings, and reports its
// rounds; the settings are then as meldpad keeps them.
func (c *archiveCheck) eventSettings(where string, e *ArchiveEvent) (rounds int, ok bool) {
	g, ok := c.games.Game(e.Rules)
	if !ok {
		c.ps.add(where+".rules", "not_a_game", "Rules", strconv.Quote(shorten(e.Rules)))
		return 0, false
	}
	if err := checkShapeAt(e.Settings, c.games.EventSettingsType(), where+".settings", c.version); err != nil {
		var shape *ImportError
		if errors.As(err, &shape) {
			*c.ps = append(*c.ps, shape.Problems...)
		} else {
			c.ps.addErr(where+".settings", err, "")
		}
		return 0, false
	}
	cfg, err := g.CheckEvent(e.Settings)
	if err != nil {
		var bad *SettingsError
		if errors.As(err, &bad) {
			c.ps.addErr(where+".settings."+bad.Field, bad, bad.Msg)
		} else {
			c.ps.addErr(where+".settings", err, "")
		}
		return 0, false
	}
	e.Settings = cfg.Settings // as meldpad keeps them
	return cfg.Rounds, true
}

// eventPlayers checks an event's players, and returns them by folded
// name.
func (c *archiveCheck) eventPlayers(where string, l *ArchiveLeague, e *ArchiveEvent, rounds int) map[string]bool {
	players := map[string]bool{}
	for k, p := range e.Players {
		at := where + ".players[" + strconv.Itoa(k) + "]"
		c.player(at+".name", l.PublicID, p.Name)
		if players[fold(p.Name)] {
			c.ps.add(at+".name", "event_twice", "Name", strconv.Quote(shorten(p.Name)))
		}
		players[fold(p.Name)] = true
		if p.Joined < 1 || p.Joined > rounds+1 {
			c.ps.add(at+".joined_round", "round", "Round", p.Joined, "Rounds", rounds)
		}
		if p.Dropped != 0 && (p.Dropped <= p.Joined || p.Dropped > rounds+1) {
			c.ps.add(at+".dropped_round", "dropped_round", "Round", p.Dropped, "Joined", p.Joined, "Last", rounds+1)
		}
		checkTime(c.ps, at+".added_at", p.AddedAt, true)
	}
	return players
}

// eventTables checks an event's tables: each a game of the league, of
// the event's game, at one table, its seats the event's players.
func (c *archiveCheck) eventTables(where string, l *ArchiveLeague, e *ArchiveEvent, rounds int, players map[string]bool, ec *eventCheck) {
	type place struct{ round, number int }
	tables := map[place]bool{}
	for k, t := range e.Tables {
		at := where + ".tables[" + strconv.Itoa(k) + "]"
		if t.Round < 1 || t.Round > rounds || t.Number < 1 || t.Number > MaxEventPlayers {
			c.ps.add(at, "table_round", "Table", t.Number, "Round", t.Round, "Rounds", rounds)
			continue
		}
		if tables[place{t.Round, t.Number}] {
			c.ps.add(at, "table_twice", "Table", t.Number, "Round", t.Round)
		}
		tables[place{t.Round, t.Number}] = true
		game, ok := ec.games[t.Game]
		switch {
		case !ok:
			c.ps.add(at+".game", "game_not_in_file", "Game", shorten(t.Game))
			continue
		case game.League != l.PublicID:
			c.ps.add(at+".game", "game_not_league", "Game", t.Game)
			continue
		case game.Rules != e.Rules:
			c.ps.add(at+".game", "game_rules", "Game", t.Game, "Rules", game.Rules)
			continue
		}
		if first, dup := ec.used[t.Game]; dup {
			c.ps.add(at+".game", "game_also", "Game", t.Game, "First", first)
		}
		ec.used[t.Game] = at
		for _, name := range game.Seats {
			if !players[fold(name)] {
				c.ps.add(at+".game", "not_at_event", "Name", strconv.Quote(shorten(name)))
			}
		}
	}
}

// eventByes checks who sat out each round: players of the event, once a
// round.
func (c *archiveCheck) eventByes(where string, e *ArchiveEvent, rounds int, players map[string]bool) {
	byes := map[int]map[string]bool{} // round -> who sat out
	for k, b := range e.Byes {
		at := where + ".byes[" + strconv.Itoa(k) + "]"
		if b.Round < 1 || b.Round > rounds {
			c.ps.add(at+".round", "round", "Round", b.Round, "Rounds", rounds)
			continue
		}
		if !players[fold(b.Name)] {
			c.ps.add(at+".name", "not_event_player", "Name", strconv.Quote(shorten(b.Name)))
		}
		if byes[b.Round] == nil {
			byes[b.Round] = map[string]bool{}
		}
		if byes[b.Round][fold(b.Name)] {
			c.ps.add(at+".name", "bye_twice", "Name", strconv.Quote(shorten(b.Name)), "Round", b.Round)
		}
		byes[b.Round][fold(b.Name)] = true
	}
}

// addEvent writes an event of the league (its public id), after the
// file's games: its tables are games of the league.
func (w *importWriter) addEvent(ctx context.Context, league string, e ArchiveEvent) error {
	var eventID int64
	if err := w.tx.QueryRowContext(ctx, `INSERT INTO events (league_id, screen_id, name, rules, settings, seed, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, w.leagues[league], e.ScreenID, e.Name, e.Rules, string(e.Settings), e.Seed,
		canonicalTime(e.CreatedAt)).Scan(&eventID); err != nil {
		return fmt.Errorf("db: import event %s: %w", e.ScreenID, err)
	}
	players := w.players[league]
	for _, p := range e.Players {
		if _, err := w.tx.ExecContext(ctx, `INSERT INTO event_players (event_id, player_id, joined_round, dropped_round, added_at)
			VALUES ($1, $2, $3, $4, $5)`, eventID, players[fold(p.Name)], p.Joined, nullIfZero(p.Dropped), canonicalTime(p.AddedAt)); err != nil {
			return fmt.Errorf("db: import event %s: player %q: %w", e.ScreenID, p.Name, err)
		}
	}
	for _, t := range e.Tables {
		if _, err := w.tx.ExecContext(ctx, `INSERT INTO event_tables (event_id, round, number, game_id, counts)
			VALUES ($1, $2, $3, (SELECT id FROM games WHERE public_id = $4), $5)`, eventID, t.Round, t.Number, t.Game, t.Counts); err != nil {
			return fmt.Errorf("db: import event %s: table %d of round %d: %w", e.ScreenID, t.Number, t.Round, err)
		}
	}
	for _, b := range e.Byes {
		if _, err := w.tx.ExecContext(ctx, `INSERT INTO event_byes (event_id, round, player_id) VALUES ($1, $2, $3)`,
			eventID, b.Round, players[fold(b.Name)]); err != nil {
			return fmt.Errorf("db: import event %s: bye: %w", e.ScreenID, err)
		}
	}
	return nil
}

func nullIfZero(n int) any {
	if n == 0 {
		return nil
	}
	return n
}
