package flathead

import (
	"math/rand/v2"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/ruling"
)

// TestCheckPointsF6F8 checks hands entered by points against F6 and F8,
// the 2-player 107 among them.
func TestCheckPointsF6F8(t *testing.T) {
	tests := []struct {
		name   string
		points []int
		seat   int
		rule   string // "" when allowed
		blame  int    // the seat the message sits beside
	}{
		{"the seed's three-player example", []int{14, 0, 0}, 0, "", 0},
		{"the seed's two-player example", []int{0, 24}, 1, "", 0},
		{"nothing left with three players", []int{0, 0, 0}, 2, "", 0},
		{"a loser scores", []int{14, 3, 0}, 0, "F6", 1},
		{"negative", []int{-3, 0}, 0, "F6", 0},
		{"two players, below the 5 for going out", []int{0, 4}, 1, "F8", 1},
		{"two players, 107 is prime and over 15", []int{107, 0}, 0, "F8", 0},
		{"two players, 17 is prime and over 15", []int{0, 17}, 1, "F8", 1},
		{"two players, 16 = 8 × 2", []int{16, 0}, 0, "", 0},
		{"two players, the most", []int{825, 0}, 0, "", 0},
		{"two players, over the most", []int{830, 0}, 0, "F8", 0},
		{"three players, 56 = 1 × (1 + 55)", []int{0, 0, 56}, 2, "", 0},
		{"three players, 61 is prime and over 1 + 55", []int{0, 0, 61}, 2, "F8", 2},
		{"six players, the most", []int{0, 0, 0, 0, 0, 2100}, 5, "", 0},
		{"six players, over the most", []int{0, 0, 0, 0, 0, 2150}, 5, "F8", 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Module{}.CheckPoints(game.Table{Names: make([]string, len(tc.points))}, game.Round{Points: tc.points, Seat: tc.seat})
			rule, _ := ruling.RuleOf(err)
			if rule != tc.rule {
				t.Fatalf("CheckPoints(%v, went out %d) = %v (rule %q), want rule %q", tc.points, tc.seat, err, rule, tc.rule)
			}
			if err == nil {
				return
			}
			pe, ok := err.(*game.PointsError)
			if !ok || pe.Seat != tc.blame {
				t.Fatalf("error %#v blames seat %v, want a *game.PointsError for seat %d", err, pe, tc.blame)
			}
			if msg := err.Error(); msg[0] >= 'a' && msg[0] <= 'z' || msg[len(msg)-1] != '.' {
				t.Errorf("%q is not a sentence", msg)
			}
		})
	}
}

// TestMaxScoreF8 derives the largest score by brute force over what the
// losers keep and the marks the winner's melds can earn, from the deck's
// make-up alone: the most marks is a third of the suited cards left, at
// most 55 (the 55 color sets of the deck).
func TestMaxScoreF8(t *testing.T) {
	if suitedCards != 165 || trumpCards != 9 {
		t.Fatalf("Fanucci deck of %d suited cards and %d trumps, want 165 and 9", suitedCards, trumpCards)
	}
	want := map[int]int{2: 15 * 55, 3: 20 * 52, 4: 30 * 49, 5: 40 * 45, 6: 50 * 42}
	for seats := MinPlayers; seats <= MaxPlayers; seats++ {
		if got := MaxScore(seats); got != want[seats] {
			t.Errorf("MaxScore(%d) = %d, want %d", seats, got, want[seats])
		}
		if !PossibleScore(MaxScore(seats), seats) || PossibleScore(MaxScore(seats)+1, seats) {
			t.Errorf("%d players: the most is not the edge of PossibleScore", seats)
		}
	}
}

