package gin

import "meldpad/rules/fan"

// Outcome is how a gin deal ended (G2, G3). Its String is the API's
// outcome.
type Outcome uint8

// The five ways a deal ends: Fan Rummy's four, and the draw of G2.
const (
	Knock    Outcome = iota // the knocker had less deadwood, or a tie under "undercut only when less" (G3)
	Undercut                // the defender had as little deadwood as the knocker, or less (G3)
	Gin                     // all 10 cards melded (G2)
	BigGin                  // all 11 cards melded, no discard (G2)
	Draw                    // the stock ran down with nobody knocking: no points (G2)
)

var outcomeNames = [...]string{Knock: "knock", Undercut: "undercut", Gin: "gin", BigGin: "big_gin", Draw: "draw"}

// String returns "knock", "undercut", "gin", "big_gin" or "draw".
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return ""
}

// outcomeOf maps the engine's outcome to gin's.
func outcomeOf(o fan.Outcome) Outcome {
	switch o {
	case fan.Undercut:
		return Undercut
	case fan.Gin:
		return Gin
	case fan.BigGin:
		return BigGin
	}
	return Knock
}

// Points of G3 and G5.
const (
	UndercutBonus = 25  // the undercut's bonus to the defender (G3)
	GinBonus      = 25  // Gin: 25 + the defender's deadwood (G3)
	BigGinBonus   = 31  // Big Gin: 31 + the defender's deadwood (G3)
	GameBonus     = 100 // to the winner (G5)
	BoxBonus      = 25  // to each player for each deal they scored in (G5, house rule)
)
