package handlers

import (
	"bytes"
	"context"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/msg"
	"meldpad/rules/standings"
	"meldpad/views"
)

// standingsQuery is what the league page's URL asks for: which games
// (season, kind), the sort and the minimum number of games. Anything it
// does not understand falls back to the default, never an error: these
// are links and a small filter form, not something to correct.
type standingsQuery struct {
	Season int64  // 0: all seasons
	Rules  string // "": all games that count
	Sort   standings.Column
	Desc   bool
	Min    int
}

func readStandingsQuery(c *echo.Context, l db.League) standingsQuery {
	q := standingsQuery{Sort: standings.ParseColumn(c.QueryParam("sort"))}
	q.Desc = q.Sort.BestFirst()
	switch c.QueryParam("dir") {
	case "asc":
		q.Desc = false
	case "desc":
		q.Desc = true
	}
	if id, err := strconv.ParseInt(c.QueryParam("season"), 10, 64); err == nil {
		for _, sn := range l.Seasons {
			if sn.ID == id {
				q.Season = id
			}
		}
	}
	if r := c.QueryParam("game"); l.Counts(r) {
		q.Rules = r
	}
	if n, err := strconv.Atoi(strings.TrimSpace(c.QueryParam("min"))); err == nil && n > 0 {
		q.Min = min(n, 100000)
	}
	if (q.Sort == standings.ByScored || q.Sort == standings.ByConceded) && !pointsShown(q.Rules, q.Sort) {
		q.Sort, q.Desc = standings.ByRating, true
	}
	return q
}

func pointsShown(rulesID string, c standings.Column) bool {
	p := standings.PointsFor(rulesID)
	return (c == standings.ByScored && p.Scored) || (c == standings.ByConceded && p.Conceded)
}

func (q standingsQuery) scope() standings.Scope {
	return standings.Scope{Season: q.Season, Rules: q.Rules}
}

// url is the league page's URL for this query; only what differs from
// the defaults is in it.
func (q standingsQuery) url(base string) string {
	v := url.Values{}
	if q.Season != 0 {
		v.Set("season", strconv.FormatInt(q.Season, 10))
	}
	if q.Rules != "" {
		v.Set("game", q.Rules)
	}
	if q.Sort != standings.ByRating || !q.Desc {
		v.Set("sort", string(q.Sort))
		if q.Desc {
			v.Set("dir", "desc")
		} else {
			v.Set("dir", "asc")
		}
	}
	if q.Min > 0 {
		v.Set("min", strconv.Itoa(q.Min))
	}
	if len(v) == 0 {
		return base
	}
	return base + "?" + v.Encode()
}

// movementPlayers is how many players the standings-movement chart
// follows: the top of the table as sorted. More lines would not read on a
// phone.
const movementPlayers = 6

