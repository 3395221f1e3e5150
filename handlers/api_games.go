package handlers

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"meldpad/rules"
)

// apiGame describes one game in GET /api/v1/games. Target is null for a
// game whose end is chosen per game (any game by points); Deck and
// DeckSize are empty for a game without cards.
type apiGame struct {
	ID         string         `json:"id"`
	Name       string         `json:"name"`
	MinPlayers int            `json:"min_players"`
	MaxPlayers int            `json:"max_players"`
	Target     *int           `json:"target"`
	EndRule    string         `json:"end_rule"`
	Deck       string         `json:"deck,omitempty"`
	DeckSize   int            `json:"deck_size,omitempty"`
	HouseRules []apiHouseRule `json:"house_rules"`
}

type apiHouseRule struct {
	Key     string `json:"key"`
	Name    string `json:"name"`
	Rule    string `json:"rule"`
	Help    string `json:"help"`
	Default bool   `json:"default"`
}

// apiGames lists every game meldpad knows (API.md GET /api/v1/games).
func (s *Server) apiGames(c *echo.Context) error {
	out := []apiGame{}
	for _, g := range rules.Games() {
		game := apiGame{ID: g.ID, Name: g.Name, MinPlayers: g.MinPlayers, MaxPlayers: g.MaxPlayers,
			EndRule: g.EndRule, HouseRules: []apiHouseRule{}}
		if g.Target > 0 {
			target := g.Target
			game.Target = &target
		}
		if g.Deck != nil {
			game.Deck, game.DeckSize = g.Deck.Name(), g.Deck.Size()
		}
		for _, h := range g.HouseRules {
			game.HouseRules = append(game.HouseRules, apiHouseRule{Key: h.Key, Name: say(c, h.Name), Rule: h.Rule, Help: say(c, h.Help), Default: h.Default})
		}
		out = append(out, game)
	}
	return c.JSON(http.StatusOK, out)
}
