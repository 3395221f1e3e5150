package db

import "meldpad/rules/names"

// The longest names meldpad keeps, in characters (the schema's CHECKs).
const (
	MaxPlayerName = 40 // players, and who entered a hand
	MaxLeagueName = 60 // leagues and seasons
)

// Why a name is refused; a *NameError wraps one of them. They are the
// names package's: one check for every name (names.Check).
var (
	ErrNameEmpty    = names.ErrEmpty
	ErrNameEncoding = names.ErrEncoding
	ErrNameControl  = names.ErrControl
	ErrNameSpaces   = names.ErrSpaces
	ErrNameLong     = names.ErrLong
)

// NameError is a name CheckName refuses: what is wrong with it and where.
type NameError = names.Error

// CheckName reports whether name is one meldpad keeps (names.Check): for
// a player, a league, a season or who entered a hand. Every form and the
// import check names with it. The error is a *NameError.
func CheckName(name string, most int) error { return names.Check(name, most) }

// TidyName is a name as typed made into one meldpad keeps, when it can be
// (names.Tidy).
func TidyName(name string) string { return names.Tidy(name) }
