package handlers

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

// tidier is a form that tidies what was typed (spaces in names, around
// dates) before it is checked, so that its tags judge what is kept.
type tidier interface{ tidy() }

// bindForm reads a posted form into form, a pointer to a form struct,
// tidies it where it is a tidier, and checks it by its tags (checkIn),
// its messages in the page's language. The
// errors it returns are never nil, so that a handler adds its own; a
// body that is no form at all is a 400.
func (s *Server) bindForm(c *echo.Context, form any) (fieldErrors, error) {
	if err := c.Bind(form); err != nil {
		return nil, echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	if t, ok := form.(tidier); ok {
		t.tidy()
	}
	errs := s.checkIn(lang(c), form)
	if errs == nil {
		errs = fieldErrors{}
	}
	return errs, nil
}
