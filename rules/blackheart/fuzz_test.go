package blackheart

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/cards"
)

// fuzzUniverse is every card the fuzzer can name: the deck's, and some it
// lacks, so that Check meets bad input too.
var fuzzUniverse = append(deck.Cards(),
	cards.Card{Rank: cards.Jack, Suit: cards.Hearts}, cards.Card{Rank: 2, Suit: cards.Diamonds},
	cards.Card{}, cards.Card{Rank: 7, Suit: cards.Lamps}, cards.NewTrump(cards.Grue), cards.Card{Rank: 99, Suit: 99})

// fuzzPlays turns bytes into plays: one byte a card; a byte of 200 or more
// declares the next byte's card as its reading. A byte of 255 ends a set.
func fuzzPlays(data []byte) (sets [][]cards.Play) {
	var cur []cards.Play
	for i := 0; i < len(data); i++ {
		b := data[i]
		if b == 255 {
			sets = append(sets, cur)
			cur = nil
			continue
		}
		p := cards.Play{Card: fuzzUniverse[int(b)%len(fuzzUniverse)]}
		if b >= 200 && i+1 < len(data) {
			i++
			p.As = fuzzUniverse[int(data[i])%len(fuzzUniverse)]
		}
		cur = append(cur, p)
	}
	return append(sets, cur)
}

// fuzzBytes encodes notation as fuzzPlays reads it, for the seed corpus.
func fuzzBytes(t interface{ Fatalf(string, ...any) }, sets ...string) []byte {
	var out []byte
	for k, s := range sets {
		if k > 0 {
			out = append(out, 255)
		}
		for _, f := range strings.Fields(s) {
			left, right, declared := strings.Cut(f, "=")
			idx := func(s string) byte {
				c, err := cards.ParseCard(s)
				if err != nil {
					t.Fatalf("bad seed card %q", s)
				}
				return byte(slices.Index(fuzzUniverse, c))
			}
			if declared {
				b := int(idx(left))
				for b < 200 { // a byte of 200 or more that still names the card
					b += len(fuzzUniverse)
				}
				out = append(out, byte(b), idx(right))
			} else {
				out = append(out, idx(left))
			}
		}
	}
	return out
}

// fuzzSeeds are the seed's sets and a few traps.
var fuzzSeeds = []string{"QS 6H KS 3H AS", "6H JD 8H", "3C 4C QD", "JD QD KD", "JS 2H JC 7H JD", "10S JS 4H QS JD",
	"KS 9H KC 5H QD AH", "QS 2H QC 7H KD", "QS 2H QC 7H KD=QS", "JS 4H KS 6H QD", "9H 10H AH", "KS 5H AS 2S", "5S 6S KD=7S"}

// citedIDs finds the rule ids a reason cites in parentheses, in order.
// Only the tests read ids out of text: the verdicts carry them as Rules.
var citedIDs = regexp.MustCompile(`\((B\d(?:, B\d)*)\)`)

// citesItsRules checks that a verdict's Rules are the ids its reason
// cites, in its order, and hold the rule it turns on.
func citesItsRules(t *testing.T, reason string, rules []string, rule string) {
	t.Helper()
	var cited []string
	for _, m := range citedIDs.FindAllStringSubmatch(reason, -1) {
		cited = append(cited, strings.Split(m[1], ", ")...)
	}
	if !slices.Equal(cited, rules) || !slices.Contains(rules, rule) {
		t.Fatalf("reason %q cites %v; the verdict says Rules %v, Rule %s", reason, cited, rules, rule)
	}
}

// verdictInvariants checks what every verdict must satisfy whatever the
// cards.
func verdictInvariants(t *testing.T, v Verdict, n int) {
	t.Helper()
	if v.Reason.IsZero() || !strings.HasSuffix(english.Say(v.Reason), ")") || !strings.Contains(english.Say(v.Reason), v.Rule) || v.Rule == "" {
		t.Fatalf("verdict %+v does not explain itself", v)
	}
	citesItsRules(t, english.Say(v.Reason), v.Rules, v.Rule)
	if v.Valid != (v.Kind != NoKind) || v.Valid != (v.Roles != nil) {
		t.Fatalf("verdict %+v: kind and roles disagree with validity", v)
	}
	if v.Valid && len(v.Roles) != n {
		t.Fatalf("%d roles for %d cards", len(v.Roles), n)
	}
	if !v.Valid && v.Points != 0 {
		t.Fatalf("invalid verdict with %d points", v.Points)
	}
}

func FuzzCheck(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(fuzzBytes(f, s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		set := fuzzPlays(data)[0]
		v := Check(set)
		verdictInvariants(t, v, len(set))
		if v.Valid {
			want := 0
			for _, p := range set {
				want += CardPoints(p.Card)
			}
			if v.Kind == Royale {
				want = RoyalePoints
			}
			if v.Points != want {
				t.Fatalf("Check(%v) points %d, want %d", set, v.Points, want)
			}
			if err := checkRoles(set, nil, v); err != nil {
				t.Fatalf("Check(%v) roles %v: %v", set, v.Roles, err)
			}
		}
		reversed := slices.Clone(set)
		slices.Reverse(reversed)
		if w := Check(reversed); w.Valid != v.Valid || w.Kind != v.Kind || w.Points != v.Points || w.Rule != v.Rule {
			t.Fatalf("order changed the verdict: %v %v %d %s vs %v %v %d %s", v.Valid, v.Kind, v.Points, v.Rule, w.Valid, w.Kind, w.Points, w.Rule)
		}
		if len(set) <= 8 {
			if b := brute(set, nil); b.valid != v.Valid || b.kind != v.Kind || b.points != v.Points {
				t.Fatalf("Check(%v) = %v %v %d (%s); brute force says %v %v %d", set, v.Valid, v.Kind, v.Points, english.Say(v.Reason), b.valid, b.kind, b.points)
			}
		}
	})
}

