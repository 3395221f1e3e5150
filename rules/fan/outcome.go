package fan

// Outcome is how a Fan Rummy deal ended (N4, N6). Its String is the API's
// outcome.
type Outcome uint8

// The four ways a deal is scored.
const (
	Knock    Outcome = iota // the knocker had the less deadwood, or a tie (N6)
	Undercut                // the knocker had more deadwood than the defender (N6)
	Gin                     // all 10 cards melded (N4)
	BigGin                  // all 11 cards melded, no discard (N4)
)

// String returns "knock", "undercut", "gin" or "big_gin".
func (o Outcome) String() string {
	switch o {
	case Knock:
		return "knock"
	case Undercut:
		return "undercut"
	case Gin:
		return "gin"
	case BigGin:
		return "big_gin"
	}
	return ""
}

// Points of N6.
const (
	undercutBonus = 25
	ginBonus      = 25
	bigGinBonus   = 31
)
