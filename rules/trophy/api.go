package trophy

import (
	"context"
	"errors"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Endpoints are Trophy Case's own: POST /api/v1/trophy/tricks/score.
func (Module) Endpoints() []game.Endpoint {
	return []game.Endpoint{{Path: "tricks/score", Serve: game.Decoded(trickRequest{}, serveTrick)}}
}

// TrickAnswer is the answer of tricks/score (API.md): where the trick
// stands, who holds the highest card, and once it has ended who won it,
// for how much, and who leads next. Seats of -1 are null. Rules are the
// ids the reason cites.
type TrickAnswer struct {
	Ended       bool          `json:"ended"`
	Ending      string        `json:"ending"`
	Winner      *int          `json:"winner"`
	Points      int           `json:"points"`
	Trumped     bool          `json:"trumped"`
	Highest     *int          `json:"highest"`
	HighestCard *string       `json:"highest_card"`
	Next        *int          `json:"next"`
	NextLeader  *int          `json:"next_leader"`
	HandEnds    bool          `json:"hand_ends"`
	Folded      []bool        `json:"folded"`
	Counted     []CountAnswer `json:"counted"`
	Rule        string        `json:"rule"`
	Rules       []string      `json:"rules,omitempty"`
	Reason      string        `json:"reason"`
}

// CountAnswer is one card that scores on the trick (T7).
type CountAnswer struct {
	Seat   int    `json:"seat"`
	Card   string `json:"card"`
	Points int    `json:"points"`
}

// trickRequest is the body of tricks/score (API.md): the table's size,
// the leader, the plays in turn order and, optionally, each seat's hand
// before the trick.
type trickRequest struct {
	Players int           `json:"players" api:"required"`
	Leader  int           `json:"leader" api:"required"`
	Plays   []playRequest `json:"plays" api:"required"`
	Hands   [][]string    `json:"hands"`
}

// playRequest is one play of a trickRequest: a card, or a fold.
type playRequest struct {
	Seat int     `json:"seat" api:"required"`
	Fold bool    `json:"fold"`
	Card *string `json:"card"`
}

// serveTrick referees a trick (T1-T7). A trick of the wrong shape is bad
// input naming its field; one the rules forbid, the rule's error.
func serveTrick(ctx context.Context, req trickRequest) (any, error) {
	trick, err := readTrick(req)
	if err != nil {
		return nil, err
	}
	res, err := Score(trick)
	var bad *InputError
	if errors.As(err, &bad) {
		return nil, ruling.Bad(bad.Field, bad.Msg)
	}
	if err != nil {
		return nil, err
	}
	out := TrickAnswer{
		Ended: res.Ended, Ending: res.Ending.String(), Winner: game.OptionalSeat(res.Winner), Points: res.Points,
		Trumped: res.Trumped, Highest: game.OptionalSeat(res.Highest), Next: game.OptionalSeat(res.Next),
		NextLeader: game.OptionalSeat(res.NextLeader), HandEnds: res.HandEnds, Folded: res.Folded,
		Counted: []CountAnswer{}, Rule: res.Rule, Rules: res.Rules, Reason: msg.From(ctx).Say(res.Reason),
	}
	if res.Highest >= 0 {
		card := res.HighestCard.String()
		out.HighestCard = &card
	}
	for _, ct := range res.Counted {
		out.Counted = append(out.Counted, CountAnswer{Seat: ct.Seat, Card: ct.Card.String(), Points: ct.Points})
	}
	return out, nil
}

// readTrick reads the cards of a request. A card given twice is left
// for Score to refuse, naming where.
func readTrick(req trickRequest) (Trick, error) {
	var r game.Body
	t := Trick{Players: req.Players, Leader: req.Leader}
	deck := cards.Fanucci()
	for i, rp := range req.Plays {
		field := game.Index("plays", i)
		p := Play{Seat: rp.Seat, Fold: rp.Fold}
		switch {
		case p.Fold && rp.Card != nil:
			r.FailWith(game.Member(field, "card"), msg.New("trophy.api_fold_card"))
		case !p.Fold && rp.Card == nil:
			r.FailWith(game.Member(field, "card"), msg.New("trophy.api_play_needs_card"))
		case rp.Card != nil:
			p.Card = r.Card(*rp.Card, game.Member(field, "card"), deck, nil)
		}
		t.Plays = append(t.Plays, p)
	}
	if req.Hands != nil {
		t.Hands = r.CardLists(req.Hands, "hands", deck, nil)
	}
	if err := r.Error(); err != nil {
		return Trick{}, err
	}
	return t, nil
}
