package gin

import (
	"testing"

	"meldpad/rules/cards"
)

// BenchmarkScoreHardest scores the slowest Fan Rummy deal known (see
// package fan's BenchmarkScoreHardest) with gin's knock value of 10, so
// that nearly every arrangement of the knocker's 6s to 9s is within it and
// meets the defender's best reply.
func BenchmarkScoreHardest(b *testing.B) {
	d := Deal{Hands: [2][]cards.Card{
		list(b, "10D 6S 9H 6D 7C 7D 6H 7S 8H 7H"),
		list(b, "5H 5S 5D QH 6C 2C 4D 9S 8D AS"),
	}}
	for b.Loop() {
		if _, err := Score(d, HouseRules{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScoreGame scores a long game: 60 deals, the last one won.
func BenchmarkScoreGame(b *testing.B) {
	deals := make([][]int, 60)
	for i := range deals {
		deals[i] = []int{i % 2, (i + 1) % 2}
	}
	deals[59] = []int{99, 0}
	for b.Loop() {
		if g, err := ScoreGame(deals, HouseRules{}); err != nil || !g.Finished {
			b.Fatal(g, err)
		}
	}
}
