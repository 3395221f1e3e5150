package handlers

import (
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v5"

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

// openedHere reports whether the phone itself opened the page: typed, a
// bookmark, a link from another app or from meldpad's own pages
// (Sec-Fetch-Site "none" or "same-origin"), or a browser too old to say.
// A page another site sent the phone to ("cross-site", or a sibling
// site's "same-site") is not remembered: otherwise any site could put a
// league or a game of its choosing on this phone's home page, even
// listed as a league the phone organizes. The cookies' SameSite=Lax does
// not stop it: it lets a top-level navigation through.
func openedHere(c *echo.Context) bool {
	switch c.Request().Header.Get("Sec-Fetch-Site") {
	case "", "none", "same-origin":
		return true
	}
	return false
}

// recentIDs returns the public ids of the games this phone has opened,
// most recent first.
func recentIDs(c *echo.Context) []string {
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

// rememberGame puts the game first in this phone's list, unless another
// site sent the phone here (openedHere).
func rememberGame(c *echo.Context, publicID string) {
	if !openedHere(c) {
		return
	}
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
func (s *Server) recentGames(c *echo.Context) ([]db.Game, error) {
	return s.store.Games.GamesByPublicIDs(c.Request().Context(), recentIDs(c))
}

// knownNames returns the names of the players of this phone's games, most
// recently seen first, for the forms to suggest.
func (s *Server) knownNames(c *echo.Context) ([]string, error) {
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
func (s *Server) lastLineup(c *echo.Context, rulesID string) ([]string, error) {
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

// Leagues are remembered the same way, in a cookie of their own: the
// leagues whose page this phone opened, by the link it opened them with.
// An organizer who loses the organizer's link finds it again on the home
// page of the phone that opened it, and nowhere else.

const (
	leaguesCookie = "meldpad_leagues"
	maxLeagues    = 20
)

// leagueLink is one league this phone opened: its members' link id, or
// its organizer's link id when Organizer.
type leagueLink struct {
	ID        string
	Organizer bool
}

// String is the link as the cookie keeps it: "l:ID" or "o:ID".
func (k leagueLink) String() string {
	if k.Organizer {
		return "o:" + k.ID
	}
	return "l:" + k.ID
}

// recentLeagueLinks returns the league links this phone has opened, most
// recent first. Anything in the cookie that is not such a link is
// dropped.
func recentLeagueLinks(c *echo.Context) []leagueLink {
	ck, err := c.Cookie(leaguesCookie)
	if err != nil {
		return nil
	}
	var links []leagueLink
	for _, entry := range strings.Split(ck.Value, ".") {
		kind, id, ok := strings.Cut(entry, ":")
		link := leagueLink{ID: id, Organizer: kind == "o"}
		if !ok || (kind != "l" && kind != "o") || !db.ValidID(id) || slices.Contains(links, link) || len(links) >= maxLeagues {
			continue
		}
		links = append(links, link)
	}
	return links
}

// rememberLeague puts the league link first in this phone's list, unless
// another site sent the phone here (openedHere).
func rememberLeague(c *echo.Context, link leagueLink) {
	if !openedHere(c) {
		return
	}
	entries := []string{link.String()}
	for _, l := range recentLeagueLinks(c) {
		if l != link && len(entries) < maxLeagues {
			entries = append(entries, l.String())
		}
	}
	c.SetCookie(&http.Cookie{Name: leaguesCookie, Value: strings.Join(entries, "."), Path: "/", MaxAge: 2 * 365 * 24 * 3600,
		HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

// recentLeague is a league this phone opened, with the organizer's link
// only if the phone opened the league with it.
type recentLeague struct {
	league    db.League
	organizer bool
}

// recentLeagues loads the leagues this phone opened, most recent first,
// one entry a league. A link that no longer names a league is skipped.
// It reads at most maxLeagues leagues, whatever the cookie holds.
func (s *Server) recentLeagues(c *echo.Context) ([]recentLeague, error) {
	ctx := c.Request().Context()
	var out []recentLeague
	for _, link := range recentLeagueLinks(c) {
		var l db.League
		var err error
		if link.Organizer {
			l, err = s.store.Leagues.LeagueByOrganizer(ctx, link.ID)
		} else {
			l, err = s.store.Leagues.League(ctx, link.ID)
		}
		if errors.Is(err, db.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if i := slices.IndexFunc(out, func(r recentLeague) bool { return r.league.ID == l.ID }); i >= 0 {
			out[i].organizer = out[i].organizer || link.Organizer
			continue
		}
		out = append(out, recentLeague{league: l, organizer: link.Organizer})
	}
	return out, nil
}
