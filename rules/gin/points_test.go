package gin

import (
	"errors"
	"testing"

	"meldpad/rules/cards"
)

func TestEntryCheckG3(t *testing.T) {
	oklahoma := HouseRules{Oklahoma: true}
	tests := []struct {
		name  string
		entry Entry
		house HouseRules
		rule  string // "" for valid, "400" for a *DealError
		msg   string
	}{
		{name: "a knock", entry: Entry{Points: []int{66, 0}}},
		{name: "an undercut for seat 1", entry: Entry{Points: []int{0, 29}}},
		{name: "nobody scores: a tie under undercut only when less", entry: Entry{Points: []int{0, 0}}},
		{name: "a draw", entry: Entry{Points: []int{0, 0}, Draw: true}},
		{name: "the largest deal, Big Gin 31 + 98", entry: Entry{Points: []int{129, 0}}},
		{name: "Oklahoma: a doubled largest deal", entry: Entry{Points: []int{0, 258}}, house: oklahoma},
		{name: "Oklahoma: an even number over 129", entry: Entry{Points: []int{130, 0}}, house: oklahoma},
		{name: "G3: both score", entry: Entry{Points: []int{5, 20}}, rule: "G3",
			msg: "gin: both players score (5 and 20), but only one side scores in a deal (G3)"},
		{name: "G3: negative", entry: Entry{Points: []int{-25, 0}}, rule: "G3",
			msg: "gin: seat 0 has -25, but points are never negative (G3)"},
		{name: "G3: over Big Gin's most", entry: Entry{Points: []int{0, 130}}, rule: "G3",
			msg: "gin: 130 points are more than a deal can score: at most 129 (G3)"},
		{name: "G3: over a doubled Big Gin", entry: Entry{Points: []int{0, 1000}}, house: oklahoma, rule: "G3",
			msg: "gin: 1000 points are more than a deal can score: at most 258 (G3)"},
		{name: "G1: odd over 129 under Oklahoma", entry: Entry{Points: []int{257, 0}}, house: oklahoma, rule: "G1",
			msg: "gin: 257 points: over 129 only a deal doubled by a spade up-card scores, and doubled points are even (G1)"},
		{name: "G2: a draw scores nothing", entry: Entry{Points: []int{0, 12}, Draw: true}, rule: "G2",
			msg: "gin: a draw scores nothing, but 0 and 12 are entered (G2)"},
		{name: "three numbers", entry: Entry{Points: []int{1, 0, 0}}, rule: "400",
			msg: "gin: a deal has 2 numbers, one per player, not 3"},
		{name: "no numbers", entry: Entry{}, rule: "400",
			msg: "gin: a deal has 2 numbers, one per player, not 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.entry.Check(tc.house)
			if tc.rule == "" {
				if err != nil {
					t.Fatalf("Check: %v", err)
				}
				return
			}
			var de *DealError
			switch {
			case err == nil || english.Error(err) != tc.msg:
				t.Errorf("Check error = %v, want %q", err, tc.msg)
			case tc.rule == "400" && (!errors.As(err, &de) || de.Field != "points"):
				t.Errorf("Check error = %#v, want a *DealError for points", err)
			case tc.rule != "400" && ruleOf(err) != tc.rule:
				t.Errorf("rule = %q, want %q", ruleOf(err), tc.rule)
			}
		})
	}
}

// TestMaxDealPointsG3 plays the deal that MaxDealPoints says is the
// largest: the 98 of MaxDeadwood against a Big Gin held by the other
// player, and the same doubled by a spade up-card under Oklahoma.
func TestMaxDealPointsG3(t *testing.T) {
	const worst = "10S QS 10H QH JD KD JC KC 9S 9H"
	if a := Deadwood(list(t, worst)); a.Value != MaxDeadwood || len(a.Melds) != 0 {
		t.Fatalf("Deadwood(%s) = %+v, want %d and no meld", worst, a, MaxDeadwood)
	}
	d := Deal{Hands: [2][]cards.Card{list(t, "AS 2S 3S 4S 5S 6S 7S 8S AH 2H 3H"), list(t, worst)}, UpCard: card(t, "5S")}
	for _, house := range []HouseRules{{}, {Oklahoma: true}} {
		r, err := Score(d, house)
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome != BigGin || r.Points[0] != house.MaxDealPoints() {
			t.Errorf("house %+v: %v %v, want Big Gin worth %d", house, r.Outcome, r.Points, house.MaxDealPoints())
		}
	}
}

// TestMaxDeadwoodN3 searches for a hand with more deadwood than
// MaxDeadwood: a hill-climb from random hands, swapping one card at a time
// while the deadwood does not fall. The proof is in MaxDeadwood's comment;
// this checks the proof and the search against each other.
func TestMaxDeadwoodN3(t *testing.T) {
	rng := newRand(31)
	best := 0
	for range 40 {
		perm := rng.Perm(len(standardCards))
		hand := make([]cards.Card, HandSize)
		for i := range hand {
			hand[i] = standardCards[perm[i]]
		}
		value := Deadwood(hand).Value
		for range 400 {
			i, c := rng.Intn(HandSize), standardCards[rng.Intn(len(standardCards))]
			held := false
			for _, h := range hand {
				held = held || h == c
			}
			if held {
				continue
			}
			old := hand[i]
			hand[i] = c
			if v := Deadwood(hand).Value; v >= value {
				value = v
			} else {
				hand[i] = old
			}
		}
		if value > MaxDeadwood {
			t.Fatalf("%v holds %d deadwood, over MaxDeadwood %d", hand, value, MaxDeadwood)
		}
		best = max(best, value)
	}
	if best != MaxDeadwood {
		t.Logf("the search reached %d, below the proven %d", best, MaxDeadwood)
	}
}
