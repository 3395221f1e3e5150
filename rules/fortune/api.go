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
	req := scoreRequest{HouseRules: game.HouseRulesOf(Module{}.Info())} // so that Decode knows them
	return []game.Endpoint{{Path: "hands/score", Serve: game.Decoded(req, serveScore)}}
}

// ScoreAnswer is the answer of hands/score (API.md): each seat's points,
// what its melds score, and what its cards left in hand cost.
type ScoreAnswer struct {
	Points []int `json:"points"`
	Melded []int `json:"melded"`
	Held   []int `json:"held"`
}

// scoreRequest is the body of hands/score (API.md): each player's melds
// on the table and cards left in hand, and the house rules.
type scoreRequest struct {
	Players    []playerRequest `json:"players" api:"required"`
	HouseRules game.HouseRules `json:"house_rules"`
}

// playerRequest is one player of a scoreRequest.
type playerRequest struct {
	Melds [][]string `json:"melds"`
	Hand  []string   `json:"hand"`
}

// serveScore scores a finished hand: melded minus held (R4-R6). Every
// card is counted once across the players, so a card given more often
// than the two decks hold it is refused where it appears.
func serveScore(ctx context.Context, req scoreRequest) (any, error) {
	var r game.Body
	info := Module{}.Info()
	tally := info.Deck.NewTally()
	r.PlayerCount(len(req.Players), info)
	var players []Player
	for i, p := range req.Players {
		field := game.Index("players", i)
		var player Player
		if p.Melds != nil {
			player.Melds = r.PlayLists(p.Melds, game.Member(field, "melds"), info.Deck, tally)
		}
		if p.Hand != nil {
			player.Hand = r.CardList(p.Hand, game.Member(field, "hand"), info.Deck, tally)
		}
		players = append(players, player)
	}
	if err := r.Error(); err != nil {
		return nil, err
	}
	res, err := ScoreContext(ctx, players, houseFrom(req.HouseRules.On()))
	if err != nil {
		return nil, err
	}
	return ScoreAnswer{Points: res.Points, Melded: res.Melded, Held: res.Held}, nil
}
