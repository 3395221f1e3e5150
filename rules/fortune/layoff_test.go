package fortune

import (
	"slices"
	"testing"
)

func TestCheckLayoffR3(t *testing.T) {
	tests := []struct {
		name     string
		onto     string
		added    string
		house    HouseRules
		valid    bool
		kind     Kind
		points   int
		readings string // onto then added; "" to skip
		rule     string
		reason   string // "" to skip
	}{
		{name: "extend a sequence upward", onto: "5H 6H 7H", added: "8H", valid: true, kind: Sequence, points: 10, rule: "R3",
			reason: "the added card scores 10 points, making a sequence of hearts 5-6-7-8 (R1, R3, R4)"},
		{name: "extend a sequence downward", onto: "5H 6H 7H", added: "4H", valid: true, kind: Sequence, points: 5},
		{name: "only the added cards count", onto: "5H 6H 7H", added: "8H 9H", valid: true, kind: Sequence, points: 20},
		{name: "a fourth card on a set", onto: "7H 7S 7D", added: "7C", valid: true, kind: Set, points: 5},
		{name: "trap: a set stays at most four", onto: "7H 7S 7D 7C", added: "7H", valid: false, rule: "R3",
			reason: "Not a lay-off: a set stays at most four cards, and this would make it five (R1, R3)"},
		{name: "big sets: a fifth card on a set", onto: "7H 7S 7D 7C", added: "7H", house: HouseRules{BigSets: true}, valid: true, kind: Set, points: 5},
		{name: "a deuce laid off takes its best place", onto: "5H 6H 7H", added: "2C", valid: true, kind: Sequence, points: 10,
			readings: "5H 6H 7H 8H"},
		{name: "an ace laid off high", onto: "JH QH KH", added: "AH", valid: true, kind: Sequence, points: 10},
		{name: "an ace laid off low", onto: "2C=2H 3H 4H", added: "AH", valid: true, kind: Sequence, points: 5},
		{name: "an ace on a set of aces, ace set 15", onto: "AS AH AD", added: "AC", house: HouseRules{AceSet15: true}, valid: true, kind: Set, points: 15},
		{name: "the queen of spades laid off scores 50", onto: "9S 10S JS", added: "QS", valid: true, kind: Sequence, points: 50},
		{name: "an undeclared deuce on the table moves to its best place", onto: "5H 7H 2C", added: "6H", valid: true, kind: Sequence, points: 5,
			readings: "5H 7H 8H 6H"},
		{name: "a declared deuce on the table stays where it was declared", onto: "5H 7H 2C=6H", added: "6H", valid: false, rule: "R1",
			reason: "Not a lay-off: with these cards the meld is not a sequence: 2C=6H and 6H both stand for 6H, and a sequence holds each card once (R1)"},
		{name: "a natural beside deuces can turn the meld into a set", onto: "7H 2C 2D", added: "7S", valid: true, kind: Set, points: 5},
		{name: "wrong suit for a sequence", onto: "5H 6H 7H", added: "8S", valid: false, rule: "R1",
			reason: "Not a lay-off: with these cards the meld is not a sequence: 8S is not a heart (R1)"},
		{name: "a card of the sequence's rank is still the wrong suit", onto: "5H 6H 2C", added: "5S", valid: false, rule: "R1",
			reason: "Not a lay-off: with these cards the meld is not a sequence: 5S is not a heart (R1)"},
		{name: "wrong rank for a set", onto: "7H 7S 7D", added: "8H", valid: false, rule: "R1",
			reason: "Not a lay-off: with these cards the meld is not a set: 8H is not a 7 (R1)"},
		{name: "trap: no laying off around the corner", onto: "QH KH AH", added: "2C=2H", valid: false, rule: "R1"},
		{name: "a card out of reach", onto: "5H 6H 7H", added: "10H", valid: false, rule: "R1",
			reason: "Not a lay-off: with these cards the meld is not a sequence: between 5H and 10H two cards are missing, and there is no deuce to stand in (R1, R2)"},
		{name: "onto an invalid meld", onto: "7H 7S 8D", added: "7C", valid: false, rule: "R1",
			reason: "Not a lay-off: the meld on the table is not a set: 8D is not a 7 (R1)"},
		{name: "onto deuces alone", onto: "2C 2D 2H", added: "7C", valid: false, rule: "R2"},
		{name: "nothing added", onto: "5H 6H 7H", added: "", valid: false, rule: "R3",
			reason: "Not a lay-off: no cards are added (R3)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := CheckLayoff(plays(tc.onto), plays(tc.added), tc.house)
			if v.Valid != tc.valid || v.Kind != tc.kind || v.Points != tc.points {
				t.Fatalf("CheckLayoff(%s onto %s) = %v, %q, %d; want %v, %q, %d (reason %q)",
					tc.added, tc.onto, v.Valid, v.Kind, v.Points, tc.valid, tc.kind, tc.points, english.Say(v.Reason))
			}
			if tc.readings != "" && cardsString(v.Readings) != tc.readings {
				t.Errorf("readings %s, want %s", cardsString(v.Readings), tc.readings)
			}
			if tc.rule != "" && v.Rule != tc.rule {
				t.Errorf("rule %q, want %q", v.Rule, tc.rule)
			}
			if tc.reason != "" && english.Say(v.Reason) != tc.reason {
				t.Errorf("reason\n got %q\nwant %q", english.Say(v.Reason), tc.reason)
			}
		})
	}
}

// TestCheckLayoffAddsUp checks that where the table's deuces keep their
// places, laying off adds to the meld exactly what the lay-off verdict
// says, so the scorepad's running total matches Score at the end.
func TestCheckLayoffAddsUp(t *testing.T) {
	for _, tc := range []struct{ onto, added string }{
		{"5H 6H 7H", "8H 9H"},
		{"5H 6H 2C", "2D"},
		{"7H 7S 7D", "2C"},
		{"JS QS KS", "AS"},
		{"QH KH 2C", "JH"},
	} {
		t.Run(tc.onto+" + "+tc.added, func(t *testing.T) {
			onto, added := plays(tc.onto), plays(tc.added)
			lay := CheckLayoff(onto, added, HouseRules{})
			before := Check(onto, HouseRules{})
			after := Check(slices.Concat(onto, added), HouseRules{})
			if !lay.Valid || after.Points-before.Points != lay.Points {
				t.Errorf("%d before, %d after, lay-off says %d (valid %v)", before.Points, after.Points, lay.Points, lay.Valid)
			}
		})
	}
}
