package flathead

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"meldpad/rules/cards"
)

// BenchmarkCheck judges a few typical melds (target: under 20 µs each).
func BenchmarkCheck(b *testing.B) {
	melds := [][]cards.Card{
		mustCards("2 Lamps", "3 Plungers", "4 Fromps"),
		mustCards("7 Zurfs", "8 Zurfs", "9 Rain", "∞ Tops"),
		mustCards("Grue", "2 Scythes", "3 Scythes"),
		mustCards("6 Faces", "6 Hives", "6 Inkblots", "6 Plungers", "6 Bugs"),
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Check(melds[i%len(melds)])
	}
}

// hardLayoffs is a crowded end of hand built to make the F7 search work:
// twelve melds on the table, eight of them red or blue runs and flush runs
// that want the same cards, sets of 4s, 5s and 6s that every colour's
// 4s, 5s and 6s also fit, one run already holding a trump; and five losers
// holding ten cards each: every red and blue card not on the table, eight
// trumps and a few more 4s, 5s and 6s.
func hardLayoffs() Hand {
	table := [][]cards.Card{
		mustCards("1 Lamps", "2 Lamps", "3 Lamps"),
		mustCards("5 Plungers", "6 Plungers", "7 Plungers"),
		mustCards("7 Fromps", "8 Fromps", "9 Fromps"),
		mustCards("3 Rain", "4 Rain", "5 Rain"),
		mustCards("6 Tops", "7 Tops", "8 Tops"),
		mustCards("7 Zurfs", "8 Zurfs", "9 Zurfs"),
		mustCards("4 Faces", "4 Hives", "4 Inkblots"),
		mustCards("5 Faces", "5 Hives", "5 Bugs"),
		mustCards("6 Faces", "6 Mazes", "6 Books"),
		mustCards("0 Plungers", "Grue", "2 Plungers"),
		mustCards("0 Rain", "1 Tops", "2 Rain"),
		mustCards("∞ Lamps", "∞ Tops", "∞ Faces"),
	}
	var pool []cards.Card
	onTable := map[cards.Card]bool{}
	for _, m := range table {
		for _, c := range m {
			onTable[c] = true
		}
	}
	for _, c := range cards.Fanucci().Cards() {
		red, blue := c.Colour() == cards.Red, c.Colour() == cards.Blue
		if !onTable[c] && (red || blue) && c.Rank != cards.Infinity || c.IsTrump() && !onTable[c] {
			pool = append(pool, c)
		}
	}
	pool = append(pool, mustCards("4 Bugs", "5 Mazes", "6 Ears", "∞ Rain", "∞ Zurfs")...)
	hands := make([][]cards.Card, 6)
	hands[0] = []cards.Card{}
	for i, c := range pool[:50] {
		hands[1+i%5] = append(hands[1+i%5], c)
	}
	return Hand{Winner: 0, Hands: hands, BonusMarks: make([]int, 6), Table: table}
}

