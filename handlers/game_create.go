package handlers

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/msg"
	"meldpad/rules/names"
	"meldpad/rules/ruling"
	"meldpad/views"
)

// newGameForm is the new-game form as posted. Everything is a string so
// that what was typed can be shown again as typed. A game's own setup
// inputs (game.Configurable) are read apart, by their names.
type newGameForm struct {
	Game    string   `form:"game" validate:"required"`
	Players []string `form:"players" validate:"max=12,dive,name=40"`
	Dealer  string   `form:"dealer" validate:"omitempty,number"`
	// House lists the house rules ticked; every rule shown and not
	// ticked is off.
	House []string `form:"house" validate:"max=12,dive,max=40"`
	Token string   `form:"token" validate:"token"`
	// League is the members' link id of the league the game is started
	// in, or "".
	League string `form:"league" validate:"max=26"`
	// Setup holds the game's own setup inputs as typed, by name.
	Setup map[string]string `form:"-"`
}

// maxSetupInput bounds what a setup input may hold: a game's name, a
// number.
const maxSetupInput = 200

// createGame starts a game and opens its scorepad. A double-tapped submit
// opens the game the first tap made.
func (s *Server) createGame(c *echo.Context) error {
	var form newGameForm
	if err := c.Bind(&form); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	league, err := s.gameLeague(c, form.League)
	if err != nil {
		return err
	}
	g, ok := rules.Lookup(form.Game)
	if !ok || (league != nil && !league.Counts(g.ID)) {
		return render(c, http.StatusUnprocessableEntity, views.NewGamePage(chooseGameVM(lang(c), league)))
	}
	errs := s.checkIn(lang(c), &form)
	if len(form.Players) > g.MaxPlayers {
		form.Players = form.Players[:g.MaxPlayers]
	}
	names, seatOf := seatedNames(form.Players)
	if errs == nil {
		errs = fieldErrors{}
	}
	checkLineup(lang(c), g, form.Players, names, seatOf, errs)
	dealer, ok := dealerSeat(form.Dealer, seatOf)
	if !ok {
		l := lang(c)
		errs["dealer"] = l.T("newgame.dealer_named")
		if i, err := strconv.Atoi(form.Dealer); err == nil && i >= 0 && i < g.MaxPlayers {
			// A seat left blank, offered by a form without script.
			errs["dealer"] = l.T("newgame.dealer_unnamed", msg.N("N", i+1), msg.S("Text", errs["dealer"]))
		}
	}
	house, ok := houseRules(g, form.House)
	if msg, bad := errs["house"]; bad {
		// The house rules are boxes to tick, with no place of their own
		// for a message: more of them than a game has is said for the form.
		delete(errs, "house")
		errs["form"] = msg
	} else if !ok {
		errs["form"] = lang(c).T("newgame.unknown_house_rule")
	}
	settings := readSetup(c, g, &form, len(names), errs)
	if len(errs) > 0 {
		vm, err := s.newGameVM(c, g, form, errs)
		if err != nil {
			return err
		}
		return render(c, http.StatusUnprocessableEntity, views.NewGamePage(vm))
	}
	newGame := db.NewGame{Rules: g.ID, HouseRules: house, Settings: settings, Players: names, FirstDealer: dealer, Token: form.Token}
	if league != nil {
		newGame.LeagueID = league.ID
	}
	game, err := s.store.Games.CreateGame(c.Request().Context(), newGame)
	if err != nil {
		return err
	}
	rememberGame(c, game.PublicID)
	return c.Redirect(http.StatusSeeOther, "/g/"+game.PublicID)
}

// houseRules are the game's house rules as the form chose them, each
// stored on or off: a rule on by default (Gin's) can be switched off. It
// reports false when a key is not one of the game's.
func houseRules(g rules.Game, ticked []string) (map[string]bool, bool) {
	house := make(map[string]bool, len(g.HouseRules))
	for _, h := range g.HouseRules {
		house[h.Key] = false
	}
	known := true
	for _, k := range ticked {
		if _, ok := house[k]; !ok {
			known = false
			continue
		}
		house[k] = true
	}
	return house, known
}

// readSetup reads a game's own setup inputs (game.Configurable) into the
// settings to store, keeping them as typed in form.Setup; a problem goes
// beside its input. Other games have none: nil.
func readSetup(c *echo.Context, g rules.Game, form *newGameForm, seats int, errs fieldErrors) json.RawMessage {
	fields := g.SetupFields()
	if fields == nil {
		return nil
	}
	values := url.Values{}
	form.Setup = map[string]string{}
	for _, in := range fields {
		v := c.FormValue(in.Name)
		if len(v) > maxSetupInput {
			errs[in.Name] = lang(c).T("newgame.at_most_chars", msg.N("Count", maxSetupInput))
		}
		values.Set(in.Name, v)
		form.Setup[in.Name] = v
	}
	settings, err := g.Setup(values, max(seats, g.MinPlayers))
	var bad *ruling.InputError
	switch {
	case errors.As(err, &bad):
		if _, taken := errs[bad.Field]; !taken {
			errs[bad.Field] = say(c, bad.Msg)
		}
		return nil
	case err != nil:
		errs["form"] = lang(c).Error(err)
		return nil
	}
	return settings
}

// dealerSeat turns the chosen input ("Player 3") into a seat among the
// named players; blank inputs are not seats.
func dealerSeat(input string, from []int) (int, bool) {
	if input == "" {
		return 0, true
	}
	i, err := strconv.Atoi(input)
	if err != nil {
		return 0, false
	}
	for seat, in := range from {
		if in == i {
			return seat, true
		}
	}
	return 0, false
}

// seatedNames returns the non-blank names in order, and for each, the
// input it came from.
func seatedNames(inputs []string) ([]string, []int) {
	var seated []string
	var from []int
	for i, n := range inputs {
		if n = names.Tidy(n); n != "" {
			seated = append(seated, n)
			from = append(from, i)
		}
	}
	return seated, from
}

// checkLineup checks the number of players against the game's limits and
// that no name is given twice.
func checkLineup(l *locale.Localizer, g rules.Game, inputs, names []string, from []int, errs fieldErrors) {
	if len(names) < g.MinPlayers {
		errs["players"] = l.T("newgame.needs_players", msg.S("Game", g.Name), msg.N("Count", g.MinPlayers))
		for i := len(names); i < g.MinPlayers && i < len(inputs); i++ {
			if strings.TrimSpace(inputs[i]) == "" {
				errs["players["+strconv.Itoa(i)+"]"] = l.T("newgame.enter_name")
			}
		}
		if len(inputs) < g.MinPlayers {
			for i := len(inputs); i < g.MinPlayers; i++ {
				errs["players["+strconv.Itoa(i)+"]"] = l.T("newgame.enter_name")
			}
		}
	}
	seen := map[string]int{}
	for k, n := range names {
		key := strings.ToLower(n)
		if first, dup := seen[key]; dup {
			errs["players["+strconv.Itoa(from[k])+"]"] = l.T("newgame.name_taken", msg.S("Name", n), msg.N("Player", first+1))
			continue
		}
		seen[key] = k
	}
}
