package handlers

import (
	"github.com/labstack/echo/v5"

	"meldpad/locale"
	"meldpad/rules/msg"
)

// withLanguage puts the Localizer of the visitor's language in the
// request's context (locale.Negotiate reads Accept-Language; English
// when it names no language meldpad speaks), so that the rules' messages
// (msg.From) and the pages (locale.From) speak it.
func withLanguage(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		r := c.Request()
		l := locale.Negotiate(r.Header.Get("Accept-Language"))
		c.SetRequest(r.WithContext(locale.NewContext(r.Context(), l)))
		c.Response().Header().Add("Vary", "Accept-Language")
		return next(c)
	}
}

// say says a message of the rules in the request's language.
func say(c *echo.Context, m msg.Msg) string {
	return locale.From(c.Request().Context()).Say(m)
}
