package handlers

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"meldpad/db"
)

// health answers load balancers and scripts: 200 when the database can be
// read and written, 503 when it cannot (a full disk, a read-only file, an
// I/O error). It stays cheap enough to poll: the store answers from the
// outcome of the last write, and probes with a small write at most every
// few seconds (db.Store.Writable).
func (s *Server) health(c echo.Context) error {
	if err := s.store.Ping(c.Request().Context()); err != nil {
		s.log.Error("health check", "err", err)
		status := "database unavailable"
		if errors.Is(err, db.ErrUnwritable) {
			status = "database cannot be written"
		}
		return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": status})
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}
