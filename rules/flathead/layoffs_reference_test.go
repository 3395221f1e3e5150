package flathead

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"meldpad/rules/cards"
)

// exhaustiveLayoffs is a reference for F7 that knows nothing of the fast
// search: it tries every lay-off the rules allow, in every order, and
// returns the most cards the losers can lay off. A state is where each of
// the losers' cards is (in its holder's hand, or on a meld); a step is one
// loser laying off any non-empty subset of the cards in their hand onto
// one meld, allowed when CheckLayoff finds the meld valid after it (F3,
// F5, F7). Each state's value is worked out once.
func exhaustiveLayoffs(table, hands [][]cards.Card, winner int) int {
	type held struct {
		seat int
		card cards.Card
	}
	var pool []held
	for seat, hand := range hands {
		if seat != winner {
			for _, c := range hand {
				pool = append(pool, held{seat, c})
			}
		}
	}
	if len(pool) > 16 || len(table) > 14 {
		panic("exhaustiveLayoffs: deal too large for the reference")
	}
	// A state gives each card 4 bits: 0 in hand, 1+m on meld m.
	where := func(st uint64, k int) int { return int(st>>(4*k)) & 0xf }
	// valid caches CheckLayoff by meld and the pool cards on it before
	// and after the lay-off.
	type layoffKey struct {
		meld          int
		before, after uint32
	}
	valid := map[layoffKey]bool{}
	value := map[uint64]int{}
	var best func(st uint64) int
	best = func(st uint64) int {
		if v, ok := value[st]; ok {
			return v
		}
		laid := 0
		for k := range pool {
			if where(st, k) != 0 {
				laid++
			}
		}
		v := laid
		for seat := range hands {
			var inHand []int
			for k, h := range pool {
				if h.seat == seat && where(st, k) == 0 {
					inHand = append(inHand, k)
				}
			}
			for m := range table {
				var before uint32
				onto := slices.Clone(table[m])
				for k, h := range pool {
					if where(st, k) == m+1 {
						before |= 1 << k
						onto = append(onto, h.card)
					}
				}
				for subset := 1; subset < 1<<len(inHand); subset++ {
					next, after := st, before
					var added []cards.Card
					for b, k := range inHand {
						if subset&(1<<b) != 0 {
							next |= uint64(m+1) << (4 * k)
							after |= 1 << k
							added = append(added, pool[k].card)
						}
					}
					key := layoffKey{m, before, after}
					ok, known := valid[key]
					if !known {
						ok = CheckLayoff(onto, added).Valid
						valid[key] = ok
					}
					if ok {
						v = max(v, best(next))
					}
				}
			}
		}
		value[st] = v
		return v
	}
	return best(0)
}

// referenceDeals is how many random deals each comparison with
// exhaustiveLayoffs checks (a tenth of it with -short); a longer run on
// other deals:
//
//	go test -run MatchReferenceF7 -f7.deals 200000 -f7.seed 7 ./rules/flathead
var referenceDeals = flag.Int("f7.deals", 5000, "random deals each comparison with exhaustiveLayoffs checks")

// referenceSeed seeds the random deals of the comparisons with
// exhaustiveLayoffs; another seed checks other deals.
var referenceSeed = flag.Uint64("f7.seed", 2026, "seed of the random deals compared with exhaustiveLayoffs")