// colorSets are the deck's 55 color sets of three (F4): every suited card
// in exactly one.
func colorSets() [][]cards.Card {
	var sets [][]cards.Card
	for _, colour := range cards.FanucciColours() {
		for _, rank := range append([]cards.Rank{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, cards.Infinity) {
			var set []cards.Card
			for _, suit := range colour.Suits() {
				set = append(set, cards.Card{Rank: rank, Suit: suit})
			}
			sets = append(sets, set)
		}
	}
	return sets
}

// TestMaxScoreReachedF8 scores the largest two-player hand: the loser
// keeps the nine trumps and one suited card, the winner has laid down
// the 54 color sets that card leaves whole. Without a table (no lay-offs
// recorded) the referee scores it (10 + 5) × (1 + 54) = MaxScore(2).
func TestMaxScoreReachedF8(t *testing.T) {
	sets := colorSets()
	loser := []cards.Card{sets[0][0]}
	for _, tr := range cards.Trumps() {
		loser = append(loser, cards.NewTrump(tr))
	}
	for _, set := range sets[1:] {
		if v := Check(set); !v.Valid || !v.Bonus {
			t.Fatalf("%v is not a bonus meld: %+v", set, v)
		}
	}
	r, err := Score(Hand{Winner: 0, Hands: [][]cards.Card{{}, loser}, BonusMarks: []int{len(sets) - 1, 0}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Points[0] != MaxScore(2) {
		t.Fatalf("scored %d (%s), want MaxScore(2) = %d", r.Points[0], r.Working(), MaxScore(2))
	}
	if err := (Module{}).CheckPoints(game.Table{Names: make([]string, 2)}, game.Round{Points: r.Points, Seat: 0}); err != nil {
		t.Fatal(err)
	}
}

// TestScoresPassCheckPoints deals random ends of hand: losers keeping up
// to ten cards each, and the winner and the losers having laid down
// bonus melds (color sets, one mark each) from what is left. Whatever the
// referee scores passes the check by points, and the scores come near
// the bound.
func TestScoresPassCheckPoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	best := map[int]int{}
	for range 2000 {
		seats := MinPlayers + rng.IntN(MaxPlayers-MinPlayers+1)
		deck := cards.Fanucci().Cards()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		held := map[cards.Card]bool{}
		h := Hand{Winner: rng.IntN(seats), Hands: make([][]cards.Card, seats), BonusMarks: make([]int, seats)}
		next := 0
		for seat := range h.Hands {
			h.Hands[seat] = []cards.Card{}
			if seat == h.Winner {
				continue
			}
			n := rng.IntN(HandSize + 1)
			if rng.IntN(3) == 0 {
				n = HandSize
			}
			for range n {
				h.Hands[seat] = append(h.Hands[seat], deck[next])
				held[deck[next]] = true
				next++
			}
		}
		var free [][]cards.Card
		for _, set := range colorSets() {
			if !held[set[0]] && !held[set[1]] && !held[set[2]] {
				free = append(free, set)
			}
		}
		rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
		withTable := rng.IntN(2) == 0
		laid := rng.IntN(len(free) + 1)
		if withTable {
			laid = min(laid, 6)
		}
		for _, set := range free[:laid] {
			seat := h.Winner
			if rng.IntN(4) == 0 {
				seat = rng.IntN(seats)
			}
			h.BonusMarks[seat]++
			if withTable {
				h.Table = append(h.Table, set)
			}
		}
		r, err := Score(h)
		if err != nil {
			t.Fatalf("Score: %v\n%+v", err, h)
		}
		if err := (Module{}).CheckPoints(game.Table{Names: make([]string, seats)}, game.Round{Points: r.Points, Seat: h.Winner}); err != nil {
			t.Fatalf("%s scores %v, refused by points: %v", r.Working(), r.Points, err)
		}
		best[seats] = max(best[seats], r.Points[h.Winner])
	}
	for seats := MinPlayers; seats <= MaxPlayers; seats++ {
		if best[seats] < MaxScore(seats)/3 {
			t.Errorf("%d players: the best random hand scored %d, far below the bound %d: the deals miss the big hands", seats, best[seats], MaxScore(seats))
		}
	}
	t.Logf("best random scores by players: %v", best)
}
