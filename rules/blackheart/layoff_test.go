package blackheart

import (
	"strings"
	"testing"
)

func TestCheckLayoff(t *testing.T) {
	tests := []struct {
		name        string
		onto, added string
		valid       bool
		kind        Kind
		points      int // the added cards only (B7)
		rule        string
		reason      string // the whole reason, or for invalid lay-offs a part of it
	}{
		{"seed: a 5 and 6 extend 2-3-4 to five cards (B1)", "2S 3S 4S", "5S 6S", true, Series, 10, "B1", "laying off 5S 6S makes a series 2S-3S-4S-5S-6S (B1)"},
		{"onto an opponent's escorted series (B1)", "QS 6H KS 3H AS", "2S", true, Series, 5, "B1", ""},
		{"a court laid off with its escort (B2)", "QS 6H KS 3H AS", "JS 4H", true, Series, 15, "B1",
			"laying off JS 4H makes a series JS-QS-KS-AS with three heart escorts (B1, B2)"},
		{"onto a group (B1)", "7S 7C 7H", "7S", true, Group, 5, "B1", ""},
		{"a heart onto a group of pips (B2)", "7S 7C 7S", "7H", true, Group, 5, "B1", ""},
		{"a heart onto a heart series (B1)", "3H 4H 5H", "6H", true, Series, 5, "B1", ""},
		{"a wild laid off (B3)", "5S 6S 7S", "KD", true, Series, 20, "B1", "laying off KD makes a series 5S-6S-7S-8S, KD standing for 8S (B1, B3)"},
		{"a wild laid off as a black court with its escort (B2, B3)", "9S 10S JS 5H", "QD 6H", true, Series, 20, "B1", ""},
		{"ruling: the table's wilds are read afresh (B3)", "5S QD KD", "6S", true, Series, 5, "B1", ""},
		{"trap: a laid-off court without its escort (B2)", "QS 6H KS 3H AS", "JS", false, NoKind, 0, "B2", "JS has no heart to escort it (B2)"},
		{"trap: a laid-off heart may not escort a court on the table (B2)", "QS 2H QC 7H KD", "9H", false, NoKind, 0, "B2",
			"the laid-off 9H has no laid-off court card to escort (B2)"},
		{"trap: a laid-off court may not take an escort from the table (B2)", "JS 5H QS 6H KD", "KS", false, NoKind, 0, "B2",
			"the laid-off KS needs its own heart escort among the laid-off cards (B2)"},
		{"a laid-off wild may be read below the table's court cards (B3)", "9S 10S JS 5H KD", "QD", true, Series, 15, "B1",
			"laying off QD makes a series 7S-8S-9S-10S-JS, QD standing for 7S, KD standing for 8S, with one heart escort (B1, B2, B3)"},
		{"trap: nothing is laid off on a Royale (B3)", "JD QD KD", "10S", false, NoKind, 0, "B3", "nothing may be laid off on a Royale (B3)"},
		{"the set on the table must be valid (B1)", "7S 7C", "7H", false, NoKind, 0, "B1", "the set on the table is not valid: only two cards"},
		{"nothing laid off (B1)", "7S 7C 7H", "", false, NoKind, 0, "B1", "no cards are laid off (B1)"},
		{"the result must be a set (B1)", "2S 3S 4S", "6S", false, NoKind, 0, "B1", "not in sequence"},
		{"trap: a heart series does not wrap when laid off (B1)", "8H 9H 10H", "AH", false, NoKind, 0, "B1", "do not wrap"},
		{"copies count across the set and the lay-off (B1)", "7S 7S 7C", "7S", false, NoKind, 0, "B1", "there are only two 7S"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			onto, added := plays(t, tc.onto), plays(t, tc.added)
			v := CheckLayoff(onto, added)
			if v.Valid != tc.valid || v.Kind != tc.kind || v.Points != tc.points || v.Rule != tc.rule {
				t.Fatalf("CheckLayoff(%s, %s) = %v %v %d %s (%s); want %v %v %d %s", tc.onto, tc.added, v.Valid, v.Kind, v.Points, v.Rule, english.Say(v.Reason), tc.valid, tc.kind, tc.points, tc.rule)
			}
			if tc.valid && tc.reason != "" && english.Say(v.Reason) != tc.reason {
				t.Errorf("Reason = %q\n want %q", english.Say(v.Reason), tc.reason)
			}
			if !tc.valid && !strings.Contains(english.Say(v.Reason), tc.reason) {
				t.Errorf("Reason = %q, want it to say %q", english.Say(v.Reason), tc.reason)
			}
			if v.Valid {
				all := append(append([]bool(nil), make([]bool, len(onto))...), make([]bool, len(added))...)
				for i := len(onto); i < len(all); i++ {
					all[i] = true
				}
				if err := checkRoles(append(onto, added...), all, v); err != nil {
					t.Errorf("roles %v: %v", v.Roles, err)
				}
			}
		})
	}
}
