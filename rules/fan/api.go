package fan

import (
	"context"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// CheckMeld judges a meld or a lay-off (N2, N5) for the API and the
// referee page.
func (Module) CheckMeld(q game.MeldQuestion) game.MeldVerdict {
	v := game.JudgeMeld(q, Check, CheckLayoff)
	return game.MeldVerdict{Valid: v.Valid, Kind: game.KindName(v.Valid, v.Kind.String()), Reason: q.Said(v.Reason), Rule: v.Rule, Rules: v.Rules}
}

// ExampleMeld is a run of spades, Q-K-A not being one (N2).
func (Module) ExampleMeld() string { return "QS 6H KS 3H AS" }

// Endpoints are Fan Rummy's own: POST /api/v1/fan/hands/score.
func (Module) Endpoints() []game.Endpoint {
	return []game.Endpoint{{Path: "hands/score", Serve: game.Decoded(scoreRequest{}, serveScore)}}
}

// ScoreAnswer is the answer of hands/score (API.md), Fan's and Gin's.
type ScoreAnswer struct {
	Outcome    string        `json:"outcome"`
	Deadwood   [2]int        `json:"deadwood"`
	Points     [2]int        `json:"points"`
	Doubled    bool          `json:"doubled"`
	KnockValue int           `json:"knock_value"`
	Melds      [2][][]string `json:"melds"`
	Layoffs    []LayoffJSON  `json:"layoffs"`
	Reason     string        `json:"reason"`
	Rules      []string      `json:"rules,omitempty"`
}

// LayoffJSON is one lay-off in an answer: the card and the index of the
// knocker's meld it joined.
type LayoffJSON struct {
	Card string `json:"card"`
	Meld int    `json:"meld"`
}

// Answer prints a scored deal as the API answers it.
func Answer(say msg.Sayer, res Result, outcome string) ScoreAnswer {
	out := ScoreAnswer{Outcome: outcome, Deadwood: res.Deadwood, Points: res.Points, Doubled: res.Doubled,
		KnockValue: res.KnockValue, Layoffs: []LayoffJSON{}, Reason: say.Say(res.Reason), Rules: res.Rules}
	for seat := range res.Melds {
		out.Melds[seat] = [][]string{}
		for _, m := range res.Melds[seat] {
			out.Melds[seat] = append(out.Melds[seat], game.CardStrings(m))
		}
	}
	for _, l := range res.Layoffs {
		out.Layoffs = append(out.Layoffs, LayoffJSON{Card: l.Card.String(), Meld: l.Meld})
	}
	return out
}

// HandsRequest is what a hands/score body says of the deal, Fan's and
// Gin's alike: the knocker, both hands, and the knocker's melds if given
// (nil when not).
type HandsRequest struct {
	Knocker      int
	Hands        [][]string
	KnockerMelds [][]string
}

// ReadHands reads the hands and knocker's melds of a hands/score body,
// Fan's or Gin's: two hands, each card once in the two (the knock card,
// picked up in play, may be in a hand too), and the knocker's melds if
// given.
func ReadHands(r *game.Body, req HandsRequest, d *Deal, gameName string) {
	deck := cards.Standard()
	d.Knocker = r.Seat(req.Knocker, "knocker", 2)
	hands := r.CardLists(req.Hands, "hands", deck, deck.NewTally())
	if r.Err == nil && len(hands) != 2 {
		r.FailWith("hands", msg.New("fan.two_hands", msg.S("Game", gameName)))
	}
	if r.Err == nil {
		d.Hands = [2][]cards.Card{hands[0], hands[1]}
	}
	if req.KnockerMelds != nil {
		d.KnockerMelds = r.CardLists(req.KnockerMelds, "knocker_melds", deck, nil)
		if d.KnockerMelds == nil && r.Err == nil {
			d.KnockerMelds = [][]cards.Card{}
		}
	}
}

// scoreRequest is the body of hands/score (API.md).
type scoreRequest struct {
	KnockCard     string     `json:"knock_card" api:"required"`
	Knocker       int        `json:"knocker" api:"required"`
	Hands         [][]string `json:"hands" api:"required"`
	KnockerMelds  [][]string `json:"knocker_melds"`
	UndercutOnTie bool       `json:"undercut_on_tie"`
}

// serveScore scores a deal (N3-N7): the knocker's melds as laid or the
// best arrangement, the defender's best reply, the outcome and the
// points.
func serveScore(ctx context.Context, req scoreRequest) (any, error) {
	var r game.Body
	d := Deal{UndercutOnTie: req.UndercutOnTie}
	d.KnockCard = r.Card(req.KnockCard, "knock_card", cards.Standard(), nil)
	ReadHands(&r, HandsRequest{Knocker: req.Knocker, Hands: req.Hands, KnockerMelds: req.KnockerMelds}, &d, "Fan Rummy")
	if err := r.Error(); err != nil {
		return nil, err
	}
	res, err := ScoreContext(ctx, d)
	if err != nil {
		return nil, err
	}
	return Answer(msg.From(ctx), res, res.Outcome.String()), nil
}
