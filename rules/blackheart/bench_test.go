package blackheart

import (
	"testing"

	"meldpad/rules/cards"
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
