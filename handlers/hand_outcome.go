package handlers

import (
	"errors"
	"net/url"
	"slices"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/msg"
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

// notSavedMessage says plainly that the server could not write (its
// database refused): the entry was not saved, and is still in the form.
func notSavedMessage(l *locale.Localizer, t table) string {
	return l.T("hand.not_saved", msg.S("Round", t.roundWordIn(l)), msg.S("Why", l.T("hand.cannot_write")))
}

// notDeletedMessage says the same of a deletion.
func notDeletedMessage(l *locale.Localizer, t table) string {
	return l.T("hand.not_deleted", msg.S("Round", t.roundWordIn(l)), msg.S("Why", l.T("hand.cannot_write")))
}

// unwritable logs a save the database refused to write; the page says so
// to the phone (notSavedMessage), with status 503.
func (s *Server) unwritable(c *echo.Context, err error) {
	s.log.Error("save not written", "method", c.Request().Method, "uri", c.Request().RequestURI, "err", err)
}

// deletedNotice is what a phone correcting a hand that another phone
// deleted is told: nothing was saved, and it may save its entry as a new
// hand, unless the game is over.
func deletedNotice(l *locale.Localizer, t table) (notice, saveLabel string) {
	round := msg.S("Round", t.roundWordIn(l))
	said := l.T("hand.deleted_meanwhile", round)
	if t.Game.Finished() {
		return said + " " + l.T("hand.deleted_over", msg.S("Won", haveWonIn(l, gameWinners(t.Game))), round), ""
	}
	next := msg.S("Next", t.roundIn(l, t.NextNumber()))
	return said + " " + l.T("hand.deleted_save_new", round, next), l.T("hand.save_as_new", next)
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
	l := lang(c)
	saved := t.summary(l, scorepad.Round(again.Saved))
	sentText := t.summary(l, scorepad.Round(sent))
	if sentText == saved {
		sentText = l.T("hand.same_points_other_cards", msg.S("Summary", sentText))
	}
	h, err := s.store.Hand(c.Request().Context(), t.Game.ID, again.HandID)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return t, nil, l.T("hand.saved_already_deleted", msg.S("Saved", saved), msg.S("Round", t.roundWordIn(l)), msg.S("Sent", sentText)), nil
	case err != nil:
		return table{}, nil, "", err
	}
	name := msg.S("Name", t.roundIn(l, t.Number(h.ID)))
	notice := l.T("hand.saved_already", name, msg.S("Saved", saved), msg.S("Sent", sentText))
	if !slices.Equal(h.Points, again.Saved.Points) || h.Seat != again.Saved.Seat || h.EndsHand != again.Saved.EndsHand {
		notice += " " + l.T("hand.corrected_since", msg.S("Name", t.roundCapIn(l, t.Number(h.ID))), msg.S("Now", t.summary(l, scorepad.HandRound(h))))
	}
	notice += " " + l.T("hand.correction_below", name)
	return t, &h, notice, nil
}

// correctionLabel is the save button of an entry offered as a hand's
// correction.
func correctionLabel(l *locale.Localizer, t table, h db.Hand) string {
	return l.T("hand.save_as_correction", msg.S("Name", t.roundIn(l, t.Number(h.ID))))
}
