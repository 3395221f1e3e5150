package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// addMembers makes the named players (new names become players) members
// of the league; names already members are left as they are.
func addMembers(ctx context.Context, tx *sql.Tx, leagueID int64, names []string, now string) error {
	for _, name := range names {
		if strings.TrimSpace(name) == "" {
			continue
		}
		playerID, err := upsertPlayer(ctx, tx, name, now)
		if err != nil {
			return err
		}
		if err := addMember(ctx, tx, leagueID, playerID, now); err != nil {
			return err
		}
	}
	return nil
}

func addMember(ctx context.Context, tx *sql.Tx, leagueID, playerID int64, now string) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO league_members (league_id, player_id, added_at) VALUES (?, ?, ?)
		ON CONFLICT DO NOTHING`, leagueID, playerID, now); err != nil {
		return fmt.Errorf("db: add player %d to league %d: %w", playerID, leagueID, err)
	}
	return nil
}

// AddMembers makes the named players members of the league: a name meldpad
// knows (in any case) is that player, a new name becomes a new player.
func (s *Store) AddMembers(ctx context.Context, leagueID int64, names []string) error {
	return s.leagueWrite(ctx, leagueID, func(tx *sql.Tx) error {
		return addMembers(ctx, tx, leagueID, names, formatTime(s.now()))
	})
}

// Members returns the league's members by name.
func (s *Store) Members(ctx context.Context, leagueID int64) ([]Player, error) {
	return loadMembers(ctx, s.r, leagueID)
}

func loadMembers(ctx context.Context, q querier, leagueID int64) ([]Player, error) {
	rows, err := q.QueryContext(ctx, `SELECT p.id, p.name FROM league_members m JOIN players p ON p.id = m.player_id
		WHERE m.league_id = ? ORDER BY p.name COLLATE NOCASE, p.id`, leagueID)
	if err != nil {
		return nil, fmt.Errorf("db: members of league %d: %w", leagueID, err)
	}
	defer rows.Close()
	var players []Player
	for rows.Next() {
		var p Player
		if err := rows.Scan(&p.ID, &p.Name); err != nil {
			return nil, fmt.Errorf("db: members of league %d: %w", leagueID, err)
		}
		players = append(players, p)
	}
	return players, rows.Err()
}

// SharedGame is a game two players both sat in.
type SharedGame struct {
	WatchID   string // read-only link id, or "" if the game never had one
	Rules     string
	CreatedAt time.Time
}

// MergeConflictError says why two player names cannot be one person: they
// sat at the same table. Nothing was changed.
type MergeConflictError struct {
	Keep, Gone string // the two names
	Shared     []SharedGame
}

func (e *MergeConflictError) Error() string {
	return "db: merge " + e.Gone + " into " + e.Keep + ": both sat in " + strconv.Itoa(len(e.Shared)) + " game(s)"
}

// MergePlayers makes two names one person: every seat of gone becomes a
// seat of keep, gone's league memberships become keep's, and the name gone
// is forgotten. Both must be players of the league (members, or seated at
// one of its games), or it is ErrNotFound. Players are meldpad-wide, so
// the merge holds in every game and league; every league's version is
// bumped because any of them may have counted either name. When both sat
// in one game it fails with a *MergeConflictError and changes nothing.
func (s *Store) MergePlayers(ctx context.Context, leagueID, keep, gone int64) error {
	if keep == gone {
		return fmt.Errorf("db: merge player %d into itself", keep)
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		var keepName, goneName string
		for _, p := range []struct {
			id   int64
			name *string
		}{{keep, &keepName}, {gone, &goneName}} {
			err := tx.QueryRowContext(ctx, `SELECT p.name FROM players p WHERE p.id = ? AND (
				EXISTS (SELECT 1 FROM league_members m WHERE m.player_id = p.id AND m.league_id = ?)
				OR EXISTS (SELECT 1 FROM seats s JOIN games g ON g.id = s.game_id WHERE s.player_id = p.id AND g.league_id = ?))`,
				p.id, leagueID, leagueID).Scan(p.name)
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNotFound
			}
			if err != nil {
				return fmt.Errorf("db: merge players: %w", err)
			}
		}
		shared, err := sharedGames(ctx, tx, keep, gone)
		if err != nil {
			return err
		}
		if len(shared) > 0 {
			return &MergeConflictError{Keep: keepName, Gone: goneName, Shared: shared}
		}
		now := formatTime(s.now())
		for _, stmt := range []struct {
			sql  string
			args []any
		}{
			{`UPDATE leagues SET version = version + 1`, nil},
			// The games whose seats change get a new version, and in a
			// league the league's new version, so that whatever was read
			// of them (a league's standings, an open form) is known to be
			// out of date.
			{`UPDATE games SET version = version + 1, league_version = coalesce((SELECT version FROM leagues WHERE id = games.league_id), 0)
				WHERE id IN (SELECT game_id FROM seats WHERE player_id = ?)`, []any{gone}},
			{`UPDATE seats SET player_id = ? WHERE player_id = ?`, []any{keep, gone}},
			{`INSERT INTO league_members (league_id, player_id, added_at)
				SELECT league_id, ?, ? FROM league_members WHERE player_id = ? ON CONFLICT DO NOTHING`, []any{keep, now, gone}},
			{`DELETE FROM league_members WHERE player_id = ?`, []any{gone}},
			{`DELETE FROM players WHERE id = ?`, []any{gone}},
		} {
			if _, err := tx.ExecContext(ctx, stmt.sql, stmt.args...); err != nil {
				return fmt.Errorf("db: merge player %d into %d: %w", gone, keep, err)
			}
		}
		return nil
	})
}

func sharedGames(ctx context.Context, tx *sql.Tx, a, b int64) ([]SharedGame, error) {
	rows, err := tx.QueryContext(ctx, `SELECT coalesce(g.watch_id, ''), g.rules, g.created_at
		FROM seats sa JOIN seats sb ON sb.game_id = sa.game_id AND sb.player_id = ?
		JOIN games g ON g.id = sa.game_id
		WHERE sa.player_id = ? ORDER BY g.created_at`, b, a)
	if err != nil {
		return nil, fmt.Errorf("db: merge players: shared games: %w", err)
	}
	defer rows.Close()
	var shared []SharedGame
	for rows.Next() {
		var g SharedGame
		var created string
		if err := rows.Scan(&g.WatchID, &g.Rules, &created); err != nil {
			return nil, fmt.Errorf("db: merge players: shared games: %w", err)
		}
		g.CreatedAt = parseTime(created)
		shared = append(shared, g)
	}
	return shared, rows.Err()
}
