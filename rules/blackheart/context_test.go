package blackheart

import (
	"context"
	"errors"
	"reflect"
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

// wholeDeck is a deal that lays down the whole deck but the black court
// cards, which no heart is left to escort: every pip rank as two groups
// of spade, club and heart, the Royale, and the courts held. It is the
// most sets a deal can hold, each judged in full.
func wholeDeck(t testing.TB) Deal {
	d := Deal{WentOut: -1, Players: make([]Player, MaxPlayers)}
	for r := cards.Ace; r <= cards.Ten; r++ {
		group := []cards.Play{{Card: cards.Card{Rank: r, Suit: cards.Spades}}, {Card: cards.Card{Rank: r, Suit: cards.Clubs}}, {Card: cards.Card{Rank: r, Suit: cards.Hearts}}}
		for copy := range 2 {
			p := &d.Players[(2*int(r)+copy)%(MaxPlayers-1)]
			p.Melds = append(p.Melds, group)
		}
	}
	d.Players[MaxPlayers-1].Melds = [][]cards.Play{plays(t, "JD QD KD")}
	for i, c := range plays(t, "JS JS JC JC QS QS QC QC KS KS KC KC") {
		d.Players[i%(MaxPlayers-1)].Hand = append(d.Players[i%(MaxPlayers-1)].Hand, c.Card)
	}
	return d
}

func TestScoreContextStops(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		want error
	}{
		{"client gone before the first set", cancelled, context.Canceled},
		{"deadline passed before the first set", expired, context.DeadlineExceeded},
		{"cancelled between sets", &stopAfter{Context: context.Background(), n: 2}, context.Canceled},
		{"cancelled before the last set", &stopAfter{Context: context.Background(), n: 21}, context.Canceled},
		{"never cancelled", &stopAfter{Context: context.Background(), n: 22}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := ScoreContext(tc.ctx, wholeDeck(t))
			if !errors.Is(err, tc.want) {
				t.Fatalf("ScoreContext = %v, %v; want %v", res.Points, err, tc.want)
			}
		})
	}
	want, err := Score(wholeDeck(t))
	if err != nil {
		t.Fatalf("the whole deck: %v", err)
	}
	got, _ := ScoreContext(context.Background(), wholeDeck(t))
	for seat := range want.Points {
		if got.Points[seat] != want.Points[seat] {
			t.Errorf("seat %d: ScoreContext %d, Score %d", seat, got.Points[seat], want.Points[seat])
		}
	}
}

func TestCheckOpeningContextStops(t *testing.T) {
	melds := [][]cards.Play{plays(t, "7S 7C 7H"), plays(t, "8S 8C 8H 8S")}
	for _, tc := range []struct {
		name string
		n    int
		want error
	}{
		{"before the first set", 1, context.Canceled},
		{"between sets", 2, context.Canceled},
		{"never", 3, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := CheckOpeningContext(&stopAfter{Context: context.Background(), n: tc.n}, 150, melds)
			if !errors.Is(err, tc.want) {
				t.Fatalf("CheckOpeningContext = %+v, %v; want %v", v, err, tc.want)
			}
			if err == nil && !reflect.DeepEqual(v, CheckOpening(150, melds)) {
				t.Errorf("CheckOpeningContext = %+v, CheckOpening = %+v", v, CheckOpening(150, melds))
			}
		})
	}
}
