package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

// ExportAll returns everything the meldpad holds: every league with its
// players, and every game but the deleted ones (DeleteGame). It holds every game's editing link, so meldpad
// offers it on the command line only (meldpad -export), never on the web.
func (s *Store) ExportAll(ctx context.Context) (Archive, error) {
	return s.export(ctx, exportScope{
		leagues: `SELECT id FROM leagues ORDER BY id`,
		games:   `g.deleted_at IS NULL`,
	})
}

// ExportLeague returns one league with its players and its games (the
// games in it now: not those taken out of it). It holds the games'
// editing links: the organizer's page offers it.
func (s *Store) ExportLeague(ctx context.Context, leagueID int64) (_ Archive, err error) {
	ctx, end := s.call(ctx, heavyTimes)
	defer end(&err)
	return s.export(ctx, exportScope{
		leagues: `SELECT id FROM leagues WHERE id = $1`,
		games:   `g.league_id = $1`,
		arg:     leagueID,
	})
}

// exportScope says what an export holds: a query for the leagues (id)
// and a condition on games g; arg is ?1 in each.
type exportScope struct {
	leagues, games string
	arg            any
}

// export reads the archive in one read transaction, so that it is one
// moment of the meldpad even while phones keep writing.
func (s *Store) export(ctx context.Context, scope exportScope) (Archive, error) {
	tx, err := s.r.BeginTx(ctx, s.d.readOnce())
	if err != nil {
		return Archive{}, fmt.Errorf("db: export: begin: %w", err)
	}
	defer tx.Rollback()
	a := Archive{Meldpad: ArchiveVersion, ExportedAt: formatTime(s.now()), Leagues: []ArchiveLeague{}, Games: []ArchiveGame{}}
	args := []any{}
	if scope.arg != nil {
		args = append(args, scope.arg)
	}

	var leagueIDs []int64
	err = eachRow(ctx, tx, scope.leagues, args, func(rows *sql.Rows) error {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		leagueIDs = append(leagueIDs, id)
		return nil
	})
	if err != nil {
		return Archive{}, fmt.Errorf("db: export leagues: %w", err)
	}
	leaguePublic := map[int64]string{}
	for _, id := range leagueIDs {
		l, err := exportLeague(ctx, tx, id)
		if err != nil {
			return Archive{}, err
		}
		leaguePublic[id] = l.PublicID
		a.Leagues = append(a.Leagues, l)
	}

	if a.Games, err = exportGames(ctx, tx, scope.games, args, leaguePublic); err != nil {
		return Archive{}, err
	}
	a.Meldpad = archiveVersionOf(a)
	return a, nil
}

// eachRow runs a query and calls fn for each row.
func eachRow(ctx context.Context, q querier, query string, args []any, fn func(rows *sql.Rows) error) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// collectRows runs query and returns what scan makes of each row, in
// order: nil for no rows.
func collectRows[T any](ctx context.Context, q querier, query string, args []any, scan func(row scanner) (T, error)) ([]T, error) {
	var out []T
	err := eachRow(ctx, q, query, args, func(rows *sql.Rows) error {
		v, err := scan(rows)
		if err == nil {
			out = append(out, v)
		}
		return err
	})
	return out, err
}

// exportLeague reads a league with its seasons, its players (in the order
// of their ids) and its members.
func exportLeague(ctx context.Context, tx reader, leagueID int64) (ArchiveLeague, error) {
	l := ArchiveLeague{Seasons: []ArchiveSeason{}, Players: []ArchivePlayer{}, Members: []ArchiveMember{}}
	var games string
	if err := tx.QueryRowContext(ctx, `SELECT public_id, organizer_id, name, games, created_at FROM leagues WHERE id = $1`, leagueID).
		Scan(&l.PublicID, &l.OrganizerID, &l.Name, &games, &l.CreatedAt); err != nil {
		return ArchiveLeague{}, fmt.Errorf("db: export league %d: %w", leagueID, err)
	}
	if err := json.Unmarshal([]byte(games), &l.Games); err != nil {
		return ArchiveLeague{}, fmt.Errorf("db: export league %d: games: %w", leagueID, err)
	}
	err := eachRow(ctx, tx, `SELECT name, coalesce(starts_on, ''), coalesce(ends_on, ''), created_at
		FROM seasons WHERE league_id = $1 ORDER BY created_at, id`, []any{leagueID}, func(rows *sql.Rows) error {
		var sn ArchiveSeason
		if err := rows.Scan(&sn.Name, &sn.StartsOn, &sn.EndsOn, &sn.CreatedAt); err != nil {
			return err
		}
		l.Seasons = append(l.Seasons, sn)
		return nil
	})
	if err != nil {
		return ArchiveLeague{}, fmt.Errorf("db: export seasons of league %d: %w", leagueID, err)
	}
	names := map[int64]string{}
	err = eachRow(ctx, tx, `SELECT id, name, created_at FROM players WHERE league_id = $1 ORDER BY id`,
		[]any{leagueID}, func(rows *sql.Rows) error {
			var id int64
			var p ArchivePlayer
			if err := rows.Scan(&id, &p.Name, &p.CreatedAt); err != nil {
				return err
			}
			names[id] = p.Name
			l.Players = append(l.Players, p)
			return nil
		})
	if err != nil {
		return ArchiveLeague{}, fmt.Errorf("db: export players of league %d: %w", leagueID, err)
	}
	err = eachRow(ctx, tx, `SELECT player_id, added_at FROM league_members WHERE league_id = $1 ORDER BY added_at, player_id`,
		[]any{leagueID}, func(rows *sql.Rows) error {
			var id int64
			var m ArchiveMember
			if err := rows.Scan(&id, &m.AddedAt); err != nil {
				return err
			}
			m.Name = names[id]
			l.Members = append(l.Members, m)
			return nil
		})
	if err != nil {
		return ArchiveLeague{}, fmt.Errorf("db: export members of league %d: %w", leagueID, err)
	}
	if l.Events, err = exportEvents(ctx, tx, leagueID, names); err != nil {
		return ArchiveLeague{}, err
	}
	return l, nil
}

