package fortune

import "testing"

func TestWinnerR8(t *testing.T) {
	tests := []struct {
		name   string
		hands  [][]int
		winner int
		over   bool
	}{
		{"below 500", [][]int{{300, 200, -40}}, -1, false},
		{"highest wins after the hand, not the first to reach", [][]int{{450, 480, 0}, {70, 30, 0}}, 0, true},
		{"a player reaching 500 need not be the winner", [][]int{{400, 495, 0}, {100, 20, 0}}, 1, true},
		{"tie at the top plays another hand", [][]int{{500, 500}}, -1, false},
		{"tie broken by the next hand", [][]int{{500, 500}, {-5, 10}}, 1, true},
		{"negative hands count", [][]int{{520, 0}, {-60, 0}}, 0, true},
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
