package trophy

// Ending says how a trick ended, or that it goes on.
type Ending uint8

// The ways a trick ends (T5, T6).
const (
	// Open: the trick goes on.
	Open Ending = iota
	// ByTrump: the first trump played ended the trick and won it (T5).
	ByTrump
	// ByFolds: all players but one folded; that one won (T5).
	ByFolds
	// ByOutOfCards: every player still in is out of cards, so nobody can
	// act; the highest card among them won (meldpad's ruling on T5 and T6).
	ByOutOfCards
)

var endingNames = [...]string{"open", "trump", "folds", "out_of_cards"}

// String returns the ending's snake_case name: "open", "trump", "folds",
// "out_of_cards".
func (e Ending) String() string {
	if int(e) < len(endingNames) {
		return endingNames[e]
	}
	return "unknown"
}
