package handlers

import (
	"context"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v5"
)

// drainFlag is set once the server starts shutting down.
type drainFlag struct{ atomic.Bool }

// readyTimeout bounds the database's answer to a readiness check, so that
// a balancer polling a stuck server gets 503 rather than a hung request.
const readyTimeout = 2 * time.Second

// Drain marks the server as shutting down: from now on /readyz answers
// 503, so that a load balancer stops sending it new requests, while
// every route, /healthz included, goes on serving as before. main calls
// it on SIGTERM, waits a grace period for the balancer to notice, and
// only then stops taking connections (http.Server.Shutdown).
func (s *Server) Drain() { s.draining.Store(true) }

// ready answers a load balancer's readiness check: 200 when this server
// takes requests and its database answers, 503 when it is shutting down
// (Drain) or the database does not answer (db.Store.Ping, as /healthz).
// /healthz says whether the process is alive and well; /readyz whether
// to send it requests.
func (s *Server) ready(c *echo.Context) error {
	c.Response().Header().Set("Cache-Control", "no-store")
	if s.draining.Load() {
		return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": "shutting down"})
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), readyTimeout)
	defer cancel()
	if err := s.store.Health.Ping(ctx); err != nil {
		s.log.Warn("readiness check", "err", err)
		return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": "database unavailable"})
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ready"})
}
