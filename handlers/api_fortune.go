package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"meldpad/rules"
	"meldpad/rules/cards"
	"meldpad/rules/fortune"
)

func fortuneHouse(house map[string]bool) fortune.HouseRules {
	return fortune.HouseRules{BigSets: house["big_sets"], AceSet15: house["ace_set_15"]}
}

// fortuneMeldVerdict judges a Fortune meld or lay-off (R1-R4), with the
// reading of every deuce.
func fortuneMeldVerdict(req meldRequest) apiVerdict {
	var v fortune.Verdict
	if req.layoff {
		v = fortune.CheckLayoff(req.onto, req.cards, fortuneHouse(req.house))
	} else {
		v = fortune.Check(req.cards, fortuneHouse(req.house))
	}
	out := apiVerdict{Valid: v.Valid, Kind: kindName(v.Valid, v.Kind.String()), Points: pointsOf(v.Valid, v.Points),
		Reason: v.Reason, Rule: v.Rule}
	if v.Valid {
		out.Readings = cardStrings(v.Readings)
	}
	return out
}

// apiHandScore is the answer of the fortune and blackheart hands/score
// endpoints; Bonus is Black Heart's alone.
type apiHandScore struct {
	Points []int `json:"points"`
	Melded []int `json:"melded"`
	Held   []int `json:"held"`
	Bonus  []int `json:"bonus,omitempty"`
}

// readPlayers reads "players" as a list of objects between the game's
// limits, calling each for every one.
func (r *jsonReader) readPlayers(body map[string]any, game rules.Game, each func(obj map[string]any, field string)) {
	v, ok := r.get(body, "", "players", true)
	if !ok {
		return
	}
	list := r.list(v, "players")
	if r.err == nil && (len(list) < game.MinPlayers || len(list) > game.MaxPlayers) {
		r.fail("players", game.Name+" is for "+itoa(game.MinPlayers)+" to "+itoa(game.MaxPlayers)+" players")
	}
	for i, item := range list {
		field := index("players", i)
		obj := r.object(item, field)
		if r.err != nil {
			return
		}
		each(obj, field)
	}
}

// apiFortuneScore scores a finished Fortune hand: melded minus held (R4-R6).
func (s *Server) apiFortuneScore(c echo.Context) error {
	body, err := readJSON(c)
	if err != nil {
		return err
	}
	game, _ := rules.Lookup("fortune")
	var r jsonReader
	tally := game.Deck.NewTally()
	var players []fortune.Player
	r.readPlayers(body, game, func(obj map[string]any, field string) {
		var p fortune.Player
		if v, ok := r.get(obj, field, "melds", false); ok {
			p.Melds = r.playLists(v, member(field, "melds"), game.Deck, tally)
		}
		if v, ok := r.get(obj, field, "hand", false); ok {
			p.Hand = r.cardList(v, member(field, "hand"), game.Deck, tally)
		}
		players = append(players, p)
	})
	house := r.houseRules(body, game)
	if r.err != nil {
		return r.err
	}
	res, err := fortune.ScoreContext(c.Request().Context(), players, fortuneHouse(house))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, apiHandScore{Points: res.Points, Melded: res.Melded, Held: res.Held})
}

// cardsOf returns the cards of plays, without their readings.
func cardsOf(plays []cards.Play) []cards.Card {
	out := make([]cards.Card, len(plays))
	for i, p := range plays {
		out[i] = p.Card
	}
	return out
}
