package blackheart

import (
	"context"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// CheckMeld judges a set or a lay-off (B1-B3) for the API and the referee
// page, with what each card stood for once the set is valid: onto's cards
// then the cards laid off, for a lay-off.
func (Module) CheckMeld(q game.MeldQuestion) game.MeldVerdict {
	var v Verdict
	judged := q.Cards
	if q.Layoff {
		v = CheckLayoff(q.Onto, q.Cards)
		judged = append(append([]cards.Play{}, q.Onto...), q.Cards...)
	} else {
		v = Check(q.Cards)
	}
	out := game.MeldVerdict{Valid: v.Valid, Kind: game.KindName(v.Valid, v.Kind.String()), Points: game.PointsOf(v.Valid, v.Points),
		Reason: q.Said(v.Reason), Rule: v.Rule, Rules: v.Rules}
	if v.Valid && len(v.Roles) == len(judged) {
		for i, role := range v.Roles {
			reading := judged[i].Card
			if role.Wild() {
				reading = role.As
			}
			out.Readings = append(out.Readings, reading.String())
		}
	}
	return out
}

// ExampleMeld is the seed's series of spades with heart escorts (B1, B2).
func (Module) ExampleMeld() string { return "QS 6H KS 3H AS" }

// Endpoints are Black Heart Rum's own: POST /api/v1/blackheart/hands/score
// and /api/v1/blackheart/opening/check.
func (Module) Endpoints() []game.Endpoint {
	return []game.Endpoint{
		{Path: "hands/score", Serve: game.Decoded(scoreRequest{}, serveScore)},
		{Path: "opening/check", Serve: game.Decoded(openingRequest{}, serveOpening)},
	}
}

// ScoreAnswer is the answer of hands/score (API.md): each seat's points,
// the cards it played (lay-offs included), the cards it held, and its
// bonus for going out.
type ScoreAnswer struct {
	Points []int `json:"points"`
	Melded []int `json:"melded"`
	Held   []int `json:"held"`
	Bonus  []int `json:"bonus"`
}

// scoreRequest is the body of hands/score (API.md): who went out, the
// Black Heart bonus, and each player's sets, lay-offs and cards in hand.
type scoreRequest struct {
	Players    []playerRequest `json:"players" api:"required"`
	WentOut    *int            `json:"went_out"`
	BlackHeart bool            `json:"black_heart"`
}

// playerRequest is one player of a scoreRequest.
type playerRequest struct {
	Melds   [][]string `json:"melds"`
	Layoffs []string   `json:"layoffs"`
	Hand    []string   `json:"hand"`
}

// serveScore scores a deal: played minus held, plus the going-out and
// Black Heart bonuses (B6, B7). Every card is counted once across the
// players, so a card given more often than the deck holds it is refused
// where it appears.
func serveScore(ctx context.Context, req scoreRequest) (any, error) {
	var r game.Body
	info := Module{}.Info()
	d := Deal{WentOut: -1, BlackHeart: req.BlackHeart}
	tally := info.Deck.NewTally()
	r.PlayerCount(len(req.Players), info)
	for i, rp := range req.Players {
		field := game.Index("players", i)
		var p Player
		if rp.Melds != nil {
			p.Melds = r.PlayLists(rp.Melds, game.Member(field, "melds"), info.Deck, tally)
		}
		if rp.Layoffs != nil {
			p.Layoffs = r.PlayList(rp.Layoffs, game.Member(field, "layoffs"), info.Deck, tally)
		}
		if rp.Hand != nil {
			p.Hand = r.CardList(rp.Hand, game.Member(field, "hand"), info.Deck, tally)
		}
		d.Players = append(d.Players, p)
	}
	if req.WentOut != nil {
		d.WentOut = r.Seat(*req.WentOut, "went_out", max(len(d.Players), 1))
	}
	if err := r.Error(); err != nil {
		return nil, err
	}
	res, err := ScoreContext(ctx, d)
	if err != nil {
		return nil, err
	}
	return ScoreAnswer{Points: res.Points, Melded: res.Melded, Held: res.Held, Bonus: res.Bonus}, nil
}

// OpeningAnswer is the answer of opening/check (API.md).
type OpeningAnswer struct {
	Valid    bool     `json:"valid"`
	Required string   `json:"required"`
	Reason   string   `json:"reason"`
	Rule     string   `json:"rule"`
	Rules    []string `json:"rules,omitempty"`
}

// openingRequest is the body of opening/check (API.md): the player's
// score at the start of the deal and the sets of the first play.
type openingRequest struct {
	Score int        `json:"score" api:"required"`
	Melds [][]string `json:"melds" api:"required"`
}

// serveOpening says whether a first play meets the requirement of the
// player's score at the start of the deal (B5).
func serveOpening(ctx context.Context, req openingRequest) (any, error) {
	var r game.Body
	deck := cards.BlackHeart()
	melds := r.PlayLists(req.Melds, "melds", deck, deck.NewTally())
	if err := r.Error(); err != nil {
		return nil, err
	}
	v, err := CheckOpeningContext(ctx, req.Score, melds)
	if err != nil {
		return nil, err
	}
	return OpeningAnswer{Valid: v.Valid, Required: v.Required, Reason: msg.From(ctx).Say(v.Reason), Rule: v.Rule, Rules: v.Rules}, nil
}
