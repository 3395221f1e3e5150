package handlers

import (
	"errors"
	"net/url"
	"slices"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/scorepad"
	"meldpad/views"
)

// What a phone is told when its save did not happen as asked, whatever
// the form (by points or card by card, a new hand or a correction). Each
// keeps the whole entry in the form, so nothing typed is lost.

// unconfirmed asks the judgement's question (game.Judgement.Confirm)
// before a ready hand is saved: it reports whether the form has not
// answered it yet, and puts the question on the page. The answer is the
// question posted back, so a different question (another blank hand)
// is asked again.
func unconfirmed(vm *views.SheetVM, in *db.HandInput, values url.Values) bool {
	q := vm.Judgement.Confirm
	if in == nil || q == "" || values.Get("confirmed") == q {
		return false
	}
	vm.Confirm = q
	return true
}

// cannotWrite is why a change was not made when the database refused it.
const cannotWrite = "the server cannot reach or write its database just now (its disk may be full, or the database not answering)."

// notSavedMessage says plainly that the server could not write: the
// entry was not saved, and is still in the form.
func notSavedMessage(t table) string {
	return "This " + t.Rules.Round + " was NOT saved: " + cannotWrite +
		" Everything you entered is still below: try again in a moment, or note it down."
}

// notDeletedMessage says the same of a deletion.
func notDeletedMessage(t table) string {
	return "This " + t.Rules.Round + " was NOT deleted: " + cannotWrite + " Try again in a moment."
}

// unwritable logs a save the database refused to write; the page says so
// to the phone (notSavedMessage), with status 503.
func (s *Server) unwritable(c *echo.Context, err error) {
	s.log.Error("save not written", "method", c.Request().Method, "uri", c.Request().RequestURI, "err", err)
}

// deletedNotice is what a phone correcting a hand that another phone
// deleted is told: nothing was saved, and it may save its entry as a new
// hand, unless the game is over.
func deletedNotice(t table) (notice, saveLabel string) {
	msg := "Another phone deleted this " + t.Rules.Round + " while you were correcting it, so nothing was saved."
	if t.Game.Finished() {
		return msg + " The game is over: " + haveWon(gameWinners(t.Game)) + ", so it cannot be saved as a new " +
			t.Rules.Round + " either.", ""
	}
	next := t.roundName(t.NextNumber())
	return msg + " Your entry is below: if it belongs on the scorepad, save it as a new " + t.Rules.Round + " (" + next + ").",
		"Save as " + next + " (new)"
}

// savedAlreadyNotice is what a form posted again with other values than
// it saved the first time is told (db.AlreadySavedError): what it saved,
// what was just sent, and that the latter was not saved. It returns the
// game as it is now and the hand the form saved, to offer the entry as
// that hand's correction; nil when the hand has been deleted since, and
// the entry can be saved as a new hand.
func (s *Server) savedAlreadyNotice(c *echo.Context, again *db.AlreadySavedError, sent db.HandInput) (table, *db.Hand, string, error) {
	t, err := s.loadTable(c)
	if err != nil {
		return table{}, nil, "", err
	}
	saved := t.summary(scorepad.Round(again.Saved))
	sentText := t.summary(scorepad.Round(sent))
	if sentText == saved {
		sentText += " (the same points from other cards)"
	}
	h, err := s.store.Hands.Hand(c.Request().Context(), t.Game.ID, again.HandID)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return t, nil, "This form was already saved (" + saved + "), and that " + t.Rules.Round + " has been deleted since. " +
			"What you sent now was NOT saved: " + sentText + ".", nil
	case err != nil:
		return table{}, nil, "", err
	}
	name := t.roundName(t.Number(h.ID))
	notice := "This form was already saved, as " + name + ": " + saved + ". What you sent now was NOT saved: " + sentText + "."
	if !slices.Equal(h.Points, again.Saved.Points) || h.Seat != again.Saved.Seat || h.EndsHand != again.Saved.EndsHand {
		notice += " " + capitalize(name) + " has been corrected since and now reads: " + t.summary(scorepad.HandRound(h)) + "."
	}
	notice += " Your entry is below: to make " + name + " read like that, save it as its correction."
	return t, &h, notice, nil
}

// correctionLabel is the save button of an entry offered as a hand's
// correction.
func correctionLabel(t table, h db.Hand) string {
	return "Save as the correction of " + t.roundName(t.Number(h.ID))
}
