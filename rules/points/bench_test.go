package points

import "testing"

// BenchmarkResult is what a scorepad asks after each round of a game by
// points: its settings read and checked, the end and the places worked
// out (a game worked out from the start asks it once a round).
func BenchmarkResult(b *testing.B) {
	s := Setup{Name: "Hearts", Players: 4, End: AtTarget, Target: 100, Wins: Lowest}
	tb := tableOf(b, s, []int{26, 0, 0, 0}, []int{0, 13, 9, 4}, []int{75, 0, 0, 0})
	for b.Loop() {
		if res := (Module{}).Result(tb); !res.Finished {
			b.Fatal(res)
		}
	}
}
