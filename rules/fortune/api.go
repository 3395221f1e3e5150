package fortune

import (
	"context"

	"meldpad/rules/game"
)

// houseFrom is the house rules of a request, by key.
func houseFrom(house map[string]bool) HouseRules {
	return HouseRules{BigSets: house["big_sets"], AceSet15: house["ace_set_15"]}
}

// CheckMeld judges a meld or a lay-off (R1-R4) for the API and the
// referee page, with the reading of every card once it stands: onto's
// cards then the cards laid off, for a lay-off.
func (Module) CheckMeld(q game.MeldQuestion) game.MeldVerdict {
	var v Verdict
	if q.Layoff {
		v = CheckLayoff(q.Onto, q.Cards, houseFrom(q.House))
	} else {
		v = Check(q.Cards, houseFrom(q.House))
	}
	out := game.MeldVerdict{Valid: v.Valid, Kind: game.KindName(v.Valid, v.Kind.String()), Points: game.PointsOf(v.Valid, v.Points),
		Reason: q.Said(v.Reason), Rule: v.Rule, Rules: v.Rules}
	if v.Valid {
		out.Readings = game.CardStrings(v.Readings)
	}
	return out
}

// ExampleMeld is a sequence with a declared deuce (R1, R2).
func (Module) ExampleMeld() string { return "5H 6H 2C=7H" }

// Endpoints are Fortune Rummy's own: POST /api/v1/fortune/hands/score.
func (Module) Endpoints() []game.Endpoint {
	return []game.Endpoint{{Path: "hands/score", Serve: serveScore}}
}

// ScoreAnswer is the answer of hands/score (API.md): each seat's points,
// what its melds score, and what its cards left in hand cost.
type ScoreAnswer struct {
	Points []int `json:"points"`
	Melded []int `json:"melded"`
	Held   []int `json:"held"`
}

// serveScore scores a finished hand: melded minus held (R4-R6). Every
// card is counted once across the players, so a card given more often
// than the two decks hold it is refused where it appears.
func serveScore(ctx context.Context, body map[string]any) (any, error) {
	var r game.Body
	info := Module{}.Info()
	tally := info.Deck.NewTally()
	var players []Player
	r.Players(body, info, func(obj map[string]any, field string) {
		var p Player
		if v, ok := r.Get(obj, field, "melds", false); ok {
			p.Melds = r.PlayLists(v, game.Member(field, "melds"), info.Deck, tally)
		}
		if v, ok := r.Get(obj, field, "hand", false); ok {
			p.Hand = r.CardList(v, game.Member(field, "hand"), info.Deck, tally)
		}
		players = append(players, p)
	})
	house := r.HouseRules(body, info)
	if err := r.Error(); err != nil {
		return nil, err
	}
	res, err := ScoreContext(ctx, players, houseFrom(house))
	if err != nil {
		return nil, err
	}
	return ScoreAnswer{Points: res.Points, Melded: res.Melded, Held: res.Held}, nil
}
