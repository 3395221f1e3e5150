package flathead

import "testing"

func TestWinnerF9(t *testing.T) {
	tests := []struct {
		name   string
		hands  [][]int
		winner int
		over   bool
	}{
		{"no hands", nil, -1, false},
		{"below 42", [][]int{{14, 0, 0}, {0, 27, 0}}, -1, false},
		{"exactly 42 wins", [][]int{{24, 0}, {18, 0}}, 0, true},
		{"first to reach wins though a later total is higher", [][]int{{0, 42}, {50, 0}}, 1, true},
		{"passes 42 in the third hand", [][]int{{10, 0, 0}, {0, 0, 30}, {0, 0, 14}}, 2, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			winner, over := Winner(tc.hands)
			if winner != tc.winner || over != tc.over {
				t.Errorf("Winner = %d, %v; want %d, %v", winner, over, tc.winner, tc.over)
			}
		})
	}
}