// exportGames reads the games matching cond with their seats, hands and
// revisions, in four queries whatever the number of games.
func exportGames(ctx context.Context, tx reader, cond string, args []any, leagues map[int64]string) ([]ArchiveGame, error) {
	games := []ArchiveGame{}
	index := map[int64]int{}
	err := eachRow(ctx, tx, `SELECT g.id, g.public_id, coalesce(g.watch_id, ''), g.rules, g.house_rules, g.settings, g.first_dealer,
		g.league_id, g.created_at, g.updated_at, coalesce(g.finished_at, '')
		FROM games g WHERE `+cond+` ORDER BY g.created_at, g.id`, args, func(rows *sql.Rows) error {
		var id int64
		var league sql.NullInt64
		var houseRules, settings string
		g := ArchiveGame{Seats: []string{}, Hands: []ArchiveHand{}}
		if err := rows.Scan(&id, &g.PublicID, &g.WatchID, &g.Rules, &houseRules, &settings, &g.FirstDealer,
			&league, &g.CreatedAt, &g.UpdatedAt, &g.FinishedAt); err != nil {
			return err
		}
		if err := json.Unmarshal([]byte(houseRules), &g.HouseRules); err != nil {
			return fmt.Errorf("house rules of game %d: %w", id, err)
		}
		g.HouseRules = nonNilMap(g.HouseRules)
		if settings != "{}" {
			g.Settings = json.RawMessage(settings)
		}
		if league.Valid {
			g.League = leagues[league.Int64]
		}
		index[id] = len(games)
		games = append(games, g)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("db: export games: %w", err)
	}
	if len(games) == 0 {
		return games, nil
	}
	inGames := `(SELECT g.id FROM games g WHERE ` + cond + `)`

	err = eachRow(ctx, tx, `SELECT s.game_id, coalesce(s.name, p.name) FROM seats s LEFT JOIN players p ON p.id = s.player_id
		WHERE s.game_id IN `+inGames+` ORDER BY s.game_id, s.seat`,
		args, func(rows *sql.Rows) error {
			var gameID int64
			var name string
			if err := rows.Scan(&gameID, &name); err != nil {
				return err
			}
			g := &games[index[gameID]]
			g.Seats = append(g.Seats, name)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("db: export seats: %w", err)
	}

	type handAt struct{ game, hand int }
	hands := map[int64]handAt{}
	err = eachRow(ctx, tx, `SELECT id, game_id, seq, entry, record, points, seat, ends_hand, ends_game, version,
		created_at, updated_at, coalesce(deleted_at, '') FROM hands WHERE game_id IN `+inGames+` ORDER BY game_id, seq`,
		args, func(rows *sql.Rows) error {
			var id, gameID int64
			var record, points string
			var seat sql.NullInt64
			h := ArchiveHand{Revisions: []ArchiveRevision{}}
			if err := rows.Scan(&id, &gameID, &h.Seq, &h.Entry, &record, &points, &seat, &h.EndsHand, &h.EndsGame, &h.Version,
				&h.CreatedAt, &h.UpdatedAt, &h.DeletedAt); err != nil {
				return err
			}
			h.Record = json.RawMessage(record)
			if err := json.Unmarshal([]byte(points), &h.Points); err != nil {
				return fmt.Errorf("points of hand %d: %w", id, err)
			}
			if seat.Valid {
				n := int(seat.Int64)
				h.Seat = &n
			}
			g := &games[index[gameID]]
			hands[id] = handAt{index[gameID], len(g.Hands)}
			g.Hands = append(g.Hands, h)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("db: export hands: %w", err)
	}

	err = eachRow(ctx, tx, `SELECT r.hand_id, r.action, r.author, r.at, coalesce(r.before, ''), coalesce(r.after, '')
		FROM revisions r WHERE r.hand_id IN (SELECT h.id FROM hands h WHERE h.game_id IN `+inGames+`) ORDER BY r.id`,
		args, func(rows *sql.Rows) error {
			var handID int64
			var before, after string
			var r ArchiveRevision
			if err := rows.Scan(&handID, &r.Action, &r.Author, &r.At, &before, &after); err != nil {
				return err
			}
			if before != "" {
				r.Before = json.RawMessage(before)
			}
			if after != "" {
				r.After = json.RawMessage(after)
			}
			at := hands[handID]
			h := &games[at.game].Hands[at.hand]
			h.Revisions = append(h.Revisions, r)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("db: export revisions: %w", err)
	}
	return games, nil
}
