package blackheart

import "strconv"

// Kind is the kind of a valid Black Heart set (B1, B3). Its String is the
// kind the JSON API prints.
type Kind uint8

// The kinds of set. NoKind is the Kind of an invalid verdict; the API prints
// null for it rather than its String.
const (
	NoKind Kind = iota
	// Group is three or more cards of one rank (B1), escorts on top (B2).
	Group
	// Series is three or more cards of one suit in sequence (B1); black
	// series may wrap from K to A to 2, heart series do not.
	Series
	// Royale is the J, Q and K of diamonds together, worth 150 (B3).
	Royale
)

var kindNames = [...]string{"none", "group", "series", "royale"}

// String returns the API's name of the kind: "group", "series", "royale",
// and "none" for NoKind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}
