package db

// The longest names meldpad keeps, in characters (the schema's CHECKs).
const (
	MaxPlayerName = 40 // players, and who entered a hand
	MaxLeagueName = 60 // leagues and seasons
)
