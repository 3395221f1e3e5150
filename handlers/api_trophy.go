package handlers

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"meldpad/rules/cards"
	"meldpad/rules/trophy"
)

// apiTrophyResult is the answer of POST /api/v1/trophy/tricks/score.
type apiTrophyResult struct {
	Ended       bool             `json:"ended"`
	Ending      string           `json:"ending"`
	Winner      *int             `json:"winner"`
	Points      int              `json:"points"`
	Trumped     bool             `json:"trumped"`
	Highest     *int             `json:"highest"`
	HighestCard *string          `json:"highest_card"`
	Next        *int             `json:"next"`
	NextLeader  *int             `json:"next_leader"`
	HandEnds    bool             `json:"hand_ends"`
	Folded      []bool           `json:"folded"`
	Counted     []apiTrophyCount `json:"counted"`
	Rule        string           `json:"rule"`
	Reason      string           `json:"reason"`
}

type apiTrophyCount struct {
	Seat   int    `json:"seat"`
	Card   string `json:"card"`
	Points int    `json:"points"`
}

// apiTrophyTrick referees a trick (T1-T7): where it stands, who holds the
// highest card, and once ended, who won it and for how much.
func (s *Server) apiTrophyTrick(c echo.Context) error {
	body, err := readJSON(c)
	if err != nil {
		return err
	}
	trick, err := readTrick(body)
	if err != nil {
		return err
	}
	res, err := trophy.Score(trick)
	var bad *trophy.InputError
	if errors.As(err, &bad) {
		return badInput(bad.Field, bad.Msg)
	}
	if err != nil {
		return err
	}
	out := apiTrophyResult{
		Ended: res.Ended, Ending: res.Ending.String(), Winner: optionalSeat(res.Winner), Points: res.Points,
		Trumped: res.Trumped, Highest: optionalSeat(res.Highest), Next: optionalSeat(res.Next),
		NextLeader: optionalSeat(res.NextLeader), HandEnds: res.HandEnds, Folded: res.Folded,
		Counted: []apiTrophyCount{}, Rule: res.Rule, Reason: res.Reason,
	}
	if res.Highest >= 0 {
		card := res.HighestCard.String()
		out.HighestCard = &card
	}
	for _, ct := range res.Counted {
		out.Counted = append(out.Counted, apiTrophyCount{Seat: ct.Seat, Card: ct.Card.String(), Points: ct.Points})
	}
	return c.JSON(http.StatusOK, out)
}

// readTrick reads the request of API.md: players, leader, plays in turn
// order and, optionally, each seat's hand before the trick.
func readTrick(body map[string]any) (trophy.Trick, error) {
	var r jsonReader
	var t trophy.Trick
	if v, ok := r.get(body, "", "players", true); ok {
		t.Players = r.integer(v, "players")
	}
	if v, ok := r.get(body, "", "leader", true); ok {
		t.Leader = r.integer(v, "leader")
	}
	deck := cards.Fanucci()
	if v, ok := r.get(body, "", "plays", true); ok {
		for i, item := range r.list(v, "plays") {
			field := index("plays", i)
			obj := r.object(item, field)
			if r.err != nil {
				break
			}
			var p trophy.Play
			if v, ok := r.get(obj, field, "seat", true); ok {
				p.Seat = r.integer(v, member(field, "seat"))
			}
			if v, ok := r.get(obj, field, "fold", false); ok {
				p.Fold = r.boolean(v, member(field, "fold"))
			}
			cardValue, hasCard := r.get(obj, field, "card", false)
			switch {
			case p.Fold && hasCard:
				r.fail(member(field, "card"), "a fold carries no card")
			case !p.Fold && !hasCard:
				r.fail(member(field, "card"), "a play needs a card, or \"fold\": true")
			case hasCard:
				p.Card = r.card(cardValue, member(field, "card"), deck, nil)
			}
			t.Plays = append(t.Plays, p)
		}
	}
	if v, ok := r.get(body, "", "hands", false); ok {
		t.Hands = r.cardLists(v, "hands", deck, nil)
	}
	if r.err != nil {
		return trophy.Trick{}, r.err
	}
	return t, nil
}
