package blackheart

import (
	"strconv"
	"strings"
	"testing"

	"meldpad/rules/cards"
)

func TestRequirementForB5(t *testing.T) {
	tests := []struct {
		score    int
		minCards int
		sets     int
		text     string
	}{
		{-500, 0, 0, "none"},
		{-1, 0, 0, "none"},
		{0, 3, 1, "3 or more cards in 1 set"},
		{99, 3, 1, "3 or more cards in 1 set"},
		{100, 4, 1, "4 or more cards in 1 set"},
		{199, 4, 1, "4 or more cards in 1 set"},
		{200, 5, 1, "5 or more cards in 1 set"},
		{299, 5, 1, "5 or more cards in 1 set"},
		{300, 8, 2, "8 or more cards in 2 sets"},
		{399, 8, 2, "8 or more cards in 2 sets"},
		{400, 9, 2, "9 or more cards in 2 sets"},
		{499, 9, 2, "9 or more cards in 2 sets"},
		{500, 10, 2, "10 or more cards in 2 sets"},
		{2000, 10, 2, "10 or more cards in 2 sets"},
	}
	for _, tc := range tests {
		t.Run(tc.text+" at "+strconv.Itoa(tc.score), func(t *testing.T) {
			r := RequirementFor(tc.score)
			if r.MinCards != tc.minCards || r.Sets != tc.sets || r.Text != tc.text {
				t.Errorf("RequirementFor(%d) = %+v; want %d in %d, %q", tc.score, r, tc.minCards, tc.sets, tc.text)
			}
		})
	}
}

func TestCheckOpeningB5(t *testing.T) {
	const (
		fiveSevens  = "7S 7C 7H 7S 7C"
		fourSevens  = "7S 7C 7H 7S"
		escortedQKA = "QS 6H KS 3H AS" // 3 members, 5 cards with escorts
		threeNines  = "9S 9C 9H"
		fourFives   = "5S 5C 5H 5S"
	)
	tests := []struct {
		name     string
		score    int
		melds    []string
		valid    bool
		required string
		rule     string
		reason   string
	}{
		{"API example: five 7s at 250", 250, []string{fiveSevens}, true, "5 or more cards in 1 set", "B5", "5 cards in one set meet 5 or more cards in 1 set, escorts included (B5)"},
		{"four cards at 250 are too few", 250, []string{fourSevens}, false, "5 or more cards in 1 set", "B5",
			"a score of 250 needs 5 or more cards in 1 set, and the largest set holds 4 cards (B5)"},
		{"escorts count towards the requirement", 200, []string{escortedQKA}, true, "5 or more cards in 1 set", "B5", ""},
		{"3 cards open at 0", 0, []string{threeNines}, true, "3 or more cards in 1 set", "B5", ""},
		{"3 cards do not open at 100", 100, []string{threeNines}, false, "4 or more cards in 1 set", "B5", "the largest set holds 3 cards"},
		{"ruling: only the largest set counts for 1 set", 100, []string{threeNines, threeNines}, false, "4 or more cards in 1 set", "B5", ""},
		{"ruling: more sets may be laid down", 150, []string{threeNines, fourSevens}, true, "4 or more cards in 1 set", "B5", ""},
		{"8 cards in 2 sets at 300", 300, []string{escortedQKA, threeNines}, true, "8 or more cards in 2 sets", "B5", "8 cards in two sets meet 8 or more cards in 2 sets"},
		{"8 cards in 2 sets are too few at 400", 400, []string{escortedQKA, threeNines}, false, "9 or more cards in 2 sets", "B5",
			"a score of 400 needs 9 or more cards in 2 sets, and the two largest sets hold 8 cards (B5)"},
		{"ruling: the two largest of three sets count", 400, []string{threeNines, escortedQKA, fourSevens}, true, "9 or more cards in 2 sets", "B5", ""},
		{"10 cards in 2 sets at 500", 500, []string{escortedQKA, fiveSevens}, true, "10 or more cards in 2 sets", "B5", ""},
		{"9 cards in 2 sets at 500", 500, []string{escortedQKA, fourFives}, false, "10 or more cards in 2 sets", "B5", ""},
		{"two sets needed, one given", 300, []string{"5S 6S 7S 8S 9S 10S 4H JS 5H QS"}, false, "8 or more cards in 2 sets", "B5", "only one set was laid down"},
		{"trap: a Royale opens at any score", 900, []string{"JD QD KD"}, true, "10 or more cards in 2 sets", "B5", "a Royale opens at any score (B3, B5)"},
		{"below 0 no requirement", -20, []string{threeNines}, true, "none", "B5", "with a score of -20 there is no opening requirement (B5)"},
		{"an invalid set spoils the opening", -20, []string{threeNines, "KS KC KS"}, false, "none", "B2", "set 2 is not valid: KS has no heart to escort it (B2)"},
		{"no set is no opening", 0, nil, false, "3 or more cards in 1 set", "B5", "an opening lays down at least one set (B5)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var melds [][]cards.Play
			for _, m := range tc.melds {
				melds = append(melds, plays(t, m))
			}
			v := CheckOpening(tc.score, melds)
			if v.Valid != tc.valid || v.Required != tc.required || v.Rule != tc.rule {
				t.Fatalf("CheckOpening(%d, %v) = %+v; want %v %q %s", tc.score, tc.melds, v, tc.valid, tc.required, tc.rule)
			}
			if !strings.Contains(english.Say(v.Reason), tc.reason) {
				t.Errorf("Reason = %q, want it to say %q", english.Say(v.Reason), tc.reason)
			}
			citesItsRules(t, english.Say(v.Reason), v.Rules, v.Rule)
		})
	}
}
