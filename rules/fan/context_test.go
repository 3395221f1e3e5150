package fan

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

// mostArrangements is the deal with the most knocker arrangements within
// the knock value that a hill-climb over random deals found (27).
func mostArrangements(t testing.TB) Deal {
	return Deal{KnockCard: card(t, "QH"), Hands: [2][]cards.Card{
		list(t, "2D 2H 4D 2C 4S 3C 4C AS 2S 4H"),
		list(t, "10C 5S 5H 6D 10D AH 9S 6C QC 6S"),
	}}
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
		{"client gone before the search", cancelled, context.Canceled},
		{"deadline passed before the search", expired, context.DeadlineExceeded},
		{"cancelled during the search", &stopAfter{Context: context.Background(), n: 2}, context.Canceled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := ScoreContext(tc.ctx, mostArrangements(t))
			if !errors.Is(err, tc.want) {
				t.Fatalf("ScoreContext = %+v, %v; want %v", res.Points, err, tc.want)
			}
		})
	}
}

func TestScoreContextLooksWhileSearching(t *testing.T) {
	ctx := &stopAfter{Context: context.Background(), n: 1 << 30}
	want, err := Score(mostArrangements(t))
	if err != nil {
		t.Fatal(err)
	}
	got, err := ScoreContext(ctx, mostArrangements(t))
	if err != nil || english.Say(got.Reason) != english.Say(want.Reason) || got.Points != want.Points {
		t.Fatalf("ScoreContext = %+v, %v; want %+v", got, err, want)
	}
	// One look before the search, then one every checkEvery arrangements.
	if ctx.looks < 2 {
		t.Errorf("the search looked at its context %d times, want a look while it runs", ctx.looks)
	}
}

// A deal malformed or against the rules is refused as before, whatever
// the context: the checks come first.
func TestScoreContextChecksFirst(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	d := mostArrangements(t)
	d.Hands[1] = d.Hands[1][:9]
	var bad *DealError
	if _, err := ScoreContext(cancelled, d); !errors.As(err, &bad) {
		t.Errorf("a 9-card defender under a cancelled context: %v, want a DealError", err)
	}
}
