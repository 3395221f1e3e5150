package flathead

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"meldpad/locale"
	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// apiCase is one case of testdata/api-cases.json, the flathead cases of
// the project's public API examples, copied verbatim.
type apiCase struct {
	Name string `json:"name"`
	Path string `json:"path"`
	Body struct {
		Cards      []string   `json:"cards"`
		Onto       []string   `json:"onto"`
		Winner     int        `json:"winner"`
		Hands      [][]string `json:"hands"`
		BonusMarks []int      `json:"bonus_marks"`
		Table      [][]string `json:"table"`
	} `json:"body"`
	Status int                        `json:"status"`
	Expect map[string]json.RawMessage `json:"expect"`
}

// TestAPICases answers every flathead case of the public API examples
// through the package, as the HTTP layer will.
func TestAPICases(t *testing.T) {
	data, err := os.ReadFile("testdata/api-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []apiCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 12 {
		t.Fatalf("only %d cases read", len(cases))
	}
	deck := cards.Fanucci()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			got := map[string]any{}
			switch tc.Path {
			case "/api/v1/flathead/melds/check":
				meld, err := deck.ParseList(tc.Body.Cards)
				if tc.Status == 400 {
					if err == nil {
						t.Fatalf("ParseList(%q) accepted bad input", tc.Body.Cards)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				v := Check(meld)
				if tc.Body.Onto != nil {
					onto, err := deck.ParseList(tc.Body.Onto)
					if err != nil {
						t.Fatal(err)
					}
					v = CheckLayoff(onto, meld)
				}
				got["valid"], got["bonus"] = v.Valid, v.Bonus
				got["kind"] = nil
				if v.Valid {
					got["kind"] = v.Kind.String()
				}
			case "/api/v1/flathead/hands/score":
				h := Hand{Winner: tc.Body.Winner, BonusMarks: tc.Body.BonusMarks}
				for _, hand := range tc.Body.Hands {
					cs, err := deck.ParseList(hand)
					if err != nil {
						t.Fatal(err)
					}
					h.Hands = append(h.Hands, cs)
				}
				r, err := Score(h)
				if err != nil {
					t.Fatal(err)
				}
				got["points"], got["cards_left"], got["multiplier"] = r.Points, r.CardsLeft, r.Multiplier
			default:
				t.Fatalf("unexpected path %s", tc.Path)
			}
			if tc.Status != 200 {
				t.Fatalf("status %d expected, but the package answered", tc.Status)
			}
			for field, want := range tc.Expect {
				gotJSON, _ := json.Marshal(got[field])
				if string(gotJSON) != strings.Join(strings.Fields(string(want)), "") {
					t.Errorf("%s = %s, want %s", field, gotJSON, want)
				}
			}
		})
	}
}

