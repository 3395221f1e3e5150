package handlers

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/rules/msg"
	"meldpad/scorepad"
	"meldpad/views"
)

// endForm confirms the end of a game.
type endForm struct {
	Token   string `form:"token" validate:"token"`
	Version string `form:"version" validate:"version"`
	// Then is "rematch" when the table ends the game to start its
	// rematch at once (game_rematch.go).
	Then string `form:"then" validate:"omitempty,oneof=rematch"`
}

// endRecord is what the round that ends a game stores as its record: no
// points, and the mark that the table ended the game (P3).
type endRecord struct {
	Points   []int `json:"points"`
	Seat     int   `json:"seat"`
	EndsGame bool  `json:"ends_game"`
}

// endRound is the round with which the table ends a game: no points.
func endRound(t table) rules.Round {
	return rules.Round{Points: make([]int, len(t.Game.Seats)), Seat: -1, EndsGame: true}
}

// canEnd reports whether the table may end the game now (game.Ender).
func canEnd(t table) bool {
	return !t.Game.Finished() && t.Rules.CanEnd(t.State())
}

// confirmEndGame asks before the table ends a game it ends when it
// chooses. A game that cannot be ended (not such a game, over already,
// no round yet) shows its scorepad.
func (s *Server) confirmEndGame(c *echo.Context) error {
	t, err := s.loadTable(c)
	if err != nil {
		return err
	}
	if !canEnd(t) {
		return c.Redirect(http.StatusSeeOther, t.url())
	}
	return render(c, http.StatusOK, views.EndGamePage(endVM(c, t, db.NewToken())))
}

// endVM is the confirmation page: the totals, and who wins if the game
// ends now.
func endVM(c *echo.Context, t table, token string) views.EndGameVM {
	state := t.State()
	state.Tally = state.Tally.Add(endRound(t))
	res := t.Rules.Result(state)
	l := lang(c)
	vm := views.EndGameVM{
		Title: l.T("scorepad.end_title", msg.S("Game", t.title())), GameURL: t.url(), Action: t.url() + "/end", CSRF: csrfToken(c), Token: token,
		Version: t.Game.Version, Outcome: resultText(l, t, res), Rule: say(c, res.Reason),
	}
	for i, seat := range t.Game.Seats {
		vm.Seats = append(vm.Seats, views.SeatVM{Name: seat.Name, Total: seat.Total, Winner: i < len(res.Places) && res.Places[i] == 1})
	}
	return vm
}

// endGame records the round that ends the game (P3), once: the form's
// token makes a double tap one end, and a phone that was behind is shown
// the game as it now stands before it ends it.
func (s *Server) endGame(c *echo.Context) error {
	t, err := s.loadTable(c)
	if err != nil {
		return err
	}
	var form endForm
	if err := c.Bind(&form); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	errs := s.checkIn(lang(c), &form)
	if !canEnd(t) {
		// Ended already (this form's first tap, or another phone), or not
		// a game the table ends: nothing is written.
		return s.afterEnd(c, t, form)
	}
	if errs != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form is out of date: reload the page")
	}
	round := endRound(t)
	record, _ := json.Marshal(endRecord{Points: round.Points, Seat: -1, EndsGame: true})
	in := db.HandInput{Entry: db.EntryPoints, Record: record, Points: round.Points, Seat: -1, EndsGame: true}
	if err := t.Rules.CheckPoints(t.State(), round); err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, lang(c).Error(err))
	}
	version, _ := strconv.Atoi(form.Version)
	_, saved, err := s.kept.Add(c.Request().Context(), s.store.Hands, t.Table, scorepad.Judged(in), db.Change{Token: form.Token, Author: authorCookie(c), Version: version})
	var again *db.AlreadySavedError
	switch {
	case errors.Is(err, db.ErrConflict):
		if t, err = s.loadTable(c); err != nil {
			return err
		}
		vm := endVM(c, t, form.Token)
		vm.Conflict = lang(c).T("scorepad.end_conflict")
		return render(c, http.StatusConflict, views.EndGamePage(vm))
	case errors.Is(err, db.ErrGameOver), errors.As(err, &again):
		if t, err = s.loadTable(c); err != nil {
			return err
		}
		return s.afterEnd(c, t, form)
	case db.Unavailable(err):
		s.unwritable(c, err)
		vm := endVM(c, t, form.Token)
		vm.Error = lang(c).T("scorepad.end_failed")
		return render(c, http.StatusServiceUnavailable, views.EndGamePage(vm))
	case err != nil:
		return err
	}
	s.changedTo(c, t, saved.GameVersion)
	if form.Then == "rematch" {
		if t, err = s.loadTable(c); err != nil {
			return err
		}
		return s.afterEnd(c, t, form)
	}
	return c.Redirect(http.StatusSeeOther, t.url()+"?saved=added")
}

// afterEnd opens what the table asked for once its game is ended: its
// rematch, or the scorepad (also when the game is, after all, still
// open).
func (s *Server) afterEnd(c *echo.Context, t table, form endForm) error {
	if form.Then == "rematch" && t.Game.Finished() {
		return s.openRematch(c, t)
	}
	return c.Redirect(http.StatusSeeOther, t.url())
}
