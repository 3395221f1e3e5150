package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/game"
	"meldpad/views"
)

// mergeForm names the two players to merge.
type mergeForm struct {
	Keep string `form:"keep" validate:"required,number"`
	Gone string `form:"gone" validate:"required,number"`
}

// mergeLeaguePlayers makes two names one person. It refuses, saying
// where, when both names sat at the same game.
func (s *Server) mergeLeaguePlayers(c *echo.Context, l db.League) error {
	tr := locale.From(c.Request().Context())
	var form mergeForm
	if err := c.Bind(&form); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	errs := s.check(&form)
	if errs == nil && form.Keep == form.Gone {
		errs = fieldErrors{"gone": tr.T("league.err.same_names")}
	}
	keep := func(vm *views.OrganizerVM) { vm.Keep, vm.Gone = form.Keep, form.Gone }
	if len(errs) > 0 {
		return s.rerenderOrganizer(c, l, errs, keep)
	}
	keepID, _ := strconv.ParseInt(form.Keep, 10, 64)
	goneID, _ := strconv.ParseInt(form.Gone, 10, 64)
	err := s.store.Members.MergePlayers(c.Request().Context(), l.ID, keepID, goneID)
	s.kept.ForgetAll() // the seats of the league's games
	var conflict *db.MergeConflictError
	switch {
	case errors.As(err, &conflict) && len(conflict.Shared) == 0:
		msg := conflict.Keep + " and " + conflict.Gone + " both took part in " + game.AndList(conflict.Events) +
			": two entrants of one event night are two people, so they were not merged."
		return s.rerenderOrganizer(c, l, fieldErrors{"merge": msg}, keep)
	case errors.As(err, &conflict):
		n := len(conflict.Shared)
		msg := conflict.Keep + " and " + conflict.Gone + " both sat at " + strconv.Itoa(n) + " " + views.Plural(n, "game") +
			": two names at one table are two people, so they were not merged."
		return s.rerenderOrganizer(c, l, fieldErrors{"merge": msg}, func(vm *views.OrganizerVM) {
			keep(vm)
			for _, g := range conflict.Shared {
				link := views.HandLinkVM{Points: gameName(g.Rules), Where: when(g.CreatedAt)}
				if g.WatchID != "" {
					link.URL = "/w/" + g.WatchID
				}
				vm.Conflicts = append(vm.Conflicts, link)
			}
		})
	case errors.Is(err, db.ErrNotFound):
		return s.rerenderOrganizer(c, l, fieldErrors{"merge": tr.T("league.err.merge_gone")}, nil)
	case err != nil:
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=merged")
}
