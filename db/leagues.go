package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// League is a club's or a family's running competition: the games started
// from its page, the players who sit at them, and the seasons it is cut
// into. Its standings are never stored: they are worked out from the
// games, and Version says when they may have changed.
type League struct {
	ID          int64
	PublicID    string // the members' and spectators' link: read and start games
	OrganizerID string // the organizer's link: change the league
	Name        string
	Games       []string // ids of the games that count, in the registry's order
	// Version is bumped in the transaction of every write that changes
	// what the standings are computed from: a hand of one of the league's
	// games, a game joining or leaving, the settings, a season, a member,
	// a merge.
	Version   int
	CreatedAt time.Time
	Seasons   []Season // oldest first
}

// Counts reports whether games of the given rules count in the league.
func (l League) Counts(rulesID string) bool {
	for _, id := range l.Games {
		if id == rulesID {
			return true
		}
	}
	return false
}

// Season is a named part of a league. A season with a date (StartsOn,
// EndsOn or both, inclusive) holds the games started on those days. A
// season without dates holds the games started while it was the league's
// newest season without dates: from its CreatedAt until the next such
// season was added. The standings package applies the rule.
type Season struct {
	ID        int64
	Name      string
	StartsOn  string // "2026-03-01", or "" for open
	EndsOn    string // "2026-05-31", or "" for open
	CreatedAt time.Time
}

// Dated reports whether the season is a date range rather than "the
// current season".
func (s Season) Dated() bool { return s.StartsOn != "" || s.EndsOn != "" }

// NewLeague is what the new-league form gives.
type NewLeague struct {
	Name    string
	Games   []string // ids of the games that count
	Members []string // player names; new names become players
	Season  string   // name of a first season without dates, or ""
	Token   string   // the form's idempotency token
}

// SeasonInput is a season as the organizer's form gives it.
type SeasonInput struct {
	Name     string
	StartsOn string // YYYY-MM-DD or ""
	EndsOn   string // YYYY-MM-DD or ""
	Token    string // idempotency token when adding
}

// gamesJSON encodes the games that count, as the caller ordered them
// (scorepad.LeagueGames: meldpad's, each once, in the registry's order).
func gamesJSON(ids []string) (string, error) {
	if ids == nil {
		ids = []string{}
	}
	b, err := json.Marshal(ids)
	return string(b), err
}

