package flathead

import (
	"fmt"
	"math/rand/v2"
	"strings"
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
		{"two players, the most: 15 × 4", []int{60, 0}, 0, "", 0},
		{"two players, 55 = 11 × 5: a fourth mark", []int{55, 0}, 0, "F8", 0},
		{"two players, 75 = 15 × 5", []int{75, 0}, 0, "F8", 0},
		{"two players, the old most 825 = 15 × 55", []int{825, 0}, 0, "F8", 0},
		{"three players, 56 = 14 × 4", []int{0, 0, 56}, 2, "", 0},
		{"three players, 61 is prime and over 20", []int{0, 0, 61}, 2, "F8", 2},
		{"three players, 76 = 19 × 4", []int{0, 0, 76}, 2, "", 0},
		{"three players, 78 = 26 × 3 = 39 × 2, over 20 cards", []int{0, 0, 78}, 2, "F8", 2},
		{"six players, the most: 50 × 4", []int{0, 0, 0, 0, 0, 200}, 5, "", 0},
		{"six players, 196 = 49 × 4", []int{0, 0, 0, 0, 0, 196}, 5, "", 0},
		{"six players, 201", []int{0, 0, 0, 0, 0, 201}, 5, "F8", 5},
		{"six players, the old most 2100", []int{0, 0, 0, 0, 0, 2100}, 5, "F8", 5},
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

// realScores are the scores of the player who went out over every way a
// hand of the given size can end, worked out from the table as F6 and F8
// describe it rather than from PossibleScore's products: each loser keeps
// 0 to 10 cards and holds bonus marks, three cards laid down each, with
// the cards laid down and kept at most 10 (F6); the winner holds 0 to 3
// marks, nine cards of the 11 a winner lays. The losers are added one by
// one (count, marks).
func realScores(seats int) map[int]bool {
	type losers struct{ count, marks int }
	reach := map[losers]bool{{0, 0}: true}
	for range seats - 1 {
		next := map[losers]bool{}
		for l := range reach {
			for marks := 0; 3*marks <= HandSize; marks++ {
				for kept := 0; 3*marks+kept <= HandSize; kept++ {
					next[losers{l.count + kept, l.marks + marks}] = true
				}
			}
		}
		reach = next
	}
	scores := map[int]bool{}
	for l := range reach {
		for winner := 0; 3*winner <= HandSize+1; winner++ {
			r, err := Score(Hand{Winner: 0, Hands: handsOf(seats, l.count), BonusMarks: marksOf(seats, winner, l.marks)})
			if err != nil {
				panic(err)
			}
			scores[r.Points[0]] = true
		}
	}
	return scores
}

// handsOf deals count cards no meld takes among the losers of a table of
// the given size, seat 0 having gone out.
func handsOf(seats, count int) [][]cards.Card {
	deck := cards.Fanucci().Cards()
	hands := make([][]cards.Card, seats)
	hands[0] = []cards.Card{}
	for seat := 1; seat < seats; seat++ {
		n := min(HandSize, count)
		hands[seat] = deck[:n:n]
		deck, count = deck[n:], count-n
	}
	return hands
}

// marksOf gives seat 0 winner marks and spreads the losers' marks over
// the others.
func marksOf(seats, winner, losers int) []int {
	marks := make([]int, seats)
	marks[0] = winner
	for seat := 1; losers > 0; seat = seat%(seats-1) + 1 {
		marks[seat]++
		losers--
	}
	return marks
}

// TestPossibleScoreExactF6F8: by points, a score is accepted exactly when
// some end of hand scores it: PossibleScore agrees with realScores on
// every number up to past the most, for every table size, and the most
// is MaxScore.
func TestPossibleScoreExactF6F8(t *testing.T) {
	want := map[int]int{2: 60, 3: 80, 4: 120, 5: 160, 6: 200}
	for seats := MinPlayers; seats <= MaxPlayers; seats++ {
		real := realScores(seats)
		most := 0
		for p := range real {
			most = max(most, p)
		}
		if most != MaxScore(seats) || most != want[seats] {
			t.Errorf("%d players: the real hands score at most %d, MaxScore %d, want %d", seats, most, MaxScore(seats), want[seats])
		}
		for p := -5; p <= 3*most; p++ {
			if PossibleScore(p, seats) != real[p] {
				t.Errorf("%d players: PossibleScore(%d) = %v, a real hand scores it: %v", seats, p, PossibleScore(p, seats), real[p])
			}
		}
	}
}

// TestMaxScoreReachedF8: the most a two-player hand scores, dealt from
// the deck and scored by the referee with the table: Ann laid three color
// sets, Bob keeps ten cards none of which lays off onto them: (10 + 5) x
// (1 + 3) = 60 = MaxScore(2), and the check by points takes it.
func TestMaxScoreReachedF8(t *testing.T) {
	deck := cards.Fanucci()
	table := [][]cards.Card{}
	for _, set := range []string{"1 Lamps, 1 Fromps, 1 Plungers", "2 Tops, 2 Rain, 2 Zurfs", "3 Faces, 3 Hives, 3 Inkblots"} {
		meld, err := deck.ParseList(strings.Split(set, ", "))
		if err != nil {
			t.Fatal(err)
		}
		if v := Check(meld); !v.Valid || !v.Bonus {
			t.Fatalf("%s is not a bonus meld: %+v", set, v)
		}
		table = append(table, meld)
	}
	bob, err := deck.ParseList(strings.Split("5 Books, 6 Books, 7 Books, 8 Books, 9 Books, ∞ Books, 5 Ears, 6 Ears, 7 Ears, 8 Ears", ", "))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Score(Hand{Winner: 0, Hands: [][]cards.Card{{}, bob}, BonusMarks: []int{3, 0}, Table: table})
	if err != nil {
		t.Fatal(err)
	}
	if r.Points[0] != MaxScore(2) || r.Points[0] != 60 {
		t.Fatalf("scored %d (%s), want MaxScore(2) = 60", r.Points[0], r.Working())
	}
	if err := (Module{}).CheckPoints(game.Table{Names: make([]string, 2)}, game.Round{Points: r.Points, Seat: 0}); err != nil {
		t.Fatal(err)
	}
}

// realHand deals the end of a random real hand (F6, F8): the winner has
// laid down melds of 11 cards at most, bonus melds among them; each loser
// has laid down melds and keeps cards, 10 at most between them. The
// marks are the bonus melds laid down (F4), as the card sheet counts
// them.
func realHand(rng *rand.Rand) Hand {
	seats := MinPlayers + rng.IntN(MaxPlayers-MinPlayers+1)
	deck := cards.Fanucci().Cards()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	free := map[cards.Card]bool{}
	for _, c := range deck {
		free[c] = true
	}
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
	// meld tries a random bonus meld (a color set or a flush run) or a
	// plain set, of 3 or 4 cards.
	meld := func() []cards.Card {
		colour := cards.FanucciColours()[rng.IntN(5)]
		suits := colour.Suits()
		rank := cards.Rank(rng.IntN(10))
		switch rng.IntN(3) {
		case 0: // a color set
			return []cards.Card{{Rank: rank, Suit: suits[0]}, {Rank: rank, Suit: suits[1]}, {Rank: rank, Suit: suits[2]}}
		case 1: // a flush run
			rank = cards.Rank(rng.IntN(7))
			s := suits[rng.IntN(3)]
			return []cards.Card{{Rank: rank, Suit: s}, {Rank: rank + 1, Suit: s}, {Rank: rank + 2, Suit: s}}
		}
		var set []cards.Card // a plain set of one rank in several colours
		for _, c := range cards.FanucciColours()[:3+rng.IntN(2)] {
			set = append(set, cards.Card{Rank: rank, Suit: c.Suits()[rng.IntN(3)]})
		}
		return set
	}
	h := Hand{Winner: rng.IntN(seats), Hands: make([][]cards.Card, seats), BonusMarks: make([]int, seats)}
	for seat := range seats {
		most := HandSize // a loser lays down and keeps 10 at most
		if seat == h.Winner {
			most = HandSize + 1
		}
		laid := 0
		for try := 0; try < 6 && rng.IntN(3) > 0; try++ {
			m := meld()
			if laid+len(m) > most || !take(m) {
				continue
			}
			v := Check(m)
			if !v.Valid {
				panic(fmt.Sprint(m, v))
			}
			laid += len(m)
			if v.Bonus {
				h.BonusMarks[seat]++
			}
		}
		h.Hands[seat] = []cards.Card{}
		if seat == h.Winner {
			continue
		}
		kept := rng.IntN(most - laid + 1)
		if rng.IntN(3) == 0 {
			kept = most - laid
		}
		for c := range free {
			if len(h.Hands[seat]) == kept {
				break
			}
			h.Hands[seat] = append(h.Hands[seat], c)
			delete(free, c)
		}
	}
	return h
}

// TestCheckPointsRealHandsF6F8 is the property of the check by points:
// every real end of hand, scored by the referee, is accepted, and every
// number no end of hand scores (realScores) is refused, the old false
// accepts among them, with no false accept or refusal either way. The
// hands are scored without their table: the losers' lay-offs (F7) only
// lower the count, which realScores covers whole, and their search is
// tested on its own.
func TestCheckPointsRealHandsF6F8(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	n := 3000
	if testing.Short() {
		n = 500
	}
	accepted, refused, falseAccepts := 0, 0, 0
	for range n {
		h := realHand(rng)
		r, err := Score(h)
		if err != nil {
			t.Fatalf("Score: %v\n%+v", err, h)
		}
		round := game.Round{Points: r.Points, Seat: h.Winner}
		if err := (Module{}).CheckPoints(game.Table{Names: make([]string, len(h.Hands))}, round); err != nil {
			t.Fatalf("%s scores %v, refused by points: %v", r.Working(), r.Points, err)
		}
		accepted++
	}
	for seats := MinPlayers; seats <= MaxPlayers; seats++ {
		real := realScores(seats)
		impossible := []int{-5, -1, 75 * (seats - 1), 825, 2100, MaxScore(seats) + 1}
		for range n / 5 {
			impossible = append(impossible, rng.IntN(4*MaxScore(seats)))
		}
		for _, p := range impossible {
			if real[p] {
				continue
			}
			points := make([]int, seats)
			points[seats-1] = p
			if err := (Module{}).CheckPoints(game.Table{Names: make([]string, seats)}, game.Round{Points: points, Seat: seats - 1}); err == nil {
				t.Errorf("%d players: %d accepted, but no hand scores it", seats, p)
				falseAccepts++
				continue
			}
			refused++
		}
	}
	t.Logf("Flathead: %d real hands accepted, %d impossible rounds refused; false accepts %d, false refusals 0", accepted, refused, falseAccepts)
}
