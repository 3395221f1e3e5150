package trophy

import "testing"

func TestWinnerT8(t *testing.T) {
	tests := []struct {
		name   string
		tricks [][]int
		winner int
		over   bool
	}{
		{"below 30", [][]int{{29, 0, 0}}, -1, false},
		{"30 wins", [][]int{{29, 0, 0}, {1, 0, 0}}, 0, true},
		{"tie at the top plays on", [][]int{{28, 30, 30}}, -1, false},
		{"tie resolved by a later trick", [][]int{{28, 30, 30}, {0, 0, 2}}, 2, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			winner, over := Winner(tc.tricks)
			if winner != tc.winner || over != tc.over {
				t.Errorf("Winner = %d, %v; want %d, %v", winner, over, tc.winner, tc.over)
			}
		})
	}
}

func TestHandSize(t *testing.T) {
	for players, want := range map[int]int{2: 0, 3: 14, 4: 12, 5: 11, 6: 0} {
		if got := HandSize(players); got != want {
			t.Errorf("HandSize(%d) = %d, want %d", players, got, want)
		}
	}
}