func TestScoreF8(t *testing.T) {
	seven := mustCards("1 Books", "2 Books", "3 Books", "4 Books", "5 Books", "6 Books", "7 Books")
	tests := []struct {
		name       string
		hand       Hand
		points     []int
		multiplier int
		working    string
	}{
		{"seed: 7 cards, winner 2 marks, losers 1, three players",
			Hand{Winner: 0, Hands: [][]cards.Card{{}, seven[:4], seven[4:]}, BonusMarks: []int{2, 1, 0}},
			[]int{14, 0, 0}, 2, "7 cards x (1 + 2 - 1) = 14"},
		{"seed: the same in a two-player game",
			Hand{Winner: 1, Hands: [][]cards.Card{seven, {}}, BonusMarks: []int{1, 2}},
			[]int{0, 24}, 2, "(7 cards + 5) x (1 + 2 - 1) = 24"},
		{"seed: losers with more marks leave the normal score",
			Hand{Winner: 0, Hands: [][]cards.Card{{}, seven[:4], seven[4:]}, BonusMarks: []int{0, 1, 1}},
			[]int{7, 0, 0}, 1, "7 cards x 1 = 7 (1 + 0 - 2 is below 1)"},
		{"all losers' marks count",
			Hand{Winner: 2, Hands: [][]cards.Card{seven[:1], seven[1:3], {}, seven[3:]}, BonusMarks: []int{1, 1, 3, 0}},
			[]int{0, 0, 14, 0}, 2, "7 cards x (1 + 3 - 2) = 14"},
		{"trumps count as cards",
			Hand{Winner: 0, Hands: [][]cards.Card{{}, mustCards("Grue", "3 Bugs"), {}}, BonusMarks: []int{0, 0, 0}},
			[]int{2, 0, 0}, 1, "2 cards x (1 + 0 - 0) = 2"},
		{"nobody holds anything",
			Hand{Winner: 0, Hands: [][]cards.Card{{}, {}}, BonusMarks: []int{0, 0}},
			[]int{5, 0}, 1, "(0 cards + 5) x (1 + 0 - 0) = 5"},
		{"one card",
			Hand{Winner: 1, Hands: [][]cards.Card{seven[:1], {}, {}, {}, {}, {}}, BonusMarks: make([]int, 6)},
			[]int{0, 1, 0, 0, 0, 0}, 1, "1 card x (1 + 0 - 0) = 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Score(tc.hand)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.Points, tc.points) || r.Multiplier != tc.multiplier {
				t.Errorf("points %v, multiplier %d; want %v, %d", r.Points, r.Multiplier, tc.points, tc.multiplier)
			}
			if r.Working() != tc.working {
				t.Errorf("Working() = %q, want %q", r.Working(), tc.working)
			}
			if r.Base != r.CardsLeft+r.TwoPlayerBonus || r.Points[tc.hand.Winner] != r.Base*r.Multiplier {
				t.Errorf("base %d, cards %d, bonus %d, multiplier %d do not make %d", r.Base, r.CardsLeft, r.TwoPlayerBonus, r.Multiplier, r.Points[tc.hand.Winner])
			}
		})
	}
}

func TestScoreErrors(t *testing.T) {
	two := func() [][]cards.Card { return [][]cards.Card{{}, mustCards("3 Bugs")} }
	tests := []struct {
		name string
		hand Hand
		rule string // "" for a plain error
		msg  string
	}{
		{"F6: the winner still holds cards", Hand{Winner: 1, Hands: two(), BonusMarks: []int{0, 0}}, "F6", "flathead: the winner, seat 1, still holds 1 card"},
		{"F4: negative bonus marks", Hand{Winner: 0, Hands: two(), BonusMarks: []int{0, -1}}, "F4", "flathead: seat 1 has -1 bonus marks"},
		{"F8: a fourth mark", Hand{Winner: 0, Hands: two(), BonusMarks: []int{4, 0}}, "F8", "flathead: seat 0 has 4 bonus marks, but a player holds at most 3 a hand"},
		{"F8: a loser's fourth mark", Hand{Winner: 0, Hands: two(), BonusMarks: []int{0, 4}}, "F8", "seat 1 has 4 bonus marks"},
		{"F2: a table meld with ∞ after 9", Hand{Winner: 0, Hands: two(), BonusMarks: []int{0, 0}, Table: [][]cards.Card{mustCards("7 Zurfs", "8 Zurfs", "9 Rain", "∞ Tops")}}, "F2", "table meld 0 (7 Zurfs, 8 Zurfs, 9 Rain, ∞ Tops) is not a meld: not a run: ∞ never follows 9 (F2)"},
		{"F3: a table meld with two trumps", Hand{Winner: 0, Hands: two(), BonusMarks: []int{0, 0}, Table: [][]cards.Card{mustCards("7 Lamps", "7 Fromps", "7 Zurfs"), mustCards("Grue", "Jester", "5 Lamps")}}, "F3", "table meld 1"},
		{"F1: a table meld of two cards", Hand{Winner: 0, Hands: two(), BonusMarks: []int{0, 0}, Table: [][]cards.Card{mustCards("7 Lamps", "7 Fromps")}}, "F1", "three or more cards"},
		{"one player", Hand{Winner: 0, Hands: [][]cards.Card{{}}, BonusMarks: []int{0}}, "", "flathead: 1 hands given; Flathead is for 2 to 6 players"},
		{"seven players", Hand{Winner: 0, Hands: make([][]cards.Card, 7), BonusMarks: make([]int, 7)}, "", "7 hands given"},
		{"marks for too few seats", Hand{Winner: 0, Hands: two(), BonusMarks: []int{0}}, "", "1 bonus mark counts given for 2 players"},
		{"no such winner", Hand{Winner: 2, Hands: two(), BonusMarks: []int{0, 0}}, "", "winner seat 2 is not a seat"},
		{"negative winner", Hand{Winner: -1, Hands: two(), BonusMarks: []int{0, 0}}, "", "winner seat -1"},
		{"a card held twice", Hand{Winner: 0, Hands: [][]cards.Card{{}, mustCards("3 Bugs"), mustCards("3 Bugs")}, BonusMarks: []int{0, 0, 0}}, "", "there is only one 3 Bugs in the Fanucci deck"},
		{"a card both held and on the table", Hand{Winner: 0, Hands: two(), BonusMarks: []int{0, 0}, Table: [][]cards.Card{mustCards("3 Bugs", "3 Mazes", "3 Books")}}, "", "table[0][0]"},
		{"a card of another deck", Hand{Winner: 0, Hands: [][]cards.Card{{}, {{Rank: 3, Suit: cards.Clubs}}}, BonusMarks: []int{0, 0}}, "", "3C is not in the Fanucci deck"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Score(tc.hand)
			if err == nil {
				t.Fatal("Score accepted it")
			}
			if strings.Contains(tc.msg, "only one") && !errors.Is(err, cards.ErrTooManyCopies) ||
				strings.Contains(tc.msg, "not in the Fanucci deck") && !errors.Is(err, cards.ErrNotInDeck) {
				t.Errorf("error %q does not wrap the cards sentinel", err)
			}
			if said := err.Error() + " | " + locale.English().Error(err); !strings.Contains(said, tc.msg) {
				t.Errorf("error %q, want it to say %q", err, tc.msg)
			}
			rule, isRuling := ruling.RuleOf(err)
			var re *ruling.Error
			if tc.rule == "" && (isRuling || errors.As(err, &re)) {
				t.Errorf("error %q is a ruling.Error for rule %s; want a plain error", err, rule)
			}
			if tc.rule != "" && rule != tc.rule {
				t.Errorf("error %q has rule %q (ruling.Error: %v), want %s", err, rule, isRuling, tc.rule)
			}
		})
	}
}

