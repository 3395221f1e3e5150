package fortune

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/game/gametest"
)

// elevenMelded is Ann going out with eleven cards melded, 95 points:
// K K K 30, 4H 5H 6H with a deuce 15, 8C-QC 50; Bob holds QS AH 2D, 70.
var elevenMelded = []string{"meld_0_0", "KS KH KD", "meld_0_1", "5h 6h 2c", "meld_0_2", "8c 9c 10c jc qc", "hand_1", "qs ah 2d"}

// TestSheetR6WentOut: the player who went out melded every card of the
// hand, at least 11 (R6), and only that player ends with an empty hand:
// the sheet refuses a going out with fewer, two empty hands, and a hand
// nobody went out of, beside the field that says it and naming the
// player.
func TestSheetR6WentOut(t *testing.T) {
	tests := []struct {
		name  string
		form  []string
		field string // "" when the hand is real
		says  string
	}{
		{"eleven melded", elevenMelded, "", ""},
		{"six melded", []string{"meld_0_0", "KS KH KD", "meld_0_1", "5h 6h 2c", "hand_1", "qs ah 2d"}, "hand_0",
			"Ann: no cards left, so Ann went out, having melded every card of the hand, at least 11, but Ann's melds hold 6 (R6)."},
		{"two empty hands", []string{"meld_0_0", "KS KH KD", "meld_0_1", "5h 6h 2c", "meld_0_2", "8c 9c 10c jc qc",
			"meld_1_0", "7s 7h 7d", "hand_2", "3c"}, "hand_1",
			"Bob: no cards left, but only the player who went out ends the hand without cards, and Ann did (R6)."},
		{"nobody went out", []string{"meld_0_0", "KS KH KD", "hand_0", "3c", "hand_1", "qs"}, "",
			"Nobody's hand is empty, but a hand ends when a player has melded every card (R6): leave the hand of the player who went out empty."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sh, hand := gametest.Judge(t, Module{}, tableOf(nil, "Ann", "Bob", "Cy"), gametest.Form(append(tc.form, "hand_2", "4d")...))
			if tc.says == "" {
				if hand == nil || hand.Seat != 0 || hand.Points[0] < 55 {
					t.Fatalf("a real hand: %+v, problem %q", hand, sh.Judgement.Problem)
				}
				return
			}
			if hand != nil {
				t.Fatalf("saved %v (%q), want refused (R6)", hand.Points, sh.Judgement.Lines)
			}
			if sh.Judgement.Problem != tc.says {
				t.Errorf("problem %q, want %q", sh.Judgement.Problem, tc.says)
			}
			if tc.field != "" {
				if f := gametest.Field(t, sh, tc.field); f.Error != tc.says {
					t.Errorf("%s: error %q, want %q", tc.field, f.Error, tc.says)
				}
			}
		})
	}
}

// TestServeScoreR6TwoEmptyHands: two players with an empty hand is 422
// (R6), as API.md says; one is scored.
func TestServeScoreR6TwoEmptyHands(t *testing.T) {
	for _, tc := range []struct {
		body   string
		status int
	}{
		{`{"players": [{"melds": [["KS", "KH", "KD"]], "hand": []}, {"melds": [["7S", "7H", "7D"]], "hand": []}, {"hand": ["3C"]}]}`, 422},
		{`{"players": [{}, {}]}`, 422},
		{`{"players": [{"melds": [["KS", "KH", "KD"]], "hand": []}, {"melds": [["7S", "7H", "7D"]], "hand": ["3C"]}]}`, 200},
	} {
		status, got := gametest.Answer(t, Module{}, "hands/score", []byte(tc.body))
		if status != tc.status || (status == 422 && got["rule"] != "R6") {
			t.Errorf("%s: %d %v, want %d", tc.body, status, got, tc.status)
		}
	}
}

// dealer hands out the two decks' cards, each at most as often as the
// decks hold it.
type dealer struct {
	rng  *rand.Rand
	left map[cards.Card]int
}

func newDealer(rng *rand.Rand) *dealer {
	d := &dealer{rng: rng, left: map[cards.Card]int{}}
	deck := cards.DoubleStandard()
	for _, c := range deck.Cards() {
		d.left[c] = deck.Copies(c)
	}
	return d
}

// take removes cs from what is left, or reports false and removes none.
func (d *dealer) take(cs []cards.Card) bool {
	want := map[cards.Card]int{}
	for _, c := range cs {
		want[c]++
	}
	for c, n := range want {
		if d.left[c] < n {
			return false
		}
	}
	for c, n := range want {
		d.left[c] -= n
	}
	return true
}

// meld tries a random meld of the cards left: a set of 3 or 4 of one
// rank, or a sequence of 3 to 7 of one suit, sometimes with a deuce in
// the place of one card. It returns nil when the cards are gone or the
// meld is not one (R1, R2).
func (d *dealer) meld(h HouseRules) []cards.Play {
	rng := d.rng
	suit := cards.StandardSuits()[rng.IntN(4)]
	var cs []cards.Card
	if rng.IntN(2) == 0 {
		rank := cards.Rank(1 + rng.IntN(13))
		if rank == 2 {
			rank = cards.Ace
		}
		for _, s := range cards.StandardSuits()[:3+rng.IntN(2)] {
			cs = append(cs, cards.Card{Rank: rank, Suit: s})
		}
	} else {
		lo, n := 3+rng.IntN(9), 3+rng.IntN(5)
		for r := lo; r < lo+n && r <= 14; r++ {
			rank := cards.Rank(r)
			if r == 14 {
				rank = cards.Ace
			}
			cs = append(cs, cards.Card{Rank: rank, Suit: suit})
		}
	}
	if rng.IntN(4) == 0 {
		cs[rng.IntN(len(cs))] = cards.Card{Rank: 2, Suit: cards.StandardSuits()[rng.IntN(4)]}
	}
	meld := make([]cards.Play, len(cs))
	for i, c := range cs {
		meld[i] = cards.Play{Card: c}
	}
	if !Check(meld, h).Valid || !d.take(cs) {
		return nil
	}
	return meld
}

