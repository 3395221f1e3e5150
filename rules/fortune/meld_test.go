package fortune

import (
	"fmt"
	"slices"
	"testing"

	"meldpad/rules/cards"
)

// checkCase is one meld and the verdict a player would expect, worked out
// by hand from Fortune's rules.
type checkCase struct {
	name     string
	meld     string
	house    HouseRules
	valid    bool
	kind     Kind
	points   int
	readings string // "" to skip
	each     []int  // points card by card; nil to skip
	rule     string // "" to skip
	reason   string // "" to skip
}

func runCheckCases(t *testing.T, tests []checkCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := Check(plays(tc.meld), tc.house)
			if v.Valid != tc.valid || v.Kind != tc.kind || v.Points != tc.points {
				t.Fatalf("Check(%s) = valid %v, %q, %d points; want %v, %q, %d (reason %q)",
					tc.meld, v.Valid, v.Kind, v.Points, tc.valid, tc.kind, tc.points, english.Say(v.Reason))
			}
			if tc.readings != "" && cardsString(v.Readings) != tc.readings {
				t.Errorf("readings %s, want %s", cardsString(v.Readings), tc.readings)
			}
			if tc.each != nil && !slices.Equal(v.CardPoints, tc.each) {
				t.Errorf("card points %v, want %v", v.CardPoints, tc.each)
			}
			if tc.rule != "" && v.Rule != tc.rule {
				t.Errorf("rule %q, want %q", v.Rule, tc.rule)
			}
			if tc.reason != "" && english.Say(v.Reason) != tc.reason {
				t.Errorf("reason\n got %q\nwant %q", english.Say(v.Reason), tc.reason)
			}
			if v.Reason.IsZero() {
				t.Errorf("empty reason")
			}
		})
	}
}

