package db

// HandScore is one hand of a seat: the points the seat got in it and the
// hand's place in the game, from 1; Hand is 0 when the game has no hands.
type HandScore struct {
	Points int
	Hand   int
}

// handExtremes returns each seat's best and worst hand of a game: the most
// and the fewest points the seat got in one hand, the earliest hand on a
// tie. points holds the game's hands in order, each by seat.
func handExtremes(points [][]int, seats int) (best, worst []HandScore) {
	best, worst = make([]HandScore, seats), make([]HandScore, seats)
	for i, hand := range points {
		for seat := 0; seat < seats; seat++ {
			p := 0
			if seat < len(hand) {
				p = hand[seat]
			}
			if best[seat].Hand == 0 || p > best[seat].Points {
				best[seat] = HandScore{Points: p, Hand: i + 1}
			}
			if worst[seat].Hand == 0 || p < worst[seat].Points {
				worst[seat] = HandScore{Points: p, Hand: i + 1}
			}
		}
	}
	return best, worst
}