// runLayoffs is a second crowded end of hand, built so that most cards fit
// only runs: the red, blue and green runs on the table are flush runs of
// some suits and mixed runs, while the losers hold the other suits (all
// the Fromps, Tops and Bugs), which no flush on the table takes, so every
// form of every run must be searched; plus eight trumps, the rest of the
// run suits and a set of 4s and one of 6s that some of them fit.
func runLayoffs() Hand {
	table := [][]cards.Card{
		mustCards("1 Lamps", "2 Lamps", "3 Lamps"),
		mustCards("5 Plungers", "6 Plungers", "7 Plungers"),
		mustCards("7 Lamps", "8 Plungers", "9 Lamps"),
		mustCards("0 Plungers", "Grue", "2 Plungers"),
		mustCards("3 Rain", "4 Rain", "5 Rain"),
		mustCards("6 Zurfs", "7 Zurfs", "8 Zurfs"),
		mustCards("0 Zurfs", "1 Rain", "2 Zurfs"),
		mustCards("∞ Rain", "∞ Zurfs", "∞ Lamps"),
		mustCards("2 Scythes", "3 Mazes", "4 Scythes"),
		mustCards("6 Mazes", "7 Mazes", "8 Scythes"),
		mustCards("4 Faces", "4 Hives", "4 Inkblots"),
		mustCards("6 Faces", "6 Hives", "6 Books"),
	}
	pool := mustCards(
		"0 Fromps", "1 Fromps", "2 Fromps", "3 Fromps", "4 Fromps", "5 Fromps", "6 Fromps", "7 Fromps", "8 Fromps", "9 Fromps",
		"0 Tops", "1 Tops", "2 Tops", "3 Tops", "4 Tops", "5 Tops", "6 Tops", "7 Tops", "8 Tops", "9 Tops",
		"0 Bugs", "1 Bugs", "3 Bugs", "5 Bugs", "6 Bugs", "7 Bugs", "9 Bugs",
		"4 Lamps", "4 Plungers", "3 Plungers", "9 Plungers", "1 Zurfs", "5 Zurfs", "0 Rain", "6 Rain",
		"8 Lamps", "7 Rain", "8 Rain", "9 Rain",
		"5 Mazes", "9 Scythes", "1 Scythes",
		"Beauty", "Death", "Granola", "Jester", "Light", "Lobster", "Snail", "Time",
		"2 Bugs", "4 Bugs",
	)
	hands := make([][]cards.Card, 6)
	hands[0] = []cards.Card{}
	for i, c := range pool[:50] {
		hands[1+i%5] = append(hands[1+i%5], c)
	}
	return Hand{Winner: 0, Hands: hands, BonusMarks: make([]int, 6), Table: table}
}

// BenchmarkLayoffsRuns times the F7 search on runLayoffs (target: under
// 10 ms).
func BenchmarkLayoffsRuns(b *testing.B) {
	h := runLayoffs()
	b.ReportAllocs()
	for b.Loop() {
		bestLayoffs(context.Background(), h.Table, h.Hands, h.Winner)
	}
}

// BenchmarkLayoffsHard times the F7 search on hardLayoffs (target: under
// 10 ms).
func BenchmarkLayoffsHard(b *testing.B) {
	h := hardLayoffs()
	b.ReportAllocs()
	for b.Loop() {
		bestLayoffs(context.Background(), h.Table, h.Hands, h.Winner)
	}
}

