package handlers

import (
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"meldpad/db"
)

// A game's link is its key: anyone who has it can record and correct
// hands. So no page lists other people's games. Each phone remembers, in a
// cookie, the games it started or opened; the home page lists those, and
// the new-game form offers the names of their players.

const (
	recentCookie = "meldpad_games"
	maxRecent    = 30
)

// recentIDs returns the public ids of the games this phone has opened,
// most recent first.
func recentIDs(c echo.Context) []string {
	ck, err := c.Cookie(recentCookie)
	if err != nil {
		return nil
	}
	var ids []string
	for _, id := range strings.Fields(strings.ReplaceAll(ck.Value, ".", " ")) {
		if db.ValidID(id) && !slices.Contains(ids, id) && len(ids) < maxRecent {
			ids = append(ids, id)
		}
	}
	return ids
}

// rememberGame puts the game first in this phone's list.
func rememberGame(c echo.Context, publicID string) {
	ids := []string{publicID}
	for _, id := range recentIDs(c) {
		if id != publicID && len(ids) < maxRecent {
			ids = append(ids, id)
		}
	}
	c.SetCookie(&http.Cookie{Name: recentCookie, Value: strings.Join(ids, "."), Path: "/", MaxAge: 2 * 365 * 24 * 3600,
		HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

// recentGames loads this phone's games, most recent first.
func (s *Server) recentGames(c echo.Context) ([]db.Game, error) {
	return s.store.GamesByPublicIDs(c.Request().Context(), recentIDs(c))
}

// knownNames returns the names of the players of this phone's games, most
// recently seen first, for the forms to suggest.
func (s *Server) knownNames(c echo.Context) ([]string, error) {
	games, err := s.recentGames(c)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, g := range games {
		for _, seat := range g.Seats {
			if !slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, seat.Name) }) {
				names = append(names, seat.Name)
			}
		}
	}
	return names, nil
}

// lastLineup returns the players, in seat order, of this phone's most
// recent game of the given rules, so the next game starts with the same
// table.
func (s *Server) lastLineup(c echo.Context, rulesID string) ([]string, error) {
	games, err := s.recentGames(c)
	if err != nil {
		return nil, err
	}
	for _, g := range games {
		if g.Rules == rulesID {
			names := make([]string, len(g.Seats))
			for i, seat := range g.Seats {
				names[i] = seat.Name
			}
			return names, nil
		}
	}
	return nil, nil
}
