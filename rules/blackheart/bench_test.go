package blackheart

import "testing"

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
