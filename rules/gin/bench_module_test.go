package gin

import (
	"context"
	"testing"
)

// BenchmarkJudge judges a whole sheet under Oklahoma as a phone's preview
// asks it: the up-card, both hands read, the knock searched, the lay-offs
// made and the working written.
func BenchmarkJudge(b *testing.B) {
	tb := table(map[string]bool{KeyOklahoma: true})
	form := sheetForm("up_card", "2s", "knocker", "0", "hand_0", layoffHand, "hand_1", layoffOther)
	for b.Loop() {
		if _, hand, err := (Module{}).Judge(context.Background(), tb, form); err != nil || hand == nil {
			b.Fatal(hand, err)
		}
	}
}

// BenchmarkResult works out a won game's result with its bonuses, as the
// scorepad and every write to the game do.
func BenchmarkResult(b *testing.B) {
	tb := table(nil, []int{25, 0}, []int{0, 0}, []int{0, 31}, []int{80, 0})
	for b.Loop() {
		if res := (Module{}).Result(tb); !res.Finished {
			b.Fatal(res)
		}
	}
}
