package fortune

import (
	"context"
	"errors"
	"testing"
	"time"

	"meldpad/rules/cards"
)

// stopAfter is a context that ends at its n-th look, to tell whether a
// search looks at its context while it runs, not only before it starts.
type stopAfter struct {
	context.Context
	n, looks int
}

func (c *stopAfter) Err() error {
	if c.looks++; c.looks >= c.n {
		return context.Canceled
	}
	return nil
}

// wholeDecks is a hand of eight players that lays down both decks but
// seven deuces: every rank but the deuces as two sets of four, the aces
// with a deuce on top (big sets, R1 house rule), and the seven other
// deuces one in each hand but the first player's, who went out (R6). It
// is the most melds a hand can hold (24), each judged in full.
func wholeDecks() ([]Player, HouseRules) {
	players := make([]Player, MaxPlayers)
	deuces := hand("2S 2H 2D 2C 2S 2H 2D 2C")
	i := 0
	for r := cards.Ace; r <= cards.King; r++ {
		if r == 2 {
			continue
		}
		for copy := range 2 {
			var set []cards.Play
			for _, s := range standardSuits {
				set = append(set, cards.Play{Card: cards.Card{Rank: r, Suit: s}})
			}
			if copy == 0 && r == cards.Ace {
				set, deuces = append(set, cards.Play{Card: deuces[0]}), deuces[1:]
			}
			players[i%MaxPlayers].Melds = append(players[i%MaxPlayers].Melds, set)
			i++
		}
	}
	for seat := 1; seat < MaxPlayers; seat++ {
		players[seat].Hand = deuces[seat-1 : seat]
	}
	return players, HouseRules{BigSets: true}
}

func TestScoreContextStops(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	players, house := wholeDecks()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		want error
	}{
		{"client gone before the first meld", cancelled, context.Canceled},
		{"deadline passed before the first meld", expired, context.DeadlineExceeded},
		{"cancelled between melds", &stopAfter{Context: context.Background(), n: 2}, context.Canceled},
		{"cancelled before the last meld", &stopAfter{Context: context.Background(), n: 24}, context.Canceled},
		{"never cancelled", &stopAfter{Context: context.Background(), n: 25}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := ScoreContext(tc.ctx, players, house)
			if !errors.Is(err, tc.want) {
				t.Fatalf("ScoreContext = %v, %v; want %v", res.Points, err, tc.want)
			}
		})
	}
	want, err := Score(players, house)
	if err != nil {
		t.Fatalf("both decks: %v", err)
	}
	got, _ := ScoreContext(context.Background(), players, house)
	for seat := range want.Points {
		if got.Points[seat] != want.Points[seat] {
			t.Errorf("seat %d: ScoreContext %d, Score %d", seat, got.Points[seat], want.Points[seat])
		}
	}
}
