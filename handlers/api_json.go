package handlers

import (
	"fmt"
	"io"
	"net/http"

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

// readJSON reads the request body, for its endpoint to bind to its
// request struct (game.Decode). A body over the limit is 413 (the
// body-limit middleware cuts the reader).
func readJSON(c *echo.Context) ([]byte, error) {
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		if echo.StatusCode(err) != 0 { // over the body limit
			return nil, err
		}
		return nil, badInput("", "the request body could not be read")
	}
	return raw, nil
}
