package flathead

import (
	"context"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	"meldpad/rules/cards"
)

// The hunt for slow inputs is a tool, not a test: it runs only when asked,
//
//	go test -run TestHuntSlowLayoffs -hunt 10m ./rules/flathead
//
// and climbs from random crowded ends of hands towards those on which the
// F7 search works hardest (counted in search steps, which do not depend
// on the machine), changing one thing at a time: a loser's card for
// another card of the deck, a card from one loser to another, a meld on
// the table for another, a trump in or out of a meld. The five slowest
// deals it finds join those already in -hunt.out (testdata/slow-deals.json
// by default), whose steps are counted again with the search as it is
// now, and the ten slowest of all are kept there for
// BenchmarkLayoffsSlowest to time. A deal a faster search no longer finds
// slow stays only as long as nothing slower has been found.
var (
	huntFor = flag.Duration("hunt", 0, "hunt for slow F7 inputs for this long")
	huntOut = flag.String("hunt.out", "testdata/slow-deals.json", "where the hunt writes the slowest deals")
)

// slowDeal is a deal the hunt found, as stored in testdata.
type slowDeal struct {
	Steps int        `json:"steps"`
	Hands [][]string `json:"hands"` // seat 0 went out
	Table [][]string `json:"table"`
}

func (d slowDeal) hand() Hand {
	deck := cards.Fanucci()
	parse := func(ss []string) []cards.Card {
		cs, err := deck.ParseList(ss)
		if err != nil {
			panic(err)
		}
		return cs
	}
	h := Hand{Winner: 0, BonusMarks: make([]int, len(d.Hands))}
	for _, hand := range d.Hands {
		h.Hands = append(h.Hands, parse(hand))
	}
	for _, m := range d.Table {
		h.Table = append(h.Table, parse(m))
	}
	return h
}

func toSlowDeal(h Hand, steps int) slowDeal {
	d := slowDeal{Steps: steps}
	for _, hand := range h.Hands {
		d.Hands = append(d.Hands, cards.Strings(hand))
	}
	for _, m := range h.Table {
		d.Table = append(d.Table, cards.Strings(m))
	}
	return d
}

// searchSteps runs the F7 search on h and returns how many steps it took.
func searchSteps(h Hand) int {
	s := newRunSearch(context.Background(), h.Table, h.Hands, h.Winner)
	if _, err := s.solve(); err != nil {
		panic(err)
	}
	return s.steps
}

// hunter changes deals one thing at a time, keeping them possible: valid
// melds on the table, every card once, at most ten cards a loser (F6).
type hunter struct {
	rng *rand.Rand
}

// used returns the cards of a deal.
func used(h Hand) map[cards.Card]bool {
	u := map[cards.Card]bool{}
	for _, hand := range h.Hands {
		for _, c := range hand {
			u[c] = true
		}
	}
	for _, m := range h.Table {
		for _, c := range m {
			u[c] = true
		}
	}
	return u
}

func cloneHand(h Hand) Hand {
	out := Hand{Winner: h.Winner, BonusMarks: slices.Clone(h.BonusMarks)}
	for _, hand := range h.Hands {
		out.Hands = append(out.Hands, slices.Clone(hand))
	}
	for _, m := range h.Table {
		out.Table = append(out.Table, slices.Clone(m))
	}
	return out
}

// freeCard returns a card of the deck not in the deal, of the colours
// given (any card, when none are), or false.
func (hu *hunter) freeCard(u map[cards.Card]bool, colours []cards.Colour) (cards.Card, bool) {
	for range 200 {
		c := fanucciCards[hu.rng.IntN(len(fanucciCards))]
		if !u[c] && (len(colours) == 0 || c.IsTrump() || slices.Contains(colours, c.Colour())) {
			return c, true
		}
	}
	return cards.Card{}, false
}

// randomMeld returns a random valid meld of free cards of the colours
// given: a run, a flush (often with gaps), a set, sometimes with a trump.
func (hu *hunter) randomMeld(u map[cards.Card]bool, colours []cards.Colour) []cards.Card {
	for range 100 {
		col := colours[hu.rng.IntN(len(colours))]
		suits := col.Suits()
		var meld []cards.Card
		switch hu.rng.IntN(4) {
		case 0: // a run or flush run
			lo := hu.rng.IntN(8)
			same := hu.rng.IntN(2) == 0
			s := suits[hu.rng.IntN(3)]
			for r := lo; r < lo+3+hu.rng.IntN(2) && r <= 9; r++ {
				if !same {
					s = suits[hu.rng.IntN(3)]
				}
				meld = append(meld, cards.Card{Rank: cards.Rank(r), Suit: s})
			}
		case 1: // a flush with gaps
			s := suits[hu.rng.IntN(3)]
			for r := hu.rng.IntN(3); r <= 9 && len(meld) < 3+hu.rng.IntN(2); r += 1 + hu.rng.IntN(3) {
				meld = append(meld, cards.Card{Rank: cards.Rank(r), Suit: s})
			}
		case 2: // a set
			r := cards.Rank(hu.rng.IntN(10))
			for _, s := range cards.FanucciSuits() {
				if len(meld) < 3+hu.rng.IntN(3) && hu.rng.IntN(3) == 0 {
					meld = append(meld, cards.Card{Rank: r, Suit: s})
				}
			}
		default: // a run of two and a trump
			r := hu.rng.IntN(9)
			second := min(r+1+hu.rng.IntN(2), 9)
			meld = []cards.Card{{Rank: cards.Rank(r), Suit: suits[hu.rng.IntN(3)]}, {Rank: cards.Rank(second), Suit: suits[hu.rng.IntN(3)]}}
		}
		if hu.rng.IntN(4) == 0 || len(meld) == 2 {
			if t, ok := hu.freeTrump(u); ok {
				meld = append(meld, t)
			}
		}
		ok := Check(meld).Valid
		for _, c := range meld {
			ok = ok && !u[c]
		}
		if ok {
			return meld
		}
	}
	return nil
}

