package handlers

import (
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/msg"
	"meldpad/rules/names"
	"meldpad/rules/standings"
	"meldpad/scorepad"
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
	vm.Flash = lang(c).Say(organizerFlashes[c.QueryParam("done")])
	return render(c, http.StatusOK, views.OrganizerPage(vm))
}

// organizerFlashes are the lines a redirect's ?done= puts on the
// organizer's page; any other says nothing.
var organizerFlashes = map[string]msg.Msg{
	"settings":       msg.New("league.done.settings"),
	"season":         msg.New("league.done.season"),
	"season-deleted": msg.New("league.done.season_deleted"),
	"members":        msg.New("league.done.members"),
	"removed":        msg.New("league.done.removed"),
	"merged":         msg.New("league.done.merged"),
	"renamed":        msg.New("league.done.renamed"),
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

// leagueSettingsForm is the organizer's settings form.
type leagueSettingsForm struct {
	Name  string   `form:"name" validate:"required,name=60"`
	Games []string `form:"games" validate:"max=20,dive,max=20"`
}

func (f *leagueSettingsForm) tidy() { f.Name = names.Tidy(f.Name) }

// saveLeagueSettings renames the league and changes the games that count.
func (s *Server) saveLeagueSettings(c *echo.Context, l db.League) error {
	var form leagueSettingsForm
	errs, err := s.bindForm(c, &form)
	if err != nil {
		return err
	}
	checkCountedGames(locale.From(c.Request().Context()), form.Games, errs)
	if len(errs) > 0 {
		return s.rerenderOrganizer(c, l, errs, func(vm *views.OrganizerVM) {
			vm.SettingsName, vm.Games = form.Name, gameChecks(lang(c), form.Games)
		})
	}
	games, err := scorepad.LeagueGames(form.Games)
	if err != nil {
		return err
	}
	if err := s.store.Leagues.UpdateLeague(c.Request().Context(), l.ID, form.Name, games); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=settings")
}

// seasonForm is a season's form: a new one, or one to change.
type seasonForm struct {
	Name     string `form:"name" validate:"required,name=60"`
	StartsOn string `form:"starts_on" validate:"max=20"`
	EndsOn   string `form:"ends_on" validate:"max=20"`
	Token    string `form:"token"`
}

func (f *seasonForm) tidy() {
	f.Name = names.Tidy(f.Name)
	f.StartsOn, f.EndsOn = strings.TrimSpace(f.StartsOn), strings.TrimSpace(f.EndsOn)
}

// readSeasonForm binds and checks a season form. Errors are keyed by the form's
// prefix ("season" for the new season, "season12" for season 12), so each
// lands beside its own form on the page.
func (s *Server) readSeasonForm(c *echo.Context, prefix string) (seasonForm, db.SeasonInput, fieldErrors, error) {
	tr := locale.From(c.Request().Context())
	var form seasonForm
	checked, err := s.bindForm(c, &form)
	if err != nil {
		return form, db.SeasonInput{}, nil, err
	}
	errs := fieldErrors{}
	for field, msg := range checked {
		errs[prefix+"."+field] = msg
	}
	var dates [2]time.Time
	for i, f := range []struct{ field, value string }{{"starts_on", form.StartsOn}, {"ends_on", form.EndsOn}} {
		if f.value == "" {
			continue
		}
		t, err := time.Parse(time.DateOnly, f.value)
		if err != nil {
			errs[prefix+"."+f.field] = tr.T("league.err.date")
			continue
		}
		dates[i] = t
	}
	if !dates[0].IsZero() && !dates[1].IsZero() && dates[1].Before(dates[0]) {
		errs[prefix+".ends_on"] = tr.T("league.err.season_order")
	}
	in := db.SeasonInput{Name: form.Name, StartsOn: form.StartsOn, EndsOn: form.EndsOn, Token: form.Token}
	return form, in, errs, nil
}

// addSeason adds a season to the league. A double-tapped submit adds one.
func (s *Server) addSeason(c *echo.Context, l db.League) error {
	tr := locale.From(c.Request().Context())
	form, in, errs, err := s.readSeasonForm(c, "season")
	if err != nil {
		return err
	}
	if !db.ValidID(form.Token) {
		errs["season.name"] = tr.T("league.err.stale_form")
	}
	if len(errs) > 0 {
		return s.rerenderOrganizer(c, l, errs, func(vm *views.OrganizerVM) {
			vm.NewSeason.Name, vm.NewSeason.StartsOn, vm.NewSeason.EndsOn = form.Name, form.StartsOn, form.EndsOn
			if db.ValidID(form.Token) {
				vm.NewSeason.Token = form.Token
			}
		})
	}
	if err := s.store.Members.AddSeason(c.Request().Context(), l.ID, in); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=season")
}

// seasonID reads the season from the URL; junk is not found.
func seasonID(c *echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("season"), 10, 64)
	if err != nil || id <= 0 {
		return 0, db.ErrNotFound
	}
	return id, nil
}

// updateSeason renames a season and changes its dates.
func (s *Server) updateSeason(c *echo.Context, l db.League) error {
	id, err := seasonID(c)
	if err != nil {
		return err
	}
	prefix := "season" + strconv.FormatInt(id, 10)
	form, in, errs, err := s.readSeasonForm(c, prefix)
	if err != nil {
		return err
	}
	if len(errs) > 0 {
		return s.rerenderOrganizer(c, l, errs, func(vm *views.OrganizerVM) {
			for i := range vm.Seasons {
				if vm.Seasons[i].ID == strconv.FormatInt(id, 10) {
					vm.Seasons[i].Name, vm.Seasons[i].StartsOn, vm.Seasons[i].EndsOn = form.Name, form.StartsOn, form.EndsOn
				}
			}
		})
	}
	if err := s.store.Members.UpdateSeason(c.Request().Context(), l.ID, id, in); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=season")
}