func TestCheckR1(t *testing.T) {
	big := HouseRules{BigSets: true}
	runCheckCases(t, []checkCase{
		// The seed's own examples: 4-4-4, 4-4-4-4, 5-6-7 and 5-6-7-8-9 of hearts.
		{name: "seed: three 4s", meld: "4S 4H 4D", valid: true, kind: Set, points: 15,
			reason: "set of three 4s: 15 points (R1, R4)"},
		{name: "seed: four 4s", meld: "4S 4H 4D 4C", valid: true, kind: Set, points: 20},
		{name: "seed: 5-6-7 of hearts", meld: "5H 6H 7H", valid: true, kind: Sequence, points: 15,
			reason: "sequence of hearts 5-6-7: 15 points (R1, R4)"},
		{name: "seed: 5-6-7-8-9 of hearts", meld: "5H 6H 7H 8H 9H", valid: true, kind: Sequence, points: 35},
		{name: "a set may hold both copies of a card", meld: "7H 7H 7S", valid: true, kind: Set, points: 15},
		{name: "order does not matter", meld: "9H 7H 8H", valid: true, kind: Sequence, points: 25},
		{name: "ace high Q-K-A", meld: "QH KH AH", valid: true, kind: Sequence, points: 30, each: []int{10, 10, 10},
			reason: "sequence of hearts Q-K-A, ace high: 30 points (R1, R4)"},
		{name: "ace low A-2-3 with the deuce in its own place", meld: "AD 2D 3D", valid: true, kind: Sequence, points: 15,
			readings: "AD 2D 3D", each: []int{5, 5, 5}},
		// All thirteen ranks read either A-K (95) or 2-A (100): the ace
		// plays high, the reading that scores more.
		{name: "thirteen ranks score with the ace high", meld: "AH 2C 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", valid: true, kind: Sequence, points: 100},
		{name: "thirteen cards ace high", meld: "2C 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", valid: true, kind: Sequence, points: 100},
		{name: "trap: around the corner K-A-2 as declared", meld: "KH AH 2H=2H", valid: false, rule: "R1",
			reason: "Not a sequence: it would go around the corner through K-A-2, and an ace is either high (Q-K-A) or low (A-2-3) (R1)"},
		{name: "trap: seed's K-A-2-3", meld: "KC AC 2C=2C 3C", valid: false, rule: "R1",
			reason: "Not a sequence: it would go around the corner through K-A-2, and an ace is either high (Q-K-A) or low (A-2-3) (R1)"},
		{name: "trap: K-A-3 goes round the corner even with a gap", meld: "KH AH 3H", valid: false, rule: "R1",
			reason: "Not a sequence: it would go around the corner through K-A-2, and an ace is either high (Q-K-A) or low (A-2-3) (R1)"},
		{name: "ruling: an ace is not high and low in one sequence", meld: "AH 2C 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", valid: false, rule: "R1",
			reason: "Not a sequence: AH and AH are both the ace of hearts, and an ace plays high or low in a sequence, never both (R1)"},
		{name: "api: a set of five is too big", meld: "7H 7H 7S 7D 7C", valid: false, rule: "R1",
			reason: "Not a set: five 7s, and a set holds at most four cards unless the house plays big sets (R1)"},
		{name: "big sets: a set of five", meld: "7H 7H 7S 7D 7C", house: big, valid: true, kind: Set, points: 25},
		{name: "big sets: eight kings and four deuces", meld: "KS KS KH KH KD KD KC KC 2S 2H 2D 2C", house: big, valid: true, kind: Set, points: 120},
		{name: "two cards are not a meld", meld: "7H 7S", valid: false, rule: "R1",
			reason: "Not a meld: a meld needs at least three cards, and this has two (R1)"},
		{name: "no cards are not a meld", meld: "", valid: false, rule: "R1"},
		{name: "a gap in a sequence", meld: "5H 6H 8H", valid: false, rule: "R1",
			reason: "Not a sequence: between 5H and 8H one card is missing, and there is no deuce to stand in (R1, R2)"},
		{name: "a gap too wide for the deuce", meld: "5H 9H 2C", valid: false, rule: "R1",
			reason: "Not a sequence: between 5H and 9H three cards are missing, and there is only one deuce to stand in (R1, R2)"},
		{name: "a sequence is one suit", meld: "5H 6S 7H", valid: false, rule: "R1",
			reason: "Not a sequence: 6S is not a heart (R1)"},
		{name: "a set is one rank", meld: "7H 7S 8D", valid: false, rule: "R1",
			reason: "Not a set: 8D is not a 7 (R1)"},
		{name: "mostly one suit is blamed as a sequence", meld: "7H 7S 8H 9H", valid: false, rule: "R1",
			reason: "Not a sequence: 7S is not a heart (R1)"},
		{name: "neither rank nor suit", meld: "7H 8S 9D", valid: false, rule: "R1",
			reason: "Not a meld: its cards share neither a rank, as a set's do, nor a suit, as a sequence's do (R1)"},
		{name: "a sequence holds a card once", meld: "7H 7H 8H", valid: false, rule: "R1",
			reason: "Not a sequence: 7H appears twice, and a sequence holds each card once (R1)"},
	})
}