func TestScoreF7(t *testing.T) {
	fourteenSevens := allOf(7, 0)[:14]
	tests := []struct {
		name    string
		table   [][]cards.Card
		hands   [][]cards.Card // seat 0 is the winner
		layoffs []Layoff
		left    int
	}{
		{"F7 example: neither loser can go first",
			// Together the two cards would make a red run 1-5, but 1 2 3 5
			// and 1 3 4 5 are not melds, so neither can be laid off first.
			[][]cards.Card{mustCards("1 Lamps", "3 Lamps", "5 Lamps")},
			[][]cards.Card{{}, mustCards("2 Plungers"), mustCards("4 Fromps")},
			nil, 2},
		{"F7 example: one loser lays both off together",
			[][]cards.Card{mustCards("1 Lamps", "3 Lamps", "5 Lamps")},
			[][]cards.Card{{}, mustCards("2 Plungers", "4 Fromps")},
			[]Layoff{{1, mustCards("2 Plungers")[0], 0}, {1, mustCards("4 Fromps")[0], 0}}, 0},
		{"F7: a card of the flush's own suit keeps it a flush, whoever holds it",
			// 2 of Lamps first (a flush 1 2 3 5), then 4 of Fromps makes it
			// a run.
			[][]cards.Card{mustCards("1 Lamps", "3 Lamps", "5 Lamps")},
			[][]cards.Card{{}, mustCards("4 Fromps"), mustCards("2 Lamps")},
			[]Layoff{{2, mustCards("2 Lamps")[0], 0}, {1, mustCards("4 Fromps")[0], 0}}, 0},
		{"F7: with a trump laid first, two losers fill two gaps",
			// 1 2 3 5 with the trump standing for the 4 is a run; then the
			// 4 of Fromps fills it.
			[][]cards.Card{mustCards("1 Lamps", "3 Lamps", "5 Lamps")},
			[][]cards.Card{{}, mustCards("2 Plungers"), mustCards("4 Fromps"), mustCards("Grue")},
			[]Layoff{{3, cards.NewTrump(cards.Grue), 0}, {1, mustCards("2 Plungers")[0], 0}, {2, mustCards("4 Fromps")[0], 0}}, 0},
		{"F7: three losers cannot fill three gaps, even with a trump",
			// Each of 1, 3 and 5 leaves two gaps; the trump fills one.
			[][]cards.Card{mustCards("0 Zurfs", "2 Zurfs", "4 Zurfs", "6 Zurfs")},
			[][]cards.Card{{}, mustCards("1 Rain", "Grue"), mustCards("3 Tops"), mustCards("5 Rain")},
			[]Layoff{{1, cards.NewTrump(cards.Grue), 0}}, 3},
		{"F7: one loser's lay-off opens the way for another's",
			// 7 of Plungers alone would leave a gap; after the 6 of Fromps
			// from another loser the run 3-7 is whole.
			[][]cards.Card{mustCards("3 Lamps", "4 Lamps", "5 Lamps")},
			[][]cards.Card{{}, mustCards("7 Plungers"), mustCards("6 Fromps")},
			[]Layoff{{2, mustCards("6 Fromps")[0], 0}, {1, mustCards("7 Plungers")[0], 0}}, 0},
		{"API example: a 7 and a trump go on the set of 7s",
			[][]cards.Card{mustCards("7 Plungers", "7 Fromps", "7 Zurfs")},
			[][]cards.Card{{}, mustCards("3 Bugs", "Grue"), mustCards("7 Lamps")},
			[]Layoff{{1, cards.NewTrump(cards.Grue), 0}, {2, mustCards("7 Lamps")[0], 0}}, 1},
		{"a flush run ends as a flush or a run, not both",
			// 4 of Hives makes a run 4-7, 9 of Faces a flush; not both. The
			// search tries the meld as a flush first, and that is as good.
			[][]cards.Card{mustCards("5 Faces", "6 Faces", "7 Faces")},
			[][]cards.Card{{}, mustCards("9 Faces", "4 Hives")},
			[]Layoff{{1, mustCards("9 Faces")[0], 0}}, 1},
		{"a trump lets the flush run take both",
			// The 9 of Faces first (a flush 5 6 7 9), then the trump (for
			// the 8), then the 4 of Hives makes a run 4-9: seat 1's cards
			// come first wherever the rules allow.
			[][]cards.Card{mustCards("5 Faces", "6 Faces", "7 Faces")},
			[][]cards.Card{{}, mustCards("9 Faces", "4 Hives"), mustCards("Grue")},
			[]Layoff{{1, mustCards("9 Faces")[0], 0}, {2, cards.NewTrump(cards.Grue), 0}, {1, mustCards("4 Hives")[0], 0}}, 0},
		{"a card that fits two melds goes where it helps most",
			// 7 of Lamps fits the set of 7s and the red run; only in the
			// run does it let the 8 of Plungers follow.
			[][]cards.Card{mustCards("7 Zurfs", "7 Faces", "7 Bugs"), mustCards("4 Lamps", "5 Plungers", "6 Fromps")},
			[][]cards.Card{{}, mustCards("8 Plungers"), mustCards("7 Lamps")},
			[]Layoff{{2, mustCards("7 Lamps")[0], 1}, {1, mustCards("8 Plungers")[0], 1}}, 0},
		{"a trump fills one meld only",
			// Both runs need a trump for a gap. The red run's group comes
			// first and takes the fewest trumps that still allow the best
			// count: none, since the blue run can use it as well.
			[][]cards.Card{mustCards("1 Lamps", "2 Plungers", "3 Fromps"), mustCards("6 Zurfs", "7 Rain", "8 Tops")},
			[][]cards.Card{{}, mustCards("5 Lamps", "4 Zurfs"), mustCards("Grue")},
			[]Layoff{{2, cards.NewTrump(cards.Grue), 1}, {1, mustCards("4 Zurfs")[0], 1}}, 1},
		{"a meld that holds a trump takes no other",
			[][]cards.Card{mustCards("7 Lamps", "7 Plungers", "Grue")},
			[][]cards.Card{{}, mustCards("Jester"), mustCards("7 Fromps")},
			[]Layoff{{2, mustCards("7 Fromps")[0], 0}}, 1},
		{"two trumps cannot both join one meld",
			// Grue comes before Jester in deck order.
			[][]cards.Card{mustCards("3 Lamps", "4 Lamps", "5 Lamps")},
			[][]cards.Card{{}, mustCards("Jester"), mustCards("Grue")},
			[]Layoff{{2, cards.NewTrump(cards.Grue), 0}}, 1},
		{"losers never lay down a meld of their own",
			[][]cards.Card{mustCards("7 Lamps", "7 Zurfs", "7 Faces")},
			[][]cards.Card{{}, mustCards("3 Books", "4 Books", "5 Books")},
			nil, 3},
		{"no table, no lay-offs",
			nil,
			[][]cards.Card{{}, mustCards("7 Lamps")},
			nil, 1},
		{"F3: a flush of all eleven Lamps cannot keep its trump",
			[][]cards.Card{append(allOf(-1, cards.Lamps)[:10], cards.NewTrump(cards.Grue))},
			[][]cards.Card{{}, mustCards("∞ Lamps")},
			nil, 1},
		{"F3: a flush of ten Lamps takes a trump for its ∞",
			[][]cards.Card{allOf(-1, cards.Lamps)[:10]},
			[][]cards.Card{{}, mustCards("Grue")},
			[]Layoff{{1, cards.NewTrump(cards.Grue), 0}}, 0},
		{"F3: a red run 0-9 takes no trump, since ∞ never follows 9",
			[][]cards.Card{mustCards("0 Lamps", "1 Plungers", "2 Lamps", "3 Lamps", "4 Lamps", "5 Lamps", "6 Lamps", "7 Lamps", "8 Lamps", "9 Lamps")},
			[][]cards.Card{{}, mustCards("Grue")},
			nil, 1},
		{"F3: a set of fourteen 7s takes the fifteenth or a trump, not both",
			[][]cards.Card{fourteenSevens},
			[][]cards.Card{{}, allOf(7, 0)[14:], mustCards("Grue")},
			[]Layoff{{1, allOf(7, 0)[14], 0}}, 1},
		{"F3: after a lay-off, the trump of a set still needs a 7 to stand for",
			// Thirteen 7s and a trump take one more 7, not both.
			[][]cards.Card{append(slices.Clone(fourteenSevens[:13]), cards.NewTrump(cards.Grue))},
			[][]cards.Card{{}, allOf(7, 0)[13:14], allOf(7, 0)[14:]},
			[]Layoff{{1, allOf(7, 0)[13], 0}}, 1},
		{"the ∞ of Lamps goes on an infinity instead",
			[][]cards.Card{append(allOf(-1, cards.Lamps)[:10], cards.NewTrump(cards.Grue)), mustCards("∞ Tops", "∞ Rain", "∞ Faces")},
			[][]cards.Card{{}, mustCards("∞ Lamps")},
			[]Layoff{{1, mustCards("∞ Lamps")[0], 1}}, 0},
		{"ties go to the lowest-numbered meld",
			// 7 of Lamps fits both sets of 7s equally well.
			[][]cards.Card{mustCards("7 Zurfs", "7 Faces", "7 Bugs"), mustCards("7 Rain", "7 Hives", "7 Mazes")},
			[][]cards.Card{{}, mustCards("7 Lamps")},
			[]Layoff{{1, mustCards("7 Lamps")[0], 0}}, 0},
		{"fifteen flush runs linked by a set of 9s",
			// Melds 0-14 are 0-1-2, 3-4-5, 6-7-8 of Lamps, Plungers, Fromps,
			// Rain, Tops; 15 is the 9s, which could come to hold all
			// fifteen. Each flush run stays a flush where that is as good,
			// so each 9 joins the first flush of its suit (0, 3, 6, 9, 12)
			// and the trump meld 0, the first that can take one. They are
			// listed meld by meld.
			manyFlushRuns().Table,
			manyFlushRuns().Hands,
			[]Layoff{{1, mustCards("9 Lamps")[0], 0}, {1, cards.NewTrump(cards.Grue), 0}, {1, mustCards("9 Plungers")[0], 3}, {1, mustCards("9 Fromps")[0], 6}, {1, mustCards("9 Rain")[0], 9}, {1, mustCards("9 Tops")[0], 12}}, 0},
		{"lay-offs onto a flush are listed by seat, then hand order",
			[][]cards.Card{mustCards("1 Books", "2 Books", "3 Books")},
			[][]cards.Card{{}, mustCards("9 Books", "5 Books"), {}, mustCards("0 Books")},
			[]Layoff{{1, mustCards("9 Books")[0], 0}, {1, mustCards("5 Books")[0], 0}, {3, mustCards("0 Books")[0], 0}}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := Hand{Winner: 0, Hands: tc.hands, BonusMarks: make([]int, len(tc.hands)), Table: tc.table}
			r, err := Score(h)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.Layoffs, tc.layoffs) || r.CardsLeft != tc.left {
				t.Errorf("lay-offs %v leaving %d; want %v leaving %d", r.Layoffs, r.CardsLeft, tc.layoffs, tc.left)
			}
			// The slow search agrees, where it is quick enough.
			held := 0
			for _, hand := range tc.hands {
				held += len(hand)
			}
			if math.Pow(float64(len(tc.table)+1), float64(held)) < 1e5 {
				if n, _ := sequentialLayoffs(tc.table, tc.hands, 0); n != len(tc.layoffs) {
					t.Errorf("sequentialLayoffs lays off %d, the table above %d", n, len(tc.layoffs))
				}
			}
			checkLayoffsValid(t, h, r)
		})
	}
}

