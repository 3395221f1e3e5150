package blackheart

import (
	"slices"
	"strings"
	"testing"

	"meldpad/rules/cards"
)

// plays reads "QS 6H KD=QS" into plays without asking the deck, so that
// tests can hand Check what the HTTP layer would have refused too.
func plays(t testing.TB, s string) []cards.Play {
	t.Helper()
	var out []cards.Play
	for _, f := range strings.Fields(s) {
		left, right, declared := strings.Cut(f, "=")
		c, err := cards.ParseCard(left)
		if err != nil {
			t.Fatalf("bad card %q in test: %v", f, err)
		}
		p := cards.Play{Card: c}
		if declared {
			if p.As, err = cards.ParseCard(right); err != nil {
				t.Fatalf("bad card %q in test: %v", f, err)
			}
		}
		out = append(out, p)
	}
	return out
}

// checkCase is one set and the verdict the rules give it, worked out by
// hand from Black Heart's rules and the seed. Points by B7: A 15, 2-9 5, 10 and
// black J Q K 10, JD 10, QD 15, KD 20.
type checkCase struct {
	name   string
	set    string
	valid  bool
	kind   Kind
	points int
	rule   string
	reason string // the whole reason, or for invalid sets a part of it
}

func runCheckCases(t *testing.T, tests []checkCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			set := plays(t, tc.set)
			v := Check(set)
			if v.Valid != tc.valid || v.Kind != tc.kind || v.Points != tc.points {
				t.Fatalf("Check(%s) = %v %v %d (%s); want %v %v %d", tc.set, v.Valid, v.Kind, v.Points, english.Say(v.Reason), tc.valid, tc.kind, tc.points)
			}
			if tc.rule != "" && v.Rule != tc.rule {
				t.Errorf("Rule = %s, want %s (%s)", v.Rule, tc.rule, english.Say(v.Reason))
			}
			if tc.valid && tc.reason != "" && english.Say(v.Reason) != tc.reason {
				t.Errorf("Reason = %q\n want %q", english.Say(v.Reason), tc.reason)
			}
			if !tc.valid && !strings.Contains(english.Say(v.Reason), tc.reason) {
				t.Errorf("Reason = %q, want it to say %q", english.Say(v.Reason), tc.reason)
			}
			if !strings.Contains(english.Say(v.Reason), "("+strings.SplitN(v.Rule, ",", 2)[0]) && !strings.Contains(english.Say(v.Reason), " "+v.Rule) {
				t.Errorf("Reason %q does not cite its rule %s", english.Say(v.Reason), v.Rule)
			}
			if v.Valid {
				if err := checkRoles(set, nil, v); err != nil {
					t.Errorf("roles %v: %v", v.Roles, err)
				}
			} else if v.Roles != nil {
				t.Errorf("invalid verdict with roles %v", v.Roles)
			}
		})
	}
}

// TestCheckAPICases holds the blackheart cases of
// the public API examples (api-cases.json) (POST /api/v1/blackheart/melds/check).
func TestCheckAPICases(t *testing.T) {
	tests := []struct {
		name   string
		cards  []string
		kind   Kind
		points int
	}{
		{"blackheart: escorted Q-K-A of spades", []string{"QS", "6H", "KS", "3H", "AS"}, Series, 45},
		{"blackheart: J of diamonds as a heart", []string{"6H", "JD", "8H"}, Series, 20},
		{"blackheart: Q of diamonds as a club", []string{"3C", "4C", "QD"}, Series, 25},
		{"blackheart: Royale", []string{"JD", "QD", "KD"}, Royale, 150},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			set, err := cards.BlackHeart().ParsePlays(tc.cards)
			if err != nil {
				t.Fatal(err)
			}
			v := Check(set)
			if !v.Valid || v.Kind != tc.kind || v.Points != tc.points {
				t.Errorf("Check(%v) = %v %v %d (%s); want valid %v %d", tc.cards, v.Valid, v.Kind, v.Points, english.Say(v.Reason), tc.kind, tc.points)
			}
			if got := v.Kind.String(); got != tc.kind.String() {
				t.Errorf("kind prints %q", got)
			}
		})
	}
}

