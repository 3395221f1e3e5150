package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/msg"
	"meldpad/rules/names"
	"meldpad/views"
)

// renameForm names a player of the league and the player's new name.
type renameForm struct {
	Player  string `form:"player" validate:"required,number"`
	NewName string `form:"new_name" validate:"required,name=40"`
}

// renameLeaguePlayer gives one of the league's players another name, in
// the league's games only. A name another player of the league has is
// refused: the two are merged instead.
func (s *Server) renameLeaguePlayer(c *echo.Context, l db.League) error {
	tr := locale.From(c.Request().Context())
	var form renameForm
	if err := c.Bind(&form); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	form.NewName = names.Tidy(form.NewName)
	keep := func(vm *views.OrganizerVM) { vm.RenamePlayer, vm.NewName = form.Player, form.NewName }
	if errs := s.check(&form); len(errs) > 0 {
		return s.rerenderOrganizer(c, l, errs, keep)
	}
	player, _ := strconv.ParseInt(form.Player, 10, 64)
	err := s.store.Members.RenamePlayer(c.Request().Context(), l.ID, player, form.NewName)
	s.kept.ForgetAll() // the names of the league's games' seats
	switch {
	case errors.Is(err, db.ErrNameTaken):
		return s.rerenderOrganizer(c, l, fieldErrors{"new_name": tr.T("league.err.name_taken", msg.S("Name", form.NewName))}, keep)
	case errors.Is(err, db.ErrNotFound):
		return s.rerenderOrganizer(c, l, fieldErrors{"player": tr.T("league.err.player_gone")}, keep)
	case err != nil:
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=renamed")
}
