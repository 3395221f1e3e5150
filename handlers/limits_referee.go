package handlers

import (
	"context"
	"errors"
	"net/http"

	"meldpad/db"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"

	"github.com/labstack/echo/v5"
)

// refereeRoute reports whether a route is a referee computation and
// nothing else: the API, the card sheet's preview and the referee page.
// Saving a hand entered by cards is one too, but its deadline covers only
// the judgement (sheetVM), not the write to the database that follows.
func refereeRoute(c *echo.Context) bool {
	switch {
	case isAPI(c), isPreview(c):
		return true
	case c.Path() == "/adjudicate":
		return c.Request().Method == http.MethodGet
	}
	return false
}

// refereeDeadline gives the referee routes' request context a deadline of
// Limits.RefereeTimeout; the referee's searches check their context now
// and then, and stop at the deadline or when the client goes away (the
// request's context is cancelled then).
//
// On every route, a handler that fails because its context ended (a
// deadline passed, or the client went away) is answered 503 with
// Retry-After: {"error": ...} under /api/, a page that says the referee
// took too long elsewhere; never a 500.
func (s *Server) refereeDeadline() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			if refereeRoute(c) {
				ctx, cancel := context.WithTimeout(c.Request().Context(), s.limits.RefereeTimeout)
				defer cancel()
				c.SetRequest(c.Request().WithContext(ctx))
			}
			err := next(c)
			if err == nil || response(c).Committed || db.Unavailable(err) {
				return err // the database's own time ran out: handleError says so
			}
			ctxErr := c.Request().Context().Err()
			if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) && (ctxErr == nil || decided(err)) {
				return err
			}
			if errors.Is(err, context.Canceled) || errors.Is(ctxErr, context.Canceled) {
				s.log.Info("client went away", "method", c.Request().Method, "uri", c.Request().RequestURI)
			} else {
				s.log.Warn("referee past its deadline", "method", c.Request().Method, "uri", c.Request().RequestURI, "timeout", s.limits.RefereeTimeout)
			}
			return s.tooLong().send(c)
		}
	}
}

// tooLong is the answer when the referee's deadline passed.
func (s *Server) tooLong() refusal {
	t := s.limits.RefereeTimeout.String()
	return refusal{status: http.StatusServiceUnavailable, retry: s.limits.RefereeTimeout,
		title:      msg.New("limits.too_long"),
		message:    msg.New("limits.too_long_text", msg.S("Time", t)),
		apiMessage: "the referee took too long (over " + t + ") and stopped; nothing was decided", limit: LimitRefereeTimeout}
}

// decided reports whether err is an answer the referee gave before its
// context ended (bad input, a rule broken, a client error): it stands,
// whatever happened to the context afterwards.
func decided(err error) bool {
	var broken *ruling.Error
	var bad *ruling.InputError
	var problem *apiProblem
	return errors.As(err, &broken) || errors.As(err, &bad) || errors.As(err, &problem) ||
		(echo.StatusCode(err) != 0 && echo.StatusCode(err) < http.StatusInternalServerError)
}
