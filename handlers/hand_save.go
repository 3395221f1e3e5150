package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/rules/game"
	"meldpad/views"
)

// saveHand records a hand entered by points. Wrong input comes back with
// the typed values and a message by the field; a double submit saves once,
// and a submit again with other values is told what was saved; a phone
// that was behind is told what changed before it saves; a database that
// cannot be written is said so, the entry kept.
//
// A hand by points reads the game once, in the write that adds it: the
// form is checked there, against the game as it stands (db.AddHandTo), and
// the game is read for a page only when one is shown instead of the
// scorepad (wrong input, a phone behind, a disk that fails).
func (s *Server) saveHand(c *echo.Context) error {
	if c.FormValue("by") == "cards" {
		t, err := s.loadForNewHand(c)
		if err != nil {
			return err
		}
		if sh, ok := sheetOf(t.rules); ok {
			return s.saveSheet(c, t, sh)
		}
	}
	form, err := bindPoints(c)
	if err != nil {
		return err
	}
	var in db.HandInput
	var errs fieldErrors
	var played rules.Game
	build := func(r rules.Game, st game.Table) (db.HandInput, error) {
		played = r
		var checked pointsForm
		if checked, in, errs = s.checkPoints(form, r, st); errs != nil {
			return db.HandInput{}, errRefused
		}
		form = checked
		return in, nil
	}
	version, _ := strconv.Atoi(form.Version)
	author := db.TidyName(form.Author) // unused if the name is refused: nothing is saved
	saved, err := s.store.AddHandTo(c.Request().Context(), c.Param("game"), build, db.Change{Token: form.Token, Author: author, Version: version})
	if errors.Is(err, errRefused) {
		t, err := s.loadForNewHand(c)
		if err != nil {
			return err
		}
		// The game as the page shows it: its checks, had it changed since
		// the write read it, are the ones the player sees.
		form, _, errs = s.checkPoints(form, t.rules, t.state())
		if errs == nil {
			errs = fieldErrors{"form": "The game changed as this was saved. Check the numbers and save again."}
		}
		return render(c, http.StatusUnprocessableEntity, views.HandFormPage(newHandVM(c, t, form, errs)))
	}
	var again *db.AlreadySavedError
	switch {
	case errors.Is(err, db.ErrConflict), errors.Is(err, db.ErrGameOver):
		// Reload to show what the other phone saved; the form now carries
		// the current version so saving again is a deliberate choice.
		t, err := s.loadTable(c)
		if err != nil {
			return err
		}
		vm := newHandVM(c, t, form, nil)
		vm.Version = t.game.Version
		vm.Conflict, vm.SaveLabel = staleNotice(t)
		return render(c, http.StatusConflict, views.HandFormPage(vm))
	case errors.As(err, &again):
		return s.pointsSavedAlready(c, form, in, again)
	case db.Unavailable(err):
		s.unwritable(c, err)
		// The game as last read, not read again: the database that did
		// not take the hand may not answer a read either.
		t, ok := s.lastReadTable(c.Param("game"))
		if !ok {
			return err
		}
		form, _, _ = s.checkPoints(form, t.rules, t.state()) // one field a seat, as typed, if the write failed before it checked them
		return render(c, http.StatusServiceUnavailable, views.HandFormPage(newHandVM(c, t, form, fieldErrors{"form": notSavedMessage(t)})))
	case err != nil:
		return err
	}
	t := table{game: db.Game{ID: saved.GameID, PublicID: c.Param("game")}, rules: played}
	s.changedTo(c, t, saved.GameVersion)
	rememberAuthor(c, form.Author)
	return c.Redirect(http.StatusSeeOther, afterSave(t, in, false))
}

// afterSave is where a saved entry leads: the scorepad, or, for an entry
// that is one part of a hand (a Trophy Case trick, T6) after which the
// hand goes on, the next part's form (card by card when this one was),
// so that a hand's tricks are entered one after another without going
// back to the scorepad. Each is saved as it ends, one revision a trick:
// a trick is a round of the game (its points, T7, and the next leader,
// T6, are the scorepad's at once, on every phone), corrected or deleted
// on its own. A game the trick ended sends its form on to the scorepad
// (showNewHand).
func afterSave(t table, in db.HandInput, byCards bool) string {
	if t.rules.EndsHandQuestion.IsZero() || in.EndsHand || in.EndsGame {
		return t.url() + "?saved=added"
	}
	next := t.url() + "/hands/new?saved=added"
	if byCards {
		next += "&by=cards"
	}
	return next
}

// errRefused is a by-points hand the game's checks refused (saveHand).
var errRefused = errors.New("handlers: the hand was refused")

// pointsSavedAlready shows a by-points form posted again with other values
// (savedAlready): the entry kept, offered as the correction of the hand the
// form saved, with a new token so that saving it is a new, deliberate
// change.
func (s *Server) pointsSavedAlready(c *echo.Context, form pointsForm, sent db.HandInput, again *db.AlreadySavedError) error {
	t, h, notice, err := s.savedAlready(c, again, sent)
	if err != nil {
		return err
	}
	form.Token = db.NewToken()
	var vm views.HandFormVM
	if h == nil {
		form.Version = strconv.Itoa(t.game.Version)
		vm = newHandVM(c, t, form, nil)
		var stale string
		if stale, vm.SaveLabel = staleNotice(t); vm.SaveLabel == "" {
			notice += " " + stale
		}
	} else {
		form.Version = strconv.Itoa(h.Version)
		vm = editHandVM(c, t, *h, form, nil)
		vm.SaveLabel = correctionLabel(t, *h)
	}
	vm.Conflict = notice
	return render(c, http.StatusConflict, views.HandFormPage(vm))
}

// staleNotice is what a phone that saved too late is told, once the game
// is loaded again: the game is over (and nothing more can be saved), or
// what the other phone saved (and saving again makes a new hand).
func staleNotice(t table) (notice, saveLabel string) {
	if t.game.Finished() {
		return "The game is over: " + haveWon(gameWinners(t.game)) + ". Nothing was saved. If a " +
			t.rules.Round + " was entered wrongly, correct it on the scorepad.", ""
	}
	return conflictMessage(t), "Save as " + t.roundName(t.nextNumber()) + " anyway"
}

// conflictMessage tells a phone that was behind what the scorepad holds
// now, so it does not enter the same hand twice.
func conflictMessage(t table) string {
	msg := "The scorepad changed while you were entering this (another phone saved first). Nothing was saved yet."
	if last, ok := t.last(); ok {
		msg += " The last " + t.rules.Round + " is now " + t.roundName(t.lastNumber()) + ": " + t.summary(last) + "."
	}
	return msg + " If yours is a different one, save it again."
}
