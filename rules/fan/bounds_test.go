package fan

import (
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/game"
)

// tableWith is a Fan table with the house rule of N6 as given.
func tableWith(undercutOnTie bool) game.Table {
	return game.Table{Names: []string{"Ann", "Bob"}, HouseRules: map[string]bool{"undercut_on_tie": undercutOnTie}}
}

// TestCheckPointsRealDealsN6N7 is the property of the check by points:
// every real deal, dealt from the deck and scored by Score (illegal
// knocks are no deals), is accepted under its house rule, the most of
// all (a Big Gin against 98 deadwood doubled by a spade, 258) among
// them; every deal no cards make is refused: below 0, both scoring, over
// 258, odd over 129, and nothing scored when a tie is an undercut.
func TestCheckPointsRealDealsN6N7(t *testing.T) {
	rng := newRand(258)
	most := Deal{KnockCard: card(t, "4S"), Hands: [2][]cards.Card{
		list(t, "AS 2S 3S 4S 5S 6S 7S 8S AH 2H 3H"), list(t, "10S QS 10H QH JD KD JC KC 9S 9H")}}
	deals := []Deal{most}
	for range randomDeals(t) {
		deals = append(deals, randomDeal(rng))
	}
	accepted, refused, falseAccepts, best := 0, 0, 0, 0
	for _, d := range deals {
		res, err := Score(d)
		if err != nil {
			continue // an illegal knock: no deal of the rules
		}
		points := []int{res.Points[0], res.Points[1]}
		if err := (Module{}).CheckPoints(tableWith(d.UndercutOnTie), game.Round{Points: points, Seat: -1}); err != nil {
			t.Fatalf("a real deal %v refused: %v\n%s", points, err, dealString(d))
		}
		accepted++
		best = max(best, points[0], points[1])
	}
	if best != MaxDoubledDealPoints {
		t.Errorf("the best real deal scored %d, want %d", best, MaxDoubledDealPoints)
	}
	type round struct {
		points []int
		tie    bool
	}
	impossible := []round{{[]int{0, 0}, true}, {[]int{259, 0}, false}, {[]int{0, 131}, false}, {[]int{-1, 0}, false}, {[]int{10, 4}, false}}
	for range randomDeals(t) {
		r := round{points: make([]int, 2), tie: rng.Intn(2) == 0}
		switch seat := rng.Intn(2); rng.Intn(4) {
		case 0:
			r.points[seat] = MaxDoubledDealPoints + 1 + rng.Intn(500)
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
		if err := (Module{}).CheckPoints(tableWith(r.tie), game.Round{Points: r.points, Seat: -1}); err == nil {
			t.Errorf("%v (undercut on a tie %v) accepted, but no deal scores it", r.points, r.tie)
			falseAccepts++
			continue
		}
		refused++
	}
	t.Logf("Fan Rummy: %d real deals accepted (best %d), %d impossible deals refused; false accepts %d, false refusals 0", accepted, best, refused, falseAccepts)
}