// nearDeal deals a small random end of hand for the comparison with
// exhaustiveLayoffs, built so that F7's lay-off by lay-off reading
// matters: one to four melds of one or two colours on the table (mostly
// runs, of one suit or several, and flushes with gaps or an ∞, sets),
// often holding a trump; and one to four losers holding up to maxPool
// cards between them, most of them near a meld (a rank of its colour a
// few ranks around one of its cards, its suit, its rank), and trumps, so
// that trumps are read again as the lay-offs proceed and cards of several
// losers meet on one meld.
func nearDeal(rng *rand.Rand, maxPool int) Hand {
	colours := cards.FanucciColours()
	cols := []cards.Colour{colours[rng.IntN(5)], colours[rng.IntN(5)]}
	used := map[cards.Card]bool{}
	freeTrump := func() (cards.Card, bool) {
		for _, i := range rng.Perm(9) {
			if c := cards.NewTrump(cards.Trumps()[i]); !used[c] {
				return c, true
			}
		}
		return cards.Card{}, false
	}
	rank := func() cards.Rank {
		if rng.IntN(12) == 0 {
			return cards.Infinity
		}
		return cards.Rank(rng.IntN(10))
	}
	var table [][]cards.Card
	want := 1 + rng.IntN(4)
	for tries := 0; tries < 200 && len(table) < want; tries++ {
		suits := cols[rng.IntN(2)].Suits()
		suit := suits[rng.IntN(3)]
		var meld []cards.Card
		switch rng.IntN(6) {
		case 0, 1, 2, 3: // a run, sometimes of one suit
			lo, n := rng.IntN(8), 2+rng.IntN(4)
			for r := lo; r < lo+n && r <= 9; r++ {
				if rng.IntN(2) == 0 {
					suit = suits[rng.IntN(3)]
				}
				meld = append(meld, cards.Card{Rank: cards.Rank(r), Suit: suit})
			}
		case 4: // a flush, often with gaps
			for r := rng.IntN(4); r <= 9 && len(meld) < 2+rng.IntN(4); r += 1 + rng.IntN(3) {
				meld = append(meld, cards.Card{Rank: cards.Rank(r), Suit: suit})
			}
			if rng.IntN(5) == 0 {
				meld = append(meld, cards.Card{Rank: cards.Infinity, Suit: suit})
			}
		default: // a set
			r := rank()
			all := cards.FanucciSuits()
			for _, i := range rng.Perm(len(all))[:2+rng.IntN(3)] {
				meld = append(meld, cards.Card{Rank: r, Suit: all[i]})
			}
		}
		switch rng.IntN(3) {
		case 0: // a trump in place of one of its cards
			if t, ok := freeTrump(); ok && len(meld) > 2 {
				meld[rng.IntN(len(meld))] = t
			}
		case 1: // a trump beside them
			if t, ok := freeTrump(); ok {
				meld = append(meld, t)
			}
		}
		ok := Check(meld).Valid
		for _, c := range meld {
			ok = ok && !used[c]
		}
		if !ok {
			continue
		}
		for _, c := range meld {
			used[c] = true
		}
		table = append(table, meld)
	}
	var pool []cards.Card
	n := 1 + rng.IntN(maxPool)
	for tries := 0; tries < 100 && len(pool) < n && len(table) > 0; tries++ {
		var c cards.Card
		near := table[rng.IntN(len(table))]
		base := near[rng.IntN(len(near))]
		switch k := rng.IntN(9); {
		case k < 3 || base.IsTrump():
			t, ok := freeTrump()
			if !ok {
				continue
			}
			c = t
		case k < 6: // its colour, a few ranks away
			r := int(base.Rank)
			if base.Rank == cards.Infinity {
				r = 9
			}
			r = max(0, min(9, r+rng.IntN(7)-3))
			suits := base.Colour().Suits()
			c = cards.Card{Rank: cards.Rank(r), Suit: suits[rng.IntN(3)]}
		case k == 6: // its suit
			c = cards.Card{Rank: rank(), Suit: base.Suit}
		case k == 7: // its rank
			all := cards.FanucciSuits()
			c = cards.Card{Rank: base.Rank, Suit: all[rng.IntN(len(all))]}
		default: // anything of the deal's colours
			suits := cols[rng.IntN(2)].Suits()
			c = cards.Card{Rank: rank(), Suit: suits[rng.IntN(3)]}
		}
		if !used[c] {
			used[c] = true
			pool = append(pool, c)
		}
	}
	seats := 3 + rng.IntN(3)
	hands := make([][]cards.Card, seats)
	for seat := range hands {
		hands[seat] = []cards.Card{}
	}
	winner := rng.IntN(seats)
	losers := 1 + rng.IntN(seats-1) // the losers who get cards
	for _, c := range pool {
		seat := (winner + 1 + rng.IntN(losers)) % seats
		hands[seat] = append(hands[seat], c)
	}
	return Hand{Winner: winner, Hands: hands, BonusMarks: make([]int, seats), Table: table}
}

