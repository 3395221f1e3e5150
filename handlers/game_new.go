package handlers

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/views"
)

// showNewGame shows the games to choose from, or, with ?game=, the
// form for that game. Last time's players are suggested, first and in
// their seats' order, and one button (with script) fills them in; they
// are never the inputs' values, which a name typed would be added to
// ("AnnAnnabelle").
func (s *Server) showNewGame(c *echo.Context) error {
	league, err := s.gameLeague(c, c.QueryParam("league"))
	if err != nil {
		return err
	}
	g, ok := rules.Lookup(c.QueryParam("game"))
	if !ok || (league != nil && !league.Counts(g.ID)) {
		return render(c, http.StatusOK, views.NewGamePage(chooseGameVM(lang(c), league)))
	}
	lineup, err := s.lastLineup(c, g.ID)
	if err != nil {
		return err
	}
	form := newGameForm{Game: g.ID, Token: db.NewToken()}
	for _, h := range g.HouseRules {
		if h.Default {
			form.House = append(form.House, h.Key)
		}
	}
	if league != nil {
		form.League = league.PublicID
	}
	vm, err := s.newGameVM(c, g, form, nil)
	if err != nil {
		return err
	}
	// In a league only its own players are suggested: last time's table
	// is, when all of them are.
	if len(lineup) <= g.MaxPlayers && (league == nil || allAmong(lineup, vm.Suggestions)) {
		vm.LastPlayers = lineup
		vm.Suggestions = lineupFirst(lineup, vm.Suggestions)
	}
	return render(c, http.StatusOK, views.NewGamePage(vm))
}

// allAmong reports whether every name is one of names (in any case).
func allAmong(names, among []string) bool {
	for _, n := range names {
		if !slices.ContainsFunc(among, func(m string) bool { return strings.EqualFold(m, n) }) {
			return false
		}
	}
	return true
}

// lineupFirst puts the names of the last lineup first among the
// suggestions, in seat order, each name once (in any case).
func lineupFirst(lineup, names []string) []string {
	out := slices.Clone(lineup)
	for _, n := range names {
		if !slices.ContainsFunc(out, func(m string) bool { return strings.EqualFold(m, n) }) {
			out = append(out, n)
		}
	}
	return out
}

// newGameVM fills the form's view model: one input per possible seat, the
// typed names kept, the house rules with their checkboxes, and names to
// suggest: in a league its members (a name there is the league's player),
// outside leagues the names of this phone's own games. Never a list of
// everyone's players: there is none.
func (s *Server) newGameVM(c *echo.Context, g rules.Game, form newGameForm, errs fieldErrors) (views.NewGameVM, error) {
	linkRules(c, g)
	names := make([]string, g.MaxPlayers)
	copy(names, form.Players)
	dealer, _ := strconv.Atoi(form.Dealer)
	vm := views.NewGameVM{
		CSRF: csrfToken(c), Token: form.Token, Players: names, MinPlayers: g.MinPlayers, Dealer: dealer, Errors: errs,
	}
	league, err := s.withLeague(c, &vm, form.League)
	if err != nil {
		return views.NewGameVM{}, err
	}
	if vm.Suggestions, err = s.suggestedNames(c, league); err != nil {
		return views.NewGameVM{}, err
	}
	for _, ch := range gameChoices(lang(c)) {
		if ch.ID == g.ID {
			vm.Game = ch
		}
	}
	checked := map[string]bool{}
	for _, k := range form.House {
		checked[k] = true
	}
	for _, h := range g.HouseRules {
		vm.HouseRules = append(vm.HouseRules, views.HouseRuleVM{Key: h.Key, Name: say(c, h.Name), Help: say(c, h.Help), Checked: checked[h.Key]})
	}
	vm.Setup = setupInputs(c, g, form.Setup)
	return vm, nil
}

// setupInputs are a game's own setup inputs (game.Configurable) with what
// was typed in them, or their defaults on a new form.
func setupInputs(c *echo.Context, g rules.Game, typed map[string]string) []views.SetupInputVM {
	var out []views.SetupInputVM
	for _, in := range g.SetupFields() {
		v := views.SetupInputVM{Name: in.Name, Label: lang(c).Say(in.Label), Help: sayOptional(lang(c), in.Help), Kind: inputKinds[in.Kind], Value: in.Value}
		if typed != nil {
			v.Value = typed[in.Name]
		}
		for _, o := range in.Options {
			v.Options = append(v.Options, views.OptionVM{Value: o.Value, Label: lang(c).Say(o.Label), Selected: o.Value == v.Value})
		}
		out = append(out, v)
	}
	return out
}

// suggestedNames are the names the new-game form offers: the league's
// members, or this phone's names outside leagues.
func (s *Server) suggestedNames(c *echo.Context, league *db.League) ([]string, error) {
	if league == nil {
		return s.knownNames(c)
	}
	d, err := s.league(c.Request().Context(), *league)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(d.record.Members))
	for _, m := range d.record.Members {
		names = append(names, m.Name)
	}
	return names, nil
}