// checkLayoffsValid replays a result's lay-offs in the order listed, one
// lay-off at a time (a seat's consecutive cards onto one meld), and checks
// each against the rules: the cards come from that loser's hand, once
// each, and the meld is valid after every lay-off, as CheckLayoff judges
// (F3, F5, F7). It checks too that what is kept is what is left.
func checkLayoffsValid(t *testing.T, h Hand, r Result) {
	t.Helper()
	melds := make([][]cards.Card, len(h.Table))
	for i, m := range h.Table {
		melds[i] = slices.Clone(m)
	}
	left := 0
	for seat, hand := range h.Hands {
		if seat != h.Winner {
			left += len(hand)
		}
	}
	laid := map[cards.Card]bool{}
	for i := 0; i < len(r.Layoffs); {
		first := r.Layoffs[i]
		if first.Seat == h.Winner || first.Seat < 0 || first.Seat >= len(h.Hands) {
			t.Fatalf("lay-off %+v is not by a loser", first)
		}
		if first.Meld < 0 || first.Meld >= len(h.Table) {
			t.Fatalf("lay-off %+v onto no meld", first)
		}
		var added []cards.Card
		for ; i < len(r.Layoffs) && r.Layoffs[i].Seat == first.Seat && r.Layoffs[i].Meld == first.Meld; i++ {
			c := r.Layoffs[i].Card
			if !slices.Contains(h.Hands[first.Seat], c) || laid[c] {
				t.Fatalf("lay-off %+v: %v is not in seat %d's hand, or laid off twice", r.Layoffs[i], c, first.Seat)
			}
			laid[c] = true
			added = append(added, c)
		}
		if v := CheckLayoff(melds[first.Meld], added); !v.Valid {
			t.Fatalf("lay-offs %v: seat %d cannot lay off %v onto meld %d, %v, now: %s", r.Layoffs, first.Seat, added, first.Meld, melds[first.Meld], v.Reason)
		}
		melds[first.Meld] = append(melds[first.Meld], added...)
		left -= len(added)
	}
	if r.CardsLeft != left {
		t.Errorf("CardsLeft %d, but %d cards are left", r.CardsLeft, left)
	}
	kept := 0
	for seat, hand := range r.Kept {
		if seat != h.Winner {
			kept += len(hand)
		}
	}
	if kept != left {
		t.Errorf("Kept holds %d cards, want %d", kept, left)
	}
}

