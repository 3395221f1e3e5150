package seating

import (
	"context"
	"testing"
)

// BenchmarkBestKnown times each best-known evening, seed 0, and a few
// that the local search seats on its own.
func BenchmarkBestKnown(b *testing.B) {
	for _, tc := range bestKnown {
		b.Run(tc.name, func(b *testing.B) {
			req := Request{Players: tc.players, Sizes: []int{tc.size}, Rounds: tc.rounds}
			for b.Loop() {
				if _, err := Plan(context.Background(), req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSearch times evenings no construction fits: mixed sizes,
// byes, earlier meetings, and ones where repeats cannot be avoided (the
// search then uses all its work).
func BenchmarkSearch(b *testing.B) {
	tests := []struct {
		name string
		req  Request
	}{
		{"14 at sizes 3-5 for 4 rounds", Request{Players: 14, Sizes: []int{3, 4, 5}, Rounds: 4}},
		{"17 at tables of 4 for 5 rounds", Request{Players: 17, Sizes: []int{4}, Rounds: 5}},
		{"40 at tables of 4 for 10 rounds", Request{Players: 40, Sizes: []int{4}, Rounds: 10}},
		{"60 at tables of 6 for 10 rounds", Request{Players: 60, Sizes: []int{6}, Rounds: 10}},
		{"200 at tables of 12 for 20 rounds", Request{Players: 200, Sizes: []int{12}, Rounds: 20}},
	}
	for _, tc := range tests {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				s, err := Plan(context.Background(), tc.req)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(s.Repeats), "repeats")
			}
		})
	}
}
