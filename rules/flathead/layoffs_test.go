package flathead

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/cards"
)

// sequentialLayoffs is the obviously correct F7 search the fast one is
// checked against, written from the words of F5 and F7 alone: each
// lay-off is one loser adding one or more of their own cards to one meld,
// and the meld must be valid after it, as CheckLayoff judges; the losers
// may lay off in any order and more than once. It visits every state the
// table can reach by such lay-offs (where each card is: in its holder's
// hand, or on a meld) and returns the most cards any of them lays off,
// and the meld of each card in the first such state in lexicographic
// order: the losers' cards in deck order (suited cards by colour, rank
// and suit; trumps last), each on a meld by index, or kept, last.
func sequentialLayoffs(table, hands [][]cards.Card, winner int) (int, map[cards.Card]int) {
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
	key := func(c cards.Card) int {
		if c.IsTrump() {
			return 1_000_000 + int(c.Trump)
		}
		rank := int(c.Rank)
		if c.Rank == cards.Infinity {
			rank = 10
		}
		return int(c.Colour())*10_000 + rank*100 + int(c.Suit)
	}
	slices.SortFunc(pool, func(a, b held) int { return key(a.card) - key(b.card) })

	// A state says where each card is: 0 in hand, 1+m on meld m.
	start := string(make([]byte, len(pool)))
	seen := map[string]bool{start: true}
	stack := []string{start}
	onMeld := func(st string, m int) []cards.Card {
		meld := slices.Clone(table[m])
		for k := range pool {
			if int(st[k]) == m+1 {
				meld = append(meld, pool[k].card)
			}
		}
		return meld
	}
	// The meld checker's answers, by meld and the losers' cards on it
	// before and after the lay-off: many states share them.
	type layoffKey struct {
		meld       int
		before, on uint64
	}
	judged := map[layoffKey]bool{}
	for len(stack) > 0 {
		st := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for seat := range hands {
			var inHand []int
			for k, h := range pool {
				if h.seat == seat && st[k] == 0 {
					inHand = append(inHand, k)
				}
			}
			for m := range table {
				onto := onMeld(st, m)
				var before uint64
				for k := range pool {
					if int(st[k]) == m+1 {
						before |= 1 << k
					}
				}
				for subset := 1; subset < 1<<len(inHand); subset++ {
					var added []cards.Card
					next := []byte(st)
					on := before
					for b, k := range inHand {
						if subset&(1<<b) != 0 {
							added = append(added, pool[k].card)
							next[k] = byte(m + 1)
							on |= 1 << k
						}
					}
					if seen[string(next)] {
						continue
					}
					key := layoffKey{m, before, on}
					valid, ok := judged[key]
					if !ok {
						valid = CheckLayoff(onto, added).Valid
						judged[key] = valid
					}
					if valid {
						seen[string(next)] = true
						stack = append(stack, string(next))
					}
				}
			}
		}
	}
	laid := func(st string) int {
		n := 0
		for k := range pool {
			if st[k] != 0 {
				n++
			}
		}
		return n
	}
	// Kept sorts after every meld.
	place := func(b byte) int {
		if b == 0 {
			return len(table)
		}
		return int(b) - 1
	}
	best := start
	for st := range seen {
		if n, bestN := laid(st), laid(best); n > bestN || n == bestN && slices.CompareFunc([]byte(st), []byte(best), func(a, b byte) int { return place(a) - place(b) }) < 0 {
			best = st
		}
	}
	out := map[cards.Card]int{}
	for k := range pool {
		if best[k] != 0 {
			out[pool[k].card] = int(best[k]) - 1
		}
	}
	return laid(best), out
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

// gappyDeal deals a random end of hand around flushes with gaps: one or
// two colours, a few flushes of ranks far apart, runs and sets, a trump
// now and then on the table, and two to four losers holding cards of
// those colours (the gaps' ranks especially) and a trump or two.
func gappyDeal(rng *rand.Rand, maxPool int) Hand {
	colours := cards.FanucciColours()
	cols := []cards.Colour{colours[rng.IntN(5)]}
	if rng.IntN(3) == 0 {
		cols = append(cols, colours[rng.IntN(5)])
	}
	used := map[cards.Card]bool{}
	trumps := cards.Trumps()
	rng.Shuffle(len(trumps), func(i, j int) { trumps[i], trumps[j] = trumps[j], trumps[i] })
	nextTrump := 0
	var table [][]cards.Card
	for tries := 0; tries < 200 && len(table) < 1+rng.IntN(3); tries++ {
		col := cols[rng.IntN(len(cols))]
		suits := col.Suits()
		var meld []cards.Card
		switch rng.IntN(4) {
		case 0, 1: // a flush, often with gaps
			s := suits[rng.IntN(3)]
			r := rng.IntN(4)
			for len(meld) < 3 && r <= 9 {
				meld = append(meld, cards.Card{Rank: cards.Rank(r), Suit: s})
				r += 1 + rng.IntN(3)
			}
		case 2: // a run
			r := rng.IntN(8)
			for i := range 3 {
				meld = append(meld, cards.Card{Rank: cards.Rank(r + i), Suit: suits[rng.IntN(3)]})
			}
		default: // a set
			r := cards.Rank(rng.IntN(10))
			for _, s := range cards.FanucciSuits()[rng.IntN(12):] {
				if len(meld) < 3 {
					meld = append(meld, cards.Card{Rank: r, Suit: s})
				}
			}
		}
		if rng.IntN(5) == 0 && nextTrump < 9 {
			meld[rng.IntN(len(meld))] = cards.NewTrump(trumps[nextTrump])
			nextTrump++
		}
		ok := Check(meld).Valid
		for _, c := range meld {
			ok = ok && !used[c]
		}
		if ok {
			for _, c := range meld {
				used[c] = true
			}
			table = append(table, meld)
		}
	}
	var pool []cards.Card
	for _, c := range cards.Fanucci().Cards() {
		if !used[c] && !c.IsTrump() && slices.Contains(cols, c.Colour()) && c.Rank <= 9 {
			pool = append(pool, c)
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	n := 1 + rng.IntN(maxPool)
	pool = pool[:min(n, len(pool))]
	for range rng.IntN(3) {
		if nextTrump < 9 && len(pool) > 1 {
			pool[rng.IntN(len(pool))] = cards.NewTrump(trumps[nextTrump])
			nextTrump++
		}
	}
	seats := 3 + rng.IntN(3)
	hands := make([][]cards.Card, seats)
	for seat := range hands {
		hands[seat] = []cards.Card{}
	}
	winner := rng.IntN(seats)
	for _, c := range pool {
		seat := rng.IntN(seats)
		if seat == winner {
			seat = (seat + 1) % seats
		}
		hands[seat] = append(hands[seat], c)
	}
	return Hand{Winner: winner, Hands: hands, BonusMarks: make([]int, seats), Table: table}
}

// TestScoreMatchesSequentialF7 checks Score's lay-offs against
// sequentialLayoffs on thousands of small random deals: the same number
// of cards laid off, the same choice among equally good lay-offs, and an
// order in which they can be made.
func TestScoreMatchesSequentialF7(t *testing.T) {
	deals := 3000
	if testing.Short() {
		deals = 300
	}
	rng := rand.New(rand.NewPCG(7, 42))
	laidSome, byTwo := 0, 0
	for d := range deals {
		h := smallDeal(rng, 6)
		if d%2 == 1 {
			h = gappyDeal(rng, 6)
		}
		r := compareWithSequential(t, d, h)
		if len(r.Layoffs) > 0 {
			laidSome++
		}
		if layoffSeats(r.Layoffs) > 1 {
			byTwo++
		}
	}
	// The deals must exercise the search: many should lay something off,
	// and many by more than one loser.
	if laidSome < deals/3 || byTwo < deals/20 {
		t.Errorf("only %d of %d deals laid anything off, %d by two losers or more; the generators are too weak", laidSome, deals, byTwo)
	}
}

// TestScoreWholeSuitF7 checks Score against sequentialLayoffs where a
// flush may come to hold its whole suit or a set its whole rank, and then
// no trump may join it (F3).
func TestScoreWholeSuitF7(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 3))
	refused := 0
	for d := range 300 {
		h := edgeDeal(rng)
		if r := compareWithSequential(t, d, h); len(r.Layoffs) < len(h.Hands[1])+len(h.Hands[2]) {
			refused++
		}
	}
	if refused == 0 {
		t.Error("no deal left a card in hand; the generator misses the F3 edge")
	}
}

// TestScoreExhaustiveF7 checks Score against sequentialLayoffs on every
// way two losers can hold some of a few cards around tables built to
// test F7's lay-off by lay-off reading: flushes with gaps that only
// cards of two losers together would fill, with and without a trump;
// two of them wanting the same cards; a set or a run that some of the
// cards fit too.
func TestScoreExhaustiveF7(t *testing.T) {
	tables := []struct {
		name     string
		table    string // melds separated by "|"
		universe []string
	}{
		{"F7 example", "1 Lamps, 3 Lamps, 5 Lamps", []string{"2 Plungers", "4 Fromps", "2 Lamps", "4 Lamps", "0 Fromps", "6 Plungers", "Grue"}},
		{"a set of 2s beside the gaps", "1 Lamps, 3 Lamps, 5 Lamps | 2 Faces, 2 Zurfs, 2 Rain", []string{"2 Plungers", "4 Fromps", "4 Plungers", "6 Fromps", "0 Lamps", "Grue", "Jester"}},
		{"three gaps", "0 Zurfs, 2 Zurfs, 4 Zurfs, 6 Zurfs", []string{"1 Rain", "3 Tops", "5 Rain", "3 Zurfs", "7 Tops", "Grue"}},
		{"one gap and a trump", "3 Lamps, 5 Lamps, Grue", []string{"4 Plungers", "2 Fromps", "6 Fromps", "7 Lamps", "4 Fromps", "8 Plungers", "Jester"}},
		{"two flushes want the same cards", "1 Lamps, 3 Lamps, 5 Lamps | 1 Plungers, 3 Plungers, 5 Plungers", []string{"2 Fromps", "4 Fromps", "2 Lamps", "4 Plungers", "0 Fromps", "6 Fromps", "Grue"}},
		{"a run beside a flush", "2 Faces, 3 Hives, 4 Inkblots | 5 Faces, 7 Faces, 9 Faces", []string{"1 Hives", "5 Hives", "6 Inkblots", "8 Hives", "6 Faces", "Grue", "0 Faces"}},
	}
	for _, tc := range tables {
		t.Run(tc.name, func(t *testing.T) {
			var table [][]cards.Card
			for _, meld := range strings.Split(tc.table, "|") {
				table = append(table, mustCards(strings.Split(meld, ",")...))
			}
			universe := mustCards(tc.universe...)
			if testing.Short() {
				universe = universe[:5]
			}
			deals, laidByTwo := 0, 0
			where := make([]int, len(universe)) // 0 absent, 1 or 2 a loser's hand
			for {
				hands := [][]cards.Card{{}, {}, {}}
				for i, w := range where {
					if w > 0 {
						hands[w] = append(hands[w], universe[i])
					}
				}
				r := compareWithSequential(t, deals, Hand{Winner: 0, Hands: hands, BonusMarks: make([]int, 3), Table: table})
				deals++
				if layoffSeats(r.Layoffs) == 2 {
					laidByTwo++
				}
				k := 0
				for k < len(where) && where[k] == 2 {
					where[k] = 0
					k++
				}
				if k == len(where) {
					break
				}
				where[k]++
			}
			if laidByTwo == 0 {
				t.Errorf("%d deals, none with lay-offs by both losers", deals)
			}
		})
	}
}

// compareWithSequential scores deal number d, checks that it lays off as
// many cards as sequentialLayoffs, and replays its lay-offs one lay-off at
// a time. (Among equally good lay-offs the two may choose differently:
// the search's tie-break follows its plans, see solve.)
func compareWithSequential(t *testing.T, d int, h Hand) Result {
	t.Helper()
	wantCount, wantMelds := sequentialLayoffs(h.Table, h.Hands, h.Winner)
	r, err := Score(h)
	if err != nil {
		t.Fatalf("deal %d: %v", d, err)
	}
	if len(r.Layoffs) != wantCount {
		t.Fatalf("deal %d: table %v, hands %v (winner %d):\n got %d lay-offs %v\nwant %d lay-offs, such as %v",
			d, h.Table, h.Hands, h.Winner, len(r.Layoffs), r.Layoffs, wantCount, wantMelds)
	}
	checkLayoffsValid(t, h, r)
	return r
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