// countdownContext is a context that ends after its Err has been asked a
// given number of times: it shows that the search looks at its context
// while it runs, not only before.
type countdownContext struct {
	context.Context
	left int
}

func (c *countdownContext) Err() error {
	c.left--
	if c.left < 0 {
		return context.Canceled
	}
	return nil
}

// slowestDeal returns the deal of testdata/slow-deals.json on which the
// F7 search takes the most steps: thousands, so it looks at its context
// while it runs.
func slowestDeal(t *testing.T) Hand {
	t.Helper()
	data, err := os.ReadFile("testdata/slow-deals.json")
	if err != nil {
		t.Fatal(err)
	}
	var deals []slowDeal
	if err := json.Unmarshal(data, &deals); err != nil || len(deals) == 0 {
		t.Fatalf("slow deals: %v", err)
	}
	// The steps recorded are the hunt's; the search may have changed since.
	slowest := slices.MaxFunc(deals, func(a, b slowDeal) int { return searchSteps(a.hand()) - searchSteps(b.hand()) })
	if steps := searchSteps(slowest.hand()); steps < 1000 {
		t.Fatalf("the slowest deal takes %d search steps; it tests too little", steps)
	}
	return slowest.hand()
}

func TestScoreContext(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	tooMany := Hand{Winner: 0, Hands: [][]cards.Card{{}, allOf(-1, cards.Ears)}, BonusMarks: []int{0, 0}, Table: hardLayoffs().Table}
	tests := []struct {
		name string
		ctx  context.Context
		hand Hand
		want error  // the context's error, or nil
		rule string // or a rule broken
	}{
		{"a cancelled request stops the search", cancelled, hardLayoffs(), context.Canceled, ""},
		{"a request past its deadline stops the search", expired, hardLayoffs(), context.DeadlineExceeded, ""},
		{"the search looks at the context while it runs", &countdownContext{Context: context.Background(), left: 1}, slowestDeal(t), context.Canceled, ""},
		{"F6: eleven cards are refused before any search", cancelled, tooMany, nil, "F6"},
		{"no table, no search", cancelled, Hand{Winner: 0, Hands: [][]cards.Card{{}, allOf(-1, cards.Bugs)[:3]}, BonusMarks: []int{0, 0}}, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ScoreContext(tc.ctx, tc.hand)
			switch {
			case tc.want != nil && !errors.Is(err, tc.want):
				t.Errorf("error %v, want %v", err, tc.want)
			case tc.rule != "":
				if rule, _ := ruling.RuleOf(err); rule != tc.rule {
					t.Errorf("error %v, want rule %s", err, tc.rule)
				}
			case tc.want == nil && err != nil:
				t.Errorf("error %v, want none", err)
			}
		})
	}
}

