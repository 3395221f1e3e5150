package fan

import (
	"testing"

	"meldpad/rules/cards"

	"meldpad/rules/game"
)

// TestMaxDealPointsN6N7 plays the deal MaxDoubledDealPoints says is the
// largest: a Big Gin against the 98 of MaxDeadwood, with a spade knock
// card, and the same with a heart; the referee scores exactly the bounds,
// and the check by points takes them.
func TestMaxDealPointsN6N7(t *testing.T) {
	const worst = "10S QS 10H QH JD KD JC KC 9S 9H"
	if a := Deadwood(list(t, worst)); a.Value != MaxDeadwood || len(a.Melds) != 0 {
		t.Fatalf("Deadwood(%s) = %+v, want %d and no meld", worst, a, MaxDeadwood)
	}
	for knockCard, want := range map[string]int{"5S": MaxDoubledDealPoints, "5H": MaxDealPoints} {
		d := Deal{KnockCard: card(t, knockCard), Hands: [2][]cards.Card{list(t, "AS 2S 3S 4S 5S 6S 7S 8S AH 2H 3H"), list(t, worst)}}
		r, err := Score(d)
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome != BigGin || r.Points[0] != want {
			t.Errorf("knock card %s: %v %v, want Big Gin worth %d", knockCard, r.Outcome, r.Points, want)
		}
		if err := (Module{}).CheckPoints(game.Table{}, game.Round{Points: r.Points[:], Seat: -1}); err != nil {
			t.Errorf("the largest deal is refused by points: %v", err)
		}
	}
	if MaxDoubledDealPoints != 258 {
		t.Errorf("MaxDoubledDealPoints = %d, want 2 × (31 + 98)", MaxDoubledDealPoints)
	}
}

// TestCheckPointsN6N7 checks deals entered by points by rule id, and
// blames the seat whose number is wrong.
func TestCheckPointsN6N7(t *testing.T) {
	tests := []struct {
		points []int
		rule   string
		blame  int
	}{
		{[]int{18, 0}, "", 0},
		{[]int{0, 0}, "", 0},
		{[]int{0, 129}, "", 0},
		{[]int{130, 0}, "", 0},
		{[]int{258, 0}, "", 0},
		{[]int{18, 4}, "N6", 1},
		{[]int{0, -2}, "N6", 1},
		{[]int{1000, 0}, "N7", 0},
		{[]int{0, 259}, "N7", 1},
		{[]int{0, 131}, "N7", 1},
	}
	for _, tc := range tests {
		err := Module{}.CheckPoints(game.Table{}, game.Round{Points: tc.points, Seat: -1})
		if got := ruleOf(err); got != tc.rule {
			t.Errorf("CheckPoints(%v) = %v (rule %q), want rule %q", tc.points, err, got, tc.rule)
			continue
		}
		if pe, ok := err.(*game.PointsError); err != nil && (!ok || pe.Seat != tc.blame) {
			t.Errorf("CheckPoints(%v) = %#v, want a *game.PointsError for seat %d", tc.points, err, tc.blame)
		}
	}
}

// TestDealsPassCheckPoints scores random deals, knocks, undercuts, Gin
// and Big Gin with every kind of knock card: whatever the referee scores
// passes the check by points, so the bound holds for every real deal.
func TestDealsPassCheckPoints(t *testing.T) {
	rng := newRand(2026)
	counts := map[Outcome]int{}
	for range randomDeals(t) {
		d := randomDeal(rng)
		r, err := Score(d)
		if err != nil {
			continue
		}
		counts[r.Outcome]++
		if err := (Module{}).CheckPoints(game.Table{}, game.Round{Points: r.Points[:], Seat: -1}); err != nil {
			t.Fatalf("%s: scored %v (%s), refused by points: %v", dealString(d), r.Points, r.Reason, err)
		}
	}
	if counts[Knock] == 0 || counts[Gin] == 0 || counts[BigGin] == 0 || counts[Undercut] == 0 {
		t.Errorf("the random deals miss an ending: %v", counts)
	}
}
