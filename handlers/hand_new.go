package handlers

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/views"
)

// showNewHand shows the form to record the next hand by points.
func (s *Server) showNewHand(c *echo.Context) error {
	t, err := s.loadForNewHand(c)
	if err != nil {
		return err
	}
	if t.Game.Finished() {
		// The entry just saved ended the game (afterSave): the scorepad
		// says who won.
		return c.Redirect(http.StatusSeeOther, t.url()+flashQuery(c.QueryParam("saved")))
	}
	if c.QueryParam("saved") == "added" {
		// The entry before this one was saved, and its hand goes on: the
		// page says what it scored.
		if last, ok := t.Last(); ok {
			r := c.Request()
			c.SetRequest(r.WithContext(views.WithFlash(r.Context(),
				"Saved "+t.roundName(t.LastNumber())+": "+t.summary(last)+". Next: "+t.roundName(t.NextNumber())+".")))
		}
	}
	if sh, ok := sheetOf(t.Rules); ok && c.QueryParam("by") == "cards" {
		return s.showNewSheet(c, t, sh)
	}
	form := pointsForm{Points: make([]string, len(t.Game.Seats)), Token: db.NewToken(), Version: strconv.Itoa(t.Game.Version)}
	return render(c, http.StatusOK, views.HandFormPage(newHandVM(c, t, form, nil)))
}

func newHandVM(c *echo.Context, t table, form pointsForm, errs fieldErrors) views.HandFormVM {
	vm := handFormVM(c, t, form, errs)
	if form.Version == "" {
		// A form that came without a version (or a damaged one) is shown
		// again as a form of the game as it is now.
		vm.Version = t.Game.Version
	}
	next := t.roundName(t.NextNumber())
	vm.Title, vm.Action, vm.SaveLabel = "Record "+next, t.url()+"/hands", "Save "+next
	if names := t.Names(); len(names) > 1 {
		vm.Dealer = names[t.State().Dealer()] + " deals this " + t.Rules.Round + "."
	}
	if _, ok := sheetOf(t.Rules); ok {
		vm.CardsURL = t.url() + "/hands/new?by=cards"
	}
	return vm
}

// flashQuery passes a saved= flag on to the scorepad.
func flashQuery(saved string) string {
	if flash(saved) == "" {
		return ""
	}
	return "?saved=" + saved
}
