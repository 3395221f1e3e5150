package handlers

import (
	"strings"

	"meldpad/locale"
	"meldpad/rules/msg"
	"meldpad/rules/rating"
	"meldpad/rules/standings"
	"meldpad/views"
)

// runningTotalsChart draws a game's totals after each hand, one line per
// seat, with the target as a guide. The scorepad's table of hands, right
// above it, holds the same numbers as text.
func runningTotalsChart(l *locale.Localizer, vm views.GameVM) *views.ChartVM {
	if len(vm.Hands) == 0 {
		return nil
	}
	spec := views.ChartSpec{
		ID: "totals-chart", Title: l.T("scorepad.chart_title." + vm.Round),
		XLabel: l.T("scorepad.chart_axis." + vm.Round), YLabel: l.T("scorepad.chart_total"),
	}
	// The guide is the total that ends the game, when one does (a game by
	// points may end after a number of rounds, or when the table says).
	aim := l.T("scorepad.chart_highest_wins")
	if vm.LowestWins {
		aim = l.T("scorepad.chart_lowest_wins")
	}
	if vm.Target > 0 {
		spec.GuideY, spec.GuideLabel = float64(vm.Target), l.T("scorepad.chart_ends_at", msg.N("Target", vm.Target))
		aim = l.T("scorepad.chart_target_aim", msg.N("Target", vm.Target), msg.S("Aim", aim))
	}
	var words []string
	for seat, st := range vm.Seats {
		s := views.Series{Name: st.Name, Value: l.Score(st.Total), X: []float64{0}, Y: []float64{0}}
		for _, h := range vm.Hands {
			s.X = append(s.X, float64(h.Number))
			s.Y = append(s.Y, float64(h.Totals[seat]))
		}
		spec.Series = append(spec.Series, s)
		words = append(words, st.Name+" "+l.Score(st.Total))
	}
	spec.Desc = l.T("scorepad.chart_desc."+vm.Round, msg.N("Count", len(vm.Hands)), msg.S("Aim", aim),
		msg.S("Totals", strings.Join(words, ", ")))
	chart := views.NewChart(spec)
	return &chart
}

// ratingChart draws a player's rating after each of their games: the
// line is mu, the band mu ± 3 sigma, starting from the newcomer's 25 ± 25.
func ratingChart(tr *locale.Localizer, name string, games []standings.Played) *views.ChartVM {
	if len(games) == 0 {
		return nil
	}
	start := rating.New()
	s := views.Series{Name: name, X: []float64{0}, Y: []float64{start.Mu},
		Low: []float64{start.Mu - rating.Z*start.Sigma}, High: []float64{start.Mu + rating.Z*start.Sigma}}
	best, bestAt := start, 0
	for i, g := range games {
		r := g.Rating
		s.X = append(s.X, float64(i+1))
		s.Y = append(s.Y, r.Mu)
		s.Low = append(s.Low, r.Mu-rating.Z*r.Sigma)
		s.High = append(s.High, r.Mu+rating.Z*r.Sigma)
		if r.Mu > best.Mu {
			best, bestAt = r, i+1
		}
	}
	last := games[len(games)-1].Rating
	desc := tr.T("league.chart.rating_desc", msg.S("Player", name), msg.S("From", ratingText(tr, start)), msg.S("To", ratingText(tr, last)), msg.N("Games", len(games)))
	if bestAt > 0 {
		desc = tr.T("league.chart.rating_desc_best", msg.S("Text", desc), msg.S("Mu", tr.Decimal(best.Mu, 1)), msg.N("Game", bestAt))
	}
	chart := views.NewChart(views.ChartSpec{
		ID: "rating-chart", Title: tr.T("league.chart.rating_title", msg.S("Player", name)), Desc: desc,
		XLabel: tr.T("league.chart.games_played"), YLabel: tr.T("league.chart.rating_band"), Series: []views.Series{s},
	})
	return &chart
}

// movementChart draws how the leaders' ratings (mu - 3 sigma, the number
// the table sorts by) moved over the table's games, for the first players
// of the table as sorted. The table itself is the text alternative.
func movementChart(tr *locale.Localizer, d *leagueData, t standings.Table, rows []standings.Row) *views.ChartVM {
	var follow []int64
	for _, r := range rows {
		if r.Played > 0 && len(follow) < movementPlayers {
			follow = append(follow, r.Player)
		}
	}
	if len(follow) == 0 {
		return nil
	}
	series := make([]views.Series, len(follow))
	index := map[int64]int{}
	for i, p := range follow {
		index[p] = i
		series[i] = views.Series{Name: d.name(p), X: []float64{0}, Y: []float64{0}}
	}
	for i, g := range t.Games {
		for seat, st := range g.Seats {
			if k, ok := index[st.Player]; ok {
				series[k].X = append(series[k].X, float64(i+1))
				series[k].Y = append(series[k].Y, t.After[i][seat].Ordinal())
			}
		}
	}
	var words []string
	for i := range series {
		last := series[i].Y[len(series[i].Y)-1]
		series[i].Value = tr.Decimal(last, 1)
		words = append(words, series[i].Name+" "+series[i].Value)
	}
	chart := views.NewChart(views.ChartSpec{
		ID: "movement-chart", Title: tr.T("league.chart.movement_title"),
		Desc:   tr.T("league.chart.movement_desc", msg.N("Players", len(follow)), msg.N("Games", len(t.Games)), msg.S("Now", strings.Join(words, ", "))),
		XLabel: tr.T("league.chart.games_in_league"), YLabel: tr.T("league.chart.ordinal"), Series: series,
	})
	return &chart
}
