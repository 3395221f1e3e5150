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

// ErrNameTaken means a rename to a name another player of the league
// already has (in any case): two names of one person are merged, not
// renamed into each other.
var ErrNameTaken = errors.New("db: the league already has a player of that name")

// addMembers makes the named players members of the league: a name of
// one of the league's players (in any case) is that player, a new name a
// new player of the league. Names already members are left as they are.
func (s *Store) addMembers(ctx context.Context, tx wtx, leagueID int64, names []string, now string) error {
	for _, name := range names {
		if _, err := s.memberNamed(ctx, tx, leagueID, name, now); err != nil {
			return err
		}
	}
	return nil
}

// memberNamed makes the named player a member of the league, as
// addMembers does one name, and returns the player's id; a blank name is
// no player (0).
func (s *Store) memberNamed(ctx context.Context, tx wtx, leagueID int64, name, now string) (int64, error) {
	if strings.TrimSpace(name) == "" {
		return 0, nil
	}
	playerID, err := s.upsertPlayer(ctx, tx, leagueID, name, now)
	if err != nil {
		return 0, err
	}
	return playerID, addMember(ctx, tx, leagueID, playerID, now)
}

func addMember(ctx context.Context, tx wtx, leagueID, playerID int64, now string) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO league_members (league_id, player_id, added_at) VALUES ($1, $2, $3)
		ON CONFLICT DO NOTHING`, leagueID, playerID, now); err != nil {
		return fmt.Errorf("db: add player %d to league %d: %w", playerID, leagueID, err)
	}
	return nil
}

// AddMembers makes the named players members of the league: a name the
// league knows (in any case) is its player, a new name becomes a new
// player of the league. Players of other leagues are never looked at.
func (s *Store) AddMembers(ctx context.Context, leagueID int64, names []string) (err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	return s.leagueWrite(ctx, leagueID, func(tx wtx) error {
		return s.addMembers(ctx, tx, leagueID, names, formatTime(s.now()))
	})
}

// Members returns the league's members by name.
func (s *Store) Members(ctx context.Context, leagueID int64) (_ []Player, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	return s.loadMembers(ctx, s.reads(), leagueID)
}

func (s *Store) loadMembers(ctx context.Context, q querier, leagueID int64) ([]Player, error) {
	players, err := collectRows(ctx, q, s.q.members, []any{leagueID}, func(row scanner) (p Player, err error) {
		return p, row.Scan(&p.ID, &p.Name)
	})
	if err != nil {
		return nil, fmt.Errorf("db: members of league %d: %w", leagueID, err)
	}
	return players, nil
}

// MovedPlayer returns the player a link of the league's player pages
// (/l/:league/players/:id) now names when id is no longer one of the
// league's players: a player copied into the league with a new id when
// players came to belong to leagues, or a name merged into another. It
// is ErrNotFound for any other id.
func (s *Store) MovedPlayer(ctx context.Context, leagueID, oldID int64) (_ int64, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	var id int64
	err = s.r.QueryRowContext(ctx, `SELECT player_id FROM player_moves WHERE league_id = $1 AND old_id = $2`, leagueID, oldID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("db: moved player %d of league %d: %w", oldID, leagueID, err)
	}
	return id, nil
}

// SharedGame is a game two players both sat in.
type SharedGame struct {
	WatchID   string // read-only link id, or "" if the game never had one
	Rules     string
	CreatedAt time.Time
}

// MergeConflictError says why two player names cannot be one person: they
// sat at the same table, or both took part in one event night. Nothing
// was changed.
type MergeConflictError struct {
	Keep, Gone string // the two names
	Shared     []SharedGame
	Events     []string // the events both took part in, by name
}

func (e *MergeConflictError) Error() string {
	if len(e.Shared) == 0 {
		return "db: merge " + e.Gone + " into " + e.Keep + ": both took part in " + strconv.Itoa(len(e.Events)) + " event(s)"
	}
	return "db: merge " + e.Gone + " into " + e.Keep + ": both sat in " + strconv.Itoa(len(e.Shared)) + " game(s)"
}

// leaguePlayerName returns the name of the league's player, or
// ErrNotFound when the id is not one of the league's players.
func (s *Store) leaguePlayerName(ctx context.Context, tx wtx, leagueID, playerID int64) (string, error) {
	var name string
	err := tx.QueryRowContext(ctx, s.q.leaguePlayer, playerID, leagueID).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("db: player %d of league %d: %w", playerID, leagueID, err)
	}
	return name, nil
}

// playerChanged bumps the league's version and stamps every game the
// player sits at with it, so that standings read before (LeagueRecordSince)
// read those games again. bumpGames also bumps the games' own versions,
// for a change that makes a form opened before out of date.
func playerChanged(ctx context.Context, tx wtx, leagueID, playerID int64, bumpGames bool) error {
	if err := bumpLeague(ctx, tx, leagueID); err != nil {
		return err
	}
	games := `UPDATE games SET league_version = (SELECT version FROM leagues WHERE id = $1)
		WHERE league_id = $1 AND id IN (SELECT game_id FROM seats WHERE player_id = $2)`
	if bumpGames {
		games = `UPDATE games SET version = version + 1, league_version = (SELECT version FROM leagues WHERE id = $1)
			WHERE league_id = $1 AND id IN (SELECT game_id FROM seats WHERE player_id = $2)`
	}
	if _, err := tx.ExecContext(ctx, games, leagueID, playerID); err != nil {
		return fmt.Errorf("db: games of player %d: %w", playerID, err)
	}
	return nil
}

// MergePlayers makes two names of the league one person: every seat of
// gone becomes a seat of keep, gone's membership becomes keep's, links to
// gone's page lead to keep's, and the name gone is forgotten. Both must
// be players of the league, or it is ErrNotFound: a player belongs to
// one league, so the merge changes that league's games and nothing else.
// When both sat in one game it fails with a *MergeConflictError, which
// names only games of the league, and changes nothing.
func (s *Store) MergePlayers(ctx context.Context, leagueID, keep, gone int64) (err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	if keep == gone {
		return fmt.Errorf("db: merge player %d into itself", keep)
	}
	return s.write(ctx, func(tx wtx) error {
		keepName, err := s.leaguePlayerName(ctx, tx, leagueID, keep)
		if err != nil {
			return err
		}
		goneName, err := s.leaguePlayerName(ctx, tx, leagueID, gone)
		if err != nil {
			return err
		}
		shared, err := sharedGames(ctx, tx, leagueID, keep, gone)
		if err != nil {
			return err
		}
		if len(shared) > 0 {
			return &MergeConflictError{Keep: keepName, Gone: goneName, Shared: shared}
		}
		// Two names in one event night are two entrants, with a row each
		// in its standings.
		var events []string
		err = eachRow(ctx, tx, `SELECT e.name FROM event_players a JOIN event_players b ON b.event_id = a.event_id AND b.player_id = $1
			JOIN events e ON e.id = a.event_id WHERE a.player_id = $2 ORDER BY e.created_at`, []any{gone, keep}, func(rows *sql.Rows) error {
			var name string
			err := rows.Scan(&name)
			events = append(events, name)
			return err
		})
		if err != nil {
			return fmt.Errorf("db: merge players: shared events: %w", err)
		}
		if len(events) > 0 {
			return &MergeConflictError{Keep: keepName, Gone: goneName, Events: events}
		}
		// The games whose seats change get a new version, so that whatever
		// was read of them (the league's standings, an open form) is known
		// to be out of date.
		if err := playerChanged(ctx, tx, leagueID, gone, true); err != nil {
			return err
		}
		for _, stmt := range []struct {
			sql  string
			args []any
		}{
			{`UPDATE seats SET player_id = $1 WHERE player_id = $2`, []any{keep, gone}},
			{`UPDATE event_players SET player_id = $1 WHERE player_id = $2`, []any{keep, gone}},
			{`UPDATE event_byes SET player_id = $1 WHERE player_id = $2`, []any{keep, gone}},
			{`INSERT INTO league_members (league_id, player_id, added_at)
				SELECT league_id, CAST($1 AS BIGINT), CAST($2 AS TEXT) FROM league_members WHERE player_id = $3 ON CONFLICT DO NOTHING`, []any{keep, formatTime(s.now()), gone}},
			{`UPDATE player_moves SET player_id = $1 WHERE player_id = $2`, []any{keep, gone}},
			{`INSERT INTO player_moves (league_id, old_id, player_id) VALUES ($1, $2, $3)
				ON CONFLICT (league_id, old_id) DO UPDATE SET player_id = excluded.player_id`, []any{leagueID, gone, keep}},
			{`DELETE FROM players WHERE id = $1`, []any{gone}},
		} {
			if _, err := tx.ExecContext(ctx, stmt.sql, stmt.args...); err != nil {
				return fmt.Errorf("db: merge player %d into %d: %w", gone, keep, err)
			}
		}
		return nil
	})
}

// sharedGames returns the league's games at which players a and b both
// sat.
func sharedGames(ctx context.Context, tx wtx, leagueID, a, b int64) ([]SharedGame, error) {
	shared, err := collectRows(ctx, tx, `SELECT coalesce(g.watch_id, ''), g.rules, g.created_at
		FROM seats sa JOIN seats sb ON sb.game_id = sa.game_id AND sb.player_id = $1
		JOIN games g ON g.id = sa.game_id
		WHERE sa.player_id = $2 AND g.league_id = $3 ORDER BY g.created_at`, []any{b, a, leagueID}, func(row scanner) (g SharedGame, err error) {
		var created string
		err = row.Scan(&g.WatchID, &g.Rules, &created)
		g.CreatedAt = parseTime(created)
		return g, err
	})
	if err != nil {
		return nil, fmt.Errorf("db: merge players: shared games: %w", err)
	}
	return shared, nil
}

// RenamePlayer gives one of the league's players another name, shown in
// every game of the league the player sat at; nothing outside the league
// changes. A name another player of the league has (in any case) is
// ErrNameTaken: the two are merged instead. A player of another league is
// ErrNotFound.
func (s *Store) RenamePlayer(ctx context.Context, leagueID, playerID int64, name string) (err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	name = strings.TrimSpace(name)
	return s.write(ctx, func(tx wtx) error {
		if _, err := s.leaguePlayerName(ctx, tx, leagueID, playerID); err != nil {
			return err
		}
		var other int64
		err := tx.QueryRowContext(ctx, s.q.otherPlayerByName,
			leagueID, name, playerID).Scan(&other)
		if err == nil {
			return ErrNameTaken
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("db: rename player %d: %w", playerID, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE players SET name = $1 WHERE id = $2`, name, playerID); err != nil {
			if s.d.uniqueViolation(err) {
				return ErrNameTaken // given meanwhile to another player, by another server's write
			}
			return fmt.Errorf("db: rename player %d: %w", playerID, err)
		}
		// The seats are the same: forms opened before stay good.
		return playerChanged(ctx, tx, leagueID, playerID, false)
	})
}
