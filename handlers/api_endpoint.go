package handlers

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"meldpad/rules"
)

// apiEndpoint serves a game module's own endpoints (game.APIServer):
// POST /api/v1/{game}/{a}/{b}, "hands/score" and the like. The module
// reads the body and answers; its errors are bad input (400, with the
// field), what the rules forbid (422, with the rule) or the referee's
// deadline (503).
func (s *Server) apiEndpoint(c *echo.Context) error {
	g, ok := rules.Lookup(c.Param("game"))
	if !ok {
		return echo.ErrNotFound
	}
	ep, ok := g.Endpoint(c.Param("a") + "/" + c.Param("b"))
	if !ok {
		return echo.ErrNotFound
	}
	body, err := readJSON(c)
	if err != nil {
		return err
	}
	out, err := ep.Serve(c.Request().Context(), body)
	if err != nil {
		return apiFailure(err)
	}
	return c.JSON(http.StatusOK, out)
}

// apiFailure is a module's error as the API answers it: handleError
// answers bad input (*ruling.InputError) with a 400 naming the field, a
// rule (*ruling.Error) with a 422 and the referee's deadline with a 503,
// each message in the request's language.
func apiFailure(err error) error { return err }
