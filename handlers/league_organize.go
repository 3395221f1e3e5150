package handlers

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/msg"
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
	vm.Flash = organizerFlash(locale.From(c.Request().Context()), c.QueryParam("done"))
	return render(c, http.StatusOK, views.OrganizerPage(vm))
}

// organizerFlash turns the redirect's ?done= into a line on the page.
func organizerFlash(tr *locale.Localizer, done string) string {
	switch done {
	case "settings":
		return tr.T("league.done.settings")
	case "season":
		return tr.T("league.done.season")
	case "season-deleted":
		return tr.T("league.done.season_deleted")
	case "members":
		return tr.T("league.done.members")
	case "removed":
		return tr.T("league.done.removed")
	case "merged":
		return tr.T("league.done.merged")
	case "renamed":
		return tr.T("league.done.renamed")
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
		SettingsAction: base + "/settings", SettingsName: l.Name, Games: gameChecks(lang(c), l.Games),
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
	vm.Events, err = eventSummaries(locale.From(c.Request().Context()), events, func(id int64) string { return base + "/events/" + strconv.FormatInt(id, 10) })
	if err != nil {
		return views.OrganizerVM{}, err
	}
	for i, sn := range l.Seasons {
		id := strconv.FormatInt(sn.ID, 10)
		vm.Seasons = append(vm.Seasons, views.SeasonVM{
			ID: id, Name: sn.Name, StartsOn: sn.StartsOn, EndsOn: sn.EndsOn, Rule: seasonRule(locale.From(c.Request().Context()), l.Seasons, i),
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
func seasonRule(tr *locale.Localizer, seasons []db.Season, i int) string {
	sn := seasons[i]
	if sn.Dated() {
		switch {
		case sn.StartsOn != "" && sn.EndsOn != "":
			return tr.T("league.season.from_to", msg.S("From", day(tr, sn.StartsOn)), msg.S("To", day(tr, sn.EndsOn)))
		case sn.StartsOn != "":
			return tr.T("league.season.from", msg.S("From", day(tr, sn.StartsOn)))
		}
		return tr.T("league.season.until", msg.S("To", day(tr, sn.EndsOn)))
	}
	for _, next := range seasons[i+1:] {
		if !next.Dated() {
			return tr.T("league.season.held", msg.S("From", localMoment(tr, sn.CreatedAt)), msg.S("Next", next.Name), msg.S("To", localMoment(tr, next.CreatedAt)))
		}
	}
	return tr.T("league.season.current", msg.S("From", localMoment(tr, sn.CreatedAt)))
}

// day prints a YYYY-MM-DD date as the language writes it: "1 Mar 2026".
func day(tr *locale.Localizer, s string) string {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return localDay(tr, t)
}

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
