package handlers

import (
	"bytes"
	"context"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/msg"
	"meldpad/rules/rating"
	"meldpad/rules/standings"
	"meldpad/views"
)

// showLeaguePlayer is a player's record in the league: rating over time,
// stats by game with best and worst hands, head-to-head against every
// opponent, and every game played.
//
// It is rendered once per version of the league and page asked for
// (pageCache), as a heavy read (limits_heavy.go).
func (s *Server) showLeaguePlayer(c *echo.Context) error {
	ctx := c.Request().Context()
	l, err := s.loadLeague(c)
	if err != nil {
		return err
	}
	key := versionKey("player", l.PublicID, l.Version, c.Param("player"), c.QueryParam("page"))
	if done, err := s.pages.serve(c, key); done || err != nil {
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
		return s.movedPlayer(c, l, player)
	}
	page, err := s.heavy.do(ctx, key, func(ctx context.Context) (any, error) {
		var buf bytes.Buffer
		err := views.PlayerPage(playerVM(c, l, d, player, name)).Render(ctx, &buf)
		return buf.Bytes(), err
	})
	if err != nil {
		return err
	}
	return s.pages.store(c, key, page.([]byte))
}

// playerVM is a player's page.
func playerVM(c *echo.Context, l db.League, d *leagueData, player int64, name string) views.PlayerVM {
	tr := locale.From(c.Request().Context())
	// The player's seats in the league's games, found in one pass.
	var mine []seated
	for i, g := range d.record.Games {
		for k, st := range g.Seats {
			if st.PlayerID == player {
				mine = append(mine, seated{game: i, seat: k})
			}
		}
	}
	overall := d.table(standings.Scope{})
	row, _ := overall.Row(player)
	rec := overall.Record(player)
	vm := views.PlayerVM{
		Name: name, LeagueName: l.Name, LeagueURL: leagueURL(l),
		Rating: ratingText(tr, row.Rating), Ordinal: tr.Decimal(row.Rating.Ordinal(), 1),
		Summary: standingRow(tr, l, d, row), Chart: ratingChart(tr, name, rec.Games),
	}
	for _, id := range l.Games {
		r, ok := d.table(standings.Scope{Rules: id}).Row(player)
		if !ok || r.Played == 0 {
			continue
		}
		stats := views.PlayerGameStatsVM{Game: gameName(id), Row: standingRow(tr, l, d, r)}
		stats.Best, stats.Worst = bestAndWorstHands(tr, d, mine, id)
		vm.ByGame = append(vm.ByGame, stats)
	}
	for _, o := range rec.Opponents {
		vm.Opponents = append(vm.Opponents, views.OpponentVM{
			Name: d.name(o.Player), URL: playerURL(l, o.Player), Games: o.Games, Ahead: o.Ahead, Behind: o.Behind, Level: o.Level,
		})
	}
	playerGames(c, &vm, l, d, mine, player, rec)
	return vm
}

// movedPlayer sends a link to an id that is no longer one of the league's
// players to the player it became (a name merged into another, or a
// player numbered anew when players came to belong to leagues), keeping
// the query; any other id is not found.
func (s *Server) movedPlayer(c *echo.Context, l db.League, oldID int64) error {
	now, err := s.store.Members.MovedPlayer(c.Request().Context(), l.ID, oldID)
	if err != nil {
		return err
	}
	target := playerURL(l, now)
	if q := c.QueryString(); q != "" {
		target += "?" + q
	}
	return c.Redirect(http.StatusMovedPermanently, target)
}

// seated is one of a player's seats: the game's index in the league's
// record and the seat.
type seated struct{ game, seat int }

