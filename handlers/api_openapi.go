package handlers

import (
	_ "embed"
	"net/http"

	"github.com/labstack/echo/v5"
)

// openAPIDocument is the OpenAPI 3.1 description of every /api/v1/
// endpoint: their requests, answers, statuses and error bodies. The
// handlers' tests check every request and answer of the API's tests
// against it (openapi_contract_test.go), so it says what the server
// does.
//
//go:embed openapi.json
var openAPIDocument []byte

// apiOpenAPI serves the document: GET /api/v1/openapi.json.
func (s *Server) apiOpenAPI(c *echo.Context) error {
	c.Response().Header().Set("Cache-Control", "public, max-age=300")
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, openAPIDocument)
}
