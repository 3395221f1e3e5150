package gin

import (
	"context"
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/fan"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Table limits, the knock value and the target of Gin Rummy's rules.
const (
	MinPlayers = 2
	MaxPlayers = 2
	HandSize   = 10
	KnockValue = 10  // the most deadwood a knock may hold, unless Oklahoma (G1)
	Target     = 100 // the first to reach it wins the game (G4)
)

// Deal is a finished gin deal as the scorepad records it.
type Deal struct {
	// Draw marks a deal in which the stock ran down to its last two
	// cards with nobody knocking (G2). It scores nothing, and the other
	// fields are not read.
	Draw bool
	// Knocker is the seat (0 or 1) that ended the deal.
	Knocker int
	// Hands holds each seat's cards when the deal ended: the knocker's 10
	// after discarding, or 11 for Big Gin; the defender's 10 (G2).
	Hands [2][]cards.Card
	// KnockerMelds are the melds the knocker laid down, when recorded;
	// they are checked against the hand and the knock value. nil means
	// not recorded: the arrangement best for the knocker is taken (N5).
	// An empty, non-nil slice means the knocker laid down no meld.
	KnockerMelds [][]cards.Card
	// UpCard is the deal's first up-card. Under Oklahoma it sets the
	// knock value and the doubling (G1) and is required; otherwise it is
	// not read. It is picked up in play, so it may be in a hand too.
	UpCard cards.Card
}

// Result is a scored gin deal with everything the scorepad shows of its
// working.
type Result struct {
	// Result is the engine's working, arrays by seat: the knocker (-1
	// after a draw), the knock value (10, or the Oklahoma up-card's: 0 for
	// an ace) and the doubling (G1), the deadwood after lay-offs, the
	// points (G3), the melds, the lay-offs in an order in which they can
	// be laid (N5), and the cards counted. Its Outcome is Fan Rummy's;
	// gin's, which adds the draw, stands in its place below. Its Reason
	// and Rules are gin's, as below, so that what Fan Rummy's working and
	// answers print of it (fan.Working, fan.Answer) cite gin's rules.
	fan.Result
	Outcome Outcome
	// Reason says in one sentence how the points came about, citing the
	// rules, in the table's language (rules/msg); Rules lists the ids it
	// cites, in the same order.
	Reason msg.Msg
	Rules  []string
}

// Score scores a finished deal under the game's house rules (G1-G3). It
// decides whether the deal ended in a knock, an undercut, Gin or Big Gin,
// makes the defender's best lay-offs after a knock (N5), and returns the
// points. Without KnockerMelds it lays the knocker's cards down in the way
// best for the knocker, as Fan Rummy does (N5). A draw scores nothing.
//
// The search is the Fan Rummy engine's (fan.ScoreBy), with gin's knock
// value and doubling (G1) and gin's tie rule: a tie is an undercut unless
// the house rule "undercut only when less" makes it score nothing (G3).
//
// An illegal ending is a *ruling.Error: deadwood over the knock value, 11
// cards not all melded, or a recorded meld from outside the knocker's hand
// (G2), or a recorded meld that is not a meld (N2). A malformed deal, or a
// missing or foreign up-card under Oklahoma, is a *DealError.
func Score(d Deal, house HouseRules) (Result, error) {
	return ScoreContext(context.Background(), d, house)
}

// ScoreContext is Score under ctx: the search for the knocker's best
// arrangement checks ctx now and then and, once ctx is done, stops and
// returns ctx.Err() (fan.ScoreByContext).
func ScoreContext(ctx context.Context, d Deal, house HouseRules) (Result, error) {
	if d.Draw {
		r := Result{Result: fan.Result{Knocker: -1, Layoffs: []Layoff{}}, Outcome: Draw, Rules: []string{"G2"},
			Reason: citeRules(msg.New("gin.how_draw"), "G2")}
		r.Result.Reason, r.Result.Rules = r.Reason, r.Rules
		return r, nil
	}
	if house.Oklahoma {
		switch {
		case d.UpCard.IsZero():
			return Result{}, &DealError{Field: "up_card", Msg: ruling.Prefixed("gin", msg.New("gin.up_card_needed"))}
		case !cards.Standard().Contains(d.UpCard):
			return Result{}, &DealError{Field: "up_card", Msg: ruling.Prefixed("gin", msg.New("gin.up_card_not_standard", msg.V("Card", d.UpCard)))}
		}
	}
	knockValue, doubled := house.KnockValue(d.UpCard)
	played, err := fan.ScoreByContext(ctx, fan.Deal{Knocker: d.Knocker, Hands: d.Hands, KnockerMelds: d.KnockerMelds}, fan.Ruleset{
		Game: "gin", EndRule: "G2", KnockValue: knockValue, Doubled: doubled, UndercutOnTie: !house.UndercutOnlyWhenLess,
	})
	if err != nil {
		return Result{}, err
	}
	r := Result{Result: played, Outcome: outcomeOf(played.Outcome)}
	r.explain()
	return r, nil
}

// explain words Reason and Rules from the scored numbers (G1, G3).
func (r *Result) explain() {
	knocker, defender := r.Knocker, 1-r.Knocker
	mine, theirs := r.Deadwood[knocker], r.Deadwood[defender]
	won := r.Points[knocker] + r.Points[defender] // only one seat scores
	base := won
	if r.Doubled {
		base /= 2
	}
	var after msg.Msg
	rules := []string{"G3"}
	if len(r.Layoffs) > 0 {
		after = msg.New("fan.after_layoffs")
		rules = []string{"N5", "G3"}
	}
	var how msg.Msg
	switch {
	case r.Outcome == Gin || r.Outcome == BigGin:
		name, n, bonus := "Gin", HandSize, GinBonus
		if r.Outcome == BigGin {
			name, n, bonus = "Big Gin", HandSize+1, BigGinBonus
		}
		rules = []string{"G2", "G3"}
		how = msg.New("fan.how_gin", msg.S("Name", name), msg.N("Count", n), msg.N("Bonus", bonus), msg.N("Theirs", theirs), msg.N("Won", base))
	case r.Outcome == Knock && mine < theirs:
		how = msg.New("gin.how_knock", msg.N("Mine", mine), msg.N("Theirs", theirs), msg.M("After", after), msg.N("Won", base))
	case r.Outcome == Knock:
		how = msg.New("gin.how_tie", msg.N("Mine", mine), msg.N("Theirs", theirs), msg.M("After", after))
	case mine == theirs:
		how = msg.New("gin.how_tie_undercut", msg.N("Theirs", theirs), msg.M("After", after), msg.N("Mine", mine), msg.N("Won", base))
	default:
		how = msg.New("gin.how_undercut", msg.N("Theirs", theirs), msg.M("After", after), msg.N("Mine", mine),
			msg.N("Bonus", UndercutBonus), msg.N("Diff", mine-theirs), msg.N("Won", base))
	}
	if r.Doubled && won > 0 {
		how = msg.New("gin.doubled", msg.M("How", how), msg.N("Points", won))
		rules = append(rules, "G1")
	}
	r.Rules = rules
	r.Reason = citeRules(how, rules...)
	r.Result.Reason, r.Result.Rules = r.Reason, r.Rules
}

// citeRules is text citing rules at its end: "... (G3)".
func citeRules(text msg.Msg, rules ...string) msg.Msg {
	return msg.New("verdict.citing", msg.M("Text", text), msg.S("Rules", strings.Join(rules, ", ")))
}
