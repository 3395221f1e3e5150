package blackheart

import (
	"flag"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// corpus is a fixed, seeded set of sets, lay-offs, swaps and openings of
// the Black Heart deck that reaches every kind of verdict: cards of one
// rank or one suit in a row, hearts to escort them, the diamonds as
// themselves, free or declared as another card, and a stray card.
func corpus() (melds [][]cards.Play, layoffs [][2][]cards.Play, openings [][][]cards.Play) {
	rng := rand.New(rand.NewPCG(3, 17))
	deck := cards.BlackHeart().Cards()
	suits := cards.StandardSuits()
	any := func() cards.Card { return deck[rng.IntN(len(deck))] }
	pick := func() []cards.Play {
		n := 2 + rng.IntN(4)
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
				if rng.IntN(6) != 0 {
					out = append(out, cards.Play{Card: cards.Card{Rank: cards.Rank((r-1)%13 + 1), Suit: s}})
				}
			}
		default:
			for range n {
				out = append(out, cards.Play{Card: any()})
			}
		}
		for range rng.IntN(3) {
			switch rng.IntN(5) {
			case 0, 1: // a heart, an escort perhaps
				out = append(out, cards.Play{Card: cards.Card{Rank: cards.Rank(1 + rng.IntN(10)), Suit: cards.Hearts}})
			case 2: // a diamond court, free
				out = append(out, cards.Play{Card: cards.Card{Rank: cards.Rank(11 + rng.IntN(3)), Suit: cards.Diamonds}})
			case 3: // a diamond court, declared
				out = append(out, cards.Play{Card: cards.Card{Rank: cards.Rank(11 + rng.IntN(3)), Suit: cards.Diamonds}, As: any()})
			default:
				out = append(out, cards.Play{Card: any()})
			}
		}
		return out
	}
	for range 400 {
		melds = append(melds, pick())
	}
	for range 150 {
		onto, added := pick(), pick()
		layoffs = append(layoffs, [2][]cards.Play{onto, added[:min(len(added), 1+rng.IntN(2))]})
	}
	for range 100 {
		var sets [][]cards.Play
		for range 1 + rng.IntN(2) {
			sets = append(sets, pick())
		}
		openings = append(openings, sets)
	}
	return melds, layoffs, openings
}

// reasons says every verdict of the corpus with say.
func reasons(say msg.Sayer) string {
	melds, layoffs, openings := corpus()
	var b strings.Builder
	for _, m := range melds {
		b.WriteString(reasonLine(m, nil, say.Say(Check(m).Reason)))
	}
	for _, l := range layoffs {
		b.WriteString(reasonLine(l[0], l[1], say.Say(CheckLayoff(l[0], l[1]).Reason)))
	}
	for i, o := range openings {
		b.WriteString(openingCaseLine(i, o) + "\n\t" + say.Say(CheckOpening(openingScores[i%len(openingScores)], o).Reason) + "\n")
	}
	return b.String()
}

// TestReasonsGolden says the corpus's verdicts (B1-B5) in every language
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

func openingCaseLine(i int, sets [][]cards.Play) string {
	lines := make([]string, len(sets))
	for j, s := range sets {
		lines[j] = playsLine(s)
	}
	return "score " + strconv.Itoa(openingScores[i%len(openingScores)]) + ": " + strings.Join(lines, " / ")
}

var openingScores = []int{-20, 50, 150, 250, 350, 450, 600}