func (hu *hunter) freeTrump(u map[cards.Card]bool) (cards.Card, bool) {
	for _, i := range hu.rng.Perm(9) {
		t := cards.NewTrump(cards.Trumps()[i])
		if !u[t] {
			return t, true
		}
	}
	return cards.Card{}, false
}

// start deals a crowded end of hand on one or two colours: five losers of
// ten cards, eight to fourteen melds.
func (hu *hunter) start() Hand {
	cols := cards.FanucciColours()
	hu.rng.Shuffle(len(cols), func(i, j int) { cols[i], cols[j] = cols[j], cols[i] })
	cols = cols[:1+hu.rng.IntN(2)]
	h := Hand{Winner: 0, Hands: make([][]cards.Card, 6), BonusMarks: make([]int, 6)}
	h.Hands[0] = []cards.Card{}
	u := map[cards.Card]bool{}
	for len(h.Table) < 8+hu.rng.IntN(7) {
		m := hu.randomMeld(u, cols)
		if m == nil {
			break
		}
		for _, c := range m {
			u[c] = true
		}
		h.Table = append(h.Table, m)
	}
	for seat := 1; seat < 6; seat++ {
		for len(h.Hands[seat]) < HandSize {
			c, ok := hu.freeCard(u, cols)
			if !ok {
				break
			}
			u[c] = true
			h.Hands[seat] = append(h.Hands[seat], c)
		}
	}
	return h
}

// mutate returns h with one thing changed.
func (hu *hunter) mutate(h Hand) Hand {
	h = cloneHand(h)
	u := used(h)
	var cols []cards.Colour
	for _, m := range h.Table {
		for _, c := range m {
			if !c.IsTrump() && !slices.Contains(cols, c.Colour()) {
				cols = append(cols, c.Colour())
			}
		}
	}
	seat := 1 + hu.rng.IntN(len(h.Hands)-1)
	switch hu.rng.IntN(5) {
	case 0, 1: // a loser's card for a free one
		if len(h.Hands[seat]) == 0 {
			break
		}
		i := hu.rng.IntN(len(h.Hands[seat]))
		if c, ok := hu.freeCard(u, cols); ok {
			h.Hands[seat][i] = c
		}
	case 2: // a card to another loser
		other := 1 + hu.rng.IntN(len(h.Hands)-1)
		if len(h.Hands[seat]) == 0 || len(h.Hands[other]) >= HandSize {
			break
		}
		i := hu.rng.IntN(len(h.Hands[seat]))
		h.Hands[other] = append(h.Hands[other], h.Hands[seat][i])
		h.Hands[seat] = slices.Delete(h.Hands[seat], i, i+1)
	case 3: // a meld for another
		if len(h.Table) == 0 {
			break
		}
		i := hu.rng.IntN(len(h.Table))
		for _, c := range h.Table[i] {
			delete(u, c)
		}
		if m := hu.randomMeld(u, cols); m != nil {
			h.Table[i] = m
		}
	default: // a trump into a meld, or out of it
		i := hu.rng.IntN(len(h.Table))
		m := h.Table[i]
		if j := slices.IndexFunc(m, cards.Card.IsTrump); j >= 0 {
			without := slices.Delete(slices.Clone(m), j, j+1)
			if Check(without).Valid {
				h.Table[i] = without
			}
		} else if t, ok := hu.freeTrump(u); ok && Check(append(slices.Clone(m), t)).Valid {
			h.Table[i] = append(m, t)
		}
	}
	return h
}

func TestHuntSlowLayoffs(t *testing.T) {
	if *huntFor == 0 {
		t.Skip("a tool: run with -hunt DURATION to hunt for slow F7 inputs")
	}
	hu := &hunter{rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 9))}
	var found []slowDeal
	deadline := time.Now().Add(*huntFor)
	climbs := 0
	for time.Now().Before(deadline) {
		climbs++
		h := hu.start()
		cost := searchSteps(h)
		for range 400 {
			next := hu.mutate(h)
			if _, err := Score(next); err != nil {
				continue
			}
			if c := searchSteps(next); c >= cost {
				h, cost = next, c
			}
		}
		found = append(found, toSlowDeal(h, cost))
		slices.SortFunc(found, func(a, b slowDeal) int { return b.Steps - a.Steps })
		found = found[:min(len(found), 5)]
		t.Logf("climb %d: %d steps (worst so far %d)", climbs, cost, found[0].Steps)
	}
	if data, err := os.ReadFile(*huntOut); err == nil {
		var kept []slowDeal
		if err := json.Unmarshal(data, &kept); err != nil {
			t.Fatal(err)
		}
		for _, d := range kept {
			found = append(found, toSlowDeal(d.hand(), searchSteps(d.hand())))
		}
	}
	slices.SortStableFunc(found, func(a, b slowDeal) int { return b.Steps - a.Steps })
	found = slices.CompactFunc(found, func(a, b slowDeal) bool {
		return a.Steps == b.Steps && slices.EqualFunc(a.Hands, b.Hands, slices.Equal) && slices.EqualFunc(a.Table, b.Table, slices.Equal)
	})
	data, _ := json.MarshalIndent(found[:min(len(found), 10)], "", " ")
	if err := os.WriteFile(*huntOut, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}
