package fan

import (
	"context"
	"fmt"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Deal is a finished Fan Rummy deal as the scorepad records it.
type Deal struct {
	// KnockCard is the card dealt face up between the columns. Its value
	// is the most deadwood the knocker may hold (N1, N4); a spade doubles
	// the deal (N7). It is a card of the deck and is picked up in play, so
	// it may also be in a hand.
	KnockCard cards.Card
	// Knocker is the seat (0 or 1) that ended the deal.
	Knocker int
	// Hands holds each seat's cards when the deal ended: the knocker's 10
	// after discarding, or 11 for Big Gin (N4); the defender's 10.
	Hands [2][]cards.Card
	// KnockerMelds are the melds the knocker laid down, when the players
	// recorded them; they are checked against the hand and the knock
	// value. nil means not recorded: the app then takes the arrangement
	// best for the knocker (N5). An empty, non-nil slice means the knocker
	// laid down no meld.
	KnockerMelds [][]cards.Card
	// UndercutOnTie is the house rule of N6: a tie in deadwood counts as an
	// undercut.
	UndercutOnTie bool
}

// Result is a scored deal with everything the scorepad shows of its
// working. Arrays are by seat.
type Result struct {
	Outcome    Outcome
	Knocker    int
	KnockValue int  // value of the knock card: the most deadwood allowed (N1)
	Doubled    bool // the knock card is a spade, and Points are doubled (N7)
	// Deadwood is the knocker's deadwood and the defender's after
	// lay-offs (N3, N5).
	Deadwood [2]int
	// Points are the deal's points, doubling included; only one seat
	// scores (N6, N7).
	Points [2]int
	// Melds are the knocker's melds as laid down, before any lay-off, and
	// the defender's own melds.
	Melds [2][][]cards.Card
	// Layoffs are the defender's cards laid off onto Melds[Knocker], in an
	// order in which they can be laid (N5). Empty after Gin and Big Gin.
	Layoffs []Layoff
	// DeadwoodCards are the cards counted in Deadwood: the defender's
	// after lay-offs.
	DeadwoodCards [2][]cards.Card
	// DeadwoodBeforeLayoffs are the defender's cards outside their own
	// melds before laying off: DeadwoodCards[defender] plus the laid-off
	// cards. ValueBeforeLayoffs is their value.
	DeadwoodBeforeLayoffs []cards.Card
	ValueBeforeLayoffs    int
	// Rules are the ids Reason cites, in its order.
	Rules []string
	// Reason says in one sentence how the points came about, citing the
	// rules, in the table's language (rules/msg).
	Reason msg.Msg
}

// DealError reports a deal that is not well-formed: a seat that does not
// exist, a card outside the standard deck, a card held twice, or a hand of
// the wrong size. The API answers it with 400; Field names the culprit as
// the API's request does ("hands[1][3]", "knock_card"). A deal the rules
// forbid is a *ruling.Error instead. It is every referee's error for bad
// input, ruling.InputError, under the name this package's callers know.
type DealError = ruling.InputError

// Score scores a finished deal (N4-N7). It decides whether the deal ended
// in a knock, an undercut, Gin or Big Gin, makes the defender's best
// lay-offs after a knock, and returns the points. Without KnockerMelds it
// lays down the knocker's cards in the way best for the knocker (N5).
//
// An illegal ending is a *ruling.Error: deadwood over the knock value, or
// an 11-card hand not all melded (N4), or recorded knocker melds that are
// not melds (N2) or not in the knocker's hand (N4). A malformed deal is a
// *DealError.
func Score(d Deal) (Result, error) {
	return ScoreContext(context.Background(), d)
}

// ScoreContext is Score under ctx: the search for the knocker's best
// arrangement checks ctx now and then and, once ctx is done, stops and
// returns ctx.Err(). Every deal of the rules is searched in microseconds
// (BenchmarkScoreHardest); ctx bounds what a server spends whatever comes.
func ScoreContext(ctx context.Context, d Deal) (Result, error) {
	return d.score(ctx, d.Ruleset(), true)
}

// score scores d by rs under ctx; withKnockCard says that d.KnockCard is
// part of the deal (Fan Rummy) and must be a card of the deck. ScoreBy
// does not read it.
func (d Deal) score(ctx context.Context, rs Ruleset, withKnockCard bool) (Result, error) {
	if err := d.check(rs, withKnockCard); err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	knocker, defender := d.Knocker, 1-d.Knocker
	kh, dh := newHand(d.Hands[knocker]), newHand(d.Hands[defender])
	res := Result{
		Knocker:    knocker,
		KnockValue: rs.KnockValue,
		Doubled:    rs.Doubled,
		Layoffs:    []Layoff{},
	}

	var plan knockPlan
	if d.KnockerMelds != nil {
		melds, err := placeGiven(kh, d.KnockerMelds, rs)
		if err != nil {
			return Result{}, err
		}
		plan.melds = melds
		plan.deadwood = kh.value(kh.full() &^ union(melds))
	} else {
		plan.deadwood = kh.least(kh.full())
	}
	holding := len(d.Hands[knocker])
	switch {
	case holding == HandSize+1 && plan.deadwood > 0:
		return Result{}, ruling.Refuse(rs.EndRule, ruling.Prefixed(rs.Game, msg.New("fan.eleven_not_big_gin", msg.N("Deadwood", plan.deadwood), msg.S("Rule", rs.EndRule))))
	case plan.deadwood > res.KnockValue:
		return Result{}, rs.overKnockValue(plan.deadwood)
	}

	switch {
	case plan.deadwood == 0:
		// Gin or Big Gin: the defender may not lay off (N5), so the
		// empty reply stands and only their own melds count below.
		res.Outcome = Gin
		if holding == HandSize+1 {
			res.Outcome = BigGin
		}
		if d.KnockerMelds == nil {
			plan.melds = kh.joinRuns(kh.bestMelds(kh.full()))
		}
	case d.KnockerMelds != nil:
		for _, meld := range d.KnockerMelds {
			plan.options = append(plan.options, layoffOptions(dh, meld))
		}
		plan.reply = bestReply(dh, plan.options)
	default:
		var err error
		if plan, err = bestKnock(ctx, kh, dh, res.KnockValue); err != nil {
			return Result{}, err
		}
	}

	// The knocker's side.
	if d.KnockerMelds != nil {
		res.Melds[knocker] = make([][]cards.Card, len(d.KnockerMelds))
		for i, meld := range d.KnockerMelds {
			res.Melds[knocker][i] = append([]cards.Card{}, meld...)
		}
	} else {
		res.Melds[knocker] = make([][]cards.Card, len(plan.melds))
		for i, meld := range plan.melds {
			res.Melds[knocker][i] = kh.cardsOf(meld)
		}
	}
	res.DeadwoodCards[knocker] = kh.cardsOf(kh.full() &^ union(plan.melds))
	res.Deadwood[knocker] = plan.deadwood

	// The defender's side: lay-offs, then their own melds.
	for j, pick := range plan.reply.picks {
		for _, c := range plan.options[j][pick].order {
			res.Layoffs = append(res.Layoffs, Layoff{Card: c, Meld: j})
		}
	}
	kept := dh.full() &^ plan.reply.laid
	own := dh.arrange(dh.bestMelds(kept), kept, nil)
	res.Melds[defender] = own.Melds
	res.DeadwoodCards[defender] = own.Deadwood
	res.Deadwood[defender] = own.Value
	unmelded := dh.full()
	for _, meld := range own.Melds {
		for _, c := range meld {
			b, _ := dh.bit(c)
			unmelded &^= 1 << b
		}
	}
	res.DeadwoodBeforeLayoffs = dh.cardsOf(unmelded)
	res.ValueBeforeLayoffs = dh.value(unmelded)

	res.score(rs.UndercutOnTie)
	return res, nil
}

// score fills in Outcome (for a knock), Points and Reason from the
// deadwood (N6, N7).
func (r *Result) score(undercutOnTie bool) {
	knocker, defender := r.Knocker, 1-r.Knocker
	mine, theirs := r.Deadwood[knocker], r.Deadwood[defender]
	rules := []string{"N6"}
	var won int
	var how msg.Msg
	after := r.afterLayoffs()
	switch {
	case r.Outcome == Gin || r.Outcome == BigGin:
		bonus, name, n := ginBonus, "Gin", HandSize
		if r.Outcome == BigGin {
			bonus, name, n = bigGinBonus, "Big Gin", HandSize+1
		}
		rules = []string{"N4", "N6"}
		won = bonus + theirs
		r.Points[knocker] = won
		how = msg.New("fan.how_gin", msg.S("Name", name), msg.N("Count", n), msg.N("Bonus", bonus), msg.N("Theirs", theirs), msg.N("Won", won))
	case mine < theirs:
		r.Outcome = Knock
		won = theirs - mine
		r.Points[knocker] = won
		how = msg.New("fan.how_knock", msg.N("Mine", mine), msg.N("Theirs", theirs), msg.M("After", after), msg.N("Won", won))
	case mine == theirs && !undercutOnTie:
		r.Outcome = Knock
		how = msg.New("fan.how_tie", msg.N("Mine", mine), msg.N("Theirs", theirs), msg.M("After", after))
	case mine == theirs:
		r.Outcome = Undercut
		won = undercutBonus
		r.Points[defender] = won
		how = msg.New("fan.how_tie_undercut", msg.N("Mine", mine), msg.N("Theirs", theirs), msg.M("After", after), msg.N("Won", won))
	default:
		r.Outcome = Undercut
		won = undercutBonus + mine - theirs
		r.Points[defender] = won
		how = msg.New("fan.how_undercut", msg.N("Mine", mine), msg.N("Theirs", theirs), msg.M("After", after),
			msg.N("Bonus", undercutBonus), msg.N("Diff", mine-theirs), msg.N("Won", won))
	}
	if len(r.Layoffs) > 0 {
		rules = append([]string{"N5"}, rules...)
	}
	if r.Doubled && won > 0 {
		r.Points[0], r.Points[1] = 2*r.Points[0], 2*r.Points[1]
		how = msg.New("fan.doubled", msg.M("How", how), msg.N("Points", 2*won))
		rules = append(rules, "N7")
	}
	r.Rules = rules
	r.Reason = citing(how, rules...)
}

func (r *Result) afterLayoffs() msg.Msg {
	if len(r.Layoffs) == 0 {
		return msg.Msg{}
	}
	return msg.New("fan.after_layoffs")
}

// check refuses a malformed deal with a *DealError. The knock card is not
// counted against the hands: it is picked up during play.
func (d Deal) check(rs Ruleset, withKnockCard bool) error {
	if d.Knocker != 0 && d.Knocker != 1 {
		return &DealError{Field: "knocker", Msg: ruling.Prefixed(rs.Game, msg.New("fan.knocker_seat", msg.N("Seat", d.Knocker)))}
	}
	if _, ok := index(d.KnockCard); !ok && withKnockCard {
		return &DealError{Field: "knock_card", Msg: ruling.Prefixed(rs.Game, msg.New("fan.knock_card_not_standard", msg.M("Card", cardName(d.KnockCard))))}
	}
	var seen [deckSize]int // seat+1 that holds the card
	for seat, h := range d.Hands {
		switch {
		case seat == d.Knocker && len(h) != HandSize && len(h) != HandSize+1:
			return &DealError{Field: fmt.Sprintf("hands[%d]", seat), Msg: ruling.Prefixed(rs.Game, msg.New("fan.knocker_holds", msg.N("Count", len(h)), msg.S("Rule", rs.EndRule)))}
		case seat != d.Knocker && len(h) != HandSize:
			return &DealError{Field: fmt.Sprintf("hands[%d]", seat), Msg: ruling.Prefixed(rs.Game, msg.New("fan.defender_holds", msg.N("Count", len(h))))}
		}
		for i, c := range h {
			field := fmt.Sprintf("hands[%d][%d]", seat, i)
			g, ok := index(c)
			switch {
			case !ok:
				return &DealError{Field: field, Msg: ruling.Prefixed(rs.Game, msg.New("fan.not_standard", msg.M("Card", cardName(c))))}
			case seen[g] == seat+1:
				return &DealError{Field: field, Msg: ruling.Prefixed(rs.Game, msg.New("fan.hand_twice", msg.N("Hand", seat), msg.V("Card", c)))}
			case seen[g] != 0:
				return &DealError{Field: field, Msg: ruling.Prefixed(rs.Game, msg.New("fan.both_hands", msg.V("Card", c)))}
			}
			seen[g] = seat + 1
		}
	}
	for i, meld := range d.KnockerMelds {
		for j, c := range meld {
			if _, ok := index(c); !ok {
				return &DealError{Field: fmt.Sprintf("knocker_melds[%d][%d]", i, j), Msg: ruling.Prefixed(rs.Game, msg.New("fan.not_standard", msg.M("Card", cardName(c))))}
			}
		}
	}
	return nil
}

// placeGiven checks the melds the knocker says were laid down: each a
// valid meld (N2), each card from the knocker's hand (N4, or rs.EndRule)
// and in one meld only (N2). It returns them as masks of the knocker's hand.
func placeGiven(kh *hand, given [][]cards.Card, rs Ruleset) ([]uint64, error) {
	melds := make([]uint64, len(given))
	var used uint64
	for i, meld := range given {
		if s := judge(meld); s.kind == NoKind {
			return nil, ruling.Refuse("N2", ruling.Prefixed(rs.Game, msg.New("fan.knocker_meld", msg.N("Meld", i+1), msg.M("Why", s.why))))
		}
		for _, c := range meld {
			b, ok := kh.bit(c)
			switch {
			case !ok:
				return nil, ruling.Refuse(rs.EndRule, ruling.Prefixed(rs.Game, msg.New("fan.meld_not_in_hand", msg.N("Meld", i+1), msg.V("Card", c), msg.S("Rule", rs.EndRule))))
			case used&(1<<b) != 0:
				return nil, ruling.Refuse("N2", ruling.Prefixed(rs.Game, msg.New("fan.card_in_two_melds", msg.V("Card", c))))
			}
			used |= 1 << b
			melds[i] |= 1 << b
		}
	}
	return melds, nil
}

func union(masks []uint64) uint64 {
	var u uint64
	for _, m := range masks {
		u |= m
	}
	return u
}
