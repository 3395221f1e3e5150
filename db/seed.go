package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// SeededLeague is a league made up for benchmarks and for trying
// meldpad with a big league (scorepad.SeedLeague): its finished games
// worked out already by their rules.
type SeededLeague struct {
	Name    string
	Games   []string // that count
	Members []string // names of the players, who are all members
	Played  []SeededGame
	Seasons []SeededSeason
	Created time.Time // when the seasons were made
}

// SeededGame is a finished game of a seeded league.
type SeededGame struct {
	Rules    string
	Seats    []int // each seat's player, by index in Members
	Started  time.Time
	Finished time.Time
	// Result is what the hands decide: each seat's total, final total,
	// place, best and worst hand, and the winner.
	Result Derived
	Hands  []SeededHand
}

// SeededHand is a hand entered by points.
type SeededHand struct {
	Points   []int
	Seat     int // -1 for none
	EndsHand bool
	Record   json.RawMessage
}

// SeededSeason is a season of a seeded league: its days, YYYY-MM-DD, an
// open end "".
type SeededSeason struct {
	Name, StartsOn, EndsOn string
}

// SeedLeague writes a seeded league: the league with its members, then
// its games directly in one transaction (not hand by hand through
// AddHand, which would take minutes), with the same derived totals,
// results and "add" revisions AddHand would leave.
func (s *Store) SeedLeague(ctx context.Context, in SeededLeague) (League, error) {
	league, err := s.CreateLeague(ctx, NewLeague{Name: in.Name, Games: in.Games, Members: in.Members})
	if err != nil {
		return League{}, err
	}
	err = s.write(ctx, func(tx wtx) error {
		playerIDs := make([]int64, len(in.Members))
		for i, name := range in.Members {
			if err := tx.QueryRowContext(ctx, s.q.playerByName,
				league.ID, name).Scan(&playerIDs[i]); err != nil {
				return fmt.Errorf("db: seed: player %s: %w", name, err)
			}
		}
		ins, err := prepareSeed(ctx, tx)
		if err != nil {
			return err
		}
		defer ins.close()
		for _, g := range in.Played {
			if err := ins.game(ctx, league.ID, playerIDs, g); err != nil {
				return err
			}
		}
		for _, sn := range in.Seasons {
			if _, err := tx.ExecContext(ctx, `INSERT INTO seasons (league_id, name, starts_on, ends_on, created_at) VALUES ($1, $2, $3, $4, $5)`,
				league.ID, sn.Name, sn.StartsOn, nullIfEmpty(sn.EndsOn), formatTime(in.Created)); err != nil {
				return fmt.Errorf("db: seed: season: %w", err)
			}
		}
		return bumpLeague(ctx, tx, league.ID)
	})
	if err != nil {
		return League{}, err
	}
	return s.League(ctx, league.PublicID)
}

// seedInserts are the prepared statements of a seeding transaction.
type seedInserts struct {
	newGame, seat, hand, revision *sql.Stmt
}

func prepareSeed(ctx context.Context, tx wtx) (*seedInserts, error) {
	var ins seedInserts
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&ins.newGame, `INSERT INTO games (public_id, watch_id, league_id, rules, status, winner_seat, version, created_at, updated_at, finished_at)
			VALUES ($1, $2, $3, $4, 'finished', $5, $6, $7, $8, $9) RETURNING id`},
		{&ins.seat, `INSERT INTO seats (game_id, seat, player_id, total, final, place, best_points, best_hand, worst_points, worst_hand)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`},
		{&ins.hand, `INSERT INTO hands (game_id, seq, entry, record, points, seat, ends_hand, created_at, updated_at)
			VALUES ($1, $2, 'points', $3, $4, $5, $6, $7, $8) RETURNING id`},
		{&ins.revision, `INSERT INTO revisions (hand_id, action, author, at, after) VALUES ($1, 'add', 'seed', $2, $3)`},
	} {
		stmt, err := tx.PrepareContext(ctx, p.sql)
		if err != nil {
			ins.close()
			return nil, fmt.Errorf("db: seed: %w", err)
		}
		*p.stmt = stmt
	}
	return &ins, nil
}

func (ins *seedInserts) close() {
	for _, stmt := range []*sql.Stmt{ins.newGame, ins.seat, ins.hand, ins.revision} {
		if stmt != nil {
			stmt.Close()
		}
	}
}

// game writes one finished game, its seats, hands and their revisions.
func (ins *seedInserts) game(ctx context.Context, leagueID int64, playerIDs []int64, g SeededGame) error {
	var gameID int64
	if err := ins.newGame.QueryRowContext(ctx, NewID(), NewID(), leagueID, g.Rules, g.Result.Winner, len(g.Hands)+1,
		formatTime(g.Started), formatTime(g.Finished), formatTime(g.Finished)).Scan(&gameID); err != nil {
		return fmt.Errorf("db: seed: game: %w", err)
	}
	for i, p := range g.Seats {
		sr := g.Result.Seats[i]
		if _, err := ins.seat.ExecContext(ctx, gameID, i, playerIDs[p], sr.Total, sr.Final, sr.Place,
			sr.Best.Points, sr.Best.Hand, sr.Worst.Points, sr.Worst.Hand); err != nil {
			return fmt.Errorf("db: seed: seat: %w", err)
		}
	}
	for i, h := range g.Hands {
		at := formatTime(g.Started.Add(time.Duration(i+1) * (g.Finished.Sub(g.Started) / time.Duration(len(g.Hands)+1))))
		points, _ := json.Marshal(h.Points)
		var handID int64
		if err := ins.hand.QueryRowContext(ctx, gameID, i+1, string(h.Record), string(points), seatOrNull(h.Seat), h.EndsHand, at, at).
			Scan(&handID); err != nil {
			return fmt.Errorf("db: seed: hand: %w", err)
		}
		after, _ := json.Marshal(snapshot{Entry: EntryPoints, Record: h.Record, Points: h.Points, Seat: h.Seat, EndsHand: h.EndsHand})
		if _, err := ins.revision.ExecContext(ctx, handID, at, string(after)); err != nil {
			return fmt.Errorf("db: seed: revision: %w", err)
		}
	}
	return nil
}