// showLeague is the league's page for members and spectators: the
// standings of the chosen season and game, sortable by any column, how
// the leaders' ratings moved, the latest games and a way to start one.
//
// The page is the same for everyone until the league's version moves: it
// is rendered once per version and query (pageCache), and a phone that
// has it gets a 304.
func (s *Server) showLeague(c *echo.Context) error {
	l, err := s.loadLeague(c)
	if err != nil {
		return err
	}
	rememberLeague(c, leagueLink{ID: l.PublicID})
	key := func(l db.League) string {
		q := readStandingsQuery(c, l)
		return versionKey("league", l.PublicID, l.Version, q.url(leagueURL(l)))
	}
	if done, err := s.pages.serve(c, key(l)); done || err != nil {
		return err
	}
	l, d, q, t, rows, err := s.standingsFor(c.Request().Context(), c, l)
	if err != nil {
		return err
	}

	base := leagueURL(l)
	tr := locale.From(c.Request().Context())
	vm := views.LeagueVM{
		Name: l.Name, URL: base, GamesURL: base + "/games", Starts: leagueChoices(tr, l),
		Scope: scopeName(tr, l, q.scope()), Games: len(t.Games), Min: q.Min,
		ShowScored: t.Points.Scored, ShowConceded: t.Points.Conceded, PointsNote: pointsNote(tr, q.Rules),
		Filter: filterVM(tr, l, q), StandingsCSV: q.url(base + "/standings.csv"), GamesCSV: base + "/games.csv",
	}
	vm.Columns = standingsColumns(tr, q, base, t.Points)
	var shown []standings.Row
	for _, r := range rows {
		if r.Played < q.Min {
			vm.Hidden++
			continue
		}
		shown = append(shown, r)
		vm.Rows = append(vm.Rows, standingRow(tr, l, d, r))
	}
	vm.Movement = movementChart(tr, d, t, shown)
	events, err := s.store.Events.LeagueEvents(c.Request().Context(), l.ID)
	if err != nil {
		return err
	}
	vm.Events, err = eventSummaries(tr, events, func(id int64) string { return base + "/events/" + strconv.FormatInt(id, 10) })
	if err != nil {
		return err
	}
	for i := len(d.record.Games) - 1; i >= 0 && len(vm.Recent) < 8; i-- {
		vm.Recent = append(vm.Recent, leagueGameSummary(tr, l, *d.record.Games[i]))
	}
	var buf bytes.Buffer
	if err := views.LeaguePage(vm).Render(c.Request().Context(), &buf); err != nil {
		return err
	}
	// Kept under the version it shows, which a write may have moved since
	// the league was first read.
	return s.pages.store(c, key(l), buf.Bytes())
}

// scopeName says which games a table counts: "Fan Rummy · Spring 2026".
func scopeName(tr *locale.Localizer, l db.League, scope standings.Scope) string {
	what := tr.T("league.all_games")
	if scope.Rules != "" {
		what = gameName(scope.Rules)
	}
	when := tr.T("league.all_seasons_lower")
	for _, sn := range l.Seasons {
		if sn.ID == scope.Season {
			when = sn.Name
		}
	}
	return what + " · " + when
}

func pointsNote(tr *locale.Localizer, rulesID string) string {
	p := standings.PointsFor(rulesID)
	switch {
	case p.Conceded:
		return tr.T("league.points_conceded", msg.S("Game", gameName(rulesID)))
	case p.Scored:
		return tr.T("league.points_scored", msg.S("Game", gameName(rulesID)))
	}
	return tr.T("league.points_choose")
}

func filterVM(tr *locale.Localizer, l db.League, q standingsQuery) views.FilterVM {
	f := views.FilterVM{Action: leagueURL(l), Min: q.Min}
	if q.Sort != standings.ByRating || !q.Desc {
		f.Sort = string(q.Sort)
		f.Dir = map[bool]string{true: "desc", false: "asc"}[q.Desc]
	}
	f.Seasons = append(f.Seasons, views.OptionVM{Value: "", Label: tr.T("league.all_seasons"), Selected: q.Season == 0})
	for _, sn := range l.Seasons {
		f.Seasons = append(f.Seasons, views.OptionVM{Value: strconv.FormatInt(sn.ID, 10), Label: sn.Name, Selected: sn.ID == q.Season})
	}
	f.Games = append(f.Games, views.OptionVM{Value: "", Label: tr.T("league.all_games"), Selected: q.Rules == ""})
	for _, id := range l.Games {
		f.Games = append(f.Games, views.OptionVM{Value: id, Label: gameName(id), Selected: id == q.Rules})
	}
	return f
}

