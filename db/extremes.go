package db

// HandScore is one hand of a seat: the points the seat got in it and the
// hand's place in the game, from 1; Hand is 0 when the game has no hands.
type HandScore struct {
	Points int
	Hand   int
}
