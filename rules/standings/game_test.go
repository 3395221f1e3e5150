package standings

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"
)

// TestByFinishIsStableSortByFinish: ByFinish orders as a stable sort by
// compareFinish does, on games with many equal times and keys.
func TestByFinishIsStableSortByFinish(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	base := time.Date(2026, 3, 1, 19, 0, 0, 0, time.UTC)
	for range 200 {
		games := make([]Game, rng.IntN(40))
		for i := range games {
			games[i] = Game{Key: string(rune('a' + rng.IntN(3))), Rules: strconv.Itoa(i),
				Started: base.Add(time.Duration(rng.IntN(4)) * time.Hour), Finished: base.Add(time.Duration(4+rng.IntN(4)) * time.Hour)}
		}
		want := slices.Clone(games)
		slices.SortStableFunc(want, compareFinish)
		if got := ByFinish(games); !slices.EqualFunc(got, want, func(a, b Game) bool { return a.Rules == b.Rules }) {
			t.Fatalf("ByFinish differs from a stable sort")
		}
	}
}

// BenchmarkByFinish orders a league of 20,000 games given in the order
// they were started.
func BenchmarkByFinish(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 5))
	base := time.Date(2026, 3, 1, 19, 0, 0, 0, time.UTC)
	games := make([]Game, 20000)
	for i := range games {
		start := base.Add(time.Duration(i) * time.Minute)
		games[i] = Game{Key: strconv.Itoa(i), Started: start, Finished: start.Add(time.Duration(30+rng.IntN(600)) * time.Minute)}
	}
	for b.Loop() {
		ByFinish(games)
	}
}
