package handlers

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/game"
)

// apiMeldCheck answers whether cards make a meld, or can be laid off onto
// one: POST /api/v1/{game}/melds/check (API.md), judged by the game's
// module.
func (s *Server) apiMeldCheck(c *echo.Context) error {
	g, ok := rules.Lookup(c.Param("game"))
	check, hasMelds := g.Melds() // a game without melds (Trophy Case) answers 404
	if !ok || !hasMelds {
		return echo.ErrNotFound
	}
	body, err := readJSON(c)
	if err != nil {
		return err
	}
	q, err := game.ReadMeldQuestion(body, g.Info)
	if err != nil {
		return apiFailure(err)
	}
	q.Say = locale.From(c.Request().Context())
	return c.JSON(http.StatusOK, check.CheckMeld(q))
}
