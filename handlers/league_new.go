package handlers

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules"
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