func TestCheckB1(t *testing.T) {
	runCheckCases(t, []checkCase{
		{"seed: a group 7+7+7", "7S 7C 7H", true, Group, 15, "B1", "a group of three 7s (B1)"},
		{"seed: a series 2-3-4", "2S 3S 4S", true, Series, 15, "B1", "a series 2S-3S-4S (B1)"},
		{"seed: 5 and 6 make the series five cards", "2S 3S 4S 5S 6S", true, Series, 25, "B1", "a series 2S-3S-4S-5S-6S (B1)"},
		{"group of four aces", "AS AC AH AS", true, Group, 60, "B1", "a group of four aces (B1)"},
		{"group of every 10 in the deck", "10S 10S 10C 10C 10H 10H", true, Group, 60, "B1", "a group of six 10s (B1)"},
		{"ace low in spades", "AS 2S 3S", true, Series, 25, "B1", "a series AS-2S-3S (B1)"},
		{"ace low in hearts", "AH 2H 3H", true, Series, 25, "B1", "a series AH-2H-3H (B1)"},
		{"heart series up to 10", "8H 9H 10H", true, Series, 20, "B1", "a series 8H-9H-10H (B1)"},
		{"black series wraps K-A-2", "KC 5H AC 2C", true, Series, 35, "B1", "a series KC-AC-2C with one heart escort (B1, B2)"},
		{"black series wraps Q-K-A-2-3", "QS 2H KS 3H AS 2S 3S", true, Series, 55, "B1", "a series QS-KS-AS-2S-3S with two heart escorts (B1, B2)"},
		{"a full circle of spades", "5S 6S 7S 8S 9S 10S JS QS KS AS 2S 3S 4S 5H 6H 7H", true, Series, 110, "B1",
			"a series AS-2S-3S-4S-5S-6S-7S-8S-9S-10S-JS-QS-KS with three heart escorts (B1, B2)"},
		{"trap: heart series may not wrap 10-A", "9H 10H AH", false, NoKind, 0, "B1", "heart series do not wrap around from 10 to A (B1)"},
		{"trap: heart series may not wrap 10-A-2", "10H AH 2H", false, NoKind, 0, "B1", "do not wrap"},
		{"two cards are not a set", "7S 7C", false, NoKind, 0, "B1", "only two cards make the rank or the sequence"},
		{"trap: escorts do not count towards three", "KS 5H KC 6H", false, NoKind, 0, "B1", "only two cards make the rank or the sequence; a set needs three, escorts not counted (B1)"},
		{"a series is of one suit", "5S 6S 7C", false, NoKind, 0, "B1", "7C is not a spade, so it cannot join a series of spades (B1)"},
		{"a group is of one rank", "7S 7C 8S", false, NoKind, 0, "B1", "8S is not a 7, so it cannot join a group of 7s (B1)"},
		{"a series has no gaps", "5S 6S 8S", false, NoKind, 0, "B1", "5S, 6S and 8S are not in sequence (B1)"},
		{"a series holds a rank once", "5S 6S 6S 7S", false, NoKind, 0, "B1", "6S appears twice"},
		{"a heart series holds no black card", "9H 10H JS", false, NoKind, 0, "B1", "JS is not a heart, so it cannot join a series of hearts (B1)"},
		{"no cards", "", false, NoKind, 0, "B1", "no cards were given"},
		{"a card the deck lacks: 2D", "2D 3S 4S", false, NoKind, 0, "B1", "2D is not a card of the Black Heart deck (B1)"},
		{"a card the deck lacks: JH", "JH 10H 9H", false, NoKind, 0, "B1", "JH is not a card of the Black Heart deck"},
		{"more copies than the deck", "5S 5S 5S", false, NoKind, 0, "B1", "there are only two 5S in the Black Heart deck (B1)"},
		{"one KD only", "KD KD KS", false, NoKind, 0, "B1", "there is only one KD"},
	})
}

func TestCheckB2(t *testing.T) {
	runCheckCases(t, []checkCase{
		{"seed: Q/6-K/3-A needs two hearts", "QS 6H KS 3H AS", true, Series, 45, "B1", "a series QS-KS-AS with two heart escorts (B1, B2)"},
		{"seed: J/2+J/7+J", "JS 2H JC 7H JD", true, Group, 40, "B1", "a group of three jacks with two heart escorts (B1, B2, B3)"},
		{"group of kings, each escorted", "KS 2H KC 3H KS 4H", true, Group, 45, "B1", "a group of three kings with three heart escorts (B1, B2)"},
		{"an escort may be any heart", "QS AH QC 10H QS 2H", true, Group, 60, "B1", "a group of three queens with three heart escorts (B1, B2)"},
		{"seed: a heart in a group of pips", "7S 7H 7C", true, Group, 15, "B1", "a group of three 7s (B1)"},
		{"trap: unescorted black court", "KS KC KS", false, NoKind, 0, "B2", "KS has no heart to escort it (B2)"},
		{"trap: one escort short", "QS 6H KS AS", false, NoKind, 0, "B2", "KS has no heart to escort it (B2)"},
		{"trap: a spare heart in a series", "7S 8S 9S 5H", false, NoKind, 0, "B2", "5H is neither a member nor an escort: no court card is left for it to escort (B2)"},
		{"trap: a spare heart beside an escort", "JS 2H 3H 10S 9S", false, NoKind, 0, "B2", "3H is neither a member nor an escort"},
		{"trap: a spare heart in a group of courts", "KS 3H KC 5H KS 7H 8H", false, NoKind, 0, "B2", "8H is neither a member nor an escort"},
		{"trap: a heart of another rank in a group of pips", "7S 7C 5H", false, NoKind, 0, "B1", "5H is not a 7, and a group of 7s has no court card for it to escort (B1, B2)"},
	})
}

