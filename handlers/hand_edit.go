package handlers

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/rules/msg"
	"meldpad/views"
)

// showEditHand shows the form to correct a recorded hand.
func (s *Server) showEditHand(c *echo.Context) error {
	t, h, err := s.loadHand(c)
	if err != nil {
		return err
	}
	if sh, ok := sheetOf(t.Rules); ok && wantsSheet(c, h) {
		return s.showEditSheet(c, t, sh, h)
	}
	form := pointsForm{Token: db.NewToken(), Version: strconv.Itoa(h.Version)}
	for _, p := range h.Points {
		form.Points = append(form.Points, strconv.Itoa(p))
	}
	if h.Seat >= 0 {
		form.Seat = strconv.Itoa(h.Seat)
	}
	if h.EndsHand {
		form.EndsHand = "1"
	}
	var rec pointsRecord
	if h.Entry == db.EntryPoints && json.Unmarshal(h.Record, &rec) == nil && len(rec.Points) == len(h.Points) {
		form.Points = form.Points[:0]
		for _, p := range rec.Points {
			form.Points = append(form.Points, strconv.Itoa(p))
		}
	}
	return render(c, http.StatusOK, views.HandFormPage(editHandVM(c, t, h, form, nil)))
}

// wantsSheet reports whether a hand is shown card by card: when it was
// entered that way, unless ?by=points asks otherwise, or when ?by=cards
// asks for it.
func wantsSheet(c *echo.Context, h db.Hand) bool {
	switch c.QueryParam("by") {
	case "points":
		return false
	case "cards":
		return true
	}
	return h.Entry == db.EntryCards
}

// loadHand loads the game and the hand named in the URL.
func (s *Server) loadHand(c *echo.Context) (table, db.Hand, error) {
	id, err := handID(c)
	if err != nil {
		return table{}, db.Hand{}, err
	}
	t, err := s.loadTable(c)
	if err != nil {
		return table{}, db.Hand{}, err
	}
	h, err := s.store.Hands.Hand(c.Request().Context(), t.Game.ID, id)
	if err != nil {
		return table{}, db.Hand{}, err
	}
	return t, h, nil
}

func editHandVM(c *echo.Context, t table, h db.Hand, form pointsForm, errs fieldErrors) views.HandFormVM {
	vm := handFormVM(c, t, form, errs)
	if form.Version == "" {
		vm.Version = h.Version // a damaged version: the hand as it is now
	}
	l := lang(c)
	url := t.url() + "/hands/" + itoa64(h.ID)
	vm.Title, vm.Action, vm.SaveLabel, vm.DeleteURL = l.T("scorepad.correct_n."+t.Rules.Round, msg.N("N", t.Number(h.ID))), url, l.T("hand.save_correction"), url+"/delete"
	if _, ok := sheetOf(t.Rules); ok {
		vm.CardsURL = url + "?by=cards"
	}
	return vm
}