// TestScoreF7TrumpReadAgain holds deals where a trump is read again as
// the lay-offs proceed (F3, F5, F7): it stands for one card when it joins
// a meld and for another after a later lay-off. Every lay-off of the
// answer must be valid in the order given, and no card the losers could
// lay off, in some order, may stay in hand.
func TestScoreF7TrumpReadAgain(t *testing.T) {
	tests := []struct {
		name  string
		table [][]cards.Card
		hands [][]cards.Card
		left  int
	}{
		{"F7: a flush takes a trump, then becomes a run with it",
			// 0 2 3 of Mazes takes Granola as a flush; then the 4 of Bugs
			// makes a green run 0-4, the trump standing for the 1. Light
			// joins the red run 1 2 3 as its 0 or its 4.
			[][]cards.Card{mustCards("2 Mazes", "0 Mazes", "3 Mazes"), mustCards("1 Fromps", "2 Fromps", "3 Lamps")},
			[][]cards.Card{{}, mustCards("Light", "4 Bugs"), mustCards("Granola", "8 Plungers", "9 Fromps")},
			2},
		{"F7: two melds each take a trump from one loser and a card after it",
			// Lobster and 4 of Lamps make the red run 4 _ 6 7 8; Time and
			// 0 of Scythes make the green run 0 _ 2 3 4 5 6. The 9 of
			// Scythes stays: 7 and 8 of green are both missing.
			[][]cards.Card{mustCards("6 Faces", "0 Faces", "7 Faces"), mustCards("6 Plungers", "7 Fromps", "8 Lamps"), mustCards("2 Mazes", "3 Bugs", "4 Bugs", "5 Scythes", "6 Scythes")},
			[][]cards.Card{{}, mustCards("0 Scythes"), mustCards("Time", "4 Lamps", "Lobster"), mustCards("9 Scythes")},
			1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := Hand{Winner: 0, Hands: tc.hands, BonusMarks: make([]int, len(tc.hands)), Table: tc.table}
			r, err := Score(h)
			if err != nil {
				t.Fatal(err)
			}
			if r.CardsLeft != tc.left {
				t.Errorf("lay-offs %v leave %d cards; want %d", r.Layoffs, r.CardsLeft, tc.left)
			}
			checkLayoffsValid(t, h, r)
		})
	}
}
