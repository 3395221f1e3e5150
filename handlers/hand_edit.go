package handlers

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"meldpad/db"
	"meldpad/views"
)

// showEditHand shows the form to correct a recorded hand.
func (s *Server) showEditHand(c echo.Context) error {
	t, h, err := s.loadHand(c)
	if err != nil {
		return err
	}
	form := pointsForm{Token: db.NewID(), Version: strconv.Itoa(h.Version)}
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

// loadHand loads the game and the hand named in the URL.
func (s *Server) loadHand(c echo.Context) (table, db.Hand, error) {
	id, err := handID(c)
	if err != nil {
		return table{}, db.Hand{}, err
	}
	t, err := s.loadTable(c)
	if err != nil {
		return table{}, db.Hand{}, err
	}
	h, err := s.store.Hand(c.Request().Context(), t.game.ID, id)
	if err != nil {
		return table{}, db.Hand{}, err
	}
	return t, h, nil
}

func editHandVM(c echo.Context, t table, h db.Hand, form pointsForm, errs fieldErrors) views.HandFormVM {
	vm := handFormVM(c, t, form, errs)
	name := t.roundName(t.number(h.ID))
	url := t.url() + "/hands/" + itoa64(h.ID)
	vm.Title, vm.Action, vm.SaveLabel, vm.DeleteURL = "Correct "+name, url, "Save the correction", url+"/delete"
	return vm
}
