package standings

import (
	"slices"
	"testing"

	"meldpad/rules/rating"
)

// A game by points whose best total is tied gives both players first
// place (P4) as its module says (Seat.Place): both win, both average
// first, and the ratings treat it as a tie; at twelve seats too.
func TestComputeSharedWin(t *testing.T) {
	const frank, gil = 6, 7
	players := []int64{ann, bob, cy, dee, eve, frank, gil, 8, 9, 10, 11, 12}
	seats := make([]Seat, len(players))
	places := make([]int, len(players))
	for i, p := range players {
		// Hearts, lowest wins: Ann and Bob share first with 3.
		seats[i] = Seat{Player: p, Total: 3 + 10*i, Place: i + 1}
		places[i] = i + 1
	}
	seats[1].Total, seats[1].Place, places[1] = 3, 1, 1
	// A module's places stand even where highest-first totals would
	// differ: the lowest total wins here.
	tb := Compute([]Game{game("points", 0, 0, seats...)}, nil, PointsFor("points"))
	if got := Places(tb.Games[0]); !slices.Equal(got, places) {
		t.Fatalf("places %v, want %v", got, places)
	}
	want := rating.RatePlayers(make12(), places)
	for seat, p := range players {
		r, _ := tb.Row(p)
		wins := 0
		if places[seat] == 1 {
			wins = 1
		}
		if r.Wins != wins || r.PlaceSum != places[seat] || r.Played != 1 || r.Rating != want[seat] {
			t.Errorf("seat %d: %+v, want %d wins, place %d, rating %v", seat, r, wins, places[seat], want[seat])
		}
	}
	a, _ := tb.Row(ann)
	b, _ := tb.Row(bob)
	if a.Rating != b.Rating || a.Streak != 1 || b.Streak != 1 {
		t.Errorf("the shared win: %+v and %+v", a, b)
	}
	if tb.Points.Scored || tb.Points.Conceded {
		t.Errorf("games by points of every kind sum no points: %+v", tb.Points)
	}
}

func make12() []rating.Rating {
	out := make([]rating.Rating, 12)
	for i := range out {
		out[i] = rating.New()
	}
	return out
}