func FuzzCheckLayoff(f *testing.F) {
	f.Add(fuzzBytes(f, "QS 6H KS 3H AS", "JS 4H"))
	f.Add(fuzzBytes(f, "2S 3S 4S", "5S 6S"))
	f.Add(fuzzBytes(f, "JD QD KD", "10S"))
	f.Add(fuzzBytes(f, "QS 2H QC 7H KD", "9H"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sets := fuzzPlays(data)
		if len(sets) < 2 {
			return
		}
		onto, added := sets[0], sets[1]
		v := CheckLayoff(onto, added)
		verdictInvariants(t, v, len(onto)+len(added))
		if !v.Valid {
			return
		}
		if table := Check(onto); !table.Valid || table.Kind == Royale {
			t.Fatalf("laid off onto %v, which is %v %v", onto, table.Valid, table.Kind)
		}
		want := 0
		for _, p := range added {
			want += CardPoints(p.Card)
		}
		if v.Points != want {
			t.Fatalf("lay-off points %d, want %d", v.Points, want)
		}
		all := append(slices.Clone(onto), added...)
		mark := make([]bool, len(all))
		for i := len(onto); i < len(all); i++ {
			mark[i] = true
		}
		if err := checkRoles(all, mark, v); err != nil {
			t.Fatalf("CheckLayoff(%v, %v) roles %v: %v", onto, added, v.Roles, err)
		}
		if len(all) <= 8 {
			if b := brute(all, mark); !b.valid || b.kind != v.Kind {
				t.Fatalf("CheckLayoff(%v, %v) = %v; brute force says %v %v", onto, added, v.Kind, b.valid, b.kind)
			}
		}
	})
}

func FuzzCheckOpening(f *testing.F) {
	f.Add(250, fuzzBytes(f, "7S 7C 7H 7S 7C"))
	f.Add(350, fuzzBytes(f, "QS 6H KS 3H AS", "7S 7C 7H"))
	f.Add(900, fuzzBytes(f, "JD QD KD"))
	f.Add(-5, fuzzBytes(f, "KS KC KS"))
	f.Fuzz(func(t *testing.T, score int, data []byte) {
		melds := fuzzPlays(data)
		v := CheckOpening(score, melds)
		if v.Required != RequirementFor(score).Text || v.Reason.IsZero() || !strings.Contains(english.Say(v.Reason), v.Rule) {
			t.Fatalf("CheckOpening(%d, %v) = %+v", score, melds, v)
		}
		citesItsRules(t, english.Say(v.Reason), v.Rules, v.Rule)
		if !v.Valid {
			return
		}
		royale, sizes := false, []int{}
		for _, m := range melds {
			mv := Check(m)
			if !mv.Valid {
				t.Fatalf("opened with an invalid set %v", m)
			}
			royale = royale || mv.Kind == Royale
			sizes = append(sizes, len(m))
		}
		req := RequirementFor(score)
		slices.Sort(sizes)
		slices.Reverse(sizes)
		total := 0
		for i := 0; i < req.Sets && i < len(sizes); i++ {
			total += sizes[i]
		}
		if !royale && (total < req.MinCards || len(sizes) < req.Sets) {
			t.Fatalf("opened %v at %d with %v", melds, score, sizes)
		}
	})
}

func FuzzScore(f *testing.F) {
	f.Add(int8(0), false, fuzzBytes(f, "7S 7C 7H", "8S", "", "", "", "KS 5H"))
	f.Add(int8(1), true, fuzzBytes(f, "", "", "AS", "QS 6H KS 3H AS", "JD QD KD", ""))
	f.Fuzz(func(t *testing.T, wentOut int8, blackHeart bool, data []byte) {
		// Every three sets are one player's melds (a "|" cannot be
		// written, so one meld each), lay-offs and hand.
		sets := fuzzPlays(data)
		var d Deal
		d.WentOut, d.BlackHeart = int(wentOut), blackHeart
		for i := 0; i+2 < len(sets); i += 3 {
			p := Player{Layoffs: sets[i+1]}
			if len(sets[i]) > 0 {
				p.Melds = [][]cards.Play{sets[i]}
			}
			for _, c := range sets[i+2] {
				p.Hand = append(p.Hand, c.Card)
			}
			d.Players = append(d.Players, p)
		}
		r, err := Score(d)
		if err != nil {
			return
		}
		for seat := range d.Players {
			if r.Points[seat] != r.Melded[seat]+r.Bonus[seat]-r.Held[seat] {
				t.Fatalf("seat %d: %d != %d + %d - %d", seat, r.Points[seat], r.Melded[seat], r.Bonus[seat], r.Held[seat])
			}
			if r.Bonus[seat] != 0 && seat != d.WentOut {
				t.Fatalf("seat %d has a bonus without going out", seat)
			}
		}
	})
}

// TestFuzzBytesRoundTrip checks that the seed corpus says what it means.
func TestFuzzBytesRoundTrip(t *testing.T) {
	got := fuzzPlays(fuzzBytes(t, "QS 2H QC 7H KD=QS", "5S"))
	if len(got) != 2 || english.Say(Check(got[0]).Reason) != english.Say(Check(plays(t, "QS 2H QC 7H KD=QS")).Reason) || got[1][0] != plays(t, "5S")[0] {
		t.Errorf("round trip = %v", got)
	}
}
