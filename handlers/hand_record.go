package handlers

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/rules/msg"
	"meldpad/scorepad"
)

// entry is a hand as a page took it, by points (pointsEntry) or card by
// card (sheetEntry): what it saves, and how its page is shown again when
// the save did not happen as asked, everything typed kept.
type entry interface {
	scorepad.Entry
	// sent is the hand as last judged.
	sent() db.HandInput
	// change is who saves it, with the form's token and version.
	change() db.Change
	byCards() bool
	// show renders the entry on game t, as a new hand (h nil) or as h's
	// correction, with status, and what again says beside it.
	show(c *echo.Context, t table, h *db.Hand, status int, again shown) error
}

// shown is what a form shown again says beside the entry it keeps.
type shown struct {
	version   int    // the version the form is now of; 0 keeps the posted one
	token     string // a new token for the form; "" keeps the posted one
	notice    string // what happened instead of the save
	formError string // why nothing was saved (the database)
	// saveLabel is the save button's label when relabel is set: "" hides
	// it (a game over takes nothing more).
	saveLabel string
	relabel   bool
}

// record saves e as a new hand of game t (h nil) or as h's correction, and
// answers the phone: the scorepad (or the next part of the hand) once
// saved; else, in this one place whatever the form, the entry shown again
// with what happened instead.
func (s *Server) record(c *echo.Context, t table, h *db.Hand, e entry) error {
	ctx := c.Request().Context()
	change := e.change()
	var saved db.Hand
	var err error
	if h == nil {
		var played scorepad.Table
		played, saved, err = scorepad.Add(ctx, s.store, t.Table, e, change)
		t = table{played}
	} else {
		var in db.HandInput
		if in, err = e.Judge(t.Table); err == nil {
			saved, err = scorepad.Correct(ctx, s.store, t.Table, h.ID, in, change)
		}
	}
	if err != nil {
		return s.notRecorded(c, t, h, e, err)
	}
	rememberAuthor(c, change.Author)
	if h != nil {
		s.changed(c, t)
		return c.Redirect(http.StatusSeeOther, t.url()+"?saved=corrected")
	}
	s.changedTo(c, t, saved.GameVersion)
	return c.Redirect(http.StatusSeeOther, afterSave(t, saved, e.byCards()))
}

// notRecorded answers a save that did not happen: the entry refused by
// the game's checks; the game or the hand changed by another phone, or
// the game over; the form saved already; the database not written.
func (s *Server) notRecorded(c *echo.Context, t table, h *db.Hand, e entry, err error) error {
	var again *db.AlreadySavedError
	switch {
	case errors.Is(err, errRefused):
		return e.show(c, t, h, http.StatusUnprocessableEntity, shown{})
	case h == nil && (errors.Is(err, db.ErrConflict) || errors.Is(err, db.ErrGameOver)):
		// The game as the other phone left it; the form now carries its
		// version, so that saving again is a deliberate choice.
		t, err := s.loadTable(c)
		if err != nil {
			return err
		}
		notice, label := staleNotice(lang(c), t)
		return e.show(c, t, nil, http.StatusConflict, shown{version: t.Game.Version, notice: notice, saveLabel: label, relabel: true})
	case errors.Is(err, db.ErrConflict):
		current, err := s.store.Hand(c.Request().Context(), t.Game.ID, h.ID)
		if errors.Is(err, db.ErrDeleted) {
			return s.deletedMeanwhile(c, e)
		}
		if err != nil {
			return err
		}
		return e.show(c, t, &current, http.StatusConflict, shown{version: current.Version,
			notice: lang(c).T("hand.changed_meanwhile", msg.S("Round", t.roundWordIn(lang(c))),
				msg.S("Summary", t.summary(lang(c), scorepad.HandRound(current))))})
	case errors.Is(err, db.ErrDeleted):
		return s.deletedMeanwhile(c, e)
	case errors.As(err, &again):
		return s.savedAlready(c, e, again)
	case db.Unavailable(err):
		s.unwritable(c, err)
		// The game as read before the write, not read again: the database
		// that did not take the hand may not answer a read either.
		return e.show(c, t, h, http.StatusServiceUnavailable, shown{formError: notSavedMessage(lang(c), t)})
	}
	return err
}

// deletedMeanwhile answers a correction of a hand another phone deleted:
// nothing was saved, and the entry comes back as it was typed, as a new
// hand, so that it can be saved as one (deletedNotice). The form keeps
// its token, which saved nothing: a double tap still saves once.
func (s *Server) deletedMeanwhile(c *echo.Context, e entry) error {
	t, err := s.loadTable(c)
	if err != nil {
		return err
	}
	_, _ = e.Judge(t.Table) // as the game now is: a by-points form laid out for it
	notice, label := deletedNotice(lang(c), t)
	return e.show(c, t, nil, http.StatusConflict, shown{version: t.Game.Version, notice: notice, saveLabel: label, relabel: true})
}

// savedAlready shows a form posted again with other values than it saved
// the first time (db.AlreadySavedError): the entry kept, offered as the
// correction of the hand the form saved (or as a new hand, that one
// deleted since), with a new token so that saving it is a new, deliberate
// change.
func (s *Server) savedAlready(c *echo.Context, e entry, again *db.AlreadySavedError) error {
	t, h, notice, err := s.savedAlreadyNotice(c, again, e.sent())
	if err != nil {
		return err
	}
	a := shown{token: db.NewToken(), notice: notice, relabel: true}
	if h == nil {
		a.version = t.Game.Version
		var stale string
		if stale, a.saveLabel = staleNotice(lang(c), t); a.saveLabel == "" {
			a.notice += " " + stale
		}
	} else {
		a.version, a.saveLabel = h.Version, correctionLabel(lang(c), t, *h)
	}
	return e.show(c, t, h, http.StatusConflict, a)
}
