package blackheart

import (
	"math/rand/v2"
	"slices"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/game"
)

// validSet deals a random valid set of the cards left, or nil, giving
// back the cards of one that is not valid (B1-B3).
func (m *meldMaker) validSet() []cards.Play {
	m.out = nil
	set := slices.Clone(m.meld())
	if len(set) > 0 && Check(set).Valid {
		return set
	}
	for _, p := range set {
		m.left[p.Card]++
	}
	return nil
}

// loose deals up to n cards of those left, at random.
func (m *meldMaker) loose(n int) []cards.Card {
	var out []cards.Card
	for range 40 * n {
		if len(out) == n {
			break
		}
		c := m.randomCard()
		if m.left[c] > 0 {
			m.left[c]--
			out = append(out, c)
		}
	}
	return out
}

// realDeal deals the end of a random real deal (B1-B7): the player who
// went out holds nothing, having played sets and laid off cards, or
// little (B4 swaps can take played diamonds away), a Black Heart now and
// then; every other player holds a card at least, and may have played.
// Now and then the player who went out plays most of the deck, so that
// deals come near what the deck holds.
func realDeal(rng *rand.Rand) Deal {
	seats := MinPlayers + rng.IntN(MaxPlayers-MinPlayers+1)
	for {
		m := newMeldMaker(rng)
		d := Deal{WentOut: rng.IntN(seats), BlackHeart: rng.IntN(5) == 0, Players: make([]Player, seats)}
		sets := 2 + rng.IntN(4)
		if rng.IntN(4) == 0 {
			sets = 60
		}
		out := &d.Players[d.WentOut]
		if rng.IntN(6) == 0 && m.left[jackOfDiamonds] > 0 {
			out.Melds = append(out.Melds, []cards.Play{{Card: jackOfDiamonds}, {Card: queenOfDiamonds}, {Card: kingOfDiamonds}})
			m.left[jackOfDiamonds], m.left[queenOfDiamonds], m.left[kingOfDiamonds] = 0, 0, 0
		}
		for range sets {
			if s := m.validSet(); s != nil {
				out.Melds = append(out.Melds, s)
			}
		}
		for _, c := range m.loose(rng.IntN(4)) {
			out.Layoffs = append(out.Layoffs, cards.Play{Card: c})
		}
		ok := true
		for seat := range d.Players {
			if seat == d.WentOut {
				continue
			}
			p := &d.Players[seat]
			for range rng.IntN(3) {
				if s := m.validSet(); s != nil {
					p.Melds = append(p.Melds, s)
				}
			}
			for _, c := range m.loose(rng.IntN(3)) {
				p.Layoffs = append(p.Layoffs, cards.Play{Card: c})
			}
			p.Hand = m.loose(1 + rng.IntN(6+8*rng.IntN(2)))
			ok = ok && len(p.Hand) > 0
		}
		if ok {
			return d
		}
	}
}

// TestCheckPointsRealDealsB7 is the property of the check by points:
// every real deal, dealt from the deck and scored by Score, is accepted;
// every deal that cannot be is refused: a score that is no multiple of 5,
// the player who went out under the 25 for going out, or scores whose
// sizes, bonuses aside, add up to more than the deck's cards are worth.
func TestCheckPointsRealDealsB7(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 660))
	n := 2000
	if testing.Short() {
		n = 300
	}
	accepted, refused, falseAccepts, best := 0, 0, 0, 0
	for range n {
		d := realDeal(rng)
		res, err := Score(d)
		if err != nil {
			t.Fatalf("Score: %v\n%+v", err, d)
		}
		if err := (Module{}).CheckPoints(game.Table{}, game.Round{Points: res.Points, Seat: d.WentOut}); err != nil {
			t.Fatalf("a real deal %v (went out %d) refused: %v\n%+v", res.Points, d.WentOut, err, d)
		}
		accepted++
		best = max(best, res.Points[d.WentOut])
	}
	type round struct {
		points []int
		seat   int
	}
	impossible := []round{{[]int{100000, -5}, 0}, {[]int{20, -5}, 0}, {[]int{-5, 755}, 1}, {[]int{25, -665}, 0}}
	for range n {
		seats := MinPlayers + rng.IntN(MaxPlayers-MinPlayers+1)
		r := round{points: make([]int, seats), seat: rng.IntN(seats)}
		switch rng.IntN(3) {
		case 0: // a number no cards make
			r.points[rng.IntN(seats)] = 5*(rng.IntN(60)-30) + 1 + rng.IntN(4)
		case 1: // the player who went out under 25
			r.points[r.seat] = 5 * (rng.IntN(10) - 5)
		default: // more than the deck holds, the bonuses aside
			sum := 0
			for i := range r.points {
				if i != r.seat {
					r.points[i] = 5 * (rng.IntN(100) - 50)
					sum += max(r.points[i], -r.points[i])
				}
			}
			bonuses := GoingOutBonus + BlackHeartBonusPerPlayer*seats
			r.points[r.seat] = bonuses + max(0, deckPoints-sum+5) + 5*rng.IntN(50)
		}
		impossible = append(impossible, r)
	}
	for _, r := range impossible {
		if err := (Module{}).CheckPoints(game.Table{}, game.Round{Points: r.points, Seat: r.seat}); err == nil {
			t.Errorf("%v (went out %d) accepted, but no deal scores it", r.points, r.seat)
			falseAccepts++
			continue
		}
		refused++
	}
	t.Logf("Black Heart: %d real deals accepted (best going out %d), %d impossible deals refused; false accepts %d, false refusals 0", accepted, best, refused, falseAccepts)
}

// TestDeckPointsB7: the deck's 75 cards, the Royale at 150, are worth
// 660: spades and clubs A-K twice (95 a suit), hearts A-10 twice (65).
func TestDeckPointsB7(t *testing.T) {
	if want := 4*95 + 2*65 + RoyalePoints; deckPoints != want || want != 660 {
		t.Errorf("deck points %d, want %d", deckPoints, want)
	}
}
