package handlers

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

// formToken answers a phone's script with the CSRF token its forms carry
// now. A hand that waited on the phone for the network is kept there
// without one (static/offline.js): a token kept for days may be one the
// browser no longer holds the cookie of, and a form kept is a form that
// any script of the page can read. The phone asks for a fresh one when it
// sends. Only a page of meldpad itself can read the answer (no CORS), and
// it is never kept.
func (s *Server) formToken(c *echo.Context) error {
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, map[string]string{"csrf": csrfToken(c)})
}
