package handlers

import (
	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"
)

// MaxBody is the largest request body a route takes unless bodyLimits
// says otherwise (API.md: 413 above 64 KiB): no form or API call needs
// more.
const MaxBody int64 = 64 << 10

// MaxImportBody is the largest file the import page takes: the export of
// a league of 5,000 games is about 23 MB.
const MaxImportBody int64 = 32 << 20

// bodyLimits are the routes that take more than MaxBody, each with its
// own limit in bytes (whole KiB). Every other route keeps MaxBody.
var bodyLimits = map[string]int64{
	"/import": MaxImportBody,
}

// bodyLimitOf is the limit of a route (its path as routes.go has it).
func bodyLimitOf(route string) int64 {
	if limit, ok := bodyLimits[route]; ok {
		return limit
	}
	return MaxBody
}

// bodyLimit refuses with 413 a request body over its route's limit: at
// once when Content-Length says so, otherwise as soon as the handler has
// read that much.
func bodyLimit() echo.MiddlewareFunc {
	limiter := func(limit int64) echo.MiddlewareFunc {
		return middleware.BodyLimit(limit)
	}
	standard := limiter(MaxBody)
	own := map[string]echo.MiddlewareFunc{}
	for route, limit := range bodyLimits {
		own[route] = limiter(limit)
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		standardNext := standard(next)
		ownNext := make(map[string]echo.HandlerFunc, len(own))
		for route, mw := range own {
			ownNext[route] = mw(next)
		}
		return func(c *echo.Context) error {
			if h, ok := ownNext[c.Path()]; ok {
				return h(c)
			}
			return standardNext(c)
		}
	}
}
