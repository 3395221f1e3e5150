package trophy

import (
	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Result is where a trick stands after the plays recorded so far: who is to
// play, who holds the highest card, and, once it has ended, who won it and
// for how many points. Seats are -1 where the API prints null.
type Result struct {
	// Ended reports whether the trick is over (T5); Ending says how.
	Ended  bool
	Ending Ending
	// Winner is the seat that won the trick, -1 while it goes on. A folded
	// player never wins (T3, T5).
	Winner int
	// Points is what the trick is worth to its winner (T7), counting every
	// card played on it by anyone; while the trick goes on, what it is
	// worth so far. Counted lists the cards that make the points.
	Points  int
	Counted []Counted
	// Trumped reports whether a trump was played, which ended the trick
	// (T5) and makes zeros score (T7).
	Trumped bool
	// Highest is the seat whose card ranks highest on the trick so far
	// (T4), folded or not; after a trump, the trumper; -1 before the lead.
	// HighestCard is that card.
	Highest     int
	HighestCard cards.Card
	// Next is the seat whose turn it is (T2), -1 once the trick has ended.
	// It skips folded players and players known to be out of cards (T6).
	Next int
	// Folded[i] reports whether seat i has folded (T3).
	Folded []bool
	// HandEnds reports that the trick ended with a player out of cards, so
	// new hands are dealt (T6). It is known for a seat whose hand was
	// given, and for a seat that played on the trick every card dealt to
	// it (HandSize); otherwise it is false.
	HandEnds bool
	// NextLeader is the seat to the left of the winner, who leads the next
	// trick, across a redeal too (T6); -1 while the trick goes on.
	NextLeader int
	// Rule is the rule id that settles where the trick stands: T5 (or
	// T6) once it has ended, T2 (or T1 before the lead) while it goes on.
	Rule string
	// Reason says the same in one sentence for the table, citing the ids,
	// in the table's language (rules/msg). Rules are the ids it cites,
	// each once, in the order it cites them; Rule is among them.
	Reason msg.Msg
	Rules  []string
}

// Score referees a trick as far as it has been played and says where it
// stands (T1-T7). Score on a partial trick is how the scorepad shows whose
// turn it is and who holds the highest card as plays are entered.
//
// Turn order is always checked: the leader acts first and may not fold the
// lead (T1); the lead is a suited card (T1); the turn then passes left
// among the players still in (T2); nobody plays after the trick has ended
// (T5). For seats whose hands are given, every play and fold is also
// checked against the hand: the card must be held (T1 for the lead, T2
// after it), a player must follow the led colour when able (T2), may not
// fold holding the led suit (T3), and a leader holding only trumps cannot
// lead at all (T1: the hands are redealt).
//
// A situation the rules forbid is a *ruling.Error carrying the rule id
// (the API's 422). A malformed trick (player count, seats, cards not in the
// deck or given twice, see InputError) is an *InputError (the API's 400).
func Score(t Trick) (Result, error) {
	if err := t.validate(); err != nil {
		return Result{}, err
	}
	r := newReferee(&t)
	if err := r.start(); err != nil {
		return Result{}, err
	}
	for _, p := range t.Plays {
		if err := r.apply(p); err != nil {
			return Result{}, err
		}
	}
	return r.result(), nil
}

// referee replays a trick turn by turn.
type referee struct {
	t        *Trick
	order    Order
	hands    holdings
	turn     int // seat to act, -1 once ended
	folded   [MaxPlayers]bool
	in       int                    // players not folded
	best     [MaxPlayers]int        // strength of each seat's highest card, greyZero if none
	bestCard [MaxPlayers]cards.Card // that card
	bestAt   [MaxPlayers]int        // and when it was played, counting cards
	played   int                    // cards played so far
	highest  int                    // seat with the highest card, -1 before the lead
	top      cards.Card             // that card
	trumped  bool
	ending   Ending
	winner   int
}

func newReferee(t *Trick) *referee {
	return &referee{t: t, hands: newHoldings(t), turn: t.Leader, in: t.Players, highest: -1, winner: -1}
}

// start checks that the leader can lead at all: a leader holding nothing
// but trumps shows the hand and all hands are redealt instead (T1).
func (r *referee) start() error {
	if r.hands.onlyTrumps(r.t.Leader) {
		return ruling.Refuse("T1", ruling.Prefixed("trophy", msg.New("trophy.only_trumps", msg.N("Seat", r.t.Leader))))
	}
	return nil
}

// apply takes one turn.
func (r *referee) apply(p Play) error {
	if r.ending != Open {
		if p.Seat == r.winner {
			return ruling.Refuse("T5", ruling.Prefixed("trophy", msg.New("trophy.after_own_win", msg.N("Seat", p.Seat), msg.M("Did", verb(p)))))
		}
		return ruling.Refuse("T5", ruling.Prefixed("trophy", msg.New("trophy.after_win", msg.N("Seat", p.Seat), msg.M("Did", verb(p)), msg.N("Winner", r.winner))))
	}
	if p.Seat != r.turn {
		if r.hands.outOfCards(p.Seat) {
			return ruling.Refuse("T6", ruling.Prefixed("trophy", msg.New("trophy.out_of_cards", msg.N("Seat", p.Seat), msg.N("Turn", r.turn))))
		}
		if r.order.Led() == cards.NoSuit {
			return ruling.Refuse("T2", ruling.Prefixed("trophy", msg.New("trophy.out_of_turn_lead", msg.N("Seat", p.Seat), msg.N("Turn", r.turn))))
		}
		return ruling.Refuse("T2", ruling.Prefixed("trophy", msg.New("trophy.out_of_turn", msg.N("Seat", p.Seat), msg.N("Turn", r.turn))))
	}
	var err error
	switch {
	case r.order.Led() == cards.NoSuit:
		err = r.lead(p)
	case p.Fold:
		err = r.fold(p.Seat)
	default:
		err = r.follow(p)
	}
	if err != nil {
		return err
	}
	if r.ending == Open {
		r.pass(p.Seat)
	}
	return nil
}

// lead checks and takes the first play: a suited card the leader holds,
// never a fold and never a trump (T1).
func (r *referee) lead(p Play) error {
	if p.Fold {
		return ruling.Refuse("T1", ruling.Prefixed("trophy", msg.New("trophy.lead_fold", msg.N("Seat", p.Seat))))
	}
	if p.Card.IsTrump() {
		return ruling.Refuse("T1", ruling.Prefixed("trophy", msg.New("trophy.lead_trump", msg.N("Seat", p.Seat), msg.V("Card", p.Card))))
	}
	if err := r.checkHeld(p, "T1"); err != nil {
		return err
	}
	r.take(p)
	return nil
}

// follow checks and takes a play after the lead: a player holding a card of
// the led colour must play one; one without may play any card, trumps
// included (T2). The first trump ends the trick and wins it (T5).
func (r *referee) follow(p Play) error {
	if err := r.checkHeld(p, "T2"); err != nil {
		return err
	}
	led := r.order.Led().Colour()
	if r.hands.known[p.Seat] && p.Card.Suit.Colour() != led && r.hands.holdsColour(p.Seat, led) {
		held, _ := r.hands.heldWhere(p.Seat, func(c cards.Card) bool { return !c.IsTrump() && c.Colour() == led })
		return ruling.Refuse("T2", ruling.Prefixed("trophy", msg.New("trophy.follow_colour", msg.N("Seat", p.Seat), msg.V("Card", p.Card), msg.V("Held", held), msg.M("Colour", msg.New("flathead.colour."+led.String())))))
	}
	r.take(p)
	if p.Card.IsTrump() {
		r.trumped = true
		r.end(ByTrump, p.Seat)
	}
	return nil
}

// fold takes seat out of the trick, unless it holds a card of the led suit
// (T3). When one player is left in, that player wins (T5).
func (r *referee) fold(seat int) error {
	led := r.order.Led()
	if r.hands.known[seat] && r.hands.suits[seat][led] > 0 {
		held, _ := r.hands.heldWhere(seat, func(c cards.Card) bool { return !c.IsTrump() && c.Suit == led })
		return ruling.Refuse("T3", ruling.Prefixed("trophy", msg.New("trophy.fold_holding", msg.N("Seat", seat), msg.V("Card", held))))
	}
	r.folded[seat] = true
	r.in--
	if r.in == 1 {
		for s := 0; s < r.t.Players; s++ {
			if !r.folded[s] {
				r.end(ByFolds, s)
			}
		}
	}
	return nil
}

// checkHeld checks that a seat whose hand is known holds the card it plays;
// rule is the rule of the turn (T1 to lead, T2 to follow).
func (r *referee) checkHeld(p Play, rule string) error {
	holder := r.hands.holderOf(p.Card)
	if holder == p.Seat || (!r.hands.known[p.Seat] && holder < 0) {
		return nil
	}
	if holder >= 0 {
		return ruling.Refuse(rule, ruling.Prefixed("trophy", msg.New("trophy.held_by_other", msg.N("Seat", p.Seat), msg.V("Card", p.Card), msg.N("Holder", holder), msg.S("Rule", rule))))
	}
	return ruling.Refuse(rule, ruling.Prefixed("trophy", msg.New("trophy.not_in_hand", msg.N("Seat", p.Seat), msg.V("Card", p.Card), msg.S("Rule", rule))))
}

// take puts p's card on the trick and updates the ranking (T4).
func (r *referee) take(p Play) {
	r.hands.play(p.Seat, p.Card)
	r.order.See(p.Card)
	s := r.order.Strength(p.Card)
	if s > r.best[p.Seat] {
		r.best[p.Seat], r.bestCard[p.Seat], r.bestAt[p.Seat] = s, p.Card, r.played
	}
	r.played++
	if r.highest < 0 || s > r.order.Strength(r.top) {
		r.highest, r.top = p.Seat, p.Card
	}
}

// pass hands the turn to the next player to the left who is still in and
// can act (T2); players known to be out of cards stay in without acting
// (T6). If nobody still in can act, every one of them is out of cards and
// the trick can go no further: meldpad's ruling is that the highest card
// among them wins, as the table would settle it (T5, T6). Out-of-colour
// cards rank alike (T4), so between them the one played first wins: a
// card takes the lead only by beating the one before it.
func (r *referee) pass(from int) {
	n := r.t.Players
	for k := 1; k <= n; k++ {
		seat := (from + k) % n
		if !r.folded[seat] && !r.hands.outOfCards(seat) {
			r.turn = seat
			return
		}
	}
	winner := -1
	for seat := 0; seat < n; seat++ {
		if r.folded[seat] {
			continue
		}
		if winner < 0 || r.best[seat] > r.best[winner] ||
			(r.best[seat] == r.best[winner] && r.bestAt[seat] < r.bestAt[winner]) {
			winner = seat
		}
	}
	r.end(ByOutOfCards, winner)
}

func (r *referee) end(how Ending, winner int) {
	r.ending, r.winner, r.turn = how, winner, -1
}

// verb says what a play did, for messages.
func verb(p Play) msg.Msg {
	if p.Fold {
		return msg.New("trophy.folded")
	}
	return msg.New("trophy.played", msg.V("Card", p.Card))
}
