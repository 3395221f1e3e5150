package blackheart

import (
	"strings"
	"testing"

	"meldpad/rules/cards"
)

func TestCheckSwapB4(t *testing.T) {
	kd, qd, jd := kingOfDiamonds, queenOfDiamonds, jackOfDiamonds
	tests := []struct {
		name   string
		set    string
		out    cards.Card
		in     string
		valid  bool
		points int
		rule   string
		reason string
	}{
		{"seed: the K as the Q swapped for a Q/10 pair", "QS 2H QC 7H KD", kd, "QS 10H", true, 20, "B4",
			"QS 10H may take the place of KD, leaving a group of three queens with three heart escorts (B1, B2, B4)"},
		{"QD swapped for the club it stood for", "3C 4C QD", qd, "5C", true, 5, "B4", ""},
		{"an undeclared wild may be swapped for any card it could stand for", "3C 4C QD", qd, "2C", true, 5, "B4", ""},
		{"JD in a group of jacks swapped for a jack with escort", "JS 2H JC 7H JD", jd, "JS 9H", true, 15, "B4", ""},
		{"KD as the Q swapped for the QD itself", "QS 2H QC 7H KD", kd, "QD", true, 15, "B4", ""},
		{"an escort JD swapped for a heart", "10S JS 4H QS JD", jd, "9H", true, 5, "B4", ""},
		{"a declared wild keeps its rank", "5S 6S KD=7S", kd, "4S", false, 0, "B4", "the swap must leave a set of the same rank(s)"},
		{"a black court swapped in needs its escort", "QS 2H QC 7H KD", kd, "QS", false, 0, "B2", "the swap would leave an invalid set: QS has no heart to escort it (B2)"},
		{"never a Royale's diamonds", "JD QD KD", kd, "KS 5H", false, 0, "B4", "the diamonds of a Royale are never swapped (B3, B4)"},
		{"the diamond must be in the set", "7S 7C 7H", kd, "7S", false, 0, "B4", "KD is not in this set (B4)"},
		{"only a diamond is swapped", "7S 7C 7H", cards.Card{Rank: 7, Suit: cards.Spades}, "7S", false, 0, "B4", "only a played JD, QD or KD may be swapped"},
		{"one card and its escort at most", "QS 2H QC 7H KD", kd, "QS 10H 5H", false, 0, "B4", "one card from hand, plus its escort"},
		{"the set must be valid", "QS QC KD", kd, "QS 10H", false, 0, "B2", "the set on the table is not valid"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := CheckSwap(plays(t, tc.set), tc.out, plays(t, tc.in))
			if v.Valid != tc.valid || v.Points != tc.points || v.Rule != tc.rule {
				t.Fatalf("CheckSwap(%s, %v, %s) = %v %d %s (%s); want %v %d %s", tc.set, tc.out, tc.in, v.Valid, v.Points, v.Rule, english.Say(v.Reason), tc.valid, tc.points, tc.rule)
			}
			if tc.valid && tc.reason != "" && english.Say(v.Reason) != tc.reason {
				t.Errorf("Reason = %q\n want %q", english.Say(v.Reason), tc.reason)
			}
			if !tc.valid && !strings.Contains(english.Say(v.Reason), tc.reason) {
				t.Errorf("Reason = %q, want it to say %q", english.Say(v.Reason), tc.reason)
			}
		})
	}
}
