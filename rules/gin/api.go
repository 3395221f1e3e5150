package gin

import (
	"context"

	"meldpad/rules/cards"
	"meldpad/rules/fan"
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// CheckMeld judges a meld or a lay-off: gin's melds are Fan Rummy's (N2,
// N5).
func (Module) CheckMeld(q game.MeldQuestion) game.MeldVerdict { return fan.Module{}.CheckMeld(q) }

// ExampleMeld is a run of spades, Q-K-A not being one (N2).
func (Module) ExampleMeld() string { return "QS 6H KS 3H AS" }

// Endpoints are Gin Rummy's own: POST /api/v1/gin/hands/score and
// /api/v1/gin/games/score (API.md).
func (Module) Endpoints() []game.Endpoint {
	return []game.Endpoint{
		{Path: "hands/score", Serve: game.Decoded(handRequest{HouseRules: game.HouseRulesOf(info)}, serveHandScore)},
		{Path: "games/score", Serve: game.Decoded(gameRequest{HouseRules: game.HouseRulesOf(info)}, serveGameScore)},
	}
}

// houseOf is the house rules of a request: gin's keys only, as Decode
// made sure.
func houseOf(house game.HouseRules) HouseRules {
	rules, _ := ParseHouseRules(house.On()) // Decode refused any other key
	return rules
}

// handRequest is the body of hands/score: Fan's without the knock card,
// with the first up-card under Oklahoma and the house rules.
type handRequest struct {
	Knocker      int             `json:"knocker" api:"required"`
	Hands        [][]string      `json:"hands" api:"required"`
	KnockerMelds [][]string      `json:"knocker_melds"`
	UpCard       *string         `json:"up_card"`
	HouseRules   game.HouseRules `json:"house_rules"`
}

// serveHandScore scores a deal as fan/hands/score does, by gin's rules
// (G1-G3): no knock card, the house rules in "house_rules", and under
// Oklahoma the first up-card in "up_card". The answer has Fan's fields.
func serveHandScore(ctx context.Context, req handRequest) (any, error) {
	var r game.Body
	var fd fan.Deal
	fan.ReadHands(&r, fan.HandsRequest{Knocker: req.Knocker, Hands: req.Hands, KnockerMelds: req.KnockerMelds}, &fd, info.Name)
	d := Deal{Knocker: fd.Knocker, Hands: fd.Hands, KnockerMelds: fd.KnockerMelds}
	if req.UpCard != nil {
		d.UpCard = r.Card(*req.UpCard, "up_card", cards.Standard(), nil)
	}
	if err := r.Error(); err != nil {
		return nil, err
	}
	res, err := ScoreContext(ctx, d, houseOf(req.HouseRules))
	if err != nil {
		return nil, err
	}
	return fan.Answer(msg.From(ctx), res.Result, res.Outcome.String()), nil
}

// GameAnswer is the answer of games/score (API.md): Winner is null while
// the game goes on.
type GameAnswer struct {
	Totals   [2]int          `json:"totals"`
	Finished bool            `json:"finished"`
	Winner   *int            `json:"winner"`
	Shutout  bool            `json:"shutout"`
	Bonus    GameAnswerBonus `json:"bonus"`
	Final    [2]int          `json:"final"`
	Reason   string          `json:"reason,omitempty"`
	Rules    []string        `json:"rules,omitempty"`
}

// GameAnswerBonus is the bonuses of G5 in a games/score answer; the
// shutout's doubling is in "final" and flagged by "shutout".
type GameAnswerBonus struct {
	Game [2]int `json:"game"`
	Box  [2]int `json:"box"`
}

// gameRequest is the body of games/score: each deal's points, one
// number per player, and the house rules.
type gameRequest struct {
	Deals      [][]int         `json:"deals" api:"required"`
	HouseRules game.HouseRules `json:"house_rules"`
}

// serveGameScore adds up a game's deals with the final bonuses (G4, G5).
func serveGameScore(ctx context.Context, req gameRequest) (any, error) {
	g, err := ScoreGame(req.Deals, houseOf(req.HouseRules))
	if err != nil {
		return nil, err
	}
	out := GameAnswer{Totals: g.Totals, Finished: g.Finished, Shutout: g.Shutout, Final: g.Final,
		Bonus: GameAnswerBonus{Game: g.Bonus.Game, Box: g.Bonus.Box}, Reason: msg.From(ctx).Say(g.Reason), Rules: g.Rules}
	if g.Finished {
		out.Winner = game.OptionalSeat(g.Winner)
	}
	return out, nil
}
