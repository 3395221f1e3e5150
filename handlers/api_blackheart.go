package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"meldpad/rules"
	"meldpad/rules/blackheart"
	"meldpad/rules/cards"
)

// blackheartMeldVerdict judges a Black Heart set or lay-off (B1-B3), with
// what each wild stood for.
func blackheartMeldVerdict(req meldRequest) apiVerdict {
	var v blackheart.Verdict
	judged := req.cards
	if req.layoff {
		v = blackheart.CheckLayoff(req.onto, req.cards)
		judged = append(append([]cards.Play{}, req.onto...), req.cards...)
	} else {
		v = blackheart.Check(req.cards)
	}
	out := apiVerdict{Valid: v.Valid, Kind: kindName(v.Valid, v.Kind.String()), Points: pointsOf(v.Valid, v.Points),
		Reason: v.Reason, Rule: v.Rule}
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

// apiBlackHeartScore scores a Black Heart deal: played minus held, plus
// the going-out and Black Heart bonuses (B6, B7).
func (s *Server) apiBlackHeartScore(c echo.Context) error {
	body, err := readJSON(c)
	if err != nil {
		return err
	}
	game, _ := rules.Lookup("blackheart")
	var r jsonReader
	d := blackheart.Deal{WentOut: -1}
	tally := game.Deck.NewTally()
	r.readPlayers(body, game, func(obj map[string]any, field string) {
		var p blackheart.Player
		if v, ok := r.get(obj, field, "melds", false); ok {
			p.Melds = r.playLists(v, member(field, "melds"), game.Deck, tally)
		}
		if v, ok := r.get(obj, field, "layoffs", false); ok {
			p.Layoffs = r.playList(v, member(field, "layoffs"), game.Deck, tally)
		}
		if v, ok := r.get(obj, field, "hand", false); ok {
			p.Hand = r.cardList(v, member(field, "hand"), game.Deck, tally)
		}
		d.Players = append(d.Players, p)
	})
	if v, ok := r.get(body, "", "went_out", false); ok {
		d.WentOut = r.seat(v, "went_out", max(len(d.Players), 1))
	}
	if v, ok := r.get(body, "", "black_heart", false); ok {
		d.BlackHeart = r.boolean(v, "black_heart")
	}
	if r.err != nil {
		return r.err
	}
	res, err := blackheart.ScoreContext(c.Request().Context(), d)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, apiHandScore{Points: res.Points, Melded: res.Melded, Held: res.Held, Bonus: res.Bonus})
}

// apiOpening is the answer of POST /api/v1/blackheart/opening/check.
type apiOpening struct {
	Valid    bool   `json:"valid"`
	Required string `json:"required"`
	Reason   string `json:"reason"`
	Rule     string `json:"rule"`
}

// apiBlackHeartOpening says whether a first play meets the requirement of
// the player's score (B5).
func (s *Server) apiBlackHeartOpening(c echo.Context) error {
	body, err := readJSON(c)
	if err != nil {
		return err
	}
	game, _ := rules.Lookup("blackheart")
	var r jsonReader
	var score int
	var melds [][]cards.Play
	if v, ok := r.get(body, "", "score", true); ok {
		score = r.integer(v, "score")
	}
	if v, ok := r.get(body, "", "melds", true); ok {
		melds = r.playLists(v, "melds", game.Deck, game.Deck.NewTally())
	}
	if r.err != nil {
		return r.err
	}
	v, err := blackheart.CheckOpeningContext(c.Request().Context(), score, melds)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, apiOpening{Valid: v.Valid, Required: v.Required, Reason: v.Reason, Rule: v.Rule})
}
