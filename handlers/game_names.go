package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/rules/msg"
	"meldpad/rules/names"
	"meldpad/views"
)

// namesForm is the players' names as posted: the new names by seat, and
// the names the form showed (was), so that another phone's rename made
// meanwhile is not undone unseen.
type namesForm struct {
	Names []string `form:"names" validate:"max=12,dive,name=40"`
	Was   []string `form:"was" validate:"max=12,dive,max=200"`
}

// showNames shows the form that renames the seats of a game outside
// leagues. A league game's players are the league's, renamed on its
// organizer's page: the scorepad links there instead.
func (s *Server) showNames(c *echo.Context) error {
	t, err := s.loadUnleagued(c)
	if err != nil {
		return err
	}
	names := t.Names()
	return render(c, http.StatusOK, views.NamesPage(namesVM(c, t, names, names, nil)))
}

func namesVM(c *echo.Context, t table, names, was []string, errs fieldErrors) views.NamesVM {
	return views.NamesVM{Title: lang(c).T("scorepad.names_title"), GameTitle: t.title(), GameURL: t.url(), Action: t.url() + "/players",
		CSRF: csrfToken(c), Names: names, Was: was, Errors: errs}
}

// saveNames renames the seats whose names changed, each a revision by
// this phone's author, and goes back to the scorepad. A name refused (or
// one another seat has) is said beside it, every typed name kept; a seat
// renamed meanwhile on another phone is shown as it is now.
func (s *Server) saveNames(c *echo.Context) error {
	t, err := s.loadUnleagued(c)
	if err != nil {
		return err
	}
	var form namesForm
	if err := c.Bind(&form); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	current := t.Names()
	if len(form.Names) != len(current) || len(form.Was) != len(current) {
		return echo.NewHTTPError(http.StatusBadRequest, "the form does not match the game: reload the page")
	}
	errs := s.checkIn(lang(c), &form)
	if errs == nil {
		errs = fieldErrors{}
	}
	var renames []db.SeatRename
	seen := map[string]int{}
	for seat, typed := range form.Names {
		field := "names[" + strconv.Itoa(seat) + "]"
		name := names.Tidy(typed)
		if _, bad := errs[field]; !bad && name == "" {
			errs[field] = lang(c).T("newgame.enter_name")
		}
		if first, dup := seen[foldName(name)]; dup && name != "" {
			errs[field] = lang(c).T("scorepad.name_taken", msg.S("Name", name), msg.N("Seat", first+1))
		}
		seen[foldName(name)] = seat
		renames = append(renames, db.SeatRename{Seat: seat, Was: form.Was[seat], Name: name})
	}
	if len(errs) > 0 {
		return render(c, http.StatusUnprocessableEntity, views.NamesPage(namesVM(c, t, form.Names, form.Was, errs)))
	}
	err = s.store.Games.RenameSeats(c.Request().Context(), t.Game.ID, renames, authorCookie(c))
	s.kept.Forget(t.Game.PublicID)
	var stale *db.RenameConflictError
	switch {
	case errors.As(err, &stale):
		vm := namesVM(c, t, form.Names, current, nil)
		vm.Conflict = lang(c).T("scorepad.names_conflict", msg.N("Seat", stale.Seat+1), msg.S("Name", stale.Now))
		return render(c, http.StatusConflict, views.NamesPage(vm))
	case errors.Is(err, db.ErrSeatNameTaken):
		vm := namesVM(c, t, form.Names, form.Was, fieldErrors{"form": lang(c).T("scorepad.names_same")})
		return render(c, http.StatusUnprocessableEntity, views.NamesPage(vm))
	case errors.Is(err, db.ErrUnwritable):
		s.unwritable(c, err)
		vm := namesVM(c, t, form.Names, form.Was, fieldErrors{"form": lang(c).T("scorepad.not_saved_unwritable")})
		return render(c, http.StatusServiceUnavailable, views.NamesPage(vm))
	case err != nil:
		return err
	}
	s.changed(c, t)
	return c.Redirect(http.StatusSeeOther, t.url()+"?saved=renamed")
}

// foldName is a name as seat names are compared: A-Z folded, as the
// database folds them.
func foldName(name string) string {
	b := []byte(name)
	for i, ch := range b {
		if 'A' <= ch && ch <= 'Z' {
			b[i] = ch + 'a' - 'A'
		}
	}
	return string(b)
}