// held deals n cards of those left, at random.
func (d *dealer) held(n int) []cards.Card {
	var pool []cards.Card
	for c, k := range d.left {
		for range k {
			pool = append(pool, c)
		}
	}
	slices.SortFunc(pool, func(a, b cards.Card) int { return strings.Compare(a.String(), b.String()) })
	d.rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	pool = pool[:min(n, len(pool))]
	d.take(pool)
	return pool
}

// realHand deals the end of a random real hand (R1-R6): the player who
// went out has melded 11 cards or more and holds nothing; every other
// player holds a card at least, and may have melded too. Now and then the
// player who went out melds most of the decks, so that the hands come
// near what the decks hold.
func realHand(rng *rand.Rand) ([]Player, HouseRules) {
	h := HouseRules{BigSets: rng.IntN(4) == 0, AceSet15: rng.IntN(3) == 0}
	seats := MinPlayers + rng.IntN(MaxPlayers-MinPlayers+1)
	for {
		d := newDealer(rng)
		players := make([]Player, seats)
		wentOut := rng.IntN(seats)
		tries := 30
		if rng.IntN(4) == 0 {
			tries = 400
		}
		melded := 0
		for range tries {
			if m := d.meld(h); m != nil {
				players[wentOut].Melds = append(players[wentOut].Melds, m)
				melded += len(m)
			}
		}
		if melded < HandSize {
			continue
		}
		for seat := range players {
			if seat == wentOut {
				continue
			}
			for range rng.IntN(4) {
				if m := d.meld(h); m != nil {
					players[seat].Melds = append(players[seat].Melds, m)
				}
			}
			players[seat].Hand = d.held(1 + rng.IntN(6+10*rng.IntN(2)))
		}
		if slices.ContainsFunc(players, func(p Player) bool { return len(p.Hand) == 0 && len(p.Melds) == 0 }) {
			continue // the decks ran out before every player held a card
		}
		if n := len(players); n > 0 && countEmpty(players) == 1 {
			return players, h
		}
	}
}

func countEmpty(players []Player) int {
	n := 0
	for _, p := range players {
		if len(p.Hand) == 0 {
			n++
		}
	}
	return n
}

// houseKeys is a table's house rules by key.
func houseKeys(h HouseRules) map[string]bool {
	return map[string]bool{"big_sets": h.BigSets, "ace_set_15": h.AceSet15}
}

// TestCheckPointsRealHandsR6 is the property of the check by points:
// every real hand, dealt from the two decks and scored by Score, is
// accepted; every round that cannot be is refused: nobody reaching 55
// (R6), a score that is no multiple of 5 (R4, R5), or scores whose sizes
// add up to more than the decks' cards are worth (each card counts for
// one seat at most, melded or held).
func TestCheckPointsRealHandsR6(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 55))
	n := 2000
	if testing.Short() {
		n = 300
	}
	accepted, refused, falseAccepts, best := 0, 0, 0, 0
	for range n {
		players, h := realHand(rng)
		res, err := Score(players, h)
		if err != nil {
			t.Fatalf("Score: %v", err)
		}
		if err := (Module{}).CheckPoints(game.Table{HouseRules: houseKeys(h)}, game.Round{Points: res.Points, Seat: -1}); err != nil {
			t.Fatalf("a real hand %v refused: %v\n%+v", res.Points, err, players)
		}
		accepted++
		for _, p := range res.Points {
			best = max(best, p)
		}
	}
	impossible := [][]int{{0, 0, 0}, {5, 5, 5}, {-5, -5, -5}, {100000, -5}, {50, -5}, {56, -5}, {1000, -5}, {55, -950}}
	for range n {
		seats := MinPlayers + rng.IntN(MaxPlayers-MinPlayers+1)
		points := make([]int, seats)
		switch rng.IntN(3) {
		case 0: // nobody reaches 55
			for i := range points {
				points[i] = 5 * (rng.IntN(36) - 25)
			}
		case 1: // a number no cards make
			points[0] = 55 + 5*rng.IntN(20)
			points[1+rng.IntN(seats-1)] = 5*rng.IntN(30) - 1 - rng.IntN(4)
		default: // more than the decks hold
			sum := 0
			for i := 1; i < seats; i++ {
				points[i] = 5 * (rng.IntN(200) - 100)
				sum += abs(points[i])
			}
			points[0] = max(WentOutMinimum, deckPoints[true]-sum+5) + 5*rng.IntN(100)
		}
		impossible = append(impossible, points)
	}
	for _, points := range impossible {
		if err := (Module{}).CheckPoints(game.Table{HouseRules: houseKeys(HouseRules{AceSet15: true})}, game.Round{Points: points, Seat: -1}); err == nil {
			t.Errorf("%v accepted, but no hand scores it", points)
			falseAccepts++
			continue
		}
		refused++
	}
	t.Logf("Fortune: %d real hands accepted (best score %d), %d impossible rounds refused; false accepts %d, false refusals 0", accepted, best, refused, falseAccepts)
}

func abs(n int) int { return max(n, -n) }
