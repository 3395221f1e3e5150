package flathead

import (
	"flag"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/cards"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// corpus is a fixed, seeded set of melds and lay-offs that reaches every
// kind of verdict: cards of one rank, one suit or one colour in a row,
// with and without a trump, then disturbed by a card of another rank,
// suit or colour, a repeat, or a blank card.
func corpus() (melds [][]cards.Card, layoffs [][2][]cards.Card) {
	rng := rand.New(rand.NewPCG(7, 11))
	deck := cards.Fanucci().Cards()
	var naturals, trumps []cards.Card
	for _, c := range deck {
		if c.IsTrump() {
			trumps = append(trumps, c)
		} else {
			naturals = append(naturals, c)
		}
	}
	suits := cards.FanucciSuits()
	pick := func() []cards.Card {
		n := 1 + rng.IntN(6)
		var out []cards.Card
		switch rng.IntN(5) {
		case 0: // one rank
			r := cards.Rank(rng.IntN(10))
			if rng.IntN(4) == 0 {
				r = cards.Infinity
			}
			for _, i := range rng.Perm(len(suits))[:min(n, len(suits))] {
				out = append(out, cards.Card{Rank: r, Suit: suits[i]})
			}
		case 1, 2: // one suit, or one colour, in a row
			s := suits[rng.IntN(len(suits))]
			lo := rng.IntN(9)
			for r := lo; r < lo+n && r <= 10; r++ {
				c := cards.Card{Rank: cards.Rank(r), Suit: s}
				if r == 10 {
					c.Rank = cards.Infinity
				}
				if rng.IntN(3) == 0 {
					same := s.Colour().Suits()
					c.Suit = same[rng.IntN(len(same))]
				}
				if rng.IntN(6) != 0 {
					out = append(out, c)
				}
			}
		default:
			for range n {
				out = append(out, naturals[rng.IntN(len(naturals))])
			}
		}
		switch rng.IntN(8) {
		case 0, 1:
			out = append(out, trumps[rng.IntN(len(trumps))])
		case 2:
			out = append(out, trumps[rng.IntN(len(trumps))], trumps[rng.IntN(len(trumps))])
		case 3:
			out = append(out, naturals[rng.IntN(len(naturals))])
		case 4:
			if len(out) > 0 {
				out = append(out, out[0])
			}
		case 5:
			if rng.IntN(4) == 0 {
				out = append(out, cards.Card{})
			}
		}
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out
	}
	for range 3000 {
		melds = append(melds, pick())
	}
	for len(layoffs) < 1500 {
		onto := pick()
		if !Check(onto).Valid && rng.IntN(5) != 0 {
			continue
		}
		added := pick()
		added = added[:rng.IntN(len(added)+1)]
		layoffs = append(layoffs, [2][]cards.Card{onto, added})
	}
	return melds, layoffs
}

// TestGoldenReasons: every reason of the corpus, in English, as the
// golden file has it (-update rewrites it). The English words of the
// verdicts stay what they were when the rules spoke English alone.
func TestGoldenReasons(t *testing.T) {
	melds, layoffs := corpus()
	var b strings.Builder
	for _, m := range melds {
		b.WriteString(strings.Join(cards.Strings(m), ", ") + " => " + reasonText(Check(m)) + "\n")
	}
	for _, l := range layoffs {
		b.WriteString(strings.Join(cards.Strings(l[0]), ", ") + " + " + strings.Join(cards.Strings(l[1]), ", ") + " => " + reasonText(CheckLayoff(l[0], l[1])) + "\n")
	}
	compareGolden(t, "testdata/reasons.en.golden", b.String())
}

func compareGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("%s line %d:\n got %s\nwant %s", path, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s: %d lines, want %d", path, len(gl), len(wl))
	}
}

// TestGoldenReasonsTranslated: a part of the corpus said in each other
// language, as its golden file has it: a change of a catalog's words
// shows in review as a change of these files.
func TestGoldenReasonsTranslated(t *testing.T) {
	melds, layoffs := corpus()
	for _, lang := range locale.Languages()[1:] {
		t.Run(lang.Tag, func(t *testing.T) {
			l := locale.For(lang.Tag)
			var b strings.Builder
			for _, m := range melds[:400] {
				b.WriteString(strings.Join(cards.Strings(m), ", ") + " => " + l.Say(Check(m).Reason) + "\n")
			}
			for _, o := range layoffs[:200] {
				b.WriteString(strings.Join(cards.Strings(o[0]), ", ") + " + " + strings.Join(cards.Strings(o[1]), ", ") + " => " + l.Say(CheckLayoff(o[0], o[1]).Reason) + "\n")
			}
			compareGolden(t, "testdata/reasons."+lang.Tag+".golden", b.String())
		})
	}
}
