package db

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"
)

// LeagueGame is one game of a league as standings need it: who sat where,
// their totals and the result, without the hands.
type LeagueGame struct {
	ID         int64
	WatchID    string // the game's read-only link id: league pages link games with it
	Rules      string
	Settings   json.RawMessage // the game's own settings (any game by points: its name), or nil
	Status     string
	Winner     int // seat, or -1
	Version    int // games.version: bumped by every write to the game
	CreatedAt  time.Time
	FinishedAt time.Time // zero while playing
	Seats      []LeagueSeat
	// Excluded says the game is a table of an event night that the
	// organiser marked as not counting: it is left out of the standings.
	Excluded bool
}

// LeagueSeat is a seat of a league game with the seat's best and worst
// hand (derived, like the total, in every write to the game's hands).
type LeagueSeat struct {
	Seat
	// Place is the seat's finishing place as the game's module gave it (1
	// for every winner), 0 while the game goes on. Total is the final
	// total once the game is over: the hands' plus any bonus (Gin's G5).
	Place       int
	Best, Worst HandScore
}

// Finished reports whether the game has a winner.
func (g LeagueGame) Finished() bool { return g.Status == StatusFinished }

// LeagueRecord is everything a league's standings are computed from, read
// in one transaction so that Version is the version of exactly this data.
type LeagueRecord struct {
	League  League
	Members []Player
	// Games are every game of the league, oldest first. A record read
	// since another shares its unchanged games, hence pointers: the
	// list is copied at every save of a league game, and 20,000 pointers
	// copy some twenty times faster than 20,000 games. Read only.
	Games []*LeagueGame
	// Changed, when the record was read since an earlier one
	// (LeagueRecordSince), holds the games read again, oldest first: new
	// or changed since; every other game is the earlier record's. Nil
	// when the record was read whole.
	Changed []*LeagueGame
}

// LeagueRecord loads the league with its members and games.
func (s *Store) LeagueRecord(ctx context.Context, leagueID int64) (_ LeagueRecord, err error) {
	ctx, end := s.call(ctx, heavyTimes)
	defer end(&err)
	return s.LeagueRecordSince(ctx, leagueID, nil)
}

// LeagueRecordSince loads the league like LeagueRecord, but takes from
// prev (a record of the same league read earlier, or nil) every game that
// has not changed since, and reads only the others: the games stamped
// with a league version after prev's (leagueGameChanged stamps a game in
// every write that changes it: its hands, its creation, a merge or a
// rename of one of its players). A game taken out of the league since
// prev makes it read the whole league again: RemoveLeagueGame, the only
// way a game leaves a league (games are never deleted), sets the
// league's removed_version. After one corrected hand, a league of 5,000
// games then costs the reading of one game.
func (s *Store) LeagueRecordSince(ctx context.Context, leagueID int64, prev *LeagueRecord) (_ LeagueRecord, err error) {
	ctx, end := s.call(ctx, heavyTimes)
	defer end(&err)
	tx, err := s.r.BeginTx(ctx, s.d.readOnce())
	if err != nil {
		return LeagueRecord{}, fmt.Errorf("db: league %d: begin: %w", leagueID, err)
	}
	defer tx.Rollback()
	var rec LeagueRecord
	if rec.League, err = s.leagueWhere(ctx, tx, `id = $1`, leagueID); err != nil {
		return LeagueRecord{}, err
	}
	if rec.Members, err = s.loadMembers(ctx, tx, leagueID); err != nil {
		return LeagueRecord{}, err
	}
	var removed int
	if err := tx.QueryRowContext(ctx, `SELECT removed_version FROM leagues WHERE id = $1`, leagueID).Scan(&removed); err != nil {
		return LeagueRecord{}, fmt.Errorf("db: league %d: %w", leagueID, err)
	}
	if prev == nil || prev.League.ID != leagueID || prev.League.Version > rec.League.Version || prev.League.Version < removed {
		games, err := loadLeagueGames(ctx, tx, `g.league_id = $1`, leagueID)
		if err != nil {
			return LeagueRecord{}, err
		}
		rec.Games = pointers(games)
		// The database orders the times as text, which is not always
		// their order in time (fractions of a second have no trailing
		// zeros); the records that follow rely on this order.
		if !slices.IsSortedFunc(rec.Games, byStart) {
			slices.SortStableFunc(rec.Games, byStart)
		}
		return rec, nil
	}
	changed, err := loadLeagueGames(ctx, tx, `g.league_id = $1 AND g.league_version > $2`, leagueID, prev.League.Version)
	if err != nil {
		return LeagueRecord{}, err
	}
	rec.Changed = pointers(changed)
	// prev's games, each changed one replaced where it was (the one
	// changed is nearly always among the last started) and the new ones
	// after them: one copy of the list, in the order started.
	n := len(prev.Games)
	rec.Games = make([]*LeagueGame, n, n+len(rec.Changed))
	copy(rec.Games, prev.Games)
	for _, g := range rec.Changed {
		i := n - 1
		for i >= 0 && rec.Games[i].ID != g.ID {
			i--
		}
		if i >= 0 {
			rec.Games[i] = g
		} else {
			rec.Games = append(rec.Games, g)
		}
	}
	if !slices.IsSortedFunc(rec.Games[max(n-1, 0):], byStart) {
		slices.SortStableFunc(rec.Games, byStart)
	}
	return rec, nil
}

