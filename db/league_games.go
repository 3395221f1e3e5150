package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// LeagueGame is one game of a league as standings need it: who sat where,
// their totals and the result, without the hands.
type LeagueGame struct {
	ID         int64
	WatchID    string // the game's read-only link id: league pages link games with it
	Rules      string
	Status     string
	Winner     int // seat, or -1
	Version    int // games.version: bumped by every write to the game
	CreatedAt  time.Time
	FinishedAt time.Time // zero while playing
	Seats      []Seat
}

// Finished reports whether the game has a winner.
func (g LeagueGame) Finished() bool { return g.Status == StatusFinished }

// LeagueRecord is everything a league's standings are computed from, read
// in one transaction so that Version is the version of exactly this data.
type LeagueRecord struct {
	League  League
	Members []Player
	Games   []LeagueGame // every game of the league, oldest first
}

// LeagueRecord loads the league with its members and games.
func (s *Store) LeagueRecord(ctx context.Context, leagueID int64) (LeagueRecord, error) {
	return s.LeagueRecordSince(ctx, leagueID, nil)
}

// LeagueRecordSince loads the league like LeagueRecord, but takes from
// prev (a record of the same league read earlier, or nil) every game whose
// version has not moved since, and reads only the others. Every write to a
// game bumps its version (recompute; a merge bumps the games whose seats
// it re-points), so an unchanged version is an unchanged game. A league
// of 5,000 games then costs one scan of ids and versions, not 5,000 games
// with their seats, after a hand is corrected.
func (s *Store) LeagueRecordSince(ctx context.Context, leagueID int64, prev *LeagueRecord) (LeagueRecord, error) {
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return LeagueRecord{}, fmt.Errorf("db: league %d: begin: %w", leagueID, err)
	}
	defer tx.Rollback()
	var rec LeagueRecord
	if rec.League, err = s.leagueWhere(ctx, tx, `id = ?`, leagueID); err != nil {
		return LeagueRecord{}, err
	}
	if rec.Members, err = loadMembers(ctx, tx, leagueID); err != nil {
		return LeagueRecord{}, err
	}
	if prev == nil || prev.League.ID != leagueID {
		rec.Games, err = loadLeagueGames(ctx, tx, `g.league_id = ?`, leagueID)
		return rec, err
	}
	known := make(map[int64]*LeagueGame, len(prev.Games))
	for i := range prev.Games {
		known[prev.Games[i].ID] = &prev.Games[i]
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, version FROM games WHERE league_id = ? ORDER BY created_at, id`, leagueID)
	if err != nil {
		return LeagueRecord{}, fmt.Errorf("db: games of league %d: %w", leagueID, err)
	}
	type idVersion struct {
		id      int64
		version int
	}
	var order []idVersion
	var changed []int64
	for rows.Next() {
		var g idVersion
		if err := rows.Scan(&g.id, &g.version); err != nil {
			rows.Close()
			return LeagueRecord{}, fmt.Errorf("db: games of league %d: %w", leagueID, err)
		}
		order = append(order, g)
		if k := known[g.id]; k == nil || k.Version != g.version {
			changed = append(changed, g.id)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return LeagueRecord{}, fmt.Errorf("db: games of league %d: %w", leagueID, err)
	}
	ids, _ := json.Marshal(changed)
	fresh, err := loadLeagueGames(ctx, tx, `g.id IN (SELECT value FROM json_each(?))`, string(ids))
	if err != nil {
		return LeagueRecord{}, err
	}
	byID := make(map[int64]LeagueGame, len(fresh))
	for _, g := range fresh {
		byID[g.ID] = g
	}
	rec.Games = make([]LeagueGame, 0, len(order))
	for _, g := range order {
		if f, ok := byID[g.id]; ok {
			rec.Games = append(rec.Games, f)
		} else if k := known[g.id]; k != nil && k.Version == g.version {
			rec.Games = append(rec.Games, *k)
		}
	}
	return rec, nil
}

// loadLeagueGames reads games and their seats in one pass, by a condition
// on games g: a league of thousands of games is read in one query, not
// one per game.
func loadLeagueGames(ctx context.Context, q querier, cond string, arg any) ([]LeagueGame, error) {
	rows, err := q.QueryContext(ctx, `SELECT g.id, coalesce(g.watch_id, ''), g.rules, g.status, coalesce(g.winner_seat, -1),
		g.version, g.created_at, coalesce(g.finished_at, ''), s.seat, s.player_id, p.name, s.total
		FROM games g JOIN seats s ON s.game_id = g.id JOIN players p ON p.id = s.player_id
		WHERE `+cond+` ORDER BY g.created_at, g.id, s.seat`, arg)
	if err != nil {
		return nil, fmt.Errorf("db: league games: %w", err)
	}
	defer rows.Close()
	var games []LeagueGame
	for rows.Next() {
		var g LeagueGame
		var st Seat
		var created, finished string
		if err := rows.Scan(&g.ID, &g.WatchID, &g.Rules, &g.Status, &g.Winner, &g.Version, &created, &finished,
			&st.Seat, &st.PlayerID, &st.Name, &st.Total); err != nil {
			return nil, fmt.Errorf("db: league games: %w", err)
		}
		if n := len(games); n == 0 || games[n-1].ID != g.ID {
			g.CreatedAt = parseTime(created)
			if finished != "" {
				g.FinishedAt = parseTime(finished)
			}
			games = append(games, g)
		}
		last := &games[len(games)-1]
		last.Seats = append(last.Seats, st)
	}
	return games, rows.Err()
}

// RemoveLeagueGame takes a game (named by its read-only link id) out of
// the league; the game itself is kept.
func (s *Store) RemoveLeagueGame(ctx context.Context, leagueID int64, watchID string) error {
	if !ValidID(watchID) {
		return ErrNotFound
	}
	return s.leagueWrite(ctx, leagueID, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET league_id = NULL WHERE watch_id = ? AND league_id = ?`, watchID, leagueID)
		if err != nil {
			return fmt.Errorf("db: remove game from league %d: %w", leagueID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

// HandExtreme is a player's best or worst single hand (deal, trick) in
// one kind of game: the most or fewest points the player's seat got.
type HandExtreme struct {
	Rules     string
	Best      bool // the most points; false: the fewest
	Points    int
	WatchID   string
	Hand      int // the hand's place in its game, from 1
	CreatedAt time.Time
}

// HandExtremes returns, for each kind of game the player finished in the
// league, the player's best and worst hand. Only finished games count, as
// in the standings.
func (s *Store) HandExtremes(ctx context.Context, leagueID, playerID int64) ([]HandExtreme, error) {
	// Ties go to the earliest hand: the first time the player got there.
	rows, err := s.r.QueryContext(ctx, `WITH mine AS (
			SELECT g.id AS game_id, g.rules, coalesce(g.watch_id, '') AS watch_id, g.created_at, h.seq,
				CAST(json_extract(h.points, '$[' || s.seat || ']') AS INTEGER) AS pts
			FROM seats s JOIN games g ON g.id = s.game_id
			JOIN hands h ON h.game_id = g.id AND h.deleted_at IS NULL
			WHERE s.player_id = ? AND g.league_id = ? AND g.status = 'finished'),
		ranked AS (SELECT *,
			row_number() OVER (PARTITION BY rules ORDER BY pts DESC, created_at, game_id, seq) AS best,
			row_number() OVER (PARTITION BY rules ORDER BY pts, created_at, game_id, seq) AS worst
			FROM mine),
		picked AS (
			SELECT 1 AS is_best, * FROM ranked WHERE best = 1
			UNION ALL SELECT 0, * FROM ranked WHERE worst = 1)
		SELECT is_best, rules, pts, watch_id, created_at,
			(SELECT count(*) FROM hands h WHERE h.game_id = picked.game_id AND h.deleted_at IS NULL AND h.seq <= picked.seq)
		FROM picked ORDER BY rules, is_best DESC`, playerID, leagueID)
	if err != nil {
		return nil, fmt.Errorf("db: hands of player %d: %w", playerID, err)
	}
	defer rows.Close()
	var out []HandExtreme
	for rows.Next() {
		var e HandExtreme
		var created string
		if err := rows.Scan(&e.Best, &e.Rules, &e.Points, &e.WatchID, &created, &e.Hand); err != nil {
			return nil, fmt.Errorf("db: hands of player %d: %w", playerID, err)
		}
		e.CreatedAt = parseTime(created)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("db: hands of player %d: %w", playerID, err)
	}
	return out, nil
}
