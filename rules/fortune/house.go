package fortune

// HouseRules are the Fortune Rummy variants a group may choose when it
// creates a game (Fortune's rules); they are stored with the game and shown on
// its scorepad. The zero value is the ruling of the rules: both off.
type HouseRules struct {
	// BigSets lets a set hold more than four cards of one rank, when laid
	// down and when laid off onto (R1, R3).
	BigSets bool
	// AceSet15 makes an ace in a set of aces score 15 instead of 10 (R4).
	// A deuce standing for an ace in such a set scores the same.
	AceSet15 bool
}
