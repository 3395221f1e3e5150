package gin

import (
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/game"
)

// TestCheckPointsRealDealsG1G3 is the property of the check by points:
// every real deal, dealt from the deck and scored by Score under random
// house rules (illegal knocks are no deals), is accepted under them, a
// draw and the most of all (a Big Gin against 98 deadwood doubled by a
// spade up-card, 258, under Oklahoma) among them; every deal no cards
// make is refused beside its number: below 0, both scoring, over 129
// without Oklahoma, over 258, or odd over 129.
func TestCheckPointsRealDealsG1G3(t *testing.T) {
	rng := newRand(129)
	type dealt struct {
		d     Deal
		house HouseRules
	}
	most := Deal{UpCard: card(t, "4S"), Hands: [2][]cards.Card{
		list(t, "AS 2S 3S 4S 5S 6S 7S 8S AH 2H 3H"), list(t, "10S QS 10H QH JD KD JC KC 9S 9H")}}
	deals := []dealt{{most, HouseRules{Oklahoma: true}}, {Deal{Draw: true}, HouseRules{}}}
	for _, d := range mixedDeals(t, rng) {
		deals = append(deals, dealt{d, HouseRules{Oklahoma: rng.Intn(2) == 0, UndercutOnlyWhenLess: rng.Intn(3) == 0}})
	}
	accepted, refused, falseAccepts, best := 0, 0, 0, 0
	for _, dl := range deals {
		res, err := Score(dl.d, dl.house)
		if err != nil {
			continue // an illegal knock: no deal of the rules
		}
		points := []int{res.Points[0], res.Points[1]}
		tb := game.Table{Names: []string{"Ann", "Bob"}, HouseRules: dl.house.Keys()}
		if err := (Module{}).CheckPoints(tb, game.Round{Points: points, Seat: -1}); err != nil {
			t.Fatalf("a real deal %v (%+v) refused: %v", points, dl.house, err)
		}
		accepted++
		best = max(best, points[0], points[1])
	}
	if best != 2*MaxDealPoints {
		t.Errorf("the best real deal scored %d, want %d", best, 2*MaxDealPoints)
	}
	type round struct {
		points   []int
		oklahoma bool
	}
	mostOf := func(oklahoma bool) int { return HouseRules{Oklahoma: oklahoma}.MaxDealPoints() }
	impossible := []round{{[]int{130, 0}, false}, {[]int{0, 131}, true}, {[]int{260, 0}, true}, {[]int{-2, 0}, false}, {[]int{10, 4}, true}}
	for range len(deals) {
		r := round{points: make([]int, 2), oklahoma: rng.Intn(2) == 0}
		switch seat := rng.Intn(2); rng.Intn(4) {
		case 0:
			r.points[seat] = mostOf(r.oklahoma) + 1 + rng.Intn(300)
		case 1:
			r.points[seat] = MaxDealPoints + 2 + 2*rng.Intn(64)
		case 2:
			r.points[seat] = -1 - rng.Intn(100)
		default:
			r.points[0], r.points[1] = 1+rng.Intn(100), 1+rng.Intn(100)
		}
		impossible = append(impossible, r)
	}
	for _, r := range impossible {
		tb := game.Table{Names: []string{"Ann", "Bob"}, HouseRules: HouseRules{Oklahoma: r.oklahoma}.Keys()}
		err := (Module{}).CheckPoints(tb, game.Round{Points: r.points, Seat: -1})
		if _, beside := err.(*game.PointsError); !beside {
			t.Errorf("%v (Oklahoma %v): %v, want it refused beside a number", r.points, r.oklahoma, err)
			if err == nil {
				falseAccepts++
			}
			continue
		}
		refused++
	}
	t.Logf("Gin Rummy: %d real deals accepted (best %d), %d impossible deals refused; false accepts %d, false refusals 0", accepted, best, refused, falseAccepts)
}