// standingsColumns are the table's headers, each a link that sorts by it:
// best first on the first tap, the other way on the next.
func standingsColumns(tr *locale.Localizer, q standingsQuery, base string, points standings.Points) []views.ColumnVM {
	cols := []struct {
		col          standings.Column
		label, title string
	}{
		{standings.ByName, tr.T("league.col.player"), tr.T("league.col.player_title")},
		{standings.ByRating, tr.T("league.col.rating"), tr.T("league.col.rating_title")},
		{standings.ByPlayed, tr.T("league.col.played"), tr.T("league.col.played_title")},
		{standings.ByWins, tr.T("league.col.wins"), tr.T("league.col.wins_title")},
		{standings.ByWinRate, tr.T("league.col.win_rate"), tr.T("league.col.win_rate_title")},
		{standings.ByAvgPlace, tr.T("league.col.avg_place"), tr.T("league.col.avg_place_title")},
		{standings.ByStreak, tr.T("league.col.streak"), tr.T("league.col.streak_title")},
		{standings.ByScored, tr.T("league.col.scored"), tr.T("league.col.scored_title")},
		{standings.ByConceded, tr.T("league.col.conceded"), tr.T("league.col.conceded_title")},
	}
	var out []views.ColumnVM
	for _, col := range cols {
		if (col.col == standings.ByScored && !points.Scored) || (col.col == standings.ByConceded && !points.Conceded) {
			continue
		}
		next := q
		next.Sort, next.Desc = col.col, col.col.BestFirst()
		vm := views.ColumnVM{Label: col.label, Title: col.title}
		if q.Sort == col.col {
			next.Desc = !q.Desc
			vm.Sorted = "ascending"
			if q.Desc {
				vm.Sorted = "descending"
			}
		}
		vm.URL = next.url(base)
		out = append(out, vm)
	}
	return out
}

func standingRow(tr *locale.Localizer, l db.League, d *leagueData, r standings.Row) views.StandingRowVM {
	row := views.StandingRowVM{
		Name: d.name(r.Player), URL: playerURL(l, r.Player), Played: r.Played, Wins: r.Wins,
		Rating: ratingText(tr, r.Rating), Scored: r.Scored, Conceded: r.Conceded, Streak: streak(tr, r.Streak),
		WinRate: "–", AvgPlace: "–",
	}
	if r.Played > 0 {
		row.WinRate = strconv.Itoa(int(r.WinRate()*100+0.5)) + "%"
		row.AvgPlace = tr.Decimal(r.AvgPlace(), 2)
	}
	return row
}

// streak prints a streak: "W3", "L2", or a dash before any game.
func streak(tr *locale.Localizer, n int) string {
	switch {
	case n > 0:
		return tr.T("league.streak_won", msg.N("N", n))
	case n < 0:
		return tr.T("league.streak_lost", msg.N("N", -n))
	}
	return "–"
}

// leagueGameSummary is a league game in a list: it links to the game's
// read-only scorepad, because the league's link is read-only too.
func leagueGameSummary(tr *locale.Localizer, l db.League, g db.LeagueGame) views.GameSummary {
	var players []string
	for _, st := range g.Seats {
		players = append(players, st.Name+" "+tr.Number(st.Total))
	}
	result := tr.T("league.in_progress")
	if won := leagueWonText(tr, leagueGameWinners(g)); g.Finished() && won != "" {
		result = won
	}
	if !l.Counts(g.Rules) || g.Excluded {
		result += " · " + tr.T("league.does_not_count")
	}
	return views.GameSummary{
		URL: "/w/" + g.WatchID, Name: gameTitle(g), Players: strings.Join(players, " · "), Result: result, When: localWhen(tr, g.CreatedAt),
	}
}

// standingsFor reads the standings query of the URL, and returns the
// table of that scope of the league with its rows sorted as asked: what
// the standings page and its CSV both show.
func (s *Server) standingsFor(ctx context.Context, c *echo.Context, l db.League) (db.League, *leagueData, standingsQuery, standings.Table, []standings.Row, error) {
	d, err := s.league(ctx, l)
	if err != nil {
		return db.League{}, nil, standingsQuery{}, standings.Table{}, nil, err
	}
	l = d.record.League
	q := readStandingsQuery(c, l)
	t, err := s.table(ctx, d, q.scope())
	if err != nil {
		return db.League{}, nil, standingsQuery{}, standings.Table{}, nil, err
	}
	rows := slices.Clone(t.Rows)
	standings.Sort(rows, q.Sort, q.Desc, d.name)
	return l, d, q, t, rows, nil
}
