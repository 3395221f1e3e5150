package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"meldpad/db"
	"meldpad/views"
)

// updateHand saves a correction. The old hand is kept as a revision; the
// totals and the result are worked out again, so a finished game can
// become unfinished. If another phone corrected the hand first, the user
// sees its version and theirs, and nothing is overwritten silently.
func (s *Server) updateHand(c echo.Context) error {
	t, h, err := s.loadHand(c)
	if err != nil {
		return err
	}
	if sh, ok := sheets[t.rules.ID]; ok && c.FormValue("by") == "cards" {
		return s.updateSheet(c, t, sh, h)
	}
	form, in, errs, err := s.readPointsForm(c, t)
	if err != nil {
		return err
	}
	if errs != nil {
		return render(c, http.StatusUnprocessableEntity, views.HandFormPage(editHandVM(c, t, h, form, errs)))
	}
	version, _ := strconv.Atoi(form.Version)
	_, err = s.store.CorrectHand(c.Request().Context(), t.game.ID, h.ID, in, db.Change{Token: form.Token, Author: form.Author, Version: version})
	if errors.Is(err, db.ErrConflict) {
		current, err := s.store.Hand(c.Request().Context(), t.game.ID, h.ID)
		if err != nil {
			return err
		}
		vm := editHandVM(c, t, current, form, nil)
		vm.Version = current.Version
		vm.Conflict = "Another phone changed this " + t.rules.Round + " while you were editing it. It now reads: " +
			t.summary(current.Points, current.Seat, current.EndsHand) + ". Your version is below; save it to replace that one."
		return render(c, http.StatusConflict, views.HandFormPage(vm))
	}
	if err != nil {
		return err
	}
	s.changed(c, t)
	rememberAuthor(c, form.Author)
	return c.Redirect(http.StatusSeeOther, t.url()+"?saved=corrected")
}