// crowdedDeal deals a random crowded end of hand: twelve valid melds on
// the table in two colours, mostly runs and flush runs, some with a trump,
// and five losers holding ten cards each, mostly of those colours and all
// the trumps left.
func crowdedDeal(rng *rand.Rand) Hand {
	all := cards.Fanucci().Cards()
	cols := cards.FanucciColours()
	rng.Shuffle(len(cols), func(i, j int) { cols[i], cols[j] = cols[j], cols[i] })
	ncol := 2
	inCol := func(c cards.Card) bool { return slices.Contains(cols[:ncol], c.Colour()) }
	used := map[cards.Card]bool{}
	var table [][]cards.Card
	for tries := 0; len(table) < 12 && tries < 20000; tries++ {
		var meld []cards.Card
		kind := rng.IntN(10)
		col := cols[rng.IntN(ncol)]
		suits := col.Suits()
		switch {
		case kind < 6: // run or flush run
			lo := rng.IntN(8)
			n := 3
			same := rng.IntN(2) == 0
			s := suits[rng.IntN(3)]
			for r := lo; r < lo+n && r <= 9; r++ {
				if !same {
					s = suits[rng.IntN(3)]
				}
				meld = append(meld, cards.Card{Rank: cards.Rank(r), Suit: s})
			}
			if rng.IntN(5) == 0 {
				meld[1] = cards.NewTrump(cards.Trumps()[rng.IntN(9)])
			}
		case kind < 8: // set
			r := cards.Rank(rng.IntN(10))
			for _, s := range cards.FanucciSuits() {
				if len(meld) < 3 && rng.IntN(4) == 0 {
					meld = append(meld, cards.Card{Rank: r, Suit: s})
				}
			}
		default: // flush
			s := suits[rng.IntN(3)]
			for r := 0; r <= 9; r++ {
				if len(meld) < 3 && rng.IntN(3) == 0 {
					meld = append(meld, cards.Card{Rank: cards.Rank(r), Suit: s})
				}
			}
		}
		ok := len(meld) >= 3 && Check(meld).Valid
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
	for _, c := range all {
		if !used[c] && (inCol(c) || c.IsTrump() || rng.IntN(8) == 0) {
			pool = append(pool, c)
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	if len(pool) > 50 {
		pool = pool[:50]
	}
	hands := make([][]cards.Card, 6)
	hands[0] = []cards.Card{}
	for i, c := range pool {
		hands[1+i%5] = append(hands[1+i%5], c)
	}
	return Hand{Winner: 0, Hands: hands, BonusMarks: make([]int, 6), Table: table}
}

// BenchmarkLayoffsCrowded times the F7 search over 200 random crowded
// deals; ns/op is for the 200 together.
func BenchmarkLayoffsCrowded(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	deals := make([]Hand, 200)
	for i := range deals {
		deals[i] = crowdedDeal(rng)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, h := range deals {
			bestLayoffs(context.Background(), h.Table, h.Hands, h.Winner)
		}
	}
}

// manyFlushRuns is a table built against the search: fifteen flush runs of
// five suits, all linked through a set of 9s that could come to hold all
// fifteen 9s (F3), so that every flush run may end as a flush or a run
// and all of them share one group. The one loser holds the five 9s of
// those suits and a trump.
func manyFlushRuns() Hand {
	suits := []cards.Suit{cards.Lamps, cards.Plungers, cards.Fromps, cards.Rain, cards.Tops}
	var table [][]cards.Card
	for _, s := range suits {
		for lo := 0; lo < 9; lo += 3 {
			table = append(table, []cards.Card{{Rank: cards.Rank(lo), Suit: s}, {Rank: cards.Rank(lo + 1), Suit: s}, {Rank: cards.Rank(lo + 2), Suit: s}})
		}
	}
	var nines, held []cards.Card
	for _, s := range cards.FanucciSuits() {
		if slices.Contains(suits, s) {
			held = append(held, cards.Card{Rank: 9, Suit: s})
		} else {
			nines = append(nines, cards.Card{Rank: 9, Suit: s})
		}
	}
	table = append(table, nines)
	held = append(held, cards.NewTrump(cards.Grue))
	return Hand{Winner: 0, Hands: [][]cards.Card{{}, held}, BonusMarks: []int{0, 0}, Table: table}
}

// BenchmarkLayoffsManyFlushRuns times the F7 search on manyFlushRuns,
// where fixing every flush run's form would mean 2^15 plans.
func BenchmarkLayoffsManyFlushRuns(b *testing.B) {
	h := manyFlushRuns()
	for b.Loop() {
		bestLayoffs(context.Background(), h.Table, h.Hands, h.Winner)
	}
}

// BenchmarkLayoffsSlowest times the F7 search on the slowest deals the
// hunt found (TestHuntSlowLayoffs), kept in testdata/slow-deals.json: five
// losers of ten cards against crowded tables, trumps included.
func BenchmarkLayoffsSlowest(b *testing.B) {
	file := os.Getenv("FLATHEAD_SLOW_DEALS")
	if file == "" {
		file = "testdata/slow-deals.json"
	}
	data, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	var deals []slowDeal
	if err := json.Unmarshal(data, &deals); err != nil {
		b.Fatal(err)
	}
	for i, d := range deals {
		h := d.hand()
		if _, err := Score(h); err != nil {
			b.Fatalf("deal %d: %v", i, err)
		}
		b.Run(fmt.Sprintf("deal%d", i), func(b *testing.B) {
			for b.Loop() {
				bestLayoffs(context.Background(), h.Table, h.Hands, h.Winner)
			}
		})
	}
}
