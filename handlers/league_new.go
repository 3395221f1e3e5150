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

// newLeagueForm is the new-league form as posted. Strings throughout, so
// what was typed is shown again as typed.
type newLeagueForm struct {
	Name    string   `form:"name" validate:"required,name=60"`
	Games   []string `form:"games" validate:"max=20,dive,max=20"`
	Members []string `form:"members" validate:"max=40,dive,name=40"`
	Season  string   `form:"season" validate:"name=60"`
	Token   string   `form:"token" validate:"token"`
}

func (f *newLeagueForm) tidy() { f.Name = names.Tidy(f.Name) }

// memberInputs is how many name inputs the forms offer at once.
const memberInputs = 6

// showNewLeague shows the form that makes a league: its name, the games
// that count (all of them to start with), its first players and, if wanted,
// a first season.
func (s *Server) showNewLeague(c *echo.Context) error {
	form := newLeagueForm{Token: db.NewToken()}
	for _, g := range rules.Games() {
		form.Games = append(form.Games, g.ID)
	}
	vm, err := s.newLeagueVM(c, form, nil)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.NewLeaguePage(vm))
}

func (s *Server) newLeagueVM(c *echo.Context, form newLeagueForm, errs fieldErrors) (views.NewLeagueVM, error) {
	names, err := s.knownNames(c)
	if err != nil {
		return views.NewLeagueVM{}, err
	}
	vm := views.NewLeagueVM{
		CSRF: csrfToken(c), Token: form.Token, Name: form.Name, Season: form.Season, Errors: errs,
		Members: make([]string, max(memberInputs, len(form.Members))),
	}
	copy(vm.Members, form.Members)
	vm.Games = gameChecks(lang(c), form.Games)
	vm.Suggestions = names
	return vm, nil
}

// gameChecks is every game as a checkbox, the given ones ticked, in
// tr's language.
func gameChecks(tr *locale.Localizer, checked []string) []views.CheckVM {
	on := map[string]bool{}
	for _, id := range checked {
		on[id] = true
	}
	var out []views.CheckVM
	for _, ch := range gameChoices(tr) {
		out = append(out, views.CheckVM{Value: ch.ID, Label: ch.Name, Note: ch.Players, Checked: on[ch.ID]})
	}
	return out
}

// createLeague makes a league and opens its organizer's page, which shows
// both links. A double-tapped submit opens the league the first tap made.
func (s *Server) createLeague(c *echo.Context) error {
	var form newLeagueForm
	errs, err := s.bindForm(c, &form)
	if err != nil {
		return err
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