func TestCheckR2(t *testing.T) {
	runCheckCases(t, []checkCase{
		{name: "trap: K, A, 2 reads Q-K-A", meld: "KH AH 2C", valid: true, kind: Sequence, points: 30,
			readings: "KH AH QH", each: []int{10, 10, 10},
			reason: "sequence of hearts Q-K-A with 2C as QH, ace high: 30 points (R1, R2, R4)"},
		{name: "trap: deuces alone are no meld", meld: "2C 2D 2H", valid: false, rule: "R2",
			reason: "Not a meld: deuces alone never make one, not even a set of 2s, so it needs a natural card that is not a deuce (R2)"},
		{name: "trap: no set of 2s even declared", meld: "2C=2S 2D=2H 2H 2S", valid: false, rule: "R2"},
		{name: "trap: deuces declared as other cards are still no natural", meld: "2C=KH 2D=KS 2S", valid: false, rule: "R2"},
		{name: "a deuce stands for the 2 of its own place", meld: "AH 3H 2H", valid: true, kind: Sequence, points: 15, readings: "AH 3H 2H"},
		{name: "a deuce fills a gap", meld: "5H 2C 7H", valid: true, kind: Sequence, points: 15, readings: "5H 6H 7H"},
		{name: "undeclared deuces take the best-scoring reading", meld: "7H 2C 2D", valid: true, kind: Sequence, points: 25,
			readings: "7H 9H 8H", each: []int{5, 10, 10}},
		{name: "on a tie a set is preferred", meld: "KH 2C 2D", valid: true, kind: Set, points: 30},
		{name: "on a tie the lower sequence, deuce in its own place", meld: "2C 3H 4H", valid: true, kind: Sequence, points: 15, readings: "2H 3H 4H"},
		{name: "on a tie the lower sequence", meld: "5H 6H 2C", valid: true, kind: Sequence, points: 15, readings: "5H 6H 4H"},
		{name: "a set of aces from deuces", meld: "AH 2C 2D", valid: true, kind: Set, points: 30},
		{name: "declared reading respected though the sequence would score 25", meld: "7H 2C=7S 2D", valid: true, kind: Set, points: 15,
			readings: "7H 7S 7D"},
		{name: "declared reading at the low end respected", meld: "5H 6H 2C=4H", valid: true, kind: Sequence, points: 15, readings: "5H 6H 4H"},
		{name: "declared reading at the high end", meld: "5H 6H 2C=7H", valid: true, kind: Sequence, points: 15, readings: "5H 6H 7H"},
		{name: "declared reading that spoils the set", meld: "7H 7S 2C=8H", valid: false, rule: "R1",
			reason: "Not a set: 2C=8H is not a 7 (R1)"},
		{name: "declared reading that doubles a place", meld: "5H 6H 2C=6H", valid: false, rule: "R1",
			reason: "Not a sequence: 2C=6H and 6H both stand for 6H, and a sequence holds each card once (R1)"},
		{name: "declared reading around the corner", meld: "KH 2C=2H 3H 2D", valid: false, rule: "R1",
			reason: "Not a sequence: it would go around the corner through K-A-2, and an ace is either high (Q-K-A) or low (A-2-3) (R1)"},
	})

	// Plays the parser refuses, which callers could still build by hand.
	lamp := cards.Card{Rank: 7, Suit: cards.Lamps}
	handBuilt := []struct {
		name   string
		meld   []cards.Play
		rule   string
		reason string
	}{
		{"a deuce cannot stand for a Fanucci card", []cards.Play{{Card: card("7H")}, {Card: card("7S")}, {Card: card("2C"), As: lamp}}, "R2",
			"Not a meld: 2C can stand only for a standard card, not 7 Lamps (R2)"},
		{"only deuces are wild", []cards.Play{{Card: card("7H")}, {Card: card("7S")}, {Card: card("7D"), As: card("7C")}}, "R2",
			"Not a meld: only deuces are wild, so 7D cannot stand for 7C (R2)"},
		{"a card from another deck", []cards.Play{{Card: card("7H")}, {Card: card("7S")}, {Card: lamp}}, "R1",
			"Not a meld: 7 Lamps is not a card of Fortune Rummy's two standard decks (R1)"},
		{"a blank card", []cards.Play{{Card: card("7H")}, {Card: card("7S")}, {}}, "R1",
			"Not a meld: a blank card is not a card of Fortune Rummy's two standard decks (R1)"},
	}
	for _, tc := range handBuilt {
		t.Run(tc.name, func(t *testing.T) {
			v := Check(tc.meld, HouseRules{})
			if v.Valid || v.Rule != tc.rule || english.Say(v.Reason) != tc.reason {
				t.Errorf("Check = %v, %q, %q; want invalid, %q, %q", v.Valid, v.Rule, english.Say(v.Reason), tc.rule, tc.reason)
			}
		})
	}
	t.Run("a natural declared as itself is just the natural", func(t *testing.T) {
		meld := []cards.Play{{Card: card("7H"), As: card("7H")}, {Card: card("7S")}, {Card: card("7D")}}
		if v := Check(meld, HouseRules{}); !v.Valid || v.Points != 15 {
			t.Errorf("Check = %v, %d; want valid, 15", v.Valid, v.Points)
		}
	})
}

