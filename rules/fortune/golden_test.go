package fortune

import (
	"flag"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// corpus is a fixed, seeded set of melds and lay-offs of the two
// standard decks that reaches every kind of verdict: cards of one rank or
// one suit in a row, with and without deuces (free or declared), then
// disturbed by a card of another rank or suit, a repeat, or a blank card.
func corpus() (melds [][]cards.Play, layoffs [][2][]cards.Play) {
	rng := rand.New(rand.NewPCG(5, 13))
	suits := cards.StandardSuits()
	pick := func() []cards.Play {
		n := 2 + rng.IntN(5)
		var out []cards.Play
		switch rng.IntN(4) {
		case 0: // one rank
			r := cards.Rank(1 + rng.IntN(13))
			for range n {
				out = append(out, cards.Play{Card: cards.Card{Rank: r, Suit: suits[rng.IntN(4)]}})
			}
		case 1, 2: // one suit in a row
			s := suits[rng.IntN(4)]
			lo := 1 + rng.IntN(13)
			for r := lo; r < lo+n; r++ {
				rank := cards.Rank((r-1)%13 + 1)
				if rng.IntN(6) != 0 {
					out = append(out, cards.Play{Card: cards.Card{Rank: rank, Suit: s}})
				}
			}
		default:
			for range n {
				out = append(out, cards.Play{Card: cards.Card{Rank: cards.Rank(1 + rng.IntN(13)), Suit: suits[rng.IntN(4)]}})
			}
		}
		switch rng.IntN(8) {
		case 0, 1:
			out = append(out, cards.Play{Card: cards.Card{Rank: 2, Suit: suits[rng.IntN(4)]}})
		case 2:
			as := cards.Card{Rank: cards.Rank(1 + rng.IntN(13)), Suit: suits[rng.IntN(4)]}
			out = append(out, cards.Play{Card: cards.Card{Rank: 2, Suit: suits[rng.IntN(4)]}, As: as})
		case 3:
			out = append(out, cards.Play{Card: cards.Card{Rank: cards.Rank(1 + rng.IntN(13)), Suit: suits[rng.IntN(4)]}})
		case 4:
			if len(out) > 0 {
				out = append(out, out[0])
			}
		case 5:
			if rng.IntN(4) == 0 {
				out = append(out, cards.Play{})
			}
		}
		return out
	}
	for range 400 {
		melds = append(melds, pick())
	}
	for range 200 {
		onto, added := pick(), pick()
		layoffs = append(layoffs, [2][]cards.Play{onto, added[:min(len(added), 1+rng.IntN(2))]})
	}
	return melds, layoffs
}

// reasons says every verdict of the corpus with say.
func reasons(say msg.Sayer) string {
	melds, layoffs := corpus()
	var b strings.Builder
	for _, m := range melds {
		b.WriteString(reasonLine(m, nil, say.Say(Check(m, HouseRules{}).Reason)))
	}
	for _, l := range layoffs {
		b.WriteString(reasonLine(l[0], l[1], say.Say(CheckLayoff(l[0], l[1], HouseRules{}).Reason)))
	}
	return b.String()
}

func reasonLine(a, b []cards.Play, reason string) string {
	line := playsLine(a)
	if b != nil {
		line += " + " + playsLine(b)
	}
	return line + "\n\t" + reason + "\n"
}

func playsLine(ps []cards.Play) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.String()
	}
	return strings.Join(s, " ")
}

// TestReasonsGolden says the corpus's verdicts (R1-R4) in every language
// and compares them with testdata/reasons.<tag>.golden (-update rewrites
// them): English as the verdicts always read, the others as a speaker
// reads them.
func TestReasonsGolden(t *testing.T) {
	for _, lang := range locale.Languages() {
		file := "testdata/reasons." + lang.Tag + ".golden"
		got := reasons(locale.For(lang.Tag))
		if *update {
			if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			g, w := strings.Split(got, "\n"), strings.Split(string(want), "\n")
			for i := range min(len(g), len(w)) {
				if g[i] != w[i] {
					t.Fatalf("%s line %d:\n got %s\nwant %s", file, i+1, g[i], w[i])
				}
			}
			t.Fatalf("%s: %d lines, want %d", file, len(g), len(w))
		}
	}
}