// TestLayoffsMatchReferenceF7 checks Score on thousands of random deals
// (nearDeal) against exhaustiveLayoffs: never an error, the same number
// of cards laid off (F7), lay-offs that can be made in the order given,
// and what is kept is what was not laid off. It reports the first few
// deals that disagree, then how many did.
func TestLayoffsMatchReferenceF7(t *testing.T) {
	deals := *referenceDeals
	if testing.Short() {
		deals /= 10
	}
	rng := rand.New(rand.NewPCG(*referenceSeed, 7))
	disagree, laidSome, byTwo, trumpsLaid := 0, 0, 0, 0
	for d := range deals {
		h := nearDeal(rng, 8)
		want := exhaustiveLayoffs(h.Table, h.Hands, h.Winner)
		r, err := Score(h)
		got := -1
		if err == nil {
			got = len(r.Layoffs)
		}
		if got != want {
			disagree++
			if disagree <= 5 {
				t.Errorf("deal %d: %s\n Score: %v %v (error %v); the reference lays off %d", d, dealString(h), got, r.Layoffs, err, want)
			}
			continue
		}
		checkLayoffsValid(t, h, r)
		if len(r.Layoffs) > 0 {
			laidSome++
		}
		if layoffSeats(r.Layoffs) > 1 {
			byTwo++
		}
		if slices.ContainsFunc(r.Layoffs, func(l Layoff) bool { return l.Card.IsTrump() }) {
			trumpsLaid++
		}
	}
	if disagree > 0 {
		t.Errorf("%d of %d deals disagree with the reference", disagree, deals)
	}
	t.Logf("%d deals: %d lay something off, %d by two losers or more, %d a trump", deals, laidSome, byTwo, trumpsLaid)
	if laidSome < deals/3 || byTwo < deals/10 || trumpsLaid < deals/5 {
		t.Errorf("only %d of %d deals lay anything off, %d by two losers or more, %d a trump; the deals are too tame", laidSome, deals, byTwo, trumpsLaid)
	}
}

// oneMeldDeal deals an end of hand around one meld that may grow into a
// run: a flush with gaps or a run of one colour, often holding a trump,
// and two to four losers holding up to maxPool cards of that colour and
// trumps, so that which loser holds which card decides what can be laid
// off, and in what order (F3, F5, F7).
func oneMeldDeal(rng *rand.Rand, maxPool int) Hand {
	colour := cards.FanucciColours()[rng.IntN(5)]
	suits := colour.Suits()
	suit := suits[rng.IntN(3)]
	trumps := rng.Perm(9)
	trump := func() cards.Card {
		t := cards.NewTrump(cards.Trumps()[trumps[0]])
		trumps = trumps[1:]
		return t
	}
	meldTrump := trump()
	var meld []cards.Card
	for !Check(meld).Valid {
		meld = meld[:0]
		if rng.IntN(2) == 0 { // a flush with gaps
			for r := rng.IntN(5); r <= 9 && len(meld) < 2+rng.IntN(3); r += 1 + rng.IntN(3) {
				meld = append(meld, cards.Card{Rank: cards.Rank(r), Suit: suit})
			}
		} else { // a run, a gap in it now and then
			lo := rng.IntN(8)
			for r := lo; r <= 9 && r < lo+2+rng.IntN(3); r++ {
				if rng.IntN(3) > 0 || r == lo {
					meld = append(meld, cards.Card{Rank: cards.Rank(r), Suit: suits[rng.IntN(3)]})
				}
			}
		}
		if rng.IntN(3) == 0 || len(meld) == 2 {
			meld = append(meld, meldTrump)
		}
	}
	var pool []cards.Card
	for range 1 + rng.IntN(maxPool) {
		c := cards.Card{Rank: cards.Rank(rng.IntN(10)), Suit: suits[rng.IntN(3)]}
		switch rng.IntN(6) {
		case 0:
			c = trump()
		case 1:
			c.Suit = suit
		}
		if !slices.Contains(meld, c) && !slices.Contains(pool, c) {
			pool = append(pool, c)
		}
	}
	seats := 3 + rng.IntN(3)
	hands := make([][]cards.Card, seats)
	for seat := range hands {
		hands[seat] = []cards.Card{}
	}
	for _, c := range pool {
		seat := 1 + rng.IntN(seats-1)
		hands[seat] = append(hands[seat], c)
	}
	return Hand{Winner: 0, Hands: hands, BonusMarks: make([]int, seats), Table: [][]cards.Card{meld}}
}

