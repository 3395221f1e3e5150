package standings

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"
)

// randomGames are n finished games of 2 to 6 of 12 players, one an hour,
// some finishing at the same time (so the order falls to start and key).
func randomGames(rng *rand.Rand, n int) []Game {
	games := make([]Game, n)
	for i := range games {
		seats := 2 + rng.IntN(5)
		at := day0.Add(time.Duration(i/2) * time.Hour)
		g := Game{Key: string(rune('A' + i)), Rules: []string{"fan", "fortune"}[rng.IntN(2)], Started: at.Add(-time.Hour), Finished: at, Winner: rng.IntN(seats)}
		for _, p := range rng.Perm(12)[:seats] {
			g.Seats = append(g.Seats, Seat{Player: int64(p + 1), Total: rng.IntN(500)})
		}
		games[i] = g
	}
	return games
}

// Extending a table by the games that finished after it gives the table
// of all the games, whatever the split; and the table extended is left as
// it was, even when it is extended twice (two requests sharing it).
func TestExtendEqualsCompute(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	include := []int64{1, 2, 13} // 13 plays no game
	for range 200 {
		games := ByFinish(randomGames(rng, rng.IntN(40)))
		k := rng.IntN(len(games) + 1)
		base := Compute(games[:k], include, PointsFor(""))
		want := Compute(games, include, PointsFor(""))
		got, ok := Extend(base, slices.Clone(games[k:]))
		if !ok {
			t.Fatalf("Extend at %d of %d refused games that finish later", k, len(games))
		}
		// A second request extends the same table with other games.
		other := slices.Clone(games[k:])
		for i := range other {
			other[i].Seats = []Seat{{Player: 14, Total: 1}, {Player: 15, Total: 2}}
		}
		if _, ok := Extend(base, other); !ok {
			t.Fatal("the second extension was refused")
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Extend at %d of %d:\n got %+v\nwant %+v", k, len(games), got.Rows, want.Rows)
		}
		if again := Compute(games[:k], include, PointsFor("")); !reflect.DeepEqual(base, again) {
			t.Fatalf("extending changed the table extended (split %d of %d)", k, len(games))
		}
	}
}

// A game that finished before the table's last changes ratings from there
// on: Extend refuses it rather than give a wrong table.
func TestExtendRefusesAnEarlierGame(t *testing.T) {
	games := ByFinish(randomGames(rand.New(rand.NewPCG(5, 6)), 10))
	base := Compute(slices.Concat(games[:4], games[5:]), nil, PointsFor(""))
	if _, ok := Extend(base, games[4:5]); ok {
		t.Error("Extend took a game that finished before the table's last")
	}
}
