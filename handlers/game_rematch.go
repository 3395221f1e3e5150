package handlers

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/rules/msg"
	"meldpad/views"
)

// A rematch is a new game for the same table: the same seats in the same
// order, the same house rules and settings, the same league, and the deal
// where the finished game would have passed it next (the seat left of its
// last dealer). The finished game's link is the key: whoever can see its
// scorepad can start its rematch.

// rematchToken is the idempotency token of a game's rematch: every
// rematch of the same game, a double tap or a second phone at the table,
// opens the one game the first made. It is derived from the game's link
// rather than the link itself, so no other table's key is stored in it.
func rematchToken(publicID string) string {
	sum := sha256.Sum256([]byte("rematch\x00" + publicID))
	return "rematch-" + hex.EncodeToString(sum[:16])
}

// finishedGame loads the game of the address and passes it to next: the
// rematch's pages are a finished game's, and a game not finished shows
// its scorepad instead.
func (s *Server) finishedGame(next func(c *echo.Context, t table) error) echo.HandlerFunc {
	return func(c *echo.Context) error {
		t, err := s.loadTable(c)
		if err != nil {
			return err
		}
		if !t.Game.Finished() {
			return c.Redirect(http.StatusSeeOther, t.url())
		}
		return next(c, t)
	}
}

// confirmRematch shows who will play and deal in the rematch of the
// finished game t, and the button that starts it.
func (s *Server) confirmRematch(c *echo.Context, t table) error {
	next, league, err := s.rematchOf(c, t)
	if err != nil {
		return err
	}
	vm := views.RematchVM{Title: lang(c).T("scorepad.rematch_title", msg.S("Game", t.title())), GameURL: t.url(), Action: t.url() + "/rematch", CSRF: csrfToken(c),
		League: league}
	for i, name := range next.Players {
		vm.Seats = append(vm.Seats, views.SeatVM{Name: name, Dealer: i == next.FirstDealer})
	}
	for _, h := range t.Rules.HouseRules {
		if next.HouseRules[h.Key] {
			vm.HouseRules = append(vm.HouseRules, say(c, h.Name)+" ("+h.Rule+")")
		}
	}
	return render(c, http.StatusOK, views.RematchPage(vm))
}

// openRematch starts the rematch of the finished game t (or finds the one
// started already) and redirects to it.
func (s *Server) openRematch(c *echo.Context, t table) error {
	next, _, err := s.rematchOf(c, t)
	if err != nil {
		return err
	}
	g, err := s.store.Games.CreateGame(c.Request().Context(), next)
	if err != nil {
		return err
	}
	rememberGame(c, g.PublicID)
	return c.Redirect(http.StatusSeeOther, "/g/"+g.PublicID)
}

// rematchOf is the new game a rematch of t starts, and the name of the
// league it counts in ("" for none). It stays in t's league while the
// league counts its game; a game the organizer took out of the league, or
// whose game the league no longer counts, is played again outside it.
func (s *Server) rematchOf(c *echo.Context, t table) (db.NewGame, string, error) {
	next := db.NewGame{
		Rules: t.Game.Rules, HouseRules: t.Game.HouseRules, Settings: t.Game.Settings, Players: t.Names(),
		FirstDealer: t.State().Dealer(), Token: rematchToken(t.Game.PublicID),
	}
	l, err := s.store.Leagues.LeagueOfGame(c.Request().Context(), t.Game.ID)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return next, "", nil
	case err != nil:
		return db.NewGame{}, "", err
	case !l.Counts(t.Game.Rules):
		return next, "", nil
	}
	next.LeagueID = l.ID
	return next, l.Name, nil
}
