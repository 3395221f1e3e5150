package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"meldpad/views"
)

// showWatch shows the scorepad read-only, for spectators: no link on it
// leads to a page that changes the game.
func (s *Server) showWatch(c echo.Context) error {
	t, err := s.loadWatched(c)
	if err != nil {
		return err
	}
	vm := scorepadVM(t, "")
	vm.ReadOnly = true
	vm.LiveURL = "/w/" + c.Param("watch") + "/events"
	if err := s.scorepadLeague(c, &vm, t.game.ID); err != nil {
		return err
	}
	return render(c, http.StatusOK, views.GamePage(vm))
}

// watchEvents streams a watched game's changes.
func (s *Server) watchEvents(c echo.Context) error {
	release, ok := s.openStream(c)
	if !ok {
		return nil
	}
	defer release()
	t, err := s.loadWatched(c)
	if err != nil {
		return err
	}
	return s.streamEvents(c, t.game.ID, t.game.Version)
}

// gameEvents streams a game's changes to its open scorepads.
func (s *Server) gameEvents(c echo.Context) error {
	release, ok := s.openStream(c)
	if !ok {
		return nil
	}
	defer release()
	g, err := s.store.Game(c.Request().Context(), c.Param("game"))
	if err != nil {
		return err
	}
	return s.streamEvents(c, g.ID, g.Version)
}

// changed tells every open scorepad of the game that it changed.
func (s *Server) changed(c echo.Context, t table) {
	g, err := s.store.Game(c.Request().Context(), t.game.PublicID)
	if err != nil {
		s.log.Warn("live update", "game", t.game.PublicID, "err", err)
		return
	}
	s.events.publish(g.ID, g.Version)
}
