package handlers

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/rules/rating"
	"meldpad/standings"
	"meldpad/views"
)

// showLeaguePlayer is a player's record in the league: rating over time,
// stats by game with best and worst hands, head-to-head against every
// opponent, and every game played.
func (s *Server) showLeaguePlayer(c echo.Context) error {
	ctx := c.Request().Context()
	l, err := s.loadLeague(c)
	if err != nil {
		return err
	}
	d, err := s.league(ctx, l)
	if err != nil {
		return err
	}
	l = d.record.League
	player, err := strconv.ParseInt(c.Param("player"), 10, 64)
	if err != nil {
		return db.ErrNotFound
	}
	name, ok := d.names[player]
	if !ok {
		return db.ErrNotFound
	}
	extremes, err := s.handExtremes(ctx, d, player)
	if err != nil {
		return err
	}

	overall := d.table(standings.Scope{})
	row, _ := overall.Row(player)
	rec := overall.Record(player)
	vm := views.PlayerVM{
		Name: name, LeagueName: l.Name, LeagueURL: leagueURL(l),
		Rating: row.Rating.String(), Ordinal: strconv.FormatFloat(row.Rating.Ordinal(), 'f', 1, 64),
		Summary: standingRow(l, d, row), Chart: ratingChart(name, rec.Games),
	}
	for _, id := range l.Games {
		r, ok := d.table(standings.Scope{Rules: id}).Row(player)
		if !ok || r.Played == 0 {
			continue
		}
		stats := views.PlayerGameStatsVM{Game: gameName(id), Row: standingRow(l, d, r)}
		for _, e := range extremes {
			if e.Rules != id {
				continue
			}
			hand := views.HandLinkVM{Points: views.Signed(e.Points), Where: handName(e) + " · " + when(e.CreatedAt), URL: "/w/" + e.WatchID}
			if e.Best {
				stats.Best = hand
			} else {
				stats.Worst = hand
			}
		}
		vm.ByGame = append(vm.ByGame, stats)
	}
	for _, o := range rec.Opponents {
		vm.Opponents = append(vm.Opponents, views.OpponentVM{
			Name: d.name(o.Player), URL: playerURL(l, o.Player), Games: o.Games, Ahead: o.Ahead, Behind: o.Behind, Level: o.Level,
		})
	}
	vm.Games = playerGames(l, d, player, rec)
	return render(c, http.StatusOK, views.PlayerPage(vm))
}

// handName is "deal 3", "trick 12".
func handName(e db.HandExtreme) string {
	round := "hand"
	if g, ok := rules.Lookup(e.Rules); ok {
		round = g.Round
	}
	return round + " " + strconv.Itoa(e.Hand)
}

// playerGames lists every league game the player sat at, newest first,
// finished or not, counted or not: with the place, the total and the
// rating after it when it counted.
func playerGames(l db.League, d *leagueData, player int64, rec standings.Record) []views.PlayerGameRowVM {
	after := make(map[string]rating.Rating, len(rec.Games))
	overall := d.table(standings.Scope{})
	for _, p := range rec.Games {
		after[overall.Games[p.Game].Key] = p.Rating
	}
	var out []views.PlayerGameRowVM
	for i := len(d.record.Games) - 1; i >= 0; i-- {
		g := d.record.Games[i]
		seat := -1
		for k, st := range g.Seats {
			if st.PlayerID == player {
				seat = k
			}
		}
		if seat < 0 {
			continue
		}
		row := views.PlayerGameRowVM{
			When: when(g.CreatedAt), Game: gameName(g.Rules), Total: strconv.Itoa(g.Seats[seat].Total), URL: "/w/" + g.WatchID,
			Result: "in progress",
		}
		if g.Finished() {
			sg := standings.Game{Winner: g.Winner}
			for _, st := range g.Seats {
				sg.Seats = append(sg.Seats, standings.Seat{Player: st.PlayerID, Total: st.Total})
			}
			places := standings.Places(sg)
			row.Result = placeName(places, seat)
			row.Won = places[seat] == 1
		}
		if r, ok := after[g.WatchID]; ok {
			row.Rating = r.String()
		} else if g.Finished() {
			row.Rating = "does not count"
		}
		out = append(out, row)
	}
	return out
}

// placeName is "1st of 4", or "2nd= of 4" when the place is shared.
func placeName(places []int, seat int) string {
	p := places[seat]
	shared := ""
	for k, q := range places {
		if k != seat && q == p {
			shared = "="
		}
	}
	return ordinal(p) + shared + " of " + strconv.Itoa(len(places))
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}
