package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"meldpad/rules"
	"meldpad/rules/event"
)

// exportEvents reads a league's event nights for its export, oldest
// first; names holds the league's players by id.
func exportEvents(ctx context.Context, tx reader, leagueID int64, names map[int64]string) ([]ArchiveEvent, error) {
	var events []ArchiveEvent
	var ids []int64
	err := eachRow(ctx, tx, `SELECT id, screen_id, name, rules, settings, seed, created_at FROM events
		WHERE league_id = ? ORDER BY created_at, id`, []any{leagueID}, func(rows *sql.Rows) error {
		var id int64
		var settings string
		e := ArchiveEvent{Players: []ArchiveEventPlayer{}, Tables: []ArchiveEventTable{}, Byes: []ArchiveEventBye{}}
		if err := rows.Scan(&id, &e.ScreenID, &e.Name, &e.Rules, &settings, &e.Seed, &e.CreatedAt); err != nil {
			return err
		}
		if err := json.Unmarshal([]byte(settings), &e.Settings); err != nil {
			return fmt.Errorf("settings of event %d: %w", id, err)
		}
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
			WHERE event_id = ? ORDER BY added_at, player_id`, []any{id}, func(rows *sql.Rows) error {
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
				WHERE t.event_id = ? ORDER BY t.round, t.number`, []any{id}, func(rows *sql.Rows) error {
				var t ArchiveEventTable
				if err := rows.Scan(&t.Round, &t.Number, &t.Game, &t.Counts); err != nil {
					return err
				}
				e.Tables = append(e.Tables, t)
				return nil
			})
		}
		if err == nil {
			err = eachRow(ctx, tx, `SELECT round, player_id FROM event_byes WHERE event_id = ? ORDER BY round, player_id`,
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
	checkName(c.ps, where+".name", e.Name, 60)
	checkTime(c.ps, where+".created_at", e.CreatedAt, true)
	g, ok := rules.Lookup(e.Rules)
	if !ok {
		c.ps.add(where+".rules", "%q is not one of meldpad's games", shorten(e.Rules))
		return
	}
	cfg := e.Settings
	if err := cfg.Check(event.Game{Name: g.Name, MinPlayers: g.MinPlayers, MaxPlayers: g.MaxPlayers, Totals: g.Points.Scored}); err != nil {
		var bad *event.ConfigError
		if errors.As(err, &bad) {
			c.ps.add(where+".settings."+bad.Field, "%s", bad.Msg)
		} else {
			c.ps.add(where+".settings", "%v", err)
		}
		return
	}
	if len(e.Players) > event.MaxPlayers {
		c.ps.add(where+".players", "%d players; an event has at most %d", len(e.Players), event.MaxPlayers)
		return
	}
	players := c.eventPlayers(where, l, e, cfg.Rounds)
	c.eventTables(where, l, e, ec, cfg.Rounds, players)
	c.eventByes(where, e, cfg.Rounds, players)
}

// eventPlayers checks an event's players (at where) and returns them,
// their names folded, for its tables and byes to name.
func (c *archiveCheck) eventPlayers(where string, l *ArchiveLeague, e *ArchiveEvent, rounds int) map[string]bool {
	players := map[string]bool{}
	for k, p := range e.Players {
		at := where + ".players[" + strconv.Itoa(k) + "]"
		c.player(at+".name", l.PublicID, p.Name)
		if players[fold(p.Name)] {
			c.ps.add(at+".name", "%q is in the event twice", shorten(p.Name))
		}
		players[fold(p.Name)] = true
		if p.Joined < 1 || p.Joined > rounds+1 {
			c.ps.add(at+".joined_round", "round %d; the event has rounds 1 to %d", p.Joined, rounds)
		}
		if p.Dropped != 0 && (p.Dropped <= p.Joined || p.Dropped > rounds+1) {
			c.ps.add(at+".dropped_round", "round %d; a player leaves after joining (round %d), by round %d", p.Dropped, p.Joined, rounds+1)
		}
		checkTime(c.ps, at+".added_at", p.AddedAt, true)
	}
	return players
}

// eventTables checks an event's tables (at where): each a game of the
// league, of the event's game, at one table only, its seats the
// event's players.
func (c *archiveCheck) eventTables(where string, l *ArchiveLeague, e *ArchiveEvent, ec *eventCheck, rounds int, players map[string]bool) {
	type place struct{ round, number int }
	tables := map[place]bool{}
	for k, t := range e.Tables {
		at := where + ".tables[" + strconv.Itoa(k) + "]"
		if t.Round < 1 || t.Round > rounds || t.Number < 1 || t.Number > event.MaxPlayers {
			c.ps.add(at, "table %d of round %d; the event has rounds 1 to %d", t.Number, t.Round, rounds)
			continue
		}
		if tables[place{t.Round, t.Number}] {
			c.ps.add(at, "table %d of round %d is there twice", t.Number, t.Round)
		}
		tables[place{t.Round, t.Number}] = true
		game, ok := ec.games[t.Game]
		switch {
		case !ok:
			c.ps.add(at+".game", "the game %s is not in the file", shorten(t.Game))
			continue
		case game.League != l.PublicID:
			c.ps.add(at+".game", "the game %s is not a game of the league", t.Game)
			continue
		case game.Rules != e.Rules:
			c.ps.add(at+".game", "the game %s is %s, not the event's game", t.Game, game.Rules)
			continue
		}
		if first, dup := ec.used[t.Game]; dup {
			c.ps.add(at+".game", "the game %s is also %s", t.Game, first)
		}
		ec.used[t.Game] = at
		for _, name := range game.Seats {
			if !players[fold(name)] {
				c.ps.add(at+".game", "%q sits at the table but is not a player of the event", shorten(name))
			}
		}
	}
}

// eventByes checks who sat out each round of an event (at where).
func (c *archiveCheck) eventByes(where string, e *ArchiveEvent, rounds int, players map[string]bool) {
	byes := map[int]map[string]bool{} // round -> who sat out
	for k, b := range e.Byes {
		at := where + ".byes[" + strconv.Itoa(k) + "]"
		if b.Round < 1 || b.Round > rounds {
			c.ps.add(at+".round", "round %d; the event has rounds 1 to %d", b.Round, rounds)
			continue
		}
		if !players[fold(b.Name)] {
			c.ps.add(at+".name", "%q is not a player of the event", shorten(b.Name))
		}
		if byes[b.Round] == nil {
			byes[b.Round] = map[string]bool{}
		}
		if byes[b.Round][fold(b.Name)] {
			c.ps.add(at+".name", "%q sits out round %d twice", shorten(b.Name), b.Round)
		}
		byes[b.Round][fold(b.Name)] = true
	}
}

// addEvent writes an event of the league (its public id), after the
// file's games: its tables are games of the league.
func (w *importWriter) addEvent(ctx context.Context, league string, e ArchiveEvent) error {
	settings, err := json.Marshal(e.Settings)
	if err != nil {
		return fmt.Errorf("db: import event %s: %w", e.ScreenID, err)
	}
	var eventID int64
	if err := w.tx.QueryRowContext(ctx, `INSERT INTO events (league_id, screen_id, name, rules, settings, seed, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, w.leagues[league], e.ScreenID, e.Name, e.Rules, string(settings), e.Seed,
		canonicalTime(e.CreatedAt)).Scan(&eventID); err != nil {
		return fmt.Errorf("db: import event %s: %w", e.ScreenID, err)
	}
	players := w.players[league]
	for _, p := range e.Players {
		if _, err := w.tx.ExecContext(ctx, `INSERT INTO event_players (event_id, player_id, joined_round, dropped_round, added_at)
			VALUES (?, ?, ?, ?, ?)`, eventID, players[fold(p.Name)], p.Joined, nullIfZero(p.Dropped), canonicalTime(p.AddedAt)); err != nil {
			return fmt.Errorf("db: import event %s: player %q: %w", e.ScreenID, p.Name, err)
		}
	}
	for _, t := range e.Tables {
		if _, err := w.tx.ExecContext(ctx, `INSERT INTO event_tables (event_id, round, number, game_id, counts)
			VALUES (?, ?, ?, (SELECT id FROM games WHERE public_id = ?), ?)`, eventID, t.Round, t.Number, t.Game, t.Counts); err != nil {
			return fmt.Errorf("db: import event %s: table %d of round %d: %w", e.ScreenID, t.Number, t.Round, err)
		}
	}
	for _, b := range e.Byes {
		if _, err := w.tx.ExecContext(ctx, `INSERT INTO event_byes (event_id, round, player_id) VALUES (?, ?, ?)`,
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
