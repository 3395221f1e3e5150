package flathead

import (
	"math/rand/v2"
	"slices"
	"testing"

	"meldpad/rules/cards"
)

// slowLayoffs is the obviously correct F7 search the fast one is checked
// against. It takes the losers' cards in deck order (suited cards by
// colour, rank, suit; trumps last) and tries every assignment of each card
// to a table meld or to the hand, in lexicographic order (melds by index,
// the hand last). An assignment counts if every meld, with all the cards
// laid off onto it, is a valid meld by Check. The first assignment laying
// off the most cards is the ruling's choice. It returns the number of cards
// laid off and the meld of each laid-off card.
func slowLayoffs(table, hands [][]cards.Card, winner int) (int, map[cards.Card]int) {
	var pool []cards.Card
	for seat, hand := range hands {
		if seat != winner {
			pool = append(pool, hand...)
		}
	}
	rankKey := func(c cards.Card) int {
		if c.IsTrump() {
			return 1000 + int(c.Trump)
		}
		return int(c.Colour())*100 + int(c.Rank)*4 // Infinity (20) sorts after 9
	}
	slices.SortFunc(pool, func(a, b cards.Card) int {
		if ka, kb := rankKey(a), rankKey(b); ka != kb {
			return ka - kb
		}
		return int(a.Suit) - int(b.Suit)
	})
	keep := len(table)
	choice := make([]int, len(pool)) // all zeros: the lexicographically first assignment
	valid := make([]map[uint64]bool, len(table))
	for m := range valid {
		valid[m] = map[uint64]bool{}
	}
	meldValid := func(m int, mask uint64) bool {
		if ok, seen := valid[m][mask]; seen {
			return ok
		}
		meld := slices.Clone(table[m])
		for k, c := range pool {
			if mask&(1<<k) != 0 {
				meld = append(meld, c)
			}
		}
		ok := Check(meld).Valid
		valid[m][mask] = ok
		return ok
	}
	best, bestChoice := -1, []int(nil)
	for {
		masks := make([]uint64, len(table))
		laid := 0
		for k, m := range choice {
			if m != keep {
				masks[m] |= 1 << k
				laid++
			}
		}
		if laid > best {
			ok := true
			for m := range table {
				if masks[m] != 0 && !meldValid(m, masks[m]) {
					ok = false
					break
				}
			}
			if ok {
				best, bestChoice = laid, slices.Clone(choice)
			}
		}
		// The next assignment in lexicographic order.
		k := len(choice) - 1
		for k >= 0 && choice[k] == keep {
			choice[k] = 0
			k--
		}
		if k < 0 {
			break
		}
		choice[k]++
	}
	out := map[cards.Card]int{}
	for k, m := range bestChoice {
		if m != keep {
			out[pool[k]] = m
		}
	}
	return best, out
}

// smallDeal deals a random end of hand on a few suits, ranks and trumps,
// so that the losers' cards often fit several table melds: one to four
// valid melds on the table, and up to maxPool cards in two or three
// losers' hands.
func smallDeal(rng *rand.Rand, maxPool int) Hand {
	all := cards.Fanucci().Cards()
	colours := cards.FanucciColours()
	c1, c2 := colours[rng.IntN(5)], colours[rng.IntN(5)]
	lo := rng.IntN(6)
	var deck []cards.Card
	for _, c := range all {
		switch {
		case c.IsTrump():
			if c.Trump <= cards.Granola {
				deck = append(deck, c)
			}
		case c.Colour() != c1 && c.Colour() != c2:
		case c.Rank == cards.Infinity || int(c.Rank) >= lo && int(c.Rank) < lo+5:
			deck = append(deck, c)
		}
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	used := map[cards.Card]bool{}
	take := func() (cards.Card, bool) {
		for _, c := range deck {
			if !used[c] {
				used[c] = true
				return c, true
			}
		}
		return cards.Card{}, false
	}
	var table [][]cards.Card
	want := 1 + rng.IntN(4)
	for tries := 0; tries < 3000 && len(table) < want; tries++ {
		// A random meld grown from a random card: most of them fail Check
		// and are thrown away.
		size := 3 + rng.IntN(2)
		var meld []cards.Card
		first := deck[rng.IntN(len(deck))]
		if used[first] || first.IsTrump() {
			continue
		}
		meld = append(meld, first)
		for _, c := range deck {
			if len(meld) == size {
				break
			}
			if used[c] || slices.Contains(meld, c) {
				continue
			}
			related := c.IsTrump() && rng.IntN(4) == 0 || !c.IsTrump() && (c.Rank == first.Rank || c.Suit == first.Suit ||
				c.Colour() == first.Colour() && absDiff(int(c.Rank), int(first.Rank)) < size)
			if related {
				meld = append(meld, c)
			}
		}
		if len(meld) == size && Check(meld).Valid {
			for _, c := range meld {
				used[c] = true
			}
			table = append(table, meld)
		}
	}
	seats := 3 + rng.IntN(2)
	hands := make([][]cards.Card, seats)
	hands[0] = []cards.Card{}
	n := 1 + rng.IntN(maxPool)
	for i := 0; i < n; i++ {
		c, ok := take()
		if !ok {
			break
		}
		seat := 1 + rng.IntN(seats-1)
		hands[seat] = append(hands[seat], c)
	}
	winner := rng.IntN(seats)
	hands[0], hands[winner] = hands[winner], hands[0]
	return Hand{Winner: winner, Hands: hands, BonusMarks: make([]int, seats), Table: table}
}

// TestScoreMatchesExhaustiveF7 checks Score's lay-offs against slowLayoffs
// on thousands of small random deals: the same number of cards laid off,
// the same choice among equally good lay-offs, and a count to match.
func TestScoreMatchesExhaustiveF7(t *testing.T) {
	deals := 4000
	if testing.Short() {
		deals = 400
	}
	rng := rand.New(rand.NewPCG(7, 42))
	laidSome := 0
	for d := 0; d < deals; d++ {
		if compareWithSlow(t, d, smallDeal(rng, 6)) > 0 {
			laidSome++
		}
	}
	// The deals must exercise the search: many should lay something off.
	if laidSome < deals/3 {
		t.Errorf("only %d of %d deals laid anything off; the generator is too weak", laidSome, deals)
	}
}

// TestScoreWholeSuitF7 checks Score against slowLayoffs where a flush may
// come to hold its whole suit or a set its whole rank, and then no trump
// may join it (F3).
func TestScoreWholeSuitF7(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 3))
	refused := 0
	for d := 0; d < 300; d++ {
		h := edgeDeal(rng)
		if compareWithSlow(t, d, h) < len(h.Hands[1])+len(h.Hands[2]) {
			refused++
		}
	}
	if refused == 0 {
		t.Error("no deal left a card in hand; the generator misses the F3 edge")
	}
}

