package trophy

import "testing"

// benchTrick is a typical trick: four players, eight turns, a third suit
// and a trump at the end.
var benchTrick = trickCase{players: 4, leader: 1,
	hands: []string{
		"3 Plungers, 9 Tops, 0 Mazes, Death",
		"2 Lamps, 5 Lamps, 8 Fromps, ∞ Fromps, 1 Rain",
		"7 Plungers, 4 Lamps, 6 Hives, 2 Bugs",
		"Grue, 4 Tops, 5 Zurfs, ∞ Books",
	},
	plays: []string{"1: 2 Lamps", "2: 7 Plungers", "3: 4 Tops", "0: 3 Plungers",
		"1: 8 Fromps", "2: 4 Lamps", "3: Grue"},
}

func BenchmarkScore(b *testing.B) {
	trick := benchTrick.trick()
	if res, err := Score(trick); err != nil || res.Winner != 3 {
		b.Fatalf("bench trick: %+v, %v", res, err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Score(trick)
	}
}

func BenchmarkScoreWithoutHands(b *testing.B) {
	trick := benchTrick.trick()
	trick.Hands = nil
	b.ReportAllocs()
	for b.Loop() {
		Score(trick)
	}
}
