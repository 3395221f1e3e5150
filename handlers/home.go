package handlers

import (
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/msg"
	"meldpad/views"
)

// showHome lists this phone's games, in progress and finished, and the
// leagues it opened (see recent.go for why it lists no others).
func (s *Server) showHome(c *echo.Context) error {
	games, err := s.recentGames(c)
	if err != nil {
		return err
	}
	var playing, finished []db.Game
	for _, g := range games {
		if g.Finished() {
			finished = append(finished, g)
		} else {
			playing = append(playing, g)
		}
	}
	l := lang(c)
	vm := views.HomeVM{Playing: summaries(l, playing), Finished: summaries(l, finished), Choices: gameChoices(l)}
	leagues, err := s.recentLeagues(c)
	if err != nil {
		return err
	}
	for _, r := range leagues {
		item := views.LeagueSummary{Name: r.league.Name, URL: leagueURL(r.league)}
		if r.organizer {
			item.OrganizerURL = organizerURL(r.league)
		}
		vm.Leagues = append(vm.Leagues, item)
	}
	return render(c, http.StatusOK, views.HomePage(vm))
}

func summaries(l *locale.Localizer, games []db.Game) []views.GameSummary {
	out := make([]views.GameSummary, 0, len(games))
	for _, g := range games {
		r, _ := rules.Lookup(g.Rules)
		var players []string
		for _, s := range g.Seats {
			players = append(players, s.Name+" "+l.Score(s.Total))
		}
		result := l.T("home.in_progress_result")
		if won := wonIn(l, gameWinners(g)); g.Finished() && won != "" {
			result = won
		}
		out = append(out, views.GameSummary{
			URL: "/g/" + g.PublicID, Name: r.Title(g.Settings), Players: strings.Join(players, " · "),
			Result: result, When: whenIn(l, g.UpdatedAt),
		})
	}
	return out
}

// when prints a time the way a scorepad would: the time today, the date
// before that.
func when(t time.Time) string {
	t = t.Local()
	if y, m, d := t.Date(); y == time.Now().Year() && m == time.Now().Month() && d == time.Now().Day() {
		return t.Format("15:04")
	}
	return t.Format("2 Jan 2006")
}

// gameChoices are the games one may start, each saying in l's language
// how many play it and how it ends.
func gameChoices(l *locale.Localizer) []views.GameChoice {
	var out []views.GameChoice
	for _, g := range rules.Games() {
		out = append(out, views.GameChoice{ID: g.ID, Name: g.Name, Players: playersOf(l, g), Goal: goalOf(l, g),
			URL: "/games/new?game=" + g.ID})
	}
	return out
}

// playersOf says how many play a game: "2–6 players", "2 players".
func playersOf(l *locale.Localizer, g rules.Game) string {
	if g.MinPlayers == g.MaxPlayers {
		return l.T("newgame.players", msg.N("Count", g.MaxPlayers))
	}
	return l.T("newgame.players_range", msg.N("Min", g.MinPlayers), msg.N("Max", g.MaxPlayers))
}

// goalOf says how a game ends: "game to 100", or, for a game whose end
// is chosen when it starts, so.
func goalOf(l *locale.Localizer, g rules.Game) string {
	if g.Target <= 0 {
		return l.T("newgame.goal_chosen")
	}
	return l.T("newgame.goal", msg.N("Target", g.Target))
}