func TestCheckB3(t *testing.T) {
	runCheckCases(t, []checkCase{
		{"seed: the Royale", "JD QD KD", true, Royale, 150, "B3", "the Diamond Royale JD-QD-KD, worth 150 in all (B3, B7)"},
		{"the Royale in any order", "KD JD QD", true, Royale, 150, "B3", ""},
		{"the Royale declared as itself", "JD=JD QD KD=KD", true, Royale, 150, "B3", ""},
		{"three diamonds declared otherwise have no natural member", "JD=5H QD=5S KD=5C", false, NoKind, 0, "B3", "a set needs at least one member that is not a wild diamond"},
		{"seed: 6-J-8, JD as a heart", "6H JD 8H", true, Series, 20, "B1", "a series 6H-7H-8H, JD standing for 7H (B1, B3)"},
		{"seed: 10-J/4-Q/J, JD as an escort", "10S JS 4H QS JD", true, Series, 45, "B1",
			"a series 10S-JS-QS, JD standing in for a heart escort, with two heart escorts (B1, B2, B3)"},
		{"seed: 10-J/4-Q/J in clubs", "10C JC 4H QC JD", true, Series, 45, "B1", ""},
		{"seed: 3-4-Q, QD as a club", "3C 4C QD", true, Series, 25, "B1", "a series 3C-4C-5C, QD standing for 5C (B1, B3)"},
		{"seed: K/9+K/5+Q/A, QD as a king with its escort", "KS 9H KC 5H QD AH", true, Group, 60, "B1",
			"a group of three kings, QD standing for KS, with three heart escorts (B1, B2, B3)"},
		{"seed: Q/2+Q/7+K as the Q, no escort", "QS 2H QC 7H KD", true, Group, 50, "B1",
			"a group of three queens, KD standing for QD, with two heart escorts (B1, B2, B3)"},
		{"seed: KD declared as the Q", "QS 2H QC 7H KD=QD", true, Group, 50, "B1", ""},
		{"KD declared as a black queen needs an escort", "QS 2H QC 7H KD=QS", false, NoKind, 0, "B2", "KD, standing for QS, has no heart to escort it (B2, B3)"},
		{"JD as a heart in a group of pips", "7S 7C JD", true, Group, 20, "B1", "a group of three 7s, JD standing for 7H (B1, B3)"},
		{"QD as a spade in a group", "9S 9C QD", true, Group, 25, "B1", "a group of three 9s, QD standing for 9S (B1, B3)"},
		{"KD as a heart in a heart series", "4H KD 6H", true, Series, 30, "B1", "a series 4H-5H-6H, KD standing for 5H (B1, B3)"},
		{"KD as an escort", "KS 5H KC 6H KS KD", true, Group, 60, "B1", "a group of three kings, KD standing in for a heart escort, with three heart escorts (B1, B2, B3)"},
		{"trap: a wild as a black court needs an escort", "JS 4H KS 6H QD", false, NoKind, 0, "B2", "QD, standing for QS, has no heart to escort it (B2, B3)"},
		{"a wild as a black court with its escort", "JS 4H KS 6H QD 8H", true, Series, 50, "B1", "a series JS-QS-KS, QD standing for QS, with three heart escorts (B1, B2, B3)"},
		{"ruling: JD is never a heart court", "9H 10H JD=JH", false, NoKind, 0, "B3", "JD can stand only for a heart from A to 10, not JH (B3)"},
		{"ruling: heart series end at 10, so JD goes below", "9H 10H JD", true, Series, 25, "B1", "a series 8H-9H-10H, JD standing for 8H (B1, B3)"},
		{"ruling: all three wilds in one set", "5S JD QD KD", true, Group, 50, "B1",
			"a group of four 5s, JD standing for 5H, QD standing for 5S, KD standing for 5C (B1, B3)"},
		{"QD cannot be a heart", "5H 6H QD", false, NoKind, 0, "B1", "QD cannot stand for a heart"},
		{"ruling: no wild for a card whose copies are all in the set", "7S 7S 7C 7C QD", false, NoKind, 0, "B3", "QD cannot stand for another 7"},
		{"ruling: no second QD, so QD must be a black queen", "QS 2H QC 7H QD KD=QD", false, NoKind, 0, "B2", "QD, standing for QS, has no heart to escort it (B2, B3)"},
		{"a declared escort reading respects the deck's copies", "JS 5H QS 5H KS JD=5H", false, NoKind, 0, "B3", "JD cannot stand for 5H"},
		{"the same escort undeclared", "JS 5H QS 5H KS JD", true, Series, 50, "B1", ""},
		{"QD as a black queen, KD as its escort", "QS 2H QC 7H QD KD", true, Group, 65, "B1",
			"a group of three queens, QD standing for QS, KD standing in for a heart escort, with three heart escorts (B1, B2, B3)"},
		{"KD as a queen with its own escort", "QS 2H QC 7H QD KD 9H", true, Group, 70, "B1", ""},
		{"KD fills the series rather than escort", "QS 2H KS JD AS KD", true, Series, 70, "B1",
			"a series QS-KS-AS-2S, JD standing in for a heart escort, KD standing for 2S, with two heart escorts (B1, B2, B3)"},
		{"a group is preferred when wilds make both", "5S QD KD", true, Group, 40, "B1", "a group of three 5s, QD standing for 5S, KD standing for 5C (B1, B3)"},
		{"ruling: a diamond as itself is no series member", "JD=JD 10S QS", false, NoKind, 0, "B1", "JD read as itself belongs only in a group of jacks or the Royale"},
		{"a declared reading is kept", "5S 6S KD=7S", true, Series, 30, "B1", "a series 5S-6S-7S, KD standing for 7S (B1, B3)"},
		{"a declared reading that leaves a gap", "5S 6S KD=9S", false, NoKind, 0, "B1", "5S, 6S and KD standing for 9S are not in sequence (B1, B3)"},
		{"only diamonds are wild", "7S=8S 7C 7H", false, NoKind, 0, "B3", "7S is not wild"},
		{"QD never stands for a heart", "5H 6H QD=5H", false, NoKind, 0, "B3", "QD can stand only for a spade or a club"},
		{"KD stands only for cards of the deck", "5S 6S KD=JH", false, NoKind, 0, "B3", "the deck holds no JH"},
	})
}

