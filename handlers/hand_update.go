package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"meldpad/db"
	"meldpad/scorepad"
	"meldpad/views"
)

// updateHand saves a correction. The old hand is kept as a revision; the
// totals and the result are worked out again, so a finished game can
// become unfinished. If another phone corrected the hand first, the user
// sees its version and theirs, and nothing is overwritten silently; if
// another phone deleted it, the user is told so and may save the entry as
// a new hand.
func (s *Server) updateHand(c echo.Context) error {
	t, h, err := s.loadHand(c)
	if errors.Is(err, db.ErrDeleted) {
		return s.correctDeleted(c)
	}
	if err != nil {
		return err
	}
	if sh, ok := sheetOf(t.Rules); ok && c.FormValue("by") == "cards" {
		return s.updateSheet(c, t, sh, h)
	}
	form, in, errs, err := s.readPointsForm(c, t)
	if err != nil {
		return err
	}
	if errs != nil {
		return render(c, http.StatusUnprocessableEntity, views.HandFormPage(editHandVM(c, t, h, form, errs)))
	}
	// The round with which the table ended the game stays that round: a
	// correction of its numbers does not reopen the game (deleting it
	// does).
	in.EndsGame = h.EndsGame
	version, _ := strconv.Atoi(form.Version)
	_, err = scorepad.Correct(c.Request().Context(), s.store, t.Table, h.ID, in, db.Change{Token: form.Token, Author: form.Author, Version: version})
	var again *db.AlreadySavedError
	switch {
	case errors.Is(err, db.ErrConflict):
		current, err := s.store.Hand(c.Request().Context(), t.Game.ID, h.ID)
		if errors.Is(err, db.ErrDeleted) {
			return s.correctDeleted(c)
		}
		if err != nil {
			return err
		}
		vm := editHandVM(c, t, current, form, nil)
		vm.Version = current.Version
		vm.Conflict = "Another phone changed this " + t.Rules.Round + " while you were editing it. It now reads: " +
			t.summary(scorepad.HandRound(current)) + ". Your version is below; save it to replace that one."
		return render(c, http.StatusConflict, views.HandFormPage(vm))
	case errors.Is(err, db.ErrDeleted):
		return s.correctDeleted(c)
	case errors.As(err, &again):
		return s.pointsSavedAlready(c, form, in, again)
	case db.Unavailable(err):
		s.unwritable(c, err)
		return render(c, http.StatusServiceUnavailable, views.HandFormPage(editHandVM(c, t, h, form, fieldErrors{"form": notSavedMessage(t)})))
	case err != nil:
		return err
	}
	s.changed(c, t)
	rememberAuthor(c, form.Author)
	return c.Redirect(http.StatusSeeOther, t.url()+"?saved=corrected")
}

// correctDeleted answers a correction of a hand another phone deleted:
// nothing was saved, the entry comes back as it was typed, in the form of
// a new hand (by points or card by card, as it was entered), so that it
// can be saved as one (deletedNotice). The form keeps its token, which
// saved nothing: a double tap on that button still saves once.
func (s *Server) correctDeleted(c echo.Context) error {
	t, err := s.loadTable(c)
	if err != nil {
		return err
	}
	if sh, ok := sheetOf(t.Rules); ok && c.FormValue("by") == "cards" {
		form, values, err := s.readSheetForm(c)
		if err != nil {
			return err
		}
		form.Version = strconv.Itoa(t.Game.Version)
		vm, _, err := s.sheetVM(c, t, sh, values, form, nil)
		if err != nil {
			return err
		}
		vm.Conflict, vm.SaveLabel = deletedNotice(t)
		return render(c, http.StatusConflict, views.HandSheetPage(vm))
	}
	form, _, errs, err := s.readPointsForm(c, t)
	if err != nil {
		return err
	}
	form.Version = strconv.Itoa(t.Game.Version)
	vm := newHandVM(c, t, form, errs)
	vm.Conflict, vm.SaveLabel = deletedNotice(t)
	return render(c, http.StatusConflict, views.HandFormPage(vm))
}
