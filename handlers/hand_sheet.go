package handlers

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/rules/msg"
	"meldpad/scorepad"
	"meldpad/views"
)

// showNewSheet shows the card-by-card form of the next hand.
func (s *Server) showNewSheet(c *echo.Context, t table, sh sheet) error {
	form := sheetForm{Token: db.NewToken(), Version: strconv.Itoa(t.Game.Version)}
	vm, _, err := s.sheetVM(c, t, sh, sh.blank(t), form, nil)
	if err != nil {
		return err
	}
	vm.Judgement.Problem = ""
	return render(c, http.StatusOK, views.HandSheetPage(vm))
}

// showEditSheet shows a stored hand in its card-by-card form.
func (s *Server) showEditSheet(c *echo.Context, t table, sh sheet, h db.Hand) error {
	values := sh.blank(t.before(&h))
	unreadable := false
	if h.Entry == db.EntryCards {
		decoded, err := sh.values(t.before(&h), h.Record)
		if err != nil {
			// The import refuses such records (CheckRecord); one stored
			// before it did is shown blank rather than as an error page.
			s.log.Warn("hand record cannot be shown", "game", t.Game.PublicID, "hand", h.ID, "err", err)
			unreadable = true
		} else {
			values = decoded
		}
	}
	form := sheetForm{Token: db.NewToken(), Version: strconv.Itoa(h.Version)}
	vm, _, err := s.sheetVM(c, t, sh, values, form, &h)
	if err != nil {
		return err
	}
	if unreadable {
		vm.Judgement.Problem = ""
		l := lang(c)
		vm.FormError = l.T("hand.cards_unreadable", msg.S("Round", t.roundWordIn(l)), msg.S("Summary", t.summary(l, scorepad.HandRound(h))))
	}
	return render(c, http.StatusOK, views.HandSheetPage(vm))
}

// previewSheet answers the sheet's live preview: chips, verdicts and the
// score so far, swapped into the page without touching what is typed. A
// correction's preview names its hand (?hand=ID), so that it is judged as
// the full page is.
func (s *Server) previewSheet(c *echo.Context) error {
	load := s.loadForNewHand
	if c.QueryParam("hand") != "" {
		load = s.loadTable // a correction is judged against the hands before it
	}
	t, err := load(c)
	if err != nil {
		return err
	}
	sh, ok := sheetOf(t.Rules)
	if !ok {
		return echo.ErrNotFound
	}
	values, err := c.FormValues()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	form := sheetForm{Token: values.Get("token"), Version: values.Get("version"), DraftRev: draftRev(values.Get("draft_rev"))}
	vm, _, err := s.sheetVM(c, t, sh, values, form, t.Hand(c.QueryParam("hand")))
	if err != nil {
		return err
	}
	if form.DraftRev != "" {
		c.Response().Header().Set(draftRevHeader, form.DraftRev)
	}
	return render(c, http.StatusOK, views.SheetPreview(vm))
}
