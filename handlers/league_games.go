package handlers

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/locale"
	"meldpad/rules/msg"
	"meldpad/views"
)

// gamesPerPage is how many games a page of a league's games lists.
const gamesPerPage = 50

// showLeagueGames lists every game of the league for members and
// spectators, newest first, each linking to its read-only scorepad.
func (s *Server) showLeagueGames(c *echo.Context) error {
	l, err := s.loadLeague(c)
	if err != nil {
		return err
	}
	d, err := s.league(c.Request().Context(), l)
	if err != nil {
		return err
	}
	l = d.record.League
	vm := leagueGamesVM(c, d, leagueURL(l)+"/games", "")
	tr := locale.From(c.Request().Context())
	vm.Title, vm.BackURL, vm.BackText = tr.T("league.games_of", msg.S("League", l.Name)), leagueURL(l), l.Name
	return render(c, http.StatusOK, views.LeagueGamesPage(vm))
}

// leagueGamesVM is one page of the league's games, newest first. With an
// organizer's base URL each game gets a link to remove it.
func leagueGamesVM(c *echo.Context, d *leagueData, pageURL, organizerBase string) views.LeagueGamesVM {
	games := d.record.Games
	pages := max(1, (len(games)+gamesPerPage-1)/gamesPerPage)
	page, err := strconv.Atoi(c.QueryParam("page"))
	if err != nil || page < 1 {
		page = 1
	}
	page = min(page, pages)
	vm := views.LeagueGamesVM{Name: d.record.League.Name, Page: page, Pages: pages}
	tr := locale.From(c.Request().Context())
	last := len(games) - 1 - (page-1)*gamesPerPage
	for i := last; i >= 0 && i > last-gamesPerPage; i-- {
		row := views.LeagueGameRowVM{Game: leagueGameSummary(tr, d.record.League, *games[i])}
		if organizerBase != "" {
			row.RemoveURL = organizerBase + "/games/" + games[i].WatchID + "/remove"
		}
		vm.Games = append(vm.Games, row)
	}
	if page > 1 {
		vm.PrevURL = pageURL + "?page=" + strconv.Itoa(page-1)
	}
	if page < pages {
		vm.NextURL = pageURL + "?page=" + strconv.Itoa(page+1)
	}
	return vm
}
