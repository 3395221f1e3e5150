package handlers

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"meldpad/rules/cards"
	"meldpad/rules/fan"
)

// fanMeldVerdict judges a Fan Rummy meld or lay-off (N2, N5).
func fanMeldVerdict(req meldRequest) apiVerdict {
	var v fan.Verdict
	if req.layoff {
		v = fan.CheckLayoff(cardsOf(req.onto), cardsOf(req.cards))
	} else {
		v = fan.Check(cardsOf(req.cards))
	}
	return apiVerdict{Valid: v.Valid, Kind: kindName(v.Valid, v.Kind.String()), Reason: v.Reason, Rule: v.Rule}
}

// apiFanResult is the answer of POST /api/v1/fan/hands/score.
type apiFanResult struct {
	Outcome    string        `json:"outcome"`
	Deadwood   [2]int        `json:"deadwood"`
	Points     [2]int        `json:"points"`
	Doubled    bool          `json:"doubled"`
	KnockValue int           `json:"knock_value"`
	Melds      [2][][]string `json:"melds"`
	Layoffs    []apiLayoff   `json:"layoffs"`
	Reason     string        `json:"reason"`
}

type apiLayoff struct {
	Seat *int   `json:"seat,omitempty"`
	Card string `json:"card"`
	Meld int    `json:"meld"`
}

// apiFanScore scores a Fan Rummy deal (N3-N7): the knocker's melds as laid
// or the best arrangement, the defender's best reply, the outcome and the
// points.
func (s *Server) apiFanScore(c echo.Context) error {
	body, err := readJSON(c)
	if err != nil {
		return err
	}
	var r jsonReader
	var d fan.Deal
	deck := cards.Standard()
	if v, ok := r.get(body, "", "knock_card", true); ok {
		d.KnockCard = r.card(v, "knock_card", deck, nil)
	}
	if v, ok := r.get(body, "", "knocker", true); ok {
		d.Knocker = r.seat(v, "knocker", 2)
	}
	if v, ok := r.get(body, "", "hands", true); ok {
		// The knock card is picked up in play, so it may be in a hand too;
		// the two hands together hold each card once.
		hands := r.cardLists(v, "hands", deck, deck.NewTally())
		if r.err == nil && len(hands) != 2 {
			r.fail("hands", "Fan Rummy is for 2 players: give 2 hands")
		}
		if r.err == nil {
			d.Hands = [2][]cards.Card{hands[0], hands[1]}
		}
	}
	if v, ok := r.get(body, "", "knocker_melds", false); ok {
		d.KnockerMelds = r.cardLists(v, "knocker_melds", deck, nil)
		if d.KnockerMelds == nil && r.err == nil {
			d.KnockerMelds = [][]cards.Card{}
		}
	}
	if v, ok := r.get(body, "", "undercut_on_tie", false); ok {
		d.UndercutOnTie = r.boolean(v, "undercut_on_tie")
	}
	if r.err != nil {
		return r.err
	}
	res, err := fan.ScoreContext(c.Request().Context(), d)
	var bad *fan.DealError
	if errors.As(err, &bad) {
		return badInput(bad.Field, bad.Msg)
	}
	if err != nil {
		return err
	}
	out := apiFanResult{Outcome: res.Outcome.String(), Deadwood: res.Deadwood, Points: res.Points, Doubled: res.Doubled,
		KnockValue: res.KnockValue, Layoffs: []apiLayoff{}, Reason: res.Reason}
	for seat := range res.Melds {
		out.Melds[seat] = [][]string{}
		for _, m := range res.Melds[seat] {
			out.Melds[seat] = append(out.Melds[seat], cardStrings(m))
		}
	}
	for _, l := range res.Layoffs {
		out.Layoffs = append(out.Layoffs, apiLayoff{Card: l.Card.String(), Meld: l.Meld})
	}
	return c.JSON(http.StatusOK, out)
}
