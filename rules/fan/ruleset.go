package fan

import (
	"context"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Ruleset is what scores a deal besides its cards: the knock value, the
// doubling, the tie rule, and the words the errors use. Fan Rummy reads the
// knock value and the doubling from the knock card (N1, N7) and the tie
// rule from Deal.UndercutOnTie (N6). A game that shares this engine's
// melds, deadwood and lay-offs but not its knock card (gin rummy, the rules
// §7) sets them by its own rules and names its own rule ids.
type Ruleset struct {
	// Game starts every error message ("gin" gives "gin: knock with
	// ..."). Empty means "fan".
	Game string
	// EndRule is the rule id an illegal ending is refused by: a knock
	// over the knock value, 11 cards not all melded, or a recorded meld
	// from outside the hand. N4 in Fan Rummy (empty means N4), G2 in gin.
	EndRule string
	// KnockValue is the most deadwood the knocker may hold, 0 to
	// MaxKnockValue. 0 allows only Gin and Big Gin (gin's Oklahoma ace,
	// G1).
	KnockValue int
	// Doubled doubles the deal's points (N7; gin's Oklahoma spade, G1).
	Doubled bool
	// UndercutOnTie counts a tie in deadwood as an undercut: Fan's house
	// rule (N6), gin's standard rule (G3).
	UndercutOnTie bool
}

// MaxKnockValue is the largest knock value: a card is worth at most 10
// (N1).
const MaxKnockValue = 10

// Ruleset returns the ruleset Fan Rummy scores d by: the knock card's
// value and whether it is a spade (N1, N7), and d.UndercutOnTie (N6).
func (d Deal) Ruleset() Ruleset {
	return Ruleset{Game: "fan", EndRule: "N4", KnockValue: Value(d.KnockCard), Doubled: d.KnockCard.Suit == cards.Spades,
		UndercutOnTie: d.UndercutOnTie}
}

// ScoreBy scores a finished deal as Score does, by rs instead of the
// knock card: d.KnockCard and d.UndercutOnTie are not read, and
// Result.KnockValue and Result.Doubled are rs's. The checks, the search
// for the knocker's melds and the defender's lay-offs (N3-N5) and the
// points (N6, N7) are Score's, and so are the errors, worded with rs.Game
// and rs.EndRule. Result.Reason is Fan Rummy's sentence (it cites N6 and
// the knock card): a game with rules of its own words its reason from the
// Result's numbers.
//
// A knock value outside 0 to MaxKnockValue is a *DealError for the field
// "knock_value".
func ScoreBy(d Deal, rs Ruleset) (Result, error) {
	return ScoreByContext(context.Background(), d, rs)
}

// ScoreByContext is ScoreBy under ctx, as ScoreContext is Score.
func ScoreByContext(ctx context.Context, d Deal, rs Ruleset) (Result, error) {
	if rs.Game == "" {
		rs.Game = "fan"
	}
	if rs.EndRule == "" {
		rs.EndRule = "N4"
	}
	if rs.KnockValue < 0 || rs.KnockValue > MaxKnockValue {
		return Result{}, &DealError{Field: "knock_value",
			Msg: ruling.Prefixed(rs.Game, msg.New("fan.knock_value_range", msg.N("Value", rs.KnockValue), msg.N("Max", MaxKnockValue)))}
	}
	return d.score(ctx, rs, false)
}

// overKnockValue is the error for a knock with more deadwood than the
// knock value allows (N4, or rs.EndRule).
func (rs Ruleset) overKnockValue(deadwood int) error {
	if rs.KnockValue == 0 {
		return ruling.Refuse(rs.EndRule, ruling.Prefixed(rs.Game, msg.New("fan.only_gin", msg.N("Deadwood", deadwood), msg.S("Rule", rs.EndRule))))
	}
	return ruling.Refuse(rs.EndRule, ruling.Prefixed(rs.Game, msg.New("fan.over_knock_value", msg.N("Deadwood", deadwood), msg.N("KnockValue", rs.KnockValue), msg.S("Rule", rs.EndRule))))
}
