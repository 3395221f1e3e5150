package handlers

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/rules/msg"
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
			r, l := c.Request(), lang(c)
			c.SetRequest(r.WithContext(views.WithFlash(r.Context(), l.T("hand.saved_next",
				msg.S("Saved", t.roundIn(l, t.LastNumber())), msg.S("Summary", t.summary(l, last)), msg.S("Next", t.roundIn(l, t.NextNumber()))))))
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
	l, next := lang(c), msg.N("N", t.NextNumber())
	vm.Title, vm.Action, vm.SaveLabel = l.T("scorepad.record_n."+t.Rules.Round, next), t.url()+"/hands", l.T("scorepad.save_n."+t.Rules.Round, next)
	if names := t.Names(); len(names) > 1 {
		vm.Dealer = l.T("scorepad.deals_this."+t.Rules.Round, msg.S("Name", names[t.State().Dealer()]))
	}
	if _, ok := sheetOf(t.Rules); ok {
		vm.CardsURL = t.url() + "/hands/new?by=cards"
	}
	return vm
}

// flashQuery passes a saved= flag on to the scorepad.
func flashQuery(saved string) string {
	if _, ok := scorepadFlashes[saved]; !ok {
		return ""
	}
	return "?saved=" + saved
}