// CreateLeague records a new league with its members and, if named, a
// first season. A repeated form token returns the league the first submit
// made.
func (s *Store) CreateLeague(ctx context.Context, in NewLeague) (_ League, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	games, err := gamesJSON(in.Games)
	if err != nil {
		return League{}, err
	}
	var leagueID int64
	err = s.write(ctx, func(tx wtx) error {
		id, made, err := s.madeWithToken(ctx, tx, "leagues", in.Token)
		if made || err != nil {
			leagueID = id
			return err
		}
		now := formatTime(s.now())
		if err := tx.QueryRowContext(ctx, `INSERT INTO leagues (public_id, organizer_id, name, games, token, created_at)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, NewID(), NewID(), strings.TrimSpace(in.Name), games, nullIfEmpty(in.Token), now).
			Scan(&leagueID); err != nil {
			return fmt.Errorf("db: create league: %w", err)
		}
		if err := s.addMembers(ctx, tx, leagueID, in.Members, now); err != nil {
			return err
		}
		if in.Season != "" {
			if _, err := tx.ExecContext(ctx, `INSERT INTO seasons (league_id, name, created_at) VALUES ($1, $2, $3)`,
				leagueID, strings.TrimSpace(in.Season), now); err != nil {
				return fmt.Errorf("db: create league: season: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return League{}, err
	}
	return s.leagueWhere(ctx, s.reads(), `id = $1`, leagueID)
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// League returns the league a members' link names.
func (s *Store) League(ctx context.Context, publicID string) (League, error) {
	return s.leagueByLink(ctx, `public_id = $1`, publicID)
}

// LeagueByOrganizer returns the league an organizer's link names.
func (s *Store) LeagueByOrganizer(ctx context.Context, organizerID string) (League, error) {
	return s.leagueByLink(ctx, `organizer_id = $1`, organizerID)
}

// madeWithToken holds token for the rest of tx (lockToken) and looks up
// the row of table (a name of ours, never input) that a first submit
// with it made: its id and true, or false where there is none. A double
// tap then opens what the first tap made.
func (s *Store) madeWithToken(ctx context.Context, tx wtx, table, token string) (int64, bool, error) {
	if err := s.d.lockToken(ctx, tx, token); err != nil || token == "" {
		return 0, false, err
	}
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM `+table+` WHERE token = $1`, token).Scan(&id)
	switch {
	case err == nil:
		return id, true, nil
	case errors.Is(err, sql.ErrNoRows):
		return 0, false, nil
	}
	return 0, false, fmt.Errorf("db: create in %s: token: %w", table, err)
}

// leagueByLink returns the league whose link (the column of cond) is id;
// what cannot be a link is no league, asked of no database.
func (s *Store) leagueByLink(ctx context.Context, cond, id string) (_ League, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	if !ValidID(id) {
		return League{}, ErrNotFound
	}
	return s.leagueWhere(ctx, s.reads(), cond, id)
}

// LeagueOfGame returns the league the game belongs to, or ErrNotFound.
func (s *Store) LeagueOfGame(ctx context.Context, gameID int64) (_ League, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	return s.leagueWhere(ctx, s.reads(), `id = (SELECT league_id FROM games WHERE id = $1)`, gameID)
}

type leagueQuerier interface {
	querier
	rowQuerier
}

// leagueWhere loads one league, with its seasons, by a condition on the
// leagues table.
func (s *Store) leagueWhere(ctx context.Context, q leagueQuerier, cond string, arg any) (League, error) {
	var l League
	var games, created string
	err := q.QueryRowContext(ctx, `SELECT id, public_id, organizer_id, name, games, version, created_at
		FROM leagues WHERE `+cond, arg).Scan(&l.ID, &l.PublicID, &l.OrganizerID, &l.Name, &games, &l.Version, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return League{}, ErrNotFound
	}
	if err != nil {
		return League{}, fmt.Errorf("db: load league: %w", err)
	}
	if err := json.Unmarshal([]byte(games), &l.Games); err != nil {
		return League{}, fmt.Errorf("db: games of league %d: %w", l.ID, err)
	}
	l.CreatedAt = parseTime(created)
	if l.Seasons, err = loadSeasons(ctx, q, l.ID); err != nil {
		return League{}, err
	}
	return l, nil
}

func loadSeasons(ctx context.Context, q querier, leagueID int64) ([]Season, error) {
	seasons, err := collectRows(ctx, q, `SELECT id, name, coalesce(starts_on, ''), coalesce(ends_on, ''), created_at
		FROM seasons WHERE league_id = $1 ORDER BY created_at, id`, []any{leagueID}, func(row scanner) (sn Season, err error) {
		var created string
		err = row.Scan(&sn.ID, &sn.Name, &sn.StartsOn, &sn.EndsOn, &created)
		sn.CreatedAt = parseTime(created)
		return sn, err
	})
	if err != nil {
		return nil, fmt.Errorf("db: seasons of league %d: %w", leagueID, err)
	}
	return seasons, nil
}

// bumpLeague marks the league's standings as possibly changed, in the
// transaction of the write that changes them.
func bumpLeague(ctx context.Context, tx wtx, leagueID int64) error {
	if _, err := tx.ExecContext(ctx, `UPDATE leagues SET version = version + 1 WHERE id = $1`, leagueID); err != nil {
		return fmt.Errorf("db: league %d version: %w", leagueID, err)
	}
	return nil
}

// leagueVersionQuery and leagueVersionOfGameQuery are leagueGameChanged's.
const (
	leagueVersionQuery       = `UPDATE leagues SET version = version + 1 WHERE id = (SELECT league_id FROM games WHERE id = $1)`
	leagueVersionOfGameQuery = `UPDATE games SET league_version = (SELECT version FROM leagues WHERE id = games.league_id)
		WHERE id = $1 AND league_id IS NOT NULL`
)

// leagueGameChanged bumps the version of the game's league, if it has
// one, and stamps the game with the new version, in the transaction of the
// write that changed the game (LeagueRecordSince reads the games stamped
// after the version it knows).
func leagueGameChanged(ctx context.Context, tx dbtx, gameID int64) error {
	if _, err := tx.ExecContext(ctx, leagueVersionQuery, gameID); err != nil {
		return fmt.Errorf("db: league version of game %d: %w", gameID, err)
	}
	if _, err := tx.ExecContext(ctx, leagueVersionOfGameQuery, gameID); err != nil {
		return fmt.Errorf("db: league version of game %d: %w", gameID, err)
	}
	return nil
}

// leagueWrite runs fn in a write transaction and bumps the league's
// version in it; a league that does not exist is ErrNotFound.
func (s *Store) leagueWrite(ctx context.Context, leagueID int64, fn func(tx wtx) error) error {
	return s.write(ctx, func(tx wtx) error {
		var exists int
		if err := tx.QueryRowContext(ctx, `SELECT 1 FROM leagues WHERE id = $1`, leagueID).Scan(&exists); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNotFound
			}
			return fmt.Errorf("db: league %d: %w", leagueID, err)
		}
		if err := fn(tx); err != nil {
			return err
		}
		return bumpLeague(ctx, tx, leagueID)
	})
}