func TestCheckR4(t *testing.T) {
	ace15 := HouseRules{AceSet15: true}
	runCheckCases(t, []checkCase{
		{name: "K down to 8 score 10", meld: "8H 9H 10H JH QH KH", valid: true, kind: Sequence, points: 60},
		{name: "7 down to 3 score 5", meld: "3D 4D 5D 6D 7D", valid: true, kind: Sequence, points: 25},
		{name: "ace high scores 10", meld: "JC QC KC AC", valid: true, kind: Sequence, points: 40, each: []int{10, 10, 10, 10}},
		{name: "ace low scores 5", meld: "AC 2C 3C 4C", valid: true, kind: Sequence, points: 20, each: []int{5, 5, 5, 5}},
		{name: "ace in a set of aces scores 10", meld: "AS AH AD", valid: true, kind: Set, points: 30,
			reason: "set of three aces, aces at 10 each: 30 points (R1, R4)"},
		{name: "ace set 15 house rule", meld: "AS AH AD", house: ace15, valid: true, kind: Set, points: 45},
		{name: "ace set 15 does not touch sequences", meld: "QH KH AH", house: ace15, valid: true, kind: Sequence, points: 30},
		{name: "deuce as an ace in a set of aces scores what that ace scores", meld: "AS AH 2C", house: ace15, valid: true, kind: Set, points: 45,
			each: []int{15, 15, 15}},
		{name: "with ace set 15 a set of aces beats Q-K-A", meld: "AH 2C 2D", house: ace15, valid: true, kind: Set, points: 45},
		{name: "deuce as a high ace scores 10", meld: "QH KH 2C=AH", valid: true, kind: Sequence, points: 30, each: []int{10, 10, 10}},
		{name: "deuce as a low ace scores 5", meld: "2C=AH 2D 3H", valid: true, kind: Sequence, points: 15, readings: "AH 2H 3H", each: []int{5, 5, 5}},
		{name: "queen of spades scores 50", meld: "JS QS KS", valid: true, kind: Sequence, points: 70, each: []int{10, 50, 10}},
		{name: "queens with the queen of spades", meld: "QS QH QD", valid: true, kind: Set, points: 70},
		{name: "trap: a deuce as the queen of spades scores 10", meld: "JS KS 2C", valid: true, kind: Sequence, points: 30,
			readings: "JS KS QS", each: []int{10, 10, 10}},
		{name: "trap: a declared queen of spades scores 10", meld: "JS 2C=QS KS", valid: true, kind: Sequence, points: 30, each: []int{10, 10, 10}},
		{name: "deuce as K down to 8 scores 10", meld: "7H 2C 9H", valid: true, kind: Sequence, points: 25, readings: "7H 8H 9H", each: []int{5, 10, 10}},
		{name: "deuce as 7 down to 2 scores 5", meld: "5H 2C 7H", valid: true, kind: Sequence, points: 15, each: []int{5, 5, 5}},
		{name: "the best reading counts the 50 once", meld: "QS 2C 2D", valid: true, kind: Set, points: 70},
	})
}

// TestCheckAPIExamples runs the Fortune cases of
// the public API examples (api-cases.json) through the package.
func TestCheckAPIExamples(t *testing.T) {
	runCheckCases(t, []checkCase{
		{name: "fortune: kings and an ace-high sequence", meld: "QH KH AH", valid: true, kind: Sequence, points: 30},
		{name: "fortune: set of five is too big", meld: "7H 7H 7S 7D 7C", valid: false},
	})
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{NoKind: "", Set: "set", Sequence: "sequence", Kind(9): ""} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", k, got, want)
		}
	}
}

// TestCheckReadingsParallel checks that readings follow the order the cards
// were given in, whatever order the referee judged them in.
func TestCheckReadingsParallel(t *testing.T) {
	v := Check(plays("2D KH 2C AH"), HouseRules{})
	// K, A and two deuces: J-Q-K-A of hearts, 40, the deuces as J and Q in
	// the canonical order of the deuces (2D before 2C).
	if got := fmt.Sprintf("%s %d", cardsString(v.Readings), v.Points); got != "JH KH QH AH 40" {
		t.Errorf("readings and points = %s, want JH KH QH AH 40", got)
	}
}
