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

// Player is a name within a league: a member, or someone seated at one
// of its games. The same person in two leagues is two players, and a game
// outside leagues has names on its seats, no players.
type Player struct {
	ID   int64
	Name string
}

// Seat is a player's place at a game, in clockwise order from 0.
type Seat struct {
	Seat     int
	PlayerID int64  // the league's player; 0 at a game outside leagues
	Name     string // the player's name in the league, or the seat's own
	Total    int    // derived: sum of the seat's points over the hands
	// Final and Place are derived once the game is over: the final total
	// (Total plus any bonus of the game's end, Gin's G5) and the
	// finishing place, 1 for every winner. Zero while it goes on.
	Final int
	Place int
}

// Game is one scorepad.
type Game struct {
	ID          int64
	PublicID    string
	Rules       string          // game id: "fan"
	HouseRules  map[string]bool // chosen house-rule keys
	Settings    json.RawMessage // the game's own settings (game.Configurable), or nil
	FirstDealer int
	Status      string // "playing" or "finished"
	Winner      int    // seat, or -1
	Version     int    // bumped by every write to the game or its hands
	Seats       []Seat
	// Tally is what the game keeps of its hands (running totals, the
	// last round), as the last write stored it (Derived.Tally); nil for
	// a game no write has worked it out for yet.
	Tally      json.RawMessage
	CreatedAt  time.Time
	UpdatedAt  time.Time
	FinishedAt time.Time // zero while playing
	// MaxSeq is the highest seq any of its hands took, deleted ones too
	// (the next hand takes MaxSeq+1); LastSeq that of its last hand not
	// deleted. Both are 0 before the first hand.
	MaxSeq  int
	LastSeq int
	// InLeague says the game belongs to a league: its seats are the
	// league's players, renamed by the league's organizer, and it is
	// taken out of the league rather than deleted.
	InLeague bool
	// Deleted is when the game was deleted (DeleteGame), zero for a game
	// in use.
	Deleted time.Time
}

// Finished reports whether the game has a winner.
func (g Game) Finished() bool { return g.Status == StatusFinished }

// Game statuses.
const (
	StatusPlaying  = "playing"
	StatusFinished = "finished"
)

// NewGame is what the new-game form gives.
type NewGame struct {
	Rules      string
	HouseRules map[string]bool
	// Settings are the game's own settings as its module made them
	// (game.Configurable); nil for a game without.
	Settings json.RawMessage
	// Players are the names in seat order. In a league a name is the
	// league's player of that name (in any case), a new name a new
	// player of the league; outside leagues a name is only a name.
	Players     []string
	FirstDealer int
	Token       string // the form's idempotency token
	// LeagueID, when not zero, is the league the game is started in: the
	// game belongs to it, gets its read-only link at once (league pages
	// link games by it) and its players are the league's members.
	LeagueID int64
}

