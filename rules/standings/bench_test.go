package standings

import (
	"math/rand/v2"
	"testing"
	"time"
)

// benchGames is a league's worth of games: 5,000 games of 2 to 6 of 50
// players.
func benchGames() []Game {
	rng := rand.New(rand.NewPCG(1, 2))
	games := make([]Game, 5000)
	for i := range games {
		n := 2 + rng.IntN(5)
		g := Game{Key: "g", Rules: "fortune", Finished: day0.Add(time.Duration(i) * time.Hour), Winner: rng.IntN(n)}
		for _, p := range rng.Perm(50)[:n] {
			g.Seats = append(g.Seats, Seat{Player: int64(p), Total: rng.IntN(500)})
		}
		games[i] = g
	}
	return games
}

func BenchmarkCompute(b *testing.B) {
	games := benchGames()
	for b.Loop() {
		Compute(games, nil, PointsFor(""))
	}
}