// UpdateLeague changes the league's name and the games that count.
func (s *Store) UpdateLeague(ctx context.Context, leagueID int64, name string, gameIDs []string) (err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	games, err := gamesJSON(gameIDs)
	if err != nil {
		return err
	}
	return s.leagueWrite(ctx, leagueID, func(tx wtx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE leagues SET name = $1, games = $2 WHERE id = $3`,
			strings.TrimSpace(name), games, leagueID); err != nil {
			return fmt.Errorf("db: update league %d: %w", leagueID, err)
		}
		return nil
	})
}

// AddSeason adds a season to the league. A repeated form token adds
// nothing more.
func (s *Store) AddSeason(ctx context.Context, leagueID int64, in SeasonInput) (err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	return s.leagueWrite(ctx, leagueID, func(tx wtx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO seasons (league_id, name, starts_on, ends_on, token, created_at)
			VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (token) DO NOTHING`,
			leagueID, strings.TrimSpace(in.Name), nullIfEmpty(in.StartsOn), nullIfEmpty(in.EndsOn),
			nullIfEmpty(in.Token), formatTime(s.now())); err != nil {
			return fmt.Errorf("db: add season to league %d: %w", leagueID, err)
		}
		return nil
	})
}

// UpdateSeason renames a season of the league and changes its dates.
func (s *Store) UpdateSeason(ctx context.Context, leagueID, seasonID int64, in SeasonInput) (err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	return s.leagueWrite(ctx, leagueID, func(tx wtx) error {
		res, err := tx.ExecContext(ctx, `UPDATE seasons SET name = $1, starts_on = $2, ends_on = $3 WHERE id = $4 AND league_id = $5`,
			strings.TrimSpace(in.Name), nullIfEmpty(in.StartsOn), nullIfEmpty(in.EndsOn), seasonID, leagueID)
		if err != nil {
			return fmt.Errorf("db: update season %d: %w", seasonID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

// DeleteSeason removes a season; its games stay in the league.
func (s *Store) DeleteSeason(ctx context.Context, leagueID, seasonID int64) (err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	return s.leagueWrite(ctx, leagueID, func(tx wtx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM seasons WHERE id = $1 AND league_id = $2`, seasonID, leagueID); err != nil {
			return fmt.Errorf("db: delete season %d: %w", seasonID, err)
		}
		return nil
	})
}

// ActiveLeagues returns up to limit leagues, those with the most recently
// changed games first, so a server starting up can prepare their pages.
func (s *Store) ActiveLeagues(ctx context.Context, limit int) (_ []League, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	ids, err := collectRows(ctx, s.r, `SELECT l.public_id FROM leagues l
		LEFT JOIN games g ON g.league_id = l.id
		GROUP BY l.id ORDER BY max(coalesce(g.updated_at, l.created_at)) DESC, l.id DESC LIMIT $1`, []any{limit},
		func(row scanner) (id string, err error) { return id, row.Scan(&id) })
	if err != nil {
		return nil, fmt.Errorf("db: active leagues: %w", err)
	}
	leagues := make([]League, 0, len(ids))
	for _, id := range ids {
		l, err := s.League(ctx, id)
		if err != nil {
			return nil, err
		}
		leagues = append(leagues, l)
	}
	return leagues, nil
}
