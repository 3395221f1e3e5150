package handlers

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/names"
	"meldpad/scorepad"
	"meldpad/views"
)

// leagueSettingsForm is the organizer's settings form.
type leagueSettingsForm struct {
	Name  string   `form:"name" validate:"required,name=60"`
	Games []string `form:"games" validate:"max=20,dive,max=20"`
}

// saveLeagueSettings renames the league and changes the games that count.
func (s *Server) saveLeagueSettings(c *echo.Context, l db.League) error {
	var form leagueSettingsForm
	if err := c.Bind(&form); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	form.Name = names.Tidy(form.Name)
	errs := s.check(&form)
	if errs == nil {
		errs = fieldErrors{}
	}
	checkCountedGames(locale.From(c.Request().Context()), form.Games, errs)
	if len(errs) > 0 {
		return s.rerenderOrganizer(c, l, errs, func(vm *views.OrganizerVM) {
			vm.SettingsName, vm.Games = form.Name, gameChecks(lang(c), form.Games)
		})
	}
	games, err := scorepad.LeagueGames(form.Games)
	if err != nil {
		return err
	}
	if err := s.store.Leagues.UpdateLeague(c.Request().Context(), l.ID, form.Name, games); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=settings")
}
