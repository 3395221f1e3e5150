package scorepad

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"time"

	"meldpad/db"
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

// Seeder is what seeding a league needs of the store.
type Seeder interface {
	SeedLeague(ctx context.Context, in db.SeededLeague) (db.League, error)
}

// SeedLeague makes a league of finished games with plausible hands, for
// benchmarks and for trying meldpad with a big league, and has the store
// write it at once (db.Store.SeedLeague). Every hand passes the rules'
// checks for numbers (rules.Game.CheckPoints) and every game ends by its
// rules (rules.Game.Next). Players differ in skill, so ratings spread.
func SeedLeague(ctx context.Context, store Seeder, opt SeedOptions) (db.League, error) {
	in, err := seedLeague(opt, time.Now().UTC())
	if err != nil {
		return db.League{}, err
	}
	return store.SeedLeague(ctx, in)
}

// seedLeague plays the games of a seeded league, now being the time it
// is made.
func seedLeague(opt SeedOptions, now time.Time) (db.SeededLeague, error) {
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
		opt.Start = now.AddDate(-1, 0, -1)
	}
	rng := rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x5eed))
	in := db.SeededLeague{Name: opt.Name, Members: make([]string, opt.Players), Created: opt.Start}
	skill := make([]float64, opt.Players)
	for i := range in.Members {
		in.Members[i] = seedName(i)
		skill[i] = math.Exp(rng.NormFloat64() * 0.6)
	}
	var mix []seedGame
	for _, g := range rules.Games() {
		in.Games = append(in.Games, g.ID)
		if sampler, ok := g.Sampler(); ok {
			weight, seats := sampler.SampleTable()
			mix = append(mix, seedGame{g, sampler, weight, seats})
		}
	}
	step := time.Duration(float64(365*24*time.Hour) / float64(opt.Games))
	mid := opt.Start.Add(step * time.Duration(opt.Games/2))
	for n := 0; n < opt.Games; n++ {
		started := opt.Start.Add(step*time.Duration(n) + time.Duration(rng.IntN(int(step/time.Second)+1))*time.Second/2)
		g, err := playGame(rng, mix, skill, started)
		if err != nil {
			return db.SeededLeague{}, err
		}
		in.Played = append(in.Played, g)
	}
	in.Seasons = []db.SeededSeason{
		{Name: "First half", StartsOn: opt.Start.Format(time.DateOnly), EndsOn: mid.AddDate(0, 0, -1).Format(time.DateOnly)},
		{Name: "Second half", StartsOn: mid.Format(time.DateOnly)},
	}
	return in, nil
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

// seedGame is a game that can be seeded, how often it is played and at
// tables of which sizes (game.Sampler).
type seedGame struct {
	rules   rules.Game
	sampler game.Sampler
	weight  int
	seats   []int // player counts to draw from, repeats weight them
}

// playGame plays one finished game of a random kind and table.
func playGame(rng *rand.Rand, mix []seedGame, skill []float64, started time.Time) (db.SeededGame, error) {
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
	seats := min(chosen.seats[rng.IntN(len(chosen.seats))], len(skill))
	table := rng.Perm(len(skill))[:seats]
	weights := make([]float64, seats)
	for i, p := range table {
		weights[i] = skill[p]
	}
	rounds, res, err := seedRounds(rng, chosen, weights)
	if err != nil {
		return db.SeededGame{}, err
	}
	totals := make([]int, seats)
	points := make([][]int, len(rounds))
	for k, r := range rounds {
		points[k] = r.Points
		for i, p := range r.Points {
			totals[i] += p
		}
	}
	best, worst := extremes(points, seats)
	g := db.SeededGame{Rules: chosen.rules.ID, Seats: table, Started: started,
		Finished: started.Add(time.Duration(10+rng.IntN(80)) * time.Minute),
		Result:   db.Derived{Winner: res.Winner(), Seats: make([]db.SeatResult, seats)}}
	for i := range table {
		g.Result.Seats[i] = db.SeatResult{Total: totals[i], Final: res.Final[i], Place: res.Places[i], Best: &best[i], Worst: &worst[i]}
	}
	for _, r := range rounds {
		record, _ := json.Marshal(struct {
			Points   []int `json:"points"`
			Seat     int   `json:"seat"`
			EndsHand bool  `json:"ends_hand,omitempty"`
		}{r.Points, r.Seat, !chosen.rules.EndsHandQuestion.IsZero() && r.EndsHand})
		g.Hands = append(g.Hands, db.SeededHand{Points: r.Points, Seat: r.Seat, EndsHand: r.EndsHand, Record: record})
	}
	return g, nil
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
				return nil, game.Result{}, fmt.Errorf("scorepad: seed made a %s round its rules refuse: %w", g.rules.ID, err)
			}
			rounds = append(rounds, r)
			var res game.Result
			if t.Tally, res = g.rules.Next(t, r); res.Finished {
				return rounds, res, nil
			}
		}
	}
}
