package gin

import (
	"math/rand"
	"strings"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// list parses space-separated cards of the standard deck.
func list(t testing.TB, s string) []cards.Card {
	t.Helper()
	cs, err := cards.Standard().ParseList(strings.Fields(s))
	if err != nil {
		t.Fatalf("bad test hand %q: %v", s, err)
	}
	return cs
}

func card(t testing.TB, s string) cards.Card {
	t.Helper()
	c, err := cards.Standard().Parse(s)
	if err != nil {
		t.Fatalf("bad test card %q: %v", s, err)
	}
	return c
}

// melds parses melds separated by "|".
func melds(t testing.TB, s string) [][]cards.Card {
	t.Helper()
	out := [][]cards.Card{}
	for _, m := range strings.Split(s, "|") {
		out = append(out, list(t, m))
	}
	return out
}

func ruleOf(err error) string {
	rule, _ := ruling.RuleOf(err)
	return rule
}

// standardCards is the 52-card deck in a fixed order.
var standardCards = cards.Standard().Cards()

// randomDeal deals a knocker's hand built mostly of sets and runs, so that
// knocks within 10 are common, and a defender's hand with cards near the
// knocker's ranks, so that lay-offs and undercuts happen. The knocker
// sits in a random seat; one deal in ten is an 11-card hand.
func randomDeal(rng *rand.Rand) Deal {
	free := map[cards.Card]bool{}
	for _, c := range standardCards {
		free[c] = true
	}
	lo := 1 + rng.Intn(10)
	take := func(cs []cards.Card) bool {
		for _, c := range cs {
			if !free[c] {
				return false
			}
		}
		for _, c := range cs {
			delete(free, c)
		}
		return true
	}
	near := func() cards.Card {
		for {
			c := standardCards[rng.Intn(len(standardCards))]
			if free[c] && (rng.Intn(3) == 0 || int(c.Rank) >= lo-1 && int(c.Rank) <= lo+5) {
				delete(free, c)
				return c
			}
		}
	}
	size := HandSize
	if rng.Intn(10) == 0 {
		size++
	}
	var knocker []cards.Card
	for try := 0; try < 30 && len(knocker) < size-rng.Intn(3); try++ {
		var meld []cards.Card
		r := cards.Rank(lo + rng.Intn(4))
		if rng.Intn(2) == 0 {
			for _, s := range cards.StandardSuits() {
				meld = append(meld, cards.Card{Rank: r, Suit: s})
			}
			rng.Shuffle(len(meld), func(i, j int) { meld[i], meld[j] = meld[j], meld[i] })
			meld = meld[:3+rng.Intn(2)]
		} else {
			s := cards.StandardSuits()[rng.Intn(4)]
			for k := cards.Rank(0); k < cards.Rank(3+rng.Intn(3)) && r+k <= cards.King; k++ {
				meld = append(meld, cards.Card{Rank: r + k, Suit: s})
			}
		}
		if len(meld) >= 3 && len(knocker)+len(meld) <= size && take(meld) {
			knocker = append(knocker, meld...)
		}
	}
	for len(knocker) < size {
		knocker = append(knocker, near())
	}
	var defender []cards.Card
	for len(defender) < HandSize {
		defender = append(defender, near())
	}
	rng.Shuffle(len(knocker), func(i, j int) { knocker[i], knocker[j] = knocker[j], knocker[i] })
	seat := rng.Intn(2)
	d := Deal{Knocker: seat, UpCard: standardCards[rng.Intn(len(standardCards))]}
	d.Hands[seat], d.Hands[1-seat] = knocker, defender
	return d
}

func newRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }

// mixedDeals deals random deals, every third one from tieishDeal: 300
// with -short, else 2000.
func mixedDeals(t *testing.T, rng *rand.Rand) []Deal {
	n := 2000
	if testing.Short() {
		n = 300
	}
	deals := make([]Deal, n)
	for i := range deals {
		if i%3 == 0 {
			deals[i] = tieishDeal(rng)
		} else {
			deals[i] = randomDeal(rng)
		}
	}
	return deals
}

// tieishDeal deals two hands of three melds of three cards each and one
// loose card of the same value, so that ties in deadwood are common; a
// lay-off or a loose card that melds can still break the tie.
func tieishDeal(rng *rand.Rand) Deal {
	free := map[cards.Card]bool{}
	for _, c := range standardCards {
		free[c] = true
	}
	hand := func() []cards.Card {
		var h []cards.Card
		for len(h) < HandSize-1 {
			c := standardCards[rng.Intn(len(standardCards))]
			var meld []cards.Card
			if rng.Intn(2) == 0 {
				for _, s := range cards.StandardSuits() {
					if s != c.Suit && len(meld) < 2 {
						meld = append(meld, cards.Card{Rank: c.Rank, Suit: s})
					}
				}
			} else if c.Rank <= cards.Jack {
				meld = []cards.Card{{Rank: c.Rank + 1, Suit: c.Suit}, {Rank: c.Rank + 2, Suit: c.Suit}}
			}
			meld = append(meld, c)
			ok := len(meld) == 3
			for _, m := range meld {
				ok = ok && free[m]
			}
			if ok {
				for _, m := range meld {
					delete(free, m)
				}
				h = append(h, meld...)
			}
		}
		return h
	}
	knocker, defender := hand(), hand()
	for value := 1 + rng.Intn(10); ; value = 1 + rng.Intn(10) {
		var loose []cards.Card
		for _, c := range standardCards {
			if free[c] && Value(c) == value {
				loose = append(loose, c)
			}
		}
		if len(loose) >= 2 {
			rng.Shuffle(len(loose), func(i, j int) { loose[i], loose[j] = loose[j], loose[i] })
			knocker, defender = append(knocker, loose[0]), append(defender, loose[1])
			break
		}
	}
	seat := rng.Intn(2)
	d := Deal{Knocker: seat, UpCard: standardCards[rng.Intn(len(standardCards))]}
	d.Hands[seat], d.Hands[1-seat] = knocker, defender
	return d
}
