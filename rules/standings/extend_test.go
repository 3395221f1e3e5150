package standings

import (
	"math/rand/v2"
	"slices"
	"sync"
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
		if !got.Equal(want) {
			t.Fatalf("Extend at %d of %d:\n got %+v\nwant %+v", k, len(games), got.Rows, want.Rows)
		}
		if again := Compute(games[:k], include, PointsFor("")); !base.Equal(again) {
			t.Fatalf("extending changed the table extended (split %d of %d)", k, len(games))
		}
	}
}

// A league's games finishing one or a few at a time: each table extended
// from the last is the table of all its games, although most extensions
// write into the arrays the earlier tables share (Reserve); every earlier
// table is still what it was, also when one of them is extended again
// (a request that read it before the latest extension), which must not
// write over the games the later tables have there.
func TestExtendChainLeavesEarlierTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	include := []int64{1, 2, 13}
	for range 50 {
		games := ByFinish(randomGames(rng, 20+rng.IntN(60)))
		k := rng.IntN(5)
		chain := []Table{Compute(games[:k], include, PointsFor(""))}
		ends := []int{k}
		inPlace := 0
		for k < len(games) {
			step := min(1+rng.IntN(3), len(games)-k)
			last := chain[len(chain)-1]
			next, ok := Extend(last, slices.Clone(games[k:k+step]))
			if !ok {
				t.Fatalf("Extend refused games %d to %d", k, k+step)
			}
			if len(last.Games) > 0 && len(next.Games) > 0 && &last.Games[0] == &next.Games[0] {
				inPlace++
			}
			k += step
			chain, ends = append(chain, next), append(ends, k)
			// A request holding an earlier table extends it too.
			i := rng.IntN(len(chain) - 1)
			other := slices.Clone(games[ends[i]:min(ends[i]+2, len(games))])
			for j := range other {
				other[j].Seats = []Seat{{Player: 14, Total: 1}, {Player: 15, Total: 2}}
			}
			if _, ok := Extend(chain[i], other); !ok {
				t.Fatal("extending an earlier table was refused")
			}
		}
		for i, tb := range chain {
			if want := Compute(games[:ends[i]], include, PointsFor("")); !tb.Equal(want) {
				t.Fatalf("table %d of the chain (%d games) is not the table of its games", i, ends[i])
			}
		}
		if inPlace < len(chain)/2 {
			t.Errorf("%d of %d extensions wrote into the array they share; want most", inPlace, len(chain)-1)
		}
	}
}

// Two requests extending the same table at once: one may write into the
// shared arrays, the other copies them; both get the table of their games
// (run with -race).
func TestExtendAtOnce(t *testing.T) {
	games := ByFinish(randomGames(rand.New(rand.NewPCG(9, 10)), 40))
	base, _ := Extend(Compute(games[:20], nil, PointsFor("")), slices.Clone(games[20:21]))
	var wg sync.WaitGroup
	got := make([]Table, 8)
	for i := range got {
		wg.Go(func() { got[i], _ = Extend(base, slices.Clone(games[21:22+i])) })
	}
	wg.Wait()
	for i, tb := range got {
		if want := Compute(games[:22+i], nil, PointsFor("")); !tb.Equal(want) {
			t.Errorf("extension %d is not the table of its games", i)
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

// Equal tells tables apart by any game, place, rating or row.
func TestTableEqual(t *testing.T) {
	games := ByFinish(randomGames(rand.New(rand.NewPCG(11, 12)), 12))
	base := Compute(games[:10], nil, PointsFor(""))
	if !base.Equal(Compute(games[:10], nil, PointsFor(""))) {
		t.Error("a table is not Equal to the same table computed again")
	}
	changed := slices.Clone(games[:10])
	changed[9].Seats = slices.Clone(changed[9].Seats)
	changed[9].Seats[0].Total++
	for name, other := range map[string]Table{
		"one game more":    Compute(games[:11], nil, PointsFor("")),
		"a total changed":  Compute(changed, nil, PointsFor("")),
		"another member":   Compute(games[:10], []int64{99}, PointsFor("")),
		"points of a kind": Compute(games[:10], nil, Points{Scored: true}),
	} {
		if base.Equal(other) || other.Equal(base) {
			t.Errorf("%s: Equal", name)
		}
	}
}

// Reserving room for nothing never copies, even in an array another
// list grew into: nothing will be written.
func TestReserveNothing(t *testing.T) {
	s, tail := Reserve(make([]int, 3), nil, 2) // an array of its own, with room
	s = append(s, 1, 2)
	shorter := s[:3] // an earlier list of the same array
	got, gotTail := Reserve(shorter, tail, 0)
	if &got[0] != &s[0] || gotTail != tail || len(got) != 3 {
		t.Errorf("reserving nothing copied the list or changed its Tail")
	}
	if again, _ := Reserve(shorter, tail, 1); &again[0] == &s[0] {
		t.Errorf("room for one more was given in an array another list grew into")
	}
}
