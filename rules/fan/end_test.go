package fan

import "testing"

func TestWinnerN8(t *testing.T) {
	tests := []struct {
		name   string
		deals  [][]int
		winner int
		over   bool
	}{
		{"no deals", nil, -1, false},
		{"99 is not enough", [][]int{{60, 0}, {39, 0}}, -1, false},
		{"100 wins", [][]int{{60, 0}, {40, 0}}, 0, true},
		{"defender reaches it by undercut", [][]int{{0, 80}, {50, 0}, {0, 27}}, 1, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			winner, over := Winner(tc.deals)
			if winner != tc.winner || over != tc.over {
				t.Errorf("Winner = %d, %v; want %d, %v", winner, over, tc.winner, tc.over)
			}
		})
	}
}