// deleteSeason removes a season; its games stay in the league. Deleting a
// season already deleted (a double tap) is not an error.
func (s *Server) deleteSeason(c *echo.Context, l db.League) error {
	id, err := seasonID(c)
	if err != nil {
		return err
	}
	if err := s.store.Members.DeleteSeason(c.Request().Context(), l.ID, id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=season-deleted")
}

// leagueMembersForm adds players to a league.
type leagueMembersForm struct {
	Members []string `form:"members" validate:"max=40,dive,name=40"`
}

// addLeagueMembers adds players, known or new, to the league.
func (s *Server) addLeagueMembers(c *echo.Context, l db.League) error {
	tr := locale.From(c.Request().Context())
	var form leagueMembersForm
	errs, err := s.bindForm(c, &form)
	if err != nil {
		return err
	}
	names := tidyNames(form.Members)
	if len(errs) == 0 && len(names) == 0 {
		errs["members"] = tr.T("league.err.no_name")
	}
	if len(errs) > 0 {
		return s.rerenderOrganizer(c, l, errs, func(vm *views.OrganizerVM) {
			vm.NewMembers = make([]string, max(memberInputs, len(form.Members)))
			copy(vm.NewMembers, form.Members)
		})
	}
	if err := s.store.Members.AddMembers(c.Request().Context(), l.ID, names); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=members")
}

// renameForm names a player of the league and the player's new name.
type renameForm struct {
	Player  string `form:"player" validate:"required,number"`
	NewName string `form:"new_name" validate:"required,name=40"`
}

func (f *renameForm) tidy() { f.NewName = names.Tidy(f.NewName) }

// renameLeaguePlayer gives one of the league's players another name, in
// the league's games only. A name another player of the league has is
// refused: the two are merged instead.
func (s *Server) renameLeaguePlayer(c *echo.Context, l db.League) error {
	tr := locale.From(c.Request().Context())
	var form renameForm
	errs, err := s.bindForm(c, &form)
	if err != nil {
		return err
	}
	keep := func(vm *views.OrganizerVM) { vm.RenamePlayer, vm.NewName = form.Player, form.NewName }
	if len(errs) > 0 {
		return s.rerenderOrganizer(c, l, errs, keep)
	}
	player, _ := strconv.ParseInt(form.Player, 10, 64)
	err = s.store.Members.RenamePlayer(c.Request().Context(), l.ID, player, form.NewName)
	s.kept.ForgetAll() // the names of the league's games' seats
	switch {
	case errors.Is(err, db.ErrNameTaken):
		return s.rerenderOrganizer(c, l, fieldErrors{"new_name": tr.T("league.err.name_taken", msg.S("Name", form.NewName))}, keep)
	case errors.Is(err, db.ErrNotFound):
		return s.rerenderOrganizer(c, l, fieldErrors{"player": tr.T("league.err.player_gone")}, keep)
	case err != nil:
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=renamed")
}

// mergeForm names the two players to merge.
type mergeForm struct {
	Keep string `form:"keep" validate:"required,number"`
	Gone string `form:"gone" validate:"required,number"`
}

// mergeLeaguePlayers makes two names one person. It refuses, saying
// where, when both names sat at the same game.
func (s *Server) mergeLeaguePlayers(c *echo.Context, l db.League) error {
	tr := locale.From(c.Request().Context())
	var form mergeForm
	errs, err := s.bindForm(c, &form)
	if err != nil {
		return err
	}
	if len(errs) == 0 && form.Keep == form.Gone {
		errs["gone"] = tr.T("league.err.same_names")
	}
	keep := func(vm *views.OrganizerVM) { vm.Keep, vm.Gone = form.Keep, form.Gone }
	if len(errs) > 0 {
		return s.rerenderOrganizer(c, l, errs, keep)
	}
	keepID, _ := strconv.ParseInt(form.Keep, 10, 64)
	goneID, _ := strconv.ParseInt(form.Gone, 10, 64)
	err = s.store.Members.MergePlayers(c.Request().Context(), l.ID, keepID, goneID)
	s.kept.ForgetAll() // the seats of the league's games
	var conflict *db.MergeConflictError
	switch {
	case errors.As(err, &conflict) && len(conflict.Shared) == 0:
		why := tr.T("league.err.merge_same_event", msg.S("Keep", conflict.Keep), msg.S("Gone", conflict.Gone), msg.Strings("Events", conflict.Events))
		return s.rerenderOrganizer(c, l, fieldErrors{"merge": why}, keep)
	case errors.As(err, &conflict):
		n := len(conflict.Shared)
		why := tr.T("league.err.merge_same_table", msg.S("Keep", conflict.Keep), msg.S("Gone", conflict.Gone), msg.N("Count", n))
		return s.rerenderOrganizer(c, l, fieldErrors{"merge": why}, func(vm *views.OrganizerVM) {
			keep(vm)
			for _, g := range conflict.Shared {
				link := views.HandLinkVM{Points: gameName(g.Rules), Where: when(g.CreatedAt)}
				if g.WatchID != "" {
					link.URL = "/w/" + g.WatchID
				}
				vm.Conflicts = append(vm.Conflicts, link)
			}
		})
	case errors.Is(err, db.ErrNotFound):
		return s.rerenderOrganizer(c, l, fieldErrors{"merge": tr.T("league.err.merge_gone")}, nil)
	case err != nil:
		return err
	}
	return c.Redirect(http.StatusSeeOther, organizerURL(l)+"?done=merged")
}
