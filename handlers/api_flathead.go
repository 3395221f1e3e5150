package handlers

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"meldpad/rules"
	"meldpad/rules/flathead"
)

// flatheadMeldVerdict judges a Flathead meld or lay-off (F1-F5).
func flatheadMeldVerdict(req meldRequest) apiVerdict {
	var v flathead.Verdict
	if req.layoff {
		v = flathead.CheckLayoff(cardsOf(req.onto), cardsOf(req.cards))
	} else {
		v = flathead.Check(cardsOf(req.cards))
	}
	return apiVerdict{Valid: v.Valid, Kind: kindName(v.Valid, v.Kind.String()), Bonus: v.Bonus, Reason: v.Reason, Rule: v.Rule}
}

// apiFlatheadResult is the answer of POST /api/v1/flathead/hands/score.
type apiFlatheadResult struct {
	Points     []int       `json:"points"`
	CardsLeft  int         `json:"cards_left"`
	Base       int         `json:"base"`
	Multiplier int         `json:"multiplier"`
	Layoffs    []apiLayoff `json:"layoffs"`
	Working    string      `json:"working"`
}

// apiFlatheadScore scores a finished Flathead hand: the losers' best
// lay-offs onto the table first, listed in an order in which they can be
// made (F5, F7), then the count and the multiplier (F8). A loser holding
// more than 10 cards is a 422 before any search (F6). The search runs
// under the request's context: when the client goes away, or a deadline
// ends it, it stops and the answer is 503.
func (s *Server) apiFlatheadScore(c echo.Context) error {
	body, err := readJSON(c)
	if err != nil {
		return err
	}
	game, _ := rules.Lookup("flathead")
	var r jsonReader
	var h flathead.Hand
	tally := game.Deck.NewTally()
	if v, ok := r.get(body, "", "hands", true); ok {
		h.Hands = r.cardLists(v, "hands", game.Deck, tally)
		if r.err == nil && (len(h.Hands) < game.MinPlayers || len(h.Hands) > game.MaxPlayers) {
			r.fail("hands", "Flathead Rummy is for 2 to 6 players: give one hand per seat")
		}
	}
	if v, ok := r.get(body, "", "winner", true); ok {
		h.Winner = r.seat(v, "winner", max(len(h.Hands), 1))
	}
	if v, ok := r.get(body, "", "bonus_marks", false); ok {
		for i, item := range r.list(v, "bonus_marks") {
			h.BonusMarks = append(h.BonusMarks, r.integer(item, index("bonus_marks", i)))
		}
		if r.err == nil && len(h.BonusMarks) != len(h.Hands) {
			r.fail("bonus_marks", "give one bonus-mark count per seat")
		}
	} else {
		h.BonusMarks = make([]int, len(h.Hands))
	}
	if v, ok := r.get(body, "", "table", false); ok {
		h.Table = r.cardLists(v, "table", game.Deck, tally)
	}
	if r.err != nil {
		return r.err
	}
	res, err := flathead.ScoreContext(c.Request().Context(), h)
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return echo.NewHTTPError(http.StatusServiceUnavailable, "the referee stopped before an answer: the request ended or ran out of time")
	}
	if err != nil {
		return err
	}
	out := apiFlatheadResult{Points: res.Points, CardsLeft: res.CardsLeft, Base: res.Base, Multiplier: res.Multiplier,
		Layoffs: []apiLayoff{}, Working: res.Working()}
	for _, l := range res.Layoffs {
		seat := l.Seat
		out.Layoffs = append(out.Layoffs, apiLayoff{Seat: &seat, Card: l.Card.String(), Meld: l.Meld})
	}
	return c.JSON(http.StatusOK, out)
}