// pointers are pointers to each of games, never nil.
func pointers(games []LeagueGame) []*LeagueGame {
	out := make([]*LeagueGame, len(games))
	for i := range games {
		out[i] = &games[i]
	}
	return out
}

// byStart orders games as they were started, a record's order.
func byStart(a, b *LeagueGame) int {
	if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

// loadLeagueGames reads games, their seats and their players' names by a
// condition on games g, in three queries whatever the number of games:
// the games, the seats (numbers only) and the names of the players, each
// name read once however many games the player sat at. A league of 5,000
// games is read in one pass of each, not one query per game.
func loadLeagueGames(ctx context.Context, q querier, cond string, args ...any) ([]LeagueGame, error) {
	rows, err := q.QueryContext(ctx, `SELECT g.id, coalesce(g.watch_id, ''), g.rules, g.settings, g.status, coalesce(g.winner_seat, -1),
		g.version, g.created_at, coalesce(g.finished_at, ''),
		EXISTS (SELECT 1 FROM event_tables t WHERE t.game_id = g.id AND NOT t.counts)
		FROM games g WHERE `+cond+` ORDER BY g.created_at, g.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("db: league games: %w", err)
	}
	var games []LeagueGame
	index := map[int64]int{}
	for rows.Next() {
		var g LeagueGame
		var created, finished, settings string
		if err := rows.Scan(&g.ID, &g.WatchID, &g.Rules, &settings, &g.Status, &g.Winner, &g.Version, &created, &finished, &g.Excluded); err != nil {
			rows.Close()
			return nil, fmt.Errorf("db: league games: %w", err)
		}
		if settings != "{}" {
			g.Settings = json.RawMessage(settings)
		}
		g.CreatedAt = parseTime(created)
		if finished != "" {
			g.FinishedAt = parseTime(finished)
		}
		index[g.ID] = len(games)
		games = append(games, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("db: league games: %w", err)
	}
	if len(games) == 0 {
		return nil, nil
	}

	rows, err = q.QueryContext(ctx, `SELECT s.game_id, s.seat, s.player_id, coalesce(s.final, s.total), coalesce(s.place, 0),
		coalesce(s.best_points, 0), coalesce(s.best_hand, 0), coalesce(s.worst_points, 0), coalesce(s.worst_hand, 0)
		FROM seats s WHERE s.game_id IN (SELECT g.id FROM games g WHERE `+cond+`) ORDER BY s.game_id, s.seat`, args...)
	if err != nil {
		return nil, fmt.Errorf("db: league seats: %w", err)
	}
	names := map[int64]string{}
	for rows.Next() {
		var gameID int64
		var st LeagueSeat
		if err := rows.Scan(&gameID, &st.Seat.Seat, &st.PlayerID, &st.Total, &st.Place,
			&st.Best.Points, &st.Best.Hand, &st.Worst.Points, &st.Worst.Hand); err != nil {
			rows.Close()
			return nil, fmt.Errorf("db: league seats: %w", err)
		}
		g := &games[index[gameID]]
		g.Seats = append(g.Seats, st)
		names[st.PlayerID] = ""
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("db: league seats: %w", err)
	}

	rows, err = q.QueryContext(ctx, `SELECT p.id, p.name FROM players p WHERE p.id IN (
		SELECT DISTINCT s.player_id FROM seats s WHERE s.game_id IN (SELECT g.id FROM games g WHERE `+cond+`))`, args...)
	if err != nil {
		return nil, fmt.Errorf("db: league players: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, fmt.Errorf("db: league players: %w", err)
		}
		names[id] = name
	}
	for i := range games {
		for k := range games[i].Seats {
			games[i].Seats[k].Name = names[games[i].Seats[k].PlayerID]
		}
	}
	return games, rows.Err()
}

// RemoveLeagueGame takes a game (named by its read-only link id) out of
// the league; the game itself is kept. A table of an event night stays,
// with ErrEventTable: the organiser marks it as not counting instead. Its seats become plain names, the
// names its players have in the league now: outside leagues a game has no
// players.
func (s *Store) RemoveLeagueGame(ctx context.Context, leagueID int64, watchID string) (err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	if !ValidID(watchID) {
		return ErrNotFound
	}
	return s.leagueWrite(ctx, leagueID, func(tx wtx) error {
		var gameID int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM games WHERE watch_id = $1 AND league_id = $2`, watchID, leagueID).Scan(&gameID)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("db: remove game from league %d: %w", leagueID, err)
		}
		if table, err := eventTableOf(ctx, tx, gameID); err != nil || table {
			return cmp.Or(err, ErrEventTable)
		}
		for _, stmt := range []string{
			`UPDATE seats SET name = (SELECT p.name FROM players p WHERE p.id = seats.player_id), player_id = NULL WHERE game_id = $1`,
			`UPDATE games SET league_id = NULL WHERE id = $1`,
		} {
			if _, err := tx.ExecContext(ctx, stmt, gameID); err != nil {
				return fmt.Errorf("db: remove game %d from league %d: %w", gameID, leagueID, err)
			}
		}
		// leagueWrite bumps the version next: this removal is that version's.
		if _, err := tx.ExecContext(ctx, `UPDATE leagues SET removed_version = version + 1 WHERE id = $1`, leagueID); err != nil {
			return fmt.Errorf("db: remove game from league %d: %w", leagueID, err)
		}
		return nil
	})
}

// LeagueHandCounts returns how many hands each game of the league has
// (deleted hands not counted), by game id; a game without hands is not
// in it. One query for the whole league, for its games' CSV file.
func (s *Store) LeagueHandCounts(ctx context.Context, leagueID int64) (_ map[int64]int, err error) {
	ctx, end := s.call(ctx, heavyTimes)
	defer end(&err)
	counts := map[int64]int{}
	err = eachRow(ctx, s.r, `SELECT h.game_id, count(*) FROM hands h JOIN games g ON g.id = h.game_id
		WHERE g.league_id = $1 AND h.deleted_at IS NULL GROUP BY h.game_id`, []any{leagueID}, func(rows *sql.Rows) error {
		var gameID int64
		var n int
		if err := rows.Scan(&gameID, &n); err != nil {
			return err
		}
		counts[gameID] = n
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("db: hands of league %d: %w", leagueID, err)
	}
	return counts, nil
}