// TestScoreMatchesExhaustiveUnplannedF7 repeats the comparison with fewer
// melds, or none, given a fixed form by the plan, so that melds free to end
// as a flush or a run (asEither) are searched on many deals.
func TestScoreMatchesExhaustiveUnplannedF7(t *testing.T) {
	defer func(saved int) { maxPlanned = saved }(maxPlanned)
	deals := 1500
	if testing.Short() {
		deals = 150
	}
	for _, planned := range []int{0, 1} {
		maxPlanned = planned
		rng := rand.New(rand.NewPCG(17, uint64(planned)))
		for d := 0; d < deals; d++ {
			compareWithSlow(t, d, smallDeal(rng, 6))
		}
		for d := 0; d < deals/8; d++ {
			compareWithSlow(t, d, edgeDeal(rng))
		}
	}
}

// compareWithSlow scores deal number d, checks its lay-offs against
// slowLayoffs, and returns how many cards were laid off.
func compareWithSlow(t *testing.T, d int, h Hand) int {
	t.Helper()
	wantCount, wantMelds := slowLayoffs(h.Table, h.Hands, h.Winner)
	r, err := Score(h)
	if err != nil {
		t.Fatalf("deal %d: %v", d, err)
	}
	gotMelds := map[cards.Card]int{}
	for _, l := range r.Layoffs {
		gotMelds[l.Card] = l.Meld
	}
	if len(r.Layoffs) != wantCount || !mapsEqual(gotMelds, wantMelds) {
		t.Fatalf("deal %d: table %v, hands %v (winner %d):\n got %d lay-offs %v\nwant %d lay-offs %v",
			d, h.Table, h.Hands, h.Winner, len(r.Layoffs), r.Layoffs, wantCount, wantMelds)
	}
	checkLayoffsValid(t, h, r)
	return wantCount
}

// edgeDeal deals an end of hand where a whole suit or a whole rank is in
// play, so that a flush could come to hold all eleven cards of its suit,
// or a set all fifteen of its rank, and then no trump may join it (F3):
// the table holds most of that suit or rank (sometimes with a trump, and
// sometimes a run that wants the same cards), and the losers hold the
// rest and a trump or two.
func edgeDeal(rng *rand.Rand) Hand {
	var whole []cards.Card
	suit := cards.FanucciSuits()[rng.IntN(15)]
	rank := cards.Rank(rng.IntN(10))
	if rng.IntN(2) == 0 {
		for r := 0; r <= 9; r++ {
			whole = append(whole, cards.Card{Rank: cards.Rank(r), Suit: suit})
		}
		whole = append(whole, cards.Card{Rank: cards.Infinity, Suit: suit})
	} else {
		for _, s := range cards.FanucciSuits() {
			whole = append(whole, cards.Card{Rank: rank, Suit: s})
		}
	}
	rng.Shuffle(len(whole), func(i, j int) { whole[i], whole[j] = whole[j], whole[i] })
	held := 2 + rng.IntN(4)
	meld := slices.Clone(whole[held:])
	trumps := []cards.Card{cards.NewTrump(cards.Grue), cards.NewTrump(cards.Jester), cards.NewTrump(cards.Snail)}
	if rng.IntN(2) == 0 {
		meld = append(meld, trumps[0])
	}
	table := [][]cards.Card{meld}
	pool := slices.Clone(whole[:held])
	pool = append(pool, trumps[1:1+rng.IntN(2)]...)
	if rng.IntN(2) == 0 {
		// A run of the same colour that wants some of the same ranks.
		c := whole[0]
		var run []cards.Card
		for _, s := range colourOf(c).Suits() {
			if s != suit && len(run) == 0 {
				for r := 0; r < 3; r++ {
					run = append(run, cards.Card{Rank: cards.Rank((int(c.Rank)%7 + r + 1) % 10), Suit: s})
				}
			}
		}
		if len(run) == 3 && Check(run).Valid && !slices.ContainsFunc(run, func(x cards.Card) bool { return slices.Contains(meld, x) }) {
			table = append(table, run)
		}
	}
	hands := [][]cards.Card{{}, {}, {}}
	for _, c := range pool {
		seat := 1 + rng.IntN(2)
		hands[seat] = append(hands[seat], c)
	}
	return Hand{Winner: 0, Hands: hands, BonusMarks: make([]int, 3), Table: table}
}

func absDiff(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}

func mapsEqual(a, b map[cards.Card]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}