// TestLayoffsOneMeldMatchReferenceF7 compares Score with
// exhaustiveLayoffs on thousands of deals of one meld (oneMeldDeal),
// where every card the losers hold could join it in some order, and
// whether it can depends on who holds it: a flush becomes a run only by
// one loser's lay-off, a trump is read again as the run grows (F3, F5,
// F7).
func TestLayoffsOneMeldMatchReferenceF7(t *testing.T) {
	deals := *referenceDeals
	if testing.Short() {
		deals /= 10
	}
	rng := rand.New(rand.NewPCG(*referenceSeed, 8))
	disagree, refused := 0, 0
	for d := range deals {
		h := oneMeldDeal(rng, 9)
		want := exhaustiveLayoffs(h.Table, h.Hands, h.Winner)
		r, err := Score(h)
		got := -1
		if err == nil {
			got = len(r.Layoffs)
		}
		if got != want {
			disagree++
			if disagree <= 5 {
				t.Errorf("deal %d: %s\n Score: %v %v (error %v); the reference lays off %d", d, dealString(h), got, r.Layoffs, err, want)
			}
			continue
		}
		checkLayoffsValid(t, h, r)
		if r.CardsLeft > 0 && len(r.Layoffs) > 0 {
			refused++
		}
	}
	if disagree > 0 {
		t.Errorf("%d of %d deals disagree with the reference", disagree, deals)
	}
	if refused < deals/5 {
		t.Errorf("only %d of %d deals lay off some cards but not all; the deals are too tame", refused, deals)
	}
}

// TestScoreF7MissedDeals replays testdata/f7-missed.json: random deals
// on which an earlier search laid off fewer cards than the losers could,
// found by the comparisons with exhaustiveLayoffs above. Score must lay
// off as many as the reference, in an order in which they can be made.
func TestScoreF7MissedDeals(t *testing.T) {
	data, err := os.ReadFile("testdata/f7-missed.json")
	if err != nil {
		t.Fatal(err)
	}
	var deals []struct {
		Winner int        `json:"winner"`
		Hands  [][]string `json:"hands"`
		Table  [][]string `json:"table"`
	}
	if err := json.Unmarshal(data, &deals); err != nil {
		t.Fatal(err)
	}
	parse := func(lists [][]string) [][]cards.Card {
		out := make([][]cards.Card, len(lists))
		for i, l := range lists {
			out[i] = mustCards(l...)
		}
		return out
	}
	for i, d := range deals {
		t.Run(fmt.Sprint("deal ", i), func(t *testing.T) {
			h := Hand{Winner: d.Winner, Hands: parse(d.Hands), BonusMarks: make([]int, len(d.Hands)), Table: parse(d.Table)}
			want := exhaustiveLayoffs(h.Table, h.Hands, h.Winner)
			r, err := Score(h)
			if err != nil {
				t.Fatalf("%s: %v", dealString(h), err)
			}
			if len(r.Layoffs) != want {
				t.Fatalf("%s: %d laid off %v; the losers can lay off %d", dealString(h), len(r.Layoffs), r.Layoffs, want)
			}
			checkLayoffsValid(t, h, r)
		})
	}
}

// layoffSeats returns how many losers lay something off.
func layoffSeats(ls []Layoff) int {
	seats := map[int]bool{}
	for _, l := range ls {
		seats[l.Seat] = true
	}
	return len(seats)
}

// dealString writes a deal as the API's JSON body would give it, for
// failure messages that can be replayed.
func dealString(h Hand) string {
	quote := func(cs []cards.Card) string {
		out := "["
		for i, c := range cs {
			if i > 0 {
				out += ", "
			}
			out += fmt.Sprintf("%q", c.String())
		}
		return out + "]"
	}
	lists := func(css [][]cards.Card) string {
		out := "["
		for i, cs := range css {
			if i > 0 {
				out += ", "
			}
			out += quote(cs)
		}
		return out + "]"
	}
	return fmt.Sprintf(`{"winner": %d, "hands": %s, "table": %s}`, h.Winner, lists(h.Hands), lists(h.Table))
}
