package fan

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
// kind of verdict (N2, N5): cards of one rank or of one suit in a row,
// the ace at either end, disturbed by a card of another rank or suit, a
// repeat, a gap or a blank card.
func corpus() (melds [][]cards.Card, layoffs [][2][]cards.Card) {
	rng := rand.New(rand.NewPCG(3, 5))
	suits := cards.StandardSuits()
	all := cards.Standard().Cards()
	pick := func() []cards.Card {
		n := 1 + rng.IntN(5)
		var out []cards.Card
		switch rng.IntN(4) {
		case 0:
			r := cards.Rank(1 + rng.IntN(13))
			for _, i := range rng.Perm(4)[:min(n, 4)] {
				out = append(out, cards.Card{Rank: r, Suit: suits[i]})
			}
		case 1, 2:
			s := suits[rng.IntN(4)]
			lo := 1 + rng.IntN(13)
			for r := lo; r < lo+n && r <= 13; r++ {
				if rng.IntN(7) != 0 {
					out = append(out, cards.Card{Rank: cards.Rank(r), Suit: s})
				}
			}
			if rng.IntN(5) == 0 {
				out = append(out, cards.Card{Rank: cards.Ace, Suit: s})
			}
		default:
			for range n {
				out = append(out, all[rng.IntN(len(all))])
			}
		}
		switch rng.IntN(8) {
		case 0:
			out = append(out, all[rng.IntN(len(all))])
		case 1:
			if len(out) > 0 {
				out = append(out, out[0])
			}
		case 2:
			if rng.IntN(4) == 0 {
				out = append(out, cards.Card{})
			}
		}
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out
	}
	for range 2000 {
		melds = append(melds, pick())
	}
	for len(layoffs) < 1000 {
		onto := pick()
		if !Check(onto).Valid && rng.IntN(5) != 0 {
			continue
		}
		added := pick()
		added = added[:rng.IntN(min(len(added), 3)+1)]
		layoffs = append(layoffs, [2][]cards.Card{onto, added})
	}
	return melds, layoffs
}

func names(cs []cards.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return strings.Join(out, " ")
}

// TestGoldenReasons: every reason of the corpus, in English, as the
// golden file has it (-update rewrites it): saying the verdicts through
// the catalogs keeps their English words.
func TestGoldenReasons(t *testing.T) {
	melds, layoffs := corpus()
	var b strings.Builder
	for _, m := range melds {
		b.WriteString(names(m) + " => " + reasonText(Check(m)) + "\n")
	}
	for _, l := range layoffs {
		b.WriteString(names(l[0]) + " + " + names(l[1]) + " => " + reasonText(CheckLayoff(l[0], l[1])) + "\n")
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
// language, as its golden file has it, so that a change of a catalog's
// words shows in review.
func TestGoldenReasonsTranslated(t *testing.T) {
	melds, layoffs := corpus()
	for _, lang := range locale.Languages()[1:] {
		t.Run(lang.Tag, func(t *testing.T) {
			l := locale.For(lang.Tag)
			var b strings.Builder
			for _, m := range melds[:300] {
				b.WriteString(names(m) + " => " + l.Say(Check(m).Reason) + "\n")
			}
			for _, o := range layoffs[:200] {
				b.WriteString(names(o[0]) + " + " + names(o[1]) + " => " + l.Say(CheckLayoff(o[0], o[1]).Reason) + "\n")
			}
			compareGolden(t, "testdata/reasons."+lang.Tag+".golden", b.String())
		})
	}
}
