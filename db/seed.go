package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"time"

	"meldpad/rules"
	"meldpad/rules/game"
)

// SeedOptions says what league SeedLeague makes.
type SeedOptions struct {
	Name    string    // league name; "Seeded league" if empty
	Players int       // how many players; 50 if zero
	Games   int       // how many finished games; 5000 if zero
	Seed    uint64    // the same seed makes the same league
	Start   time.Time // the first game's start; a year and a day before now if zero
}

// SeedLeague makes a league of finished games with plausible hands, for
// benchmarks and for trying meldpad with a big league. Games are written
// directly in one transaction (not hand by hand through AddHand, which
// would take minutes), with the same derived totals, results and "add"
// revisions AddHand would leave. Every hand passes the rules' checks for
// numbers (rules.Game.CheckPoints) and every game ends by its rules
// (rules.Game.Winner). Players differ in skill, so ratings spread.
func (s *Store) SeedLeague(ctx context.Context, opt SeedOptions) (League, error) {
	if opt.Name == "" {
		opt.Name = "Seeded league"
	}
	if opt.Players == 0 {
		opt.Players = 50
	}
	if opt.Games == 0 {
		opt.Games = 5000
	}
	if opt.Start.IsZero() {
		// The last games then finish a day ago at the latest, not in the
		// next hour: a game played now finishes after all of them.
		opt.Start = s.now().AddDate(-1, 0, -1)
	}
	rng := rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x5eed))
	names := make([]string, opt.Players)
	skill := make([]float64, opt.Players)
	for i := range names {
		names[i] = seedName(i)
		skill[i] = math.Exp(rng.NormFloat64() * 0.6)
	}
	var games []string
	var mix []seedGame
	for _, g := range rules.Games() {
		games = append(games, g.ID)
		if sampler, ok := g.Module.(game.Sampler); ok {
			weight, seats := sampler.SampleTable()
			mix = append(mix, seedGame{g, sampler, weight, seats})
		}
	}
	league, err := s.CreateLeague(ctx, NewLeague{Name: opt.Name, Games: games, Members: names})
	if err != nil {
		return League{}, err
	}
	step := time.Duration(float64(365*24*time.Hour) / float64(opt.Games))
	mid := opt.Start.Add(step * time.Duration(opt.Games/2))
	err = s.write(ctx, func(tx wtx) error {
		playerIDs := make([]int64, opt.Players)
		for i, name := range names {
			if err := tx.QueryRowContext(ctx, `SELECT id FROM players WHERE league_id = ? AND name = ? COLLATE NOCASE`,
				league.ID, name).Scan(&playerIDs[i]); err != nil {
				return fmt.Errorf("db: seed: player %s: %w", name, err)
			}
		}
		ins, err := prepareSeed(ctx, tx)
		if err != nil {
			return err
		}
		defer ins.close()
		for n := 0; n < opt.Games; n++ {
			started := opt.Start.Add(step*time.Duration(n) + time.Duration(rng.IntN(int(step/time.Second)+1))*time.Second/2)
			if err := ins.playGame(ctx, rng, mix, league.ID, playerIDs, skill, started); err != nil {
				return err
			}
		}
		for _, sn := range []struct{ name, from, to string }{
			{"First half", opt.Start.Format(time.DateOnly), mid.AddDate(0, 0, -1).Format(time.DateOnly)},
			{"Second half", mid.Format(time.DateOnly), ""},
		} {
			if _, err := tx.ExecContext(ctx, `INSERT INTO seasons (league_id, name, starts_on, ends_on, created_at) VALUES (?, ?, ?, ?, ?)`,
				league.ID, sn.name, sn.from, nullIfEmpty(sn.to), formatTime(opt.Start)); err != nil {
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

// seedName names the i-th seeded player.
func seedName(i int) string {
	first := []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo",
		"Kai", "Lou", "Max", "Ned", "Oda", "Pip", "Quin", "Ray", "Sam", "Tia", "Uma", "Vic", "Wes", "Xan", "Yul"}
	name := first[i%len(first)]
	if i >= len(first) {
		name += " " + strconv.Itoa(i/len(first)+1)
	}
	return name
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
			VALUES (?, ?, ?, ?, 'finished', ?, ?, ?, ?, ?) RETURNING id`},
		{&ins.seat, `INSERT INTO seats (game_id, seat, player_id, total, final, place, best_points, best_hand, worst_points, worst_hand)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`},
		{&ins.hand, `INSERT INTO hands (game_id, seq, entry, record, points, seat, ends_hand, created_at, updated_at)
			VALUES (?, ?, 'points', ?, ?, ?, ?, ?, ?) RETURNING id`},
		{&ins.revision, `INSERT INTO revisions (hand_id, action, author, at, after) VALUES (?, 'add', 'seed', ?, ?)`},
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

// seedGame is a game that can be seeded, how often it is played and at
// tables of which sizes (game.Sampler).
type seedGame struct {
	rules   rules.Game
	sampler game.Sampler
	weight  int
	seats   []int // player counts to draw from, repeats weight them
}

// playGame writes one finished game of a random kind and table.
func (ins *seedInserts) playGame(ctx context.Context, rng *rand.Rand, mix []seedGame, leagueID int64, playerIDs []int64, skill []float64, started time.Time) error {
	total := 0
	for _, m := range mix {
		total += m.weight
	}
	pick := rng.IntN(total)
	chosen := mix[0]
	for _, m := range mix {
		if pick < m.weight {
			chosen = m
			break
		}
		pick -= m.weight
	}
	seats := min(chosen.seats[rng.IntN(len(chosen.seats))], len(playerIDs))
	table := rng.Perm(len(playerIDs))[:seats]
	weights := make([]float64, seats)
	for i, p := range table {
		weights[i] = skill[p]
	}
	rounds, res, err := seedRounds(rng, chosen, weights)
	if err != nil {
		return err
	}
	totals := make([]int, seats)
	points := make([][]int, len(rounds))
	for k, r := range rounds {
		points[k] = r.Points
		for i, p := range r.Points {
			totals[i] += p
		}
	}
	best, worst := handExtremes(points, seats)
	finished := started.Add(time.Duration(10+rng.IntN(80)) * time.Minute)
	var gameID int64
	if err := ins.newGame.QueryRowContext(ctx, NewID(), NewID(), leagueID, chosen.rules.ID, res.Winner(), len(rounds)+1,
		formatTime(started), formatTime(finished), formatTime(finished)).Scan(&gameID); err != nil {
		return fmt.Errorf("db: seed: game: %w", err)
	}
	for i, p := range table {
		if _, err := ins.seat.ExecContext(ctx, gameID, i, playerIDs[p], totals[i], res.Final[i], res.Places[i],
			best[i].Points, best[i].Hand, worst[i].Points, worst[i].Hand); err != nil {
			return fmt.Errorf("db: seed: seat: %w", err)
		}
	}
	for i, r := range rounds {
		at := formatTime(started.Add(time.Duration(i+1) * (finished.Sub(started) / time.Duration(len(rounds)+1))))
		points, _ := json.Marshal(r.Points)
		record, _ := json.Marshal(struct {
			Points   []int `json:"points"`
			Seat     int   `json:"seat"`
			EndsHand bool  `json:"ends_hand,omitempty"`
		}{r.Points, r.Seat, !chosen.rules.EndsHandQuestion.IsZero() && r.EndsHand})
		var handID int64
		if err := ins.hand.QueryRowContext(ctx, gameID, i+1, string(record), string(points), seatOrNull(r.Seat), r.EndsHand, at, at).
			Scan(&handID); err != nil {
			return fmt.Errorf("db: seed: hand: %w", err)
		}
		after, _ := json.Marshal(snapshot{Entry: EntryPoints, Record: record, Points: r.Points, Seat: r.Seat, EndsHand: r.EndsHand})
		if _, err := ins.revision.ExecContext(ctx, handID, at, string(after)); err != nil {
			return fmt.Errorf("db: seed: revision: %w", err)
		}
	}
	return nil
}

// seedRounds plays a game of random rounds until its rules end it, and
// returns the rounds and the result. weights make some players go out
// (win tricks, score more) more often than others.
func seedRounds(rng *rand.Rand, g seedGame, weights []float64) ([]rules.Round, game.Result, error) {
	n := len(weights)
	var sum float64
	for _, w := range weights {
		sum += w
	}
	skill := make([]float64, n)
	for i, w := range weights {
		skill[i] = w / (sum / float64(n))
	}
	lucky := func() int {
		x := rng.Float64() * sum
		for i, w := range weights {
			if x < w {
				return i
			}
			x -= w
		}
		return n - 1
	}
	t := game.Table{Names: make([]string, n)}
	for {
		var rounds []rules.Round
		t.Tally = game.NewTally(n)
		for len(rounds) < 400 {
			r := g.sampler.SampleRound(rng, t, skill, lucky)
			if err := g.rules.CheckPoints(t, r); err != nil {
				return nil, game.Result{}, fmt.Errorf("db: seed made a %s round its rules refuse: %w", g.rules.ID, err)
			}
			rounds = append(rounds, r)
			var res game.Result
			if t.Tally, res = g.rules.Next(t, r); res.Finished {
				return rounds, res, nil
			}
		}
	}
}
