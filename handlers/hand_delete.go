package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/rules/msg"
	"meldpad/scorepad"
	"meldpad/views"
)

// deleteForm confirms a deletion.
type deleteForm struct {
	Token   string `form:"token" validate:"token"`
	Version string `form:"version" validate:"version"`
	Author  string `form:"author" validate:"name=40"`
}

// confirmDeleteHand asks before deleting a hand.
func (s *Server) confirmDeleteHand(c *echo.Context) error {
	t, h, err := s.loadHand(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.DeleteHandPage(deleteVM(c, t, h, db.NewToken())))
}

func deleteVM(c *echo.Context, t table, h db.Hand, token string) views.DeleteHandVM {
	l := lang(c)
	return views.DeleteHandVM{
		Title: l.T("scorepad.delete_n."+t.Rules.Round, msg.N("N", t.Number(h.ID))), GameURL: t.url(),
		Action: t.url() + "/hands/" + itoa64(h.ID) + "/delete", CSRF: csrfToken(c), Token: token, Version: h.Version,
		Summary: t.summary(l, scorepad.HandRound(h)),
	}
}

// deleteHand deletes a hand; its history stays.
func (s *Server) deleteHand(c *echo.Context) error {
	id, err := handID(c)
	if err != nil {
		return err
	}
	t, err := s.loadTable(c)
	if err != nil {
		return err
	}
	var form deleteForm
	if err := c.Bind(&form); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	if errs := s.checkIn(lang(c), &form); errs != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form is out of date: reload the page")
	}
	version, _ := strconv.Atoi(form.Version)
	err = s.kept.Delete(c.Request().Context(), s.store.Hands, t.Table, id, db.Change{Token: form.Token, Author: authorCookie(c), Version: version})
	switch {
	case errors.Is(err, db.ErrConflict):
		h, err := s.store.Hands.Hand(c.Request().Context(), t.Game.ID, id)
		if err != nil {
			return err
		}
		vm := deleteVM(c, t, h, form.Token)
		l := lang(c)
		vm.Conflict = l.T("hand.delete_conflict", msg.S("Round", t.roundWordIn(l)))
		return render(c, http.StatusConflict, views.DeleteHandPage(vm))
	case errors.Is(err, db.ErrNotFound):
		// Already deleted (by this form's first submit or another phone).
		return c.Redirect(http.StatusSeeOther, t.url()+"?saved=deleted")
	case db.Unavailable(err):
		s.unwritable(c, err)
		// The hand as read with the game, not read again: the database
		// that did not delete it may not answer a read either.
		h := t.Hand(strconv.FormatInt(id, 10))
		if h == nil {
			return err
		}
		vm := deleteVM(c, t, *h, form.Token)
		vm.Error = notDeletedMessage(lang(c), t)
		return render(c, http.StatusServiceUnavailable, views.DeleteHandPage(vm))
	case err != nil:
		return err
	}
	s.changed(c, t)
	return c.Redirect(http.StatusSeeOther, t.url()+"?saved=deleted")
}
