package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/event"
	"meldpad/rules/msg"
	"meldpad/views"
)

// addEventPlayers checks players in: before the first round, into it;
// later, late arrivals, seated from the next round. A player who had
// dropped out comes back.
func (s *Server) addEventPlayers(c *echo.Context, l db.League) error {
	e, err := s.leagueEvent(c, l)
	if err != nil {
		return err
	}
	var form checkInForm
	if err := c.Bind(&form); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	errs := s.check(&form)
	if errs == nil {
		errs = fieldErrors{}
	}
	tr := locale.From(c.Request().Context())
	names := form.names(tr, errs)
	if len(errs) == 0 && len(names) == 0 {
		errs["new_names"] = tr.T("event.err.no_player")
	}
	ctx := c.Request().Context()
	rec, err := s.store.Events.EventRecord(ctx, e.ID)
	if err != nil {
		return err
	}
	if len(errs) == 0 {
		err = s.store.Events.AddEventPlayers(ctx, l.ID, e.ID, names, rec.Round()+1)
		if errors.Is(err, db.ErrEventFull) {
			errs["new_names"] = tr.T("event.err.full", msg.N("Max", event.MaxPlayers))
		} else if err != nil {
			return err
		}
	}
	if len(errs) > 0 {
		vm, err := s.eventOrganizerVM(c, l, e, errs)
		if err != nil {
			return err
		}
		vm.Organizer.NewNames = form.NewNames
		for i, m := range vm.Organizer.Members {
			for _, ticked := range form.Members {
				if m.Value == ticked {
					vm.Organizer.Members[i].Checked = true
				}
			}
		}
		return render(c, http.StatusUnprocessableEntity, views.EventPage(vm))
	}
	s.eventChanged(c, e.ID)
	return c.Redirect(http.StatusSeeOther, eventOrganizerURL(l, e)+"?done=players")
}

// dropEventPlayer takes a player out of the rounds to come; the rounds
// played still count. A player not seated yet leaves the event.
func (s *Server) dropEventPlayer(c *echo.Context, l db.League) error {
	e, err := s.leagueEvent(c, l)
	if err != nil {
		return err
	}
	player, err := strconv.ParseInt(c.Param("player"), 10, 64)
	if err != nil {
		return db.ErrNotFound
	}
	ctx := c.Request().Context()
	rec, err := s.store.Events.EventRecord(ctx, e.ID)
	if err != nil {
		return err
	}
	err = s.store.Events.DropEventPlayer(ctx, l.ID, e.ID, player, rec.Round()+1)
	if err != nil && !errors.Is(err, db.ErrNotFound) { // a second tap finds the player gone
		return err
	}
	s.eventChanged(c, e.ID)
	return c.Redirect(http.StatusSeeOther, eventOrganizerURL(l, e)+"?done=dropped")
}

// markEventTable marks a table as counting or not (counts=1 or 0).
func (s *Server) markEventTable(c *echo.Context, l db.League) error {
	e, err := s.leagueEvent(c, l)
	if err != nil {
		return err
	}
	round, err1 := strconv.Atoi(c.Param("round"))
	number, err2 := strconv.Atoi(c.Param("table"))
	counts := c.FormValue("counts")
	if err1 != nil || err2 != nil {
		return db.ErrNotFound
	}
	if counts != "0" && counts != "1" {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	if err := s.store.Events.SetTableCounts(c.Request().Context(), l.ID, e.ID, round, number, counts == "1"); err != nil {
		return err
	}
	s.eventChanged(c, e.ID)
	return c.Redirect(http.StatusSeeOther, eventOrganizerURL(l, e)+"?done=marked")
}
