package handlers

import (
	"fmt"
	"io"
	"net/http"

	"meldpad/rules/game"

	"github.com/labstack/echo/v5"
)

// apiProblem is an API answer other than 200: the status and the body of
// API.md ({"error", "field"} for 400, {"error", "rule"} for 422).
type apiProblem struct {
	status int
	body   any
}

func (p *apiProblem) Error() string { return fmt.Sprint(p.body) }

// apiBadInput is the body of a 400: field points at the culprit, and is
// "" (present, not left out) when the body as a whole is wrong.
type apiBadInput struct {
	Error string `json:"error"`
	Field string `json:"field"`
}

func badInput(field, msg string) *apiProblem {
	return &apiProblem{status: http.StatusBadRequest, body: apiBadInput{Error: msg, Field: field}}
}

// readJSON reads the request body as one JSON object (game.DecodeBody).
// Bad JSON is 400; a body over the limit is 413 (the body-limit middleware
// cuts the reader).
func readJSON(c *echo.Context) (map[string]any, error) {
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		if echo.StatusCode(err) != 0 { // over the body limit
			return nil, err
		}
		return nil, badInput("", "the request body could not be read")
	}
	body, err := game.DecodeBody(raw)
	if err != nil {
		return nil, apiFailure(err)
	}
	return body, nil
}
