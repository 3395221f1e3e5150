package blackheart

import "testing"

func TestWinnerB8(t *testing.T) {
	tests := []struct {
		name    string
		deals   [][]int
		wentOut []int
		winner  int
		over    bool
	}{
		{"below 500", [][]int{{300, 100}}, []int{0}, -1, false},
		{"going out to 500 wins", [][]int{{450, 100}, {60, -20}}, []int{1, 0}, 0, true},
		{"reaching 500 without going out does not end the game", [][]int{{450, 100}, {60, 20}}, []int{1, 1}, -1, false},
		{"the one who went out wins even below another total", [][]int{{600, 480}, {-10, 45}}, []int{1, 1}, 1, true},
		{"nobody went out", [][]int{{600, 0}}, []int{-1}, -1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			winner, over := Winner(tc.deals, tc.wentOut)
			if winner != tc.winner || over != tc.over {
				t.Errorf("Winner = %d, %v; want %d, %v", winner, over, tc.winner, tc.over)
			}
		})
	}
}
