package handlers

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/names"
	"meldpad/scorepad"
	"meldpad/views"
)

// createLeague makes a league and opens its organizer's page, which shows
// both links. A double-tapped submit opens the league the first tap made.
func (s *Server) createLeague(c *echo.Context) error {
	var form newLeagueForm
	if err := c.Bind(&form); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	form.Name = names.Tidy(form.Name)
	errs := s.check(&form)
	if errs == nil {
		errs = fieldErrors{}
	}
	checkCountedGames(locale.From(c.Request().Context()), form.Games, errs)
	members := tidyNames(form.Members)
	if len(errs) > 0 {
		vm, err := s.newLeagueVM(c, form, errs)
		if err != nil {
			return err
		}
		return render(c, http.StatusUnprocessableEntity, views.NewLeaguePage(vm))
	}
	games, err := scorepad.LeagueGames(form.Games)
	if err != nil {
		return err
	}
	l, err := s.store.Leagues.CreateLeague(c.Request().Context(), db.NewLeague{
		Name: form.Name, Games: games, Members: members, Season: names.Tidy(form.Season), Token: form.Token,
	})
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=created")
}

// checkCountedGames says, under "games", when no game or an unknown one
// was chosen.
func checkCountedGames(tr *locale.Localizer, ids []string, errs fieldErrors) {
	if len(ids) == 0 {
		errs["games"] = tr.T("league.err.no_game")
		return
	}
	for _, id := range ids {
		if _, ok := rules.Lookup(id); !ok {
			errs["games"] = tr.T("league.err.unknown_game")
		}
	}
}

// tidyNames returns the non-blank names, spaces tidied, each once (in
// any case).
func tidyNames(inputs []string) []string {
	seen := map[string]bool{}
	var tidied []string
	for _, n := range inputs {
		n = names.Tidy(n)
		if n == "" || seen[strings.ToLower(n)] {
			continue
		}
		seen[strings.ToLower(n)] = true
		tidied = append(tidied, n)
	}
	return tidied
}
