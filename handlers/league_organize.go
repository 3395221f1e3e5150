package handlers

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/rules/standings"
	"meldpad/views"
)

// showOrganizer is the page the organizer's link opens.
func (s *Server) showOrganizer(c *echo.Context, l db.League) error {
	rememberLeague(c, leagueLink{ID: l.OrganizerID, Organizer: true})
	vm, err := s.organizerVM(c, l, nil)
	if err != nil {
		return err
	}
	vm.Created = c.QueryParam("done") == "created"
	vm.Flash = organizerFlash(c.QueryParam("done"))
	return render(c, http.StatusOK, views.OrganizerPage(vm))
}

// organizerFlash turns the redirect's ?done= into a line on the page.
func organizerFlash(done string) string {
	switch done {
	case "settings":
		return "Settings saved; the standings count the chosen games."
	case "season":
		return "Season saved."
	case "season-deleted":
		return "Season deleted; its games stay in the league."
	case "members":
		return "Players added."
	case "removed":
		return "Game removed from the league; the game itself is kept."
	case "merged":
		return "Names merged; the standings are worked out again."
	case "renamed":
		return "Player renamed; the league's games show the new name."
	}
	return ""
}

// organizerVM builds the organizer's page with every form showing the
// league as it is. A handler whose form was refused overwrites that
// form's fields with what was typed, and passes the errors.
func (s *Server) organizerVM(c *echo.Context, l db.League, errs fieldErrors) (views.OrganizerVM, error) {
	ctx := c.Request().Context()
	d, err := s.league(ctx, l)
	if err != nil {
		return views.OrganizerVM{}, err
	}
	l = d.record.League
	known, err := s.knownNames(c)
	if err != nil {
		return views.OrganizerVM{}, err
	}
	base := organizerURL(l)
	origin := s.origin(c)
	vm := views.OrganizerVM{
		CSRF: csrfToken(c), Name: l.Name, Errors: errs,
		MembersLink: origin + leagueURL(l), OrganizerLink: origin + base, LeagueURL: leagueURL(l), GamesURL: base + "/games",
		SettingsAction: base + "/settings", SettingsName: l.Name, Games: gameChecks(l.Games),
		NewSeason:     views.SeasonVM{Action: base + "/seasons", Token: db.NewToken()},
		MembersAction: base + "/members", NewMembers: make([]string, memberInputs),
		MergeAction: base + "/merge", RenameAction: base + "/rename",
		ExportURL: base + "/export.json", StandingsCSV: leagueURL(l) + "/standings.csv", GamesCSV: leagueURL(l) + "/games.csv",
		NewEventURL: base + "/events/new",
	}
	events, err := s.store.Events.LeagueEvents(ctx, l.ID)
	if err != nil {
		return views.OrganizerVM{}, err
	}
	vm.Events, err = eventSummaries(events, func(id int64) string { return base + "/events/" + strconv.FormatInt(id, 10) })
	if err != nil {
		return views.OrganizerVM{}, err
	}
	for i, sn := range l.Seasons {
		id := strconv.FormatInt(sn.ID, 10)
		vm.Seasons = append(vm.Seasons, views.SeasonVM{
			ID: id, Name: sn.Name, StartsOn: sn.StartsOn, EndsOn: sn.EndsOn, Rule: seasonRule(l.Seasons, i),
			Action: base + "/seasons/" + id, DeleteAction: base + "/seasons/" + id + "/delete",
		})
	}
	overall, err := s.table(c.Request().Context(), d, standings.Scope{})
	if err != nil {
		return views.OrganizerVM{}, err
	}
	var players []int64
	for id := range d.names {
		players = append(players, id)
	}
	slices.SortFunc(players, func(a, b int64) int {
		return strings.Compare(strings.ToLower(d.name(a)), strings.ToLower(d.name(b)))
	})
	for _, p := range players {
		row, _ := overall.Row(p)
		vm.Members = append(vm.Members, views.MemberVM{Name: d.name(p), URL: playerURL(l, p), Games: row.Played})
		vm.Players = append(vm.Players, views.OptionVM{Value: strconv.FormatInt(p, 10), Label: d.name(p)})
	}
	vm.Suggestions = known
	return vm, nil
}

// seasonRule says in words which games the i-th season holds (the rule of
// standings.InSeason).
func seasonRule(seasons []db.Season, i int) string {
	sn := seasons[i]
	if sn.Dated() {
		switch {
		case sn.StartsOn != "" && sn.EndsOn != "":
			return "Holds the games started from " + day(sn.StartsOn) + " to " + day(sn.EndsOn) + "."
		case sn.StartsOn != "":
			return "Holds the games started from " + day(sn.StartsOn) + " on."
		}
		return "Holds the games started until " + day(sn.EndsOn) + "."
	}
	for _, next := range seasons[i+1:] {
		if !next.Dated() {
			return "Held the games started from " + moment(sn.CreatedAt) + " until " + next.Name + " began, " + moment(next.CreatedAt) + "."
		}
	}
	return "The current season: holds the games started since " + moment(sn.CreatedAt) + "."
}

// day prints a YYYY-MM-DD date as "1 Mar 2026".
func day(s string) string {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return t.Format("2 Jan 2006")
}

// moment prints when something happened, to the minute, in the server's
// time zone: "2 Mar 2026 14:05".
func moment(t time.Time) string { return t.Local().Format("2 Jan 2006 15:04") }

// rerenderOrganizer shows the organizer's page again after a refused form,
// with status 422; edit fills in what was typed.
func (s *Server) rerenderOrganizer(c *echo.Context, l db.League, errs fieldErrors, edit func(*views.OrganizerVM)) error {
	vm, err := s.organizerVM(c, l, errs)
	if err != nil {
		return err
	}
	if edit != nil {
		edit(&vm)
	}
	return render(c, http.StatusUnprocessableEntity, views.OrganizerPage(vm))
}
