package handlers

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/views"
)

// leagueMembersForm adds players to a league.
type leagueMembersForm struct {
	Members []string `form:"members" validate:"max=40,dive,name=40"`
}

// addLeagueMembers adds players, known or new, to the league.
func (s *Server) addLeagueMembers(c *echo.Context, l db.League) error {
	tr := locale.From(c.Request().Context())
	var form leagueMembersForm
	if err := c.Bind(&form); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	errs := s.check(&form)
	names := tidyNames(form.Members)
	if errs == nil && len(names) == 0 {
		errs = fieldErrors{"members": tr.T("league.err.no_name")}
	}
	if len(errs) > 0 {
		return s.rerenderOrganizer(c, l, errs, func(vm *views.OrganizerVM) {
			vm.NewMembers = make([]string, max(memberInputs, len(form.Members)))
			copy(vm.NewMembers, form.Members)
		})
	}
	if err := s.store.Members.AddMembers(c.Request().Context(), l.ID, names); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=members")
}