// bestAndWorstHands finds the player's best and worst hand in the
// finished league games of one kind (the games the standings count), from
// each seat's derived most and fewest points in one hand
// (db.LeagueSeat): the most is the best, unless the game's lowest total
// wins (Hearts, by points), where the fewest is. The earliest on a tie.
func bestAndWorstHands(tr *locale.Localizer, d *leagueData, mine []seated, rulesID string) (best, worst views.HandLinkVM) {
	// The game names its rounds ("deal", "trick"); the rules say them
	// in English for now.
	round := "hand"
	r, known := rules.Lookup(rulesID)
	if known {
		round = r.Round
	}
	link := func(g db.LeagueGame, h db.HandScore) views.HandLinkVM {
		where := round + " " + strconv.Itoa(h.Hand) + " · " + localWhen(tr, g.CreatedAt)
		return views.HandLinkVM{Points: views.Signed(h.Points), Where: where, URL: "/w/" + g.WatchID}
	}
	// worth is how good a hand's points are: themselves, or less the
	// more they are where the lowest total wins.
	var bestWorth, worstWorth int
	found := false
	for _, m := range mine {
		g := *d.record.Games[m.game]
		st := g.Seats[m.seat]
		if g.Rules != rulesID || !g.Finished() || st.Best.Hand == 0 {
			continue
		}
		top, bottom, sign := st.Best, st.Worst, 1
		if known && r.Aim(g.Settings).LowestWins {
			top, bottom, sign = st.Worst, st.Best, -1
		}
		if !found || sign*top.Points > bestWorth {
			bestWorth, best = sign*top.Points, link(g, top)
		}
		if !found || sign*bottom.Points < worstWorth {
			worstWorth, worst = sign*bottom.Points, link(g, bottom)
		}
		found = true
	}
	return best, worst
}

// playerGamesPerPage is how many of a player's games the page lists at
// once: a regular's hundreds of games would make a page slow to send and
// to read on a phone.
const playerGamesPerPage = 50

// playerGames lists the player's league games, newest first, a page at a
// time (?page=), finished or not, counted or not: with the place, the
// total and the rating after it when it counted.
func playerGames(c *echo.Context, vm *views.PlayerVM, l db.League, d *leagueData, mine []seated, player int64, rec standings.Record) {
	tr := locale.From(c.Request().Context())
	vm.GamesCount = len(mine)
	vm.Pages = max(1, (len(mine)+playerGamesPerPage-1)/playerGamesPerPage)
	page, err := strconv.Atoi(c.QueryParam("page"))
	if err != nil || page < 1 {
		page = 1
	}
	vm.Page = min(page, vm.Pages)
	base := playerURL(l, player)
	if vm.Page > 1 {
		vm.NewerURL = base + "?page=" + strconv.Itoa(vm.Page-1) + "#games"
	}
	if vm.Page < vm.Pages {
		vm.OlderURL = base + "?page=" + strconv.Itoa(vm.Page+1) + "#games"
	}
	overall := d.table(standings.Scope{})
	after := make(map[string]rating.Rating, len(rec.Games))
	for _, p := range rec.Games {
		after[overall.Games[p.Game].Key] = p.Rating
	}
	last := len(mine) - 1 - (vm.Page-1)*playerGamesPerPage
	for i := last; i >= 0 && i > last-playerGamesPerPage; i-- {
		g, seat := d.record.Games[mine[i].game], mine[i].seat
		row := views.PlayerGameRowVM{
			When: localWhen(tr, g.CreatedAt), Game: gameTitle(*g), Total: tr.Number(g.Seats[seat].Total), URL: "/w/" + g.WatchID,
			Result: tr.T("league.in_progress"),
		}
		if g.Finished() {
			sg := standings.Game{Winner: g.Winner}
			for _, st := range g.Seats {
				sg.Seats = append(sg.Seats, standings.Seat{Player: st.PlayerID, Total: st.Total, Place: st.Place})
			}
			places := standings.Places(sg)
			row.Result = placeName(tr, places, seat)
			row.Won = places[seat] == 1
		}
		if r, ok := after[g.WatchID]; ok {
			row.Rating = r.String()
		} else if g.Finished() {
			row.Rating = tr.T("league.does_not_count")
		}
		vm.Games = append(vm.Games, row)
	}
}

// placeName is "1st of 4", or "2nd= of 4" when the place is shared.
func placeName(tr *locale.Localizer, places []int, seat int) string {
	p := places[seat]
	shared := ""
	for k, q := range places {
		if k != seat && q == p {
			shared = "="
		}
	}
	return tr.T("league.place_of", msg.S("Place", tr.Ordinal(p)+shared), msg.N("Of", len(places)))
}