// TestCheckRolesPairEscorts checks the reading a scorepad draws: Q♠/6♥
// and K♠/3♥, and JD as a heart escort.
func TestCheckRolesPairEscorts(t *testing.T) {
	v := Check(plays(t, "QS 6H KS 3H AS"))
	want := []Role{{Member, cards.Card{}, -1}, {Escort, cards.Card{}, 0}, {Member, cards.Card{}, -1}, {Escort, cards.Card{}, 2}, {Member, cards.Card{}, -1}}
	if !slices.Equal(v.Roles, want) {
		t.Errorf("roles = %v, want %v", v.Roles, want)
	}
	v = Check(plays(t, "10S JS 4H QS JD"))
	if r := v.Roles[4]; r.Part != Escort || r.Court != 3 || r.As.Suit != cards.Hearts {
		t.Errorf("JD's role = %v, want an escort of QS standing for a heart", r)
	}
	v = Check(plays(t, "3C 4C QD"))
	if r := v.Roles[2]; r.Part != Member || r.As != (cards.Card{Rank: 5, Suit: cards.Clubs}) {
		t.Errorf("QD's role = %v, want member as 5C (wilds extend a series upwards)", r)
	}
}

// TestCheckKeepsInput checks that Check does not touch the caller's cards.
func TestCheckKeepsInput(t *testing.T) {
	set := plays(t, "QS 6H KS 3H AS KD")
	before := slices.Clone(set)
	Check(set)
	CheckLayoff(set[:5], set[5:])
	if !slices.Equal(set, before) {
		t.Errorf("Check changed its input: %v", set)
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{NoKind: "none", Group: "group", Series: "series", Royale: "royale", Kind(9): "Kind(9)"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", k, got, want)
		}
	}
	for p, want := range map[Part]string{Member: "member", Escort: "escort", RoyaleCard: "royale"} {
		if got := p.String(); got != want {
			t.Errorf("Part(%d).String() = %q, want %q", p, got, want)
		}
	}
}
