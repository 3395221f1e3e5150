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
	return []game.Endpoint{{Path: "hands/score", Serve: serveHandScore}, {Path: "games/score", Serve: serveGameScore}}
}

// readHouse reads the optional "house_rules" of a body: gin's keys only.
func readHouse(r *game.Body, body map[string]any) HouseRules {
	house, _ := ParseHouseRules(r.HouseRules(body, info)) // r.HouseRules refused any other key
	return house
}

// serveHandScore scores a deal as fan/hands/score does, by gin's rules
// (G1-G3): no knock card, the house rules in "house_rules", and under
// Oklahoma the first up-card in "up_card". The answer has Fan's fields.
func serveHandScore(ctx context.Context, body map[string]any) (any, error) {
	var r game.Body
	var fd fan.Deal
	fan.ReadHands(&r, body, &fd, info.Name)
	d := Deal{Knocker: fd.Knocker, Hands: fd.Hands, KnockerMelds: fd.KnockerMelds}
	if v, ok := r.Get(body, "", "up_card", false); ok {
		d.UpCard = r.Card(v, "up_card", cards.Standard(), nil)
	}
	house := readHouse(&r, body)
	if err := r.Error(); err != nil {
		return nil, err
	}
	res, err := ScoreContext(ctx, d, house)
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

// serveGameScore adds up a game's deals with the final bonuses (G4, G5).
func serveGameScore(ctx context.Context, body map[string]any) (any, error) {
	var r game.Body
	var deals [][]int
	if v, ok := r.Get(body, "", "deals", true); ok {
		for i, item := range r.List(v, "deals") {
			deals = append(deals, r.IntList(item, game.Index("deals", i)))
			if r.Err != nil {
				break
			}
		}
	}
	house := readHouse(&r, body)
	if err := r.Error(); err != nil {
		return nil, err
	}
	g, err := ScoreGame(deals, house)
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
