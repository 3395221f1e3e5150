package flathead

import (
	"context"

	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// CheckMeld judges a meld laid down, or cards laid off onto one (F1-F5),
// for the API and the referee page.
func (Module) CheckMeld(q game.MeldQuestion) game.MeldVerdict {
	v := game.JudgeMeld(q, Check, CheckLayoff)
	out := game.MeldVerdict{Valid: v.Valid, Kind: game.KindName(v.Valid, v.Kind.String()), Bonus: v.Bonus,
		Reason: q.Said(v.Reason), Rule: v.Rule, Rules: v.Rules}
	if v.Bonus {
		out.Tag = "bonus"
		out.Details = []string{q.Said(msg.New("flathead.bonus_detail"))}
	}
	return out
}

// ExampleMeld is a set of 7s with a trump (F1, F3).
func (Module) ExampleMeld() string { return "7 Lamps, 7 Plungers, Grue" }

// Endpoints are Flathead Rummy's own: POST /api/v1/flathead/hands/score.
func (Module) Endpoints() []game.Endpoint {
	return []game.Endpoint{{Path: "hands/score", Serve: game.Decoded(scoreRequest{}, serveScore)}}
}

// ScoreAnswer is the answer of hands/score (API.md): the points by seat,
// the count, the multiplier, the losers' lay-offs before the count in an
// order in which they can be made, and the working.
type ScoreAnswer struct {
	Points     []int          `json:"points"`
	CardsLeft  int            `json:"cards_left"`
	Base       int            `json:"base"`
	Multiplier int            `json:"multiplier"`
	Layoffs    []LayoffAnswer `json:"layoffs"`
	Working    string         `json:"working"`
}

// LayoffAnswer is one card a loser lays off before the count: whose, and
// onto which meld of the request's table (F7).
type LayoffAnswer struct {
	Seat int    `json:"seat"`
	Card string `json:"card"`
	Meld int    `json:"meld"`
}

// scoreRequest is the body of hands/score (API.md): what each seat
// still holds, the winner, the seats' bonus marks and the melds on the
// table.
type scoreRequest struct {
	Hands      [][]string `json:"hands" api:"required"`
	Winner     int        `json:"winner" api:"required"`
	BonusMarks []int      `json:"bonus_marks"`
	Table      [][]string `json:"table"`
}

// serveScore scores a finished hand: the losers' best lay-offs onto the
// table first (F5, F7), then the count and the multiplier (F8). A loser
// holding more than 10 cards is refused before any search (F6); the
// search runs under ctx.
func serveScore(ctx context.Context, req scoreRequest) (any, error) {
	var r game.Body
	info := Module{}.Info()
	var h Hand
	tally := info.Deck.NewTally()
	h.Hands = r.CardLists(req.Hands, "hands", info.Deck, tally)
	if r.Err == nil && (len(h.Hands) < info.MinPlayers || len(h.Hands) > info.MaxPlayers) {
		r.FailWith("hands", msg.New("api.hand_per_seat", msg.S("Game", info.Name), msg.N("Min", info.MinPlayers), msg.N("Max", info.MaxPlayers)))
	}
	h.Winner = r.Seat(req.Winner, "winner", max(len(h.Hands), 1))
	if req.BonusMarks != nil {
		h.BonusMarks = req.BonusMarks
		if r.Err == nil && len(h.BonusMarks) != len(h.Hands) {
			r.FailWith("bonus_marks", msg.New("flathead.marks_per_seat"))
		}
	} else {
		h.BonusMarks = make([]int, len(h.Hands))
	}
	if req.Table != nil {
		h.Table = r.CardLists(req.Table, "table", info.Deck, tally)
	}
	if err := r.Error(); err != nil {
		return nil, err
	}
	res, err := ScoreContext(ctx, h)
	if err != nil {
		return nil, err
	}
	out := ScoreAnswer{Points: res.Points, CardsLeft: res.CardsLeft, Base: res.Base, Multiplier: res.Multiplier,
		Layoffs: []LayoffAnswer{}, Working: res.Working()}
	for _, l := range res.Layoffs {
		out.Layoffs = append(out.Layoffs, LayoffAnswer{Seat: l.Seat, Card: l.Card.String(), Meld: l.Meld})
	}
	return out, nil
}