// CreateGame records a new game. If a game was already created with the
// same form token (a double-tapped submit), it returns that game instead.
func (s *Store) CreateGame(ctx context.Context, in NewGame) (_ Game, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	houseRules, err := json.Marshal(nonNilMap(in.HouseRules))
	if err != nil {
		return Game{}, fmt.Errorf("db: create game: %w", err)
	}
	var publicID string
	err = s.write(ctx, func(tx wtx) error {
		if err := s.d.lockToken(ctx, tx, in.Token); err != nil {
			return err
		}
		if in.Token != "" {
			err := tx.QueryRowContext(ctx, `SELECT g.public_id FROM submissions s JOIN games g ON g.id = s.game_id
				WHERE s.token = $1 AND s.hand_id IS NULL`, in.Token).Scan(&publicID)
			if err == nil {
				return nil
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("db: create game: token: %w", err)
			}
		}
		now := formatTime(s.now())
		publicID = NewID()
		league, watchID := any(nil), any(nil)
		if in.LeagueID != 0 {
			league, watchID = in.LeagueID, NewID()
		}
		settings := "{}"
		if len(in.Settings) > 0 {
			settings = string(in.Settings)
		}
		var gameID int64
		if err := tx.QueryRowContext(ctx, `INSERT INTO games (public_id, rules, house_rules, settings, first_dealer, created_at, updated_at, league_id, watch_id)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`, publicID, in.Rules, string(houseRules), settings, in.FirstDealer, now, now, league, watchID).
			Scan(&gameID); err != nil {
			return fmt.Errorf("db: create game: %w", err)
		}
		for seat, name := range in.Players {
			name = strings.TrimSpace(name)
			if in.LeagueID == 0 {
				if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, name) VALUES ($1, $2, $3)`,
					gameID, seat, name); err != nil {
					return fmt.Errorf("db: create game: seat %d: %w", seat, err)
				}
				continue
			}
			playerID, err := s.upsertPlayer(ctx, tx, in.LeagueID, name, now)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, player_id) VALUES ($1, $2, $3)`,
				gameID, seat, playerID); err != nil {
				return fmt.Errorf("db: create game: seat %d: %w", seat, err)
			}
			if err := addMember(ctx, tx, in.LeagueID, playerID, now); err != nil {
				return err
			}
		}
		if in.LeagueID != 0 {
			if err := leagueGameChanged(ctx, tx, gameID); err != nil {
				return err
			}
		}
		if in.Token != "" {
			if _, err := tx.ExecContext(ctx, `INSERT INTO submissions (token, game_id, at) VALUES ($1, $2, $3) ON CONFLICT (token) DO NOTHING`,
				in.Token, gameID, now); err != nil {
				return fmt.Errorf("db: create game: token: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return Game{}, err
	}
	return s.Game(ctx, publicID)
}

func nonNilMap(m map[string]bool) map[string]bool {
	if m == nil {
		return map[string]bool{}
	}
	return m
}

// upsertPlayer returns the id of the league's player with this name (in
// any case, as SQLite's NOCASE folds A-Z), adding the player to the
// league if needed. Only the league's own players are looked at. A
// player of that name added meanwhile by another server's write makes
// the insert do nothing, and is then found.
func (s *Store) upsertPlayer(ctx context.Context, tx wtx, leagueID int64, name, now string) (int64, error) {
	name = strings.TrimSpace(name)
	find := func() (int64, error) {
		var id int64
		err := tx.QueryRowContext(ctx, s.q.playerByName, leagueID, name).Scan(&id)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return 0, fmt.Errorf("db: find player %q of league %d: %w", name, leagueID, err)
		}
		return id, nil
	}
	if id, err := find(); id != 0 || err != nil {
		return id, err
	}
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO players (league_id, name, created_at) VALUES ($1, $2, $3)
		ON CONFLICT DO NOTHING RETURNING id`, leagueID, name, now).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return find()
	}
	if err != nil {
		return 0, fmt.Errorf("db: add player %q to league %d: %w", name, leagueID, err)
	}
	return id, nil
}

const gameColumns = `g.id, g.public_id, g.rules, g.house_rules, g.settings, g.first_dealer, g.status,
	coalesce(g.winner_seat, -1), g.version, g.created_at, g.updated_at, coalesce(g.finished_at, ''), coalesce(g.tally, ''),
	(SELECT coalesce(max(h.seq), 0) FROM hands h WHERE h.game_id = g.id),
	(SELECT coalesce(max(h.seq), 0) FROM hands h WHERE h.game_id = g.id AND h.deleted_at IS NULL),
	g.league_id IS NOT NULL, coalesce(g.deleted_at, '')`

type scanner interface{ Scan(dest ...any) error }

// scanGame reads gameColumns, and into more whatever columns follow them.
func scanGame(row scanner, more ...any) (Game, error) {
	var g Game
	var houseRules, settings, created, updated, finished, tally, deleted string
	if err := row.Scan(append([]any{&g.ID, &g.PublicID, &g.Rules, &houseRules, &settings, &g.FirstDealer, &g.Status,
		&g.Winner, &g.Version, &created, &updated, &finished, &tally, &g.MaxSeq, &g.LastSeq, &g.InLeague, &deleted}, more...)...); err != nil {
		return Game{}, err
	}
	if deleted != "" {
		g.Deleted = parseTime(deleted)
	}
	if tally != "" {
		g.Tally = json.RawMessage(tally)
	}
	if err := json.Unmarshal([]byte(houseRules), &g.HouseRules); err != nil {
		return Game{}, fmt.Errorf("house rules of game %d: %w", g.ID, err)
	}
	if settings != "{}" {
		g.Settings = json.RawMessage(settings)
	}
	g.CreatedAt, g.UpdatedAt = parseTime(created), parseTime(updated)
	if finished != "" {
		g.FinishedAt = parseTime(finished)
	}
	return g, nil
}

// Game returns the game with the given public id, with its seats. A
// deleted game is a *DeletedGameError, which is also ErrNotFound: to
// every page but its own link's, a deleted game is no game.
func (s *Store) Game(ctx context.Context, publicID string) (Game, error) {
	g, err := s.GameEvenDeleted(ctx, publicID)
	if err == nil && !g.Deleted.IsZero() {
		return Game{}, &DeletedGameError{ID: g.ID, PublicID: g.PublicID, Version: g.Version, Deleted: g.Deleted}
	}
	return g, err
}

// GameEvenDeleted is Game, a deleted game included (its Deleted set),
// for the pages of its own link: "deleted, undo", the live updates that
// tell the table.
func (s *Store) GameEvenDeleted(ctx context.Context, publicID string) (_ Game, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	if !ValidID(publicID) {
		return Game{}, ErrNotFound
	}
	var seats string
	g, err := scanGame(s.reads().QueryRowContext(ctx, s.q.game, publicID), &seats)
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	if err != nil {
		return Game{}, fmt.Errorf("db: load game %s: %w", publicID, err)
	}
	var rows []seatJSON
	if err := json.Unmarshal([]byte(seats), &rows); err != nil {
		return Game{}, fmt.Errorf("db: load seats of game %s: %w", publicID, err)
	}
	g.Seats = make([]Seat, len(rows))
	for i, r := range rows {
		g.Seats[i] = Seat(r)
	}
	return g, nil
}

// seatJSON is a seat as statements.game lists it.
type seatJSON struct {
	Seat     int    `json:"seat"`
	PlayerID int64  `json:"player"`
	Name     string `json:"name"`
	Total    int    `json:"total"`
	Final    int    `json:"final"`
	Place    int    `json:"place"`
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// GamesByPublicIDs returns the games with the given public ids, with
// their seats, in the order given; ids of no game are skipped. A phone's
// own list of games is read this way.
func (s *Store) GamesByPublicIDs(ctx context.Context, ids []string) (_ []Game, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	var games []Game
	for _, id := range ids {
		g, err := s.Game(ctx, id)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		games = append(games, g)
	}
	return games, nil
}

// Stamp is what a game's pages are keyed by: its version, and the name
// and link of its league (a league can be renamed without a write to the
// game), read in one statement.
type Stamp struct {
	ID             int64
	Version        int
	League         string // "" outside a league
	LeaguePublicID string
	// Deleted is when the game was deleted, zero for a game in use.
	Deleted time.Time
}

const stampQuery = `SELECT g.id, g.version, coalesce(l.name, ''), coalesce(l.public_id, ''), coalesce(g.deleted_at, '')
	FROM games g LEFT JOIN leagues l ON l.id = g.league_id WHERE g.public_id = $1`

// GameStamp returns the stamp of the game with the given public id, a
// deleted game's too (Stamp.Deleted).
func (s *Store) GameStamp(ctx context.Context, publicID string) (_ Stamp, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	return s.readStamp(ctx, "g", stampQuery, publicID, "game "+publicID)
}
