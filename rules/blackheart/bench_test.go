package blackheart

import (
	"context"
	"net/url"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/game"
)

// The speed target is 20 µs per Check. The hard sets hold several hearts,
// court cards and all three wilds, so that every reading is searched.
var benchSets = []struct{ name, set string }{
	{"group of kings with three wilds", "KS 3H KC 5H QD 9H KD JD"},
	{"wrapping series with wilds", "QS 2H KS JD AS KD 3S"},
	{"invalid, escorts short", "JS 4H KS 6H QD KD 9S 8S"},
	{"invalid, mixed up", "JS 4H KC 6H QD 7H 2S KD JD"},
	{"seed Q-K-A", "QS 6H KS 3H AS"},
}

func BenchmarkCheck(b *testing.B) {
	for _, bs := range benchSets {
		set := plays(b, bs.set)
		b.Run(bs.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Check(set)
			}
		})
	}
}

func BenchmarkCheckLayoff(b *testing.B) {
	onto, added := plays(b, "9S 10S JS 5H KD"), plays(b, "QD 6H")
	b.ReportAllocs()
	for b.Loop() {
		CheckLayoff(onto, added)
	}
}

// BenchmarkScoreWholeDeck scores a deal with the most sets a deal can
// hold (wholeDeck): the Black Heart referee's worst case for a deal.
func BenchmarkScoreWholeDeck(b *testing.B) {
	d := wholeDeck(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Score(d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckWholeDeck judges the whole deck as one set, which every
// reading refuses: the most cards one set can hold.
func BenchmarkCheckWholeDeck(b *testing.B) {
	var set []cards.Play
	for _, c := range cards.BlackHeart().Cards() {
		for range cards.BlackHeart().Copies(c) {
			set = append(set, cards.Play{Card: c})
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if Check(set).Valid {
			b.Fatal("the whole deck is a set")
		}
	}
}

// BenchmarkJudgeSheet judges a three-player deal card by card as a
// preview does on every keystroke: escorts, a lay-off,
// the Royale, and each opening by the totals before the deal (B1-B7).
func BenchmarkJudgeSheet(b *testing.B) {
	tb := game.Table{Names: []string{"Ann", "Bob", "Cy"}, Tally: game.Tally{Totals: []int{40, 320, -30}}}
	form := url.Values{"went_out": {"0"}, "meld_0_0": {"qs 6h ks 3h as"}, "meld_0_1": {"5h 6h 7h 8h"}, "layoffs_0": {"2s"},
		"meld_1_0": {"qd kd jd"}, "hand_1": {"4c 9c"}, "meld_2_0": {"jc 10h js 9h jc 2h"}, "hand_2": {"ac 7c"}}
	for b.Loop() {
		if sh, hand, err := (Module{}).Judge(context.Background(), tb, form); hand == nil || err != nil {
			b.Fatalf("the deal is not ready: %s %v", sh.Judgement.Problem, err)
		}
	}
}
