package handlers

import (
	"net/http"
	"strings"
	"time"

	"meldpad/rules/msg"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"
)

// rateLimits returns the per-address rate limits (Limits.RateWrites,
// RatePreview, RateAPI) as echo's rate limiter, each with its own memory
// store: every request counts against one of them at most, by what it is.
// A refused request gets 429 with Retry-After before its body is read.
func (s *Server) rateLimits() []echo.MiddlewareFunc {
	var out []echo.MiddlewareFunc
	add := func(r Rate, applies func(c *echo.Context) bool, what, words, limit string) {
		if r.Off {
			return
		}
		store := middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
			Rate:  r.perSecond(),
			Burst: r.Requests,
			// A client is forgotten only once its bucket would be full
			// again anyway.
			ExpiresIn: max(3*time.Minute, r.Per),
		})
		out = append(out, middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
			Skipper:             func(c *echo.Context) bool { return !applies(c) },
			Store:               struct{ middleware.RateLimiterStore }{store}, // Allow alone: not echo's X-RateLimit-* headers
			IdentifierExtractor: func(c *echo.Context) (string, error) { return clientKey(c.RealIP()), nil },
			DenyHandler: func(c *echo.Context, _ string, _ error) error {
				wait := r.retryAfter()
				return refusal{status: http.StatusTooManyRequests, retry: wait,
					title:      msg.New("limits.too_many"),
					message:    msg.New("limits.too_many_text."+words, msg.S("Rate", r.String()), msg.M("Wait", retryIn(wait))),
					apiMessage: "rate limit: over " + r.String() + " " + what + " from this address; retry after " + waitWords(wait),
					limit:      limit,
				}.send(c)
			},
		}))
	}
	// words picks the page's sentence: limits.too_many_text.<words>.
	add(s.limits.RateAPI, isAPI, "requests", "requests", LimitRateAPI)
	add(s.limits.RatePreview, isPreview, "previews", "previews", LimitRatePreview)
	add(s.limits.RateWrites, isFormWrite, "writes", "forms", LimitRateWrites)
	return out
}

func isAPI(c *echo.Context) bool { return strings.HasPrefix(c.Request().URL.Path, "/api/") }

// previewRoute is the card sheet's live preview, posted on every change.
const previewRoute = "/g/:game/hands/preview"

func isPreview(c *echo.Context) bool { return c.Path() == previewRoute }

// isFormWrite reports a form posted to change something: every POST
// outside the API but the preview, which only reads.
func isFormWrite(c *echo.Context) bool {
	return c.Request().Method == http.MethodPost && !isAPI(c) && !isPreview(c)
}
