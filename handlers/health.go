package handlers

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/db"
)

// health answers load balancers and scripts: 200 when the database can be
// read and written, 503 when it cannot (a full disk, a read-only file, an
// I/O error). It stays cheap enough to poll: the store answers from the
// outcome of the last write, and probes with a small write at most every
// few seconds (db.Store.Writable).
//
// A database that does not answer is said within healthTimeout: a load
// balancer's check must not hang with the requests it is meant to spare.
func (s *Server) health(c *echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), healthTimeout)
	defer cancel()
	if err := s.store.Health.Ping(ctx); err != nil {
		s.log.Error("health check", "err", err)
		status := "database unavailable"
		if errors.Is(err, db.ErrUnwritable) {
			status = "database cannot be written"
		}
		return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": status})
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}

// healthTimeout is the longest /healthz waits for the database.
const healthTimeout = 800 * time.Millisecond
