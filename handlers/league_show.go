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
	vm := views.LeagueVM{
		Name: l.Name, URL: base, GamesURL: base + "/games", Starts: leagueChoices(l),
		Scope: scopeName(l, q.scope()), Games: len(t.Games), Min: q.Min,
		ShowScored: t.Points.Scored, ShowConceded: t.Points.Conceded, PointsNote: pointsNote(q.Rules),
		Filter: filterVM(l, q), StandingsCSV: q.url(base + "/standings.csv"), GamesCSV: base + "/games.csv",
	}
	vm.Columns = standingsColumns(q, base, t.Points)
	var shown []standings.Row
	for _, r := range rows {
		if r.Played < q.Min {
			vm.Hidden++
			continue
		}
		shown = append(shown, r)
		vm.Rows = append(vm.Rows, standingRow(l, d, r))
	}
	vm.Movement = movementChart(d, t, shown)
	events, err := s.store.Events.LeagueEvents(c.Request().Context(), l.ID)
	if err != nil {
		return err
	}
	vm.Events, err = eventSummaries(events, func(id int64) string { return base + "/events/" + strconv.FormatInt(id, 10) })
	if err != nil {
		return err
	}
	for i := len(d.record.Games) - 1; i >= 0 && len(vm.Recent) < 8; i-- {
		vm.Recent = append(vm.Recent, leagueGameSummary(l, *d.record.Games[i]))
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
func scopeName(l db.League, scope standings.Scope) string {
	what := "All games"
	if scope.Rules != "" {
		what = gameName(scope.Rules)
	}
	when := "all seasons"
	for _, sn := range l.Seasons {
		if sn.ID == scope.Season {
			when = sn.Name
		}
	}
	return what + " · " + when
}

func pointsNote(rulesID string) string {
	p := standings.PointsFor(rulesID)
	switch {
	case p.Conceded:
		return "Points: the player's final totals (for) and the other players' (against). In " + gameName(rulesID) +
			" one player scores each round, from the others' cards, so points are won from the table."
	case p.Scored:
		return "Points: the player's final totals. In " + gameName(rulesID) +
			" everyone scores their own cards, so what the others made was not taken from the player: there is no “against”."
	}
	return "Choose one game to see points: totals of a game to 30 and a game to 500 do not add up."
}

func filterVM(l db.League, q standingsQuery) views.FilterVM {
	f := views.FilterVM{Action: leagueURL(l), Min: q.Min}
	if q.Sort != standings.ByRating || !q.Desc {
		f.Sort = string(q.Sort)
		f.Dir = map[bool]string{true: "desc", false: "asc"}[q.Desc]
	}
	f.Seasons = append(f.Seasons, views.OptionVM{Value: "", Label: "All seasons", Selected: q.Season == 0})
	for _, sn := range l.Seasons {
		f.Seasons = append(f.Seasons, views.OptionVM{Value: strconv.FormatInt(sn.ID, 10), Label: sn.Name, Selected: sn.ID == q.Season})
	}
	f.Games = append(f.Games, views.OptionVM{Value: "", Label: "All games", Selected: q.Rules == ""})
	for _, id := range l.Games {
		f.Games = append(f.Games, views.OptionVM{Value: id, Label: gameName(id), Selected: id == q.Rules})
	}
	return f
}

// standingsColumns are the table's headers, each a link that sorts by it:
// best first on the first tap, the other way on the next.
func standingsColumns(q standingsQuery, base string, points standings.Points) []views.ColumnVM {
	cols := []struct {
		col          standings.Column
		label, title string
	}{
		{standings.ByName, "Player", "Player"},
		{standings.ByRating, "Rating", "Rating, μ ± 3σ"},
		{standings.ByPlayed, "GP", "Games played"},
		{standings.ByWins, "W", "Wins"},
		{standings.ByWinRate, "Win %", "Share of games won"},
		{standings.ByAvgPlace, "Avg pl.", "Average finishing place"},
		{standings.ByStreak, "Streak", "Current streak: W3 is three wins in a row, L2 two games without a win"},
		{standings.ByScored, "Pts", "Points scored"},
		{standings.ByConceded, "Agst", "Points conceded"},
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

func standingRow(l db.League, d *leagueData, r standings.Row) views.StandingRowVM {
	row := views.StandingRowVM{
		Name: d.name(r.Player), URL: playerURL(l, r.Player), Played: r.Played, Wins: r.Wins,
		Rating: r.Rating.String(), Scored: r.Scored, Conceded: r.Conceded, Streak: streak(r.Streak),
		WinRate: "–", AvgPlace: "–",
	}
	if r.Played > 0 {
		row.WinRate = strconv.Itoa(int(r.WinRate()*100+0.5)) + "%"
		row.AvgPlace = strconv.FormatFloat(r.AvgPlace(), 'f', 2, 64)
	}
	return row
}

// streak prints a streak: "W3", "L2", or a dash before any game.
func streak(n int) string {
	switch {
	case n > 0:
		return "W" + strconv.Itoa(n)
	case n < 0:
		return "L" + strconv.Itoa(-n)
	}
	return "–"
}

// leagueGameSummary is a league game in a list: it links to the game's
// read-only scorepad, because the league's link is read-only too.
func leagueGameSummary(l db.League, g db.LeagueGame) views.GameSummary {
	var players []string
	for _, st := range g.Seats {
		players = append(players, st.Name+" "+strconv.Itoa(st.Total))
	}
	result := "in progress"
	if won := wonText(leagueGameWinners(g)); g.Finished() && won != "" {
		result = won
	}
	if !l.Counts(g.Rules) || g.Excluded {
		result += " · does not count"
	}
	return views.GameSummary{
		URL: "/w/" + g.WatchID, Name: gameTitle(g), Players: strings.Join(players, " · "), Result: result, When: when(g.CreatedAt),
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
