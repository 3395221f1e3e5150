package handlers

import (
	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/views"
)

// gameLeague loads the league a new game is started in (the members'
// link id from the league page), or nil for a game outside leagues. An id
// that names no league is a 404: the link was cut short.
func (s *Server) gameLeague(c *echo.Context, publicID string) (*db.League, error) {
	if publicID == "" {
		return nil, nil
	}
	l, err := s.store.Leagues.League(c.Request().Context(), publicID)
	if err != nil {
		return nil, err
	}
	return &l, nil
}

// chooseGameVM is the list of games to start: all five, or in a league
// the ones that count there.
func chooseGameVM(tr *locale.Localizer, l *db.League) views.NewGameVM {
	if l == nil {
		return views.NewGameVM{Choices: gameChoices(tr)}
	}
	return views.NewGameVM{Choices: leagueChoices(tr, *l), LeagueName: l.Name, LeagueURL: leagueURL(*l)}
}

// withLeague marks the new-game form as starting a game in the league,
// and returns the league (nil for none).
func (s *Server) withLeague(c *echo.Context, vm *views.NewGameVM, publicID string) (*db.League, error) {
	l, err := s.gameLeague(c, publicID)
	if err != nil || l == nil {
		return nil, err
	}
	vm.League, vm.LeagueName, vm.LeagueURL = l.PublicID, l.Name, leagueURL(*l)
	return l, nil
}
