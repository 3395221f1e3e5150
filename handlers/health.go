package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// health answers load balancers and scripts: 200 when the database answers.
func (s *Server) health(c echo.Context) error {
	if err := s.store.Ping(c.Request().Context()); err != nil {
		s.log.Error("health check", "err", err)
		return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": "database unavailable"})
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}
