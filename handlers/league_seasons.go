package handlers

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/names"
	"meldpad/views"
)

// seasonForm is a season's form: a new one, or one to change.
type seasonForm struct {
	Name     string `form:"name" validate:"required,name=60"`
	StartsOn string `form:"starts_on" validate:"max=20"`
	EndsOn   string `form:"ends_on" validate:"max=20"`
	Token    string `form:"token"`
}

// read binds and checks a season form. Errors are keyed by the form's
// prefix ("season" for the new season, "season12" for season 12), so each
// lands beside its own form on the page.
func (s *Server) readSeasonForm(c *echo.Context, prefix string) (seasonForm, db.SeasonInput, fieldErrors, error) {
	tr := locale.From(c.Request().Context())
	var form seasonForm
	if err := c.Bind(&form); err != nil {
		return form, db.SeasonInput{}, nil, echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	form.Name = names.Tidy(form.Name)
	form.StartsOn, form.EndsOn = strings.TrimSpace(form.StartsOn), strings.TrimSpace(form.EndsOn)
	errs := fieldErrors{}
	for field, msg := range s.check(&form) {
		errs[prefix+"."+field] = msg
	}
	var dates [2]time.Time
	for i, f := range []struct{ field, value string }{{"starts_on", form.StartsOn}, {"ends_on", form.EndsOn}} {
		if f.value == "" {
			continue
		}
		t, err := time.Parse(time.DateOnly, f.value)
		if err != nil {
			errs[prefix+"."+f.field] = tr.T("league.err.date")
			continue
		}
		dates[i] = t
	}
	if !dates[0].IsZero() && !dates[1].IsZero() && dates[1].Before(dates[0]) {
		errs[prefix+".ends_on"] = tr.T("league.err.season_order")
	}
	in := db.SeasonInput{Name: form.Name, StartsOn: form.StartsOn, EndsOn: form.EndsOn, Token: form.Token}
	return form, in, errs, nil
}

// addSeason adds a season to the league. A double-tapped submit adds one.
func (s *Server) addSeason(c *echo.Context, l db.League) error {
	tr := locale.From(c.Request().Context())
	form, in, errs, err := s.readSeasonForm(c, "season")
	if err != nil {
		return err
	}
	if !db.ValidID(form.Token) {
		errs["season.name"] = tr.T("league.err.stale_form")
	}
	if len(errs) > 0 {
		return s.rerenderOrganizer(c, l, errs, func(vm *views.OrganizerVM) {
			vm.NewSeason.Name, vm.NewSeason.StartsOn, vm.NewSeason.EndsOn = form.Name, form.StartsOn, form.EndsOn
			if db.ValidID(form.Token) {
				vm.NewSeason.Token = form.Token
			}
		})
	}
	if err := s.store.Members.AddSeason(c.Request().Context(), l.ID, in); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=season")
}

// seasonID reads the season from the URL; junk is not found.
func seasonID(c *echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("season"), 10, 64)
	if err != nil || id <= 0 {
		return 0, db.ErrNotFound
	}
	return id, nil
}

// updateSeason renames a season and changes its dates.
func (s *Server) updateSeason(c *echo.Context, l db.League) error {
	id, err := seasonID(c)
	if err != nil {
		return err
	}
	prefix := "season" + strconv.FormatInt(id, 10)
	form, in, errs, err := s.readSeasonForm(c, prefix)
	if err != nil {
		return err
	}
	if len(errs) > 0 {
		return s.rerenderOrganizer(c, l, errs, func(vm *views.OrganizerVM) {
			for i := range vm.Seasons {
				if vm.Seasons[i].ID == strconv.FormatInt(id, 10) {
					vm.Seasons[i].Name, vm.Seasons[i].StartsOn, vm.Seasons[i].EndsOn = form.Name, form.StartsOn, form.EndsOn
				}
			}
		})
	}
	if err := s.store.Members.UpdateSeason(c.Request().Context(), l.ID, id, in); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=season")
}

// deleteSeason removes a season; its games stay in the league. Deleting a
// season already deleted (a double tap) is not an error.
func (s *Server) deleteSeason(c *echo.Context, l db.League) error {
	id, err := seasonID(c)
	if err != nil {
		return err
	}
	if err := s.store.Members.DeleteSeason(c.Request().Context(), l.ID, id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=season-deleted")
}
