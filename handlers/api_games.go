package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"meldpad/rules"
)

// apiGame describes one game in GET /api/v1/games.
type apiGame struct {
	ID         string         `json:"id"`
	Name       string         `json:"name"`
	MinPlayers int            `json:"min_players"`
	MaxPlayers int            `json:"max_players"`
	Target     int            `json:"target"`
	EndRule    string         `json:"end_rule"`
	Deck       string         `json:"deck"`
	DeckSize   int            `json:"deck_size"`
	HouseRules []apiHouseRule `json:"house_rules"`
}

type apiHouseRule struct {
	Key  string `json:"key"`
	Name string `json:"name"`
	Rule string `json:"rule"`
	Help string `json:"help"`
}

// apiGames lists the five games (API.md GET /api/v1/games).
func (s *Server) apiGames(c echo.Context) error {
	out := []apiGame{}
	for _, g := range rules.Games() {
		game := apiGame{ID: g.ID, Name: g.Name, MinPlayers: g.MinPlayers, MaxPlayers: g.MaxPlayers, Target: g.Target,
			EndRule: g.EndRule, Deck: g.Deck.Name(), DeckSize: g.Deck.Size(), HouseRules: []apiHouseRule{}}
		for _, h := range g.HouseRules {
			game.HouseRules = append(game.HouseRules, apiHouseRule{Key: h.Key, Name: h.Name, Rule: h.Rule, Help: h.Help})
		}
		out = append(out, game)
	}
	return c.JSON(http.StatusOK, out)
}
