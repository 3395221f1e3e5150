package handlers

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/msg"
	"meldpad/views"
)

// showOrganizerGames lists the league's games for the organizer, each
// with a way to remove it.
func (s *Server) showOrganizerGames(c *echo.Context, l db.League) error {
	d, err := s.league(c.Request().Context(), l)
	if err != nil {
		return err
	}
	l = d.record.League
	vm := leagueGamesVM(c, d, organizerURL(l)+"/games", organizerURL(l))
	tr := locale.From(c.Request().Context())
	vm.Title, vm.BackURL, vm.BackText = tr.T("league.games_of", msg.S("League", l.Name)), organizerURL(l), tr.T("league.organize", msg.S("League", l.Name))
	return render(c, http.StatusOK, views.LeagueGamesPage(vm))
}

// findLeagueGame finds the game named in the URL (:watch) among the
// league's.
func (s *Server) findLeagueGame(c *echo.Context, l db.League) (db.LeagueGame, error) {
	d, err := s.league(c.Request().Context(), l)
	if err != nil {
		return db.LeagueGame{}, err
	}
	for _, g := range d.record.Games {
		if g.WatchID == c.Param("watch") {
			return *g, nil
		}
	}
	return db.LeagueGame{}, db.ErrNotFound
}

// confirmRemoveLeagueGame asks before taking a game out of the league.
func (s *Server) confirmRemoveLeagueGame(c *echo.Context, l db.League) error {
	g, err := s.findLeagueGame(c, l)
	if err != nil {
		return err
	}
	tr := locale.From(c.Request().Context())
	return render(c, http.StatusOK, views.RemoveLeagueGamePage(views.RemoveLeagueGameVM{
		CSRF: csrfToken(c), League: l.Name, Game: leagueGameSummary(tr, l, g),
		Action: organizerURL(l) + "/games/" + g.WatchID + "/remove", BackURL: organizerURL(l) + "/games",
	}))
}

// removeLeagueGame takes the game out of the league; the game is kept. A
// second tap finds it gone and goes back to the page all the same.
func (s *Server) removeLeagueGame(c *echo.Context, l db.League) error {
	tr := locale.From(c.Request().Context())
	err := s.store.Leagues.RemoveLeagueGame(c.Request().Context(), l.ID, c.Param("watch"))
	s.kept.ForgetAll() // the game is known here by its watching link only
	if errors.Is(err, db.ErrEventTable) {
		return render(c, http.StatusConflict, views.ErrorPage(views.ErrorVM{Status: http.StatusConflict,
			Title:   tr.T("league.event_table_title"),
			Message: tr.T("league.event_table_text"),
			Back:    organizerURL(l) + "/games"}))
	}
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=removed")
}
