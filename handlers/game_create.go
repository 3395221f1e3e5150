package handlers

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/views"
)

// newGameForm is the new-game form as posted. Everything is a string so
// that what was typed can be shown again as typed.
type newGameForm struct {
	Game    string   `form:"game" validate:"required"`
	Players []string `form:"players" validate:"max=8,dive,name=40"`
	Dealer  string   `form:"dealer" validate:"omitempty,number"`
	House   []string `form:"house" validate:"max=4,dive,max=40"`
	Token   string   `form:"token" validate:"token"`
	// League is the members' link id of the league the game is started
	// in, or "".
	League string `form:"league" validate:"max=26"`
}

// createGame starts a game and opens its scorepad. A double-tapped submit
// opens the game the first tap made.
func (s *Server) createGame(c echo.Context) error {
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
		return render(c, http.StatusUnprocessableEntity, views.NewGamePage(chooseGameVM(league)))
	}
	errs := s.check(&form)
	if len(form.Players) > g.MaxPlayers {
		form.Players = form.Players[:g.MaxPlayers]
	}
	names, seatOf := seatedNames(form.Players)
	if errs == nil {
		errs = fieldErrors{}
	}
	checkLineup(g, form.Players, names, seatOf, errs)
	dealer, ok := dealerSeat(form.Dealer, seatOf)
	if !ok {
		errs["dealer"] = "The first dealer must be one of the players named above."
	}
	house := map[string]bool{}
	for _, k := range form.House {
		if _, ok := g.HouseRule(k); !ok {
			errs["form"] = "Unknown house rule."
			continue
		}
		house[k] = true
	}
	if len(errs) > 0 {
		vm, err := s.newGameVM(c, g, form, errs)
		if err != nil {
			return err
		}
		return render(c, http.StatusUnprocessableEntity, views.NewGamePage(vm))
	}
	newGame := db.NewGame{Rules: g.ID, HouseRules: house, Players: names, FirstDealer: dealer, Token: form.Token}
	if league != nil {
		newGame.LeagueID = league.ID
	}
	game, err := s.store.CreateGame(c.Request().Context(), newGame)
	if err != nil {
		return err
	}
	rememberGame(c, game.PublicID)
	return c.Redirect(http.StatusSeeOther, "/g/"+game.PublicID)
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
	var names []string
	var from []int
	for i, n := range inputs {
		if n = db.TidyName(n); n != "" {
			names = append(names, n)
			from = append(from, i)
		}
	}
	return names, from
}

// checkLineup checks the number of players against the game's limits and
// that no name is given twice.
func checkLineup(g rules.Game, inputs, names []string, from []int, errs fieldErrors) {
	if len(names) < g.MinPlayers {
		errs["players"] = g.Name + " needs at least " + strconv.Itoa(g.MinPlayers) + " players: enter their names."
		for i := len(names); i < g.MinPlayers && i < len(inputs); i++ {
			if strings.TrimSpace(inputs[i]) == "" {
				errs["players["+strconv.Itoa(i)+"]"] = "Enter a name."
			}
		}
		if len(inputs) < g.MinPlayers {
			for i := len(inputs); i < g.MinPlayers; i++ {
				errs["players["+strconv.Itoa(i)+"]"] = "Enter a name."
			}
		}
	}
	seen := map[string]int{}
	for k, n := range names {
		key := strings.ToLower(n)
		if first, dup := seen[key]; dup {
			errs["players["+strconv.Itoa(from[k])+"]"] = "“" + n + "” is already player " + strconv.Itoa(first+1) + "; give each player a different name."
			continue
		}
		seen[key] = k
	}
}
