package handlers

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/views"
)

// showGame renders the scorepad.
//
// The page is the same for everyone until the game's version moves (or
// its league's name): it is rendered once per version (pageCache), and a
// phone that has it already gets a 304. Only the game's row and seats are
// read to know the version; the hands only when the page is rendered.
func (s *Server) showGame(c *echo.Context) error {
	ctx := c.Request().Context()
	stamp, err := s.store.Stamps.GameStamp(ctx, c.Param("game"))
	if err != nil {
		return err
	}
	if !stamp.Deleted.IsZero() {
		g, err := s.store.Games.GameEvenDeleted(ctx, c.Param("game"))
		if err != nil {
			return err
		}
		return s.showDeleted(c, g, "")
	}
	rememberGame(c, c.Param("game"))
	l := lang(c)
	saved := l.Say(scorepadFlashes[c.QueryParam("saved")])
	key := func(version int) string { // the league's name and link show on the page (playersScorepadVM)
		return versionKey("scorepad", c.Param("game"), version, saved, stamp.League, stamp.LeaguePublicID)
	}
	if done, err := s.pages.serve(c, key(stamp.Version)); done || err != nil {
		return err
	}
	g, err := s.store.Games.Game(ctx, c.Param("game"))
	if err != nil {
		return err
	}
	t, err := s.tableOf(c, g)
	if err != nil {
		return err
	}
	vm := playersScorepadVM(l, t, stamp, saved)
	var buf bytes.Buffer
	if err := views.GamePage(vm).Render(c.Request().Context(), &buf); err != nil {
		return err
	}
	// Kept under the version it shows, which a write may have moved since
	// the stamp was read.
	return s.pages.store(c, key(g.Version), buf.Bytes())
}

// playersScorepadVM is the scorepad of the game's own link, its league as
// stamp names it.
func playersScorepadVM(l *locale.Localizer, t table, stamp db.Stamp, saved string) views.GameVM {
	vm := scorepadVM(l, t, saved)
	vm.League = stamp.League
	if stamp.LeaguePublicID != "" {
		vm.LeagueURL = leagueURL(db.League{PublicID: stamp.LeaguePublicID})
	}
	return vm
}

// scorepadFlashes are the lines a redirect's ?saved= puts on the
// scorepad; any other says nothing.
var scorepadFlashes = map[string]msg.Msg{
	"added":     msg.New("scorepad.flash_added"),
	"corrected": msg.New("scorepad.flash_corrected"),
	"deleted":   msg.New("scorepad.flash_deleted"),
	"renamed":   msg.New("scorepad.flash_renamed"),
	"restored":  msg.New("scorepad.flash_restored"),
}

// scorepadVM builds the scorepad's view model: totals from the store
// (derived in the write that changed them), running totals per row,
// dealer, and the result.
func scorepadVM(l *locale.Localizer, t table, flashMsg string) views.GameVM {
	g, r := t.Game, t.Rules
	state := t.State()
	aim := r.Aim(g.Settings)
	vm := views.GameVM{
		Title: r.Title(g.Settings), URL: t.url(), Target: aim.Target, LowestWins: aim.LowestWins, Goal: goal(l, r, g.Settings), Round: r.Round,
		Finished: g.Finished(), RecordURL: t.url() + "/hands/new", HistoryURL: t.url() + "/history", Flash: flashMsg,
		LiveURL: t.url() + "/events", Version: g.Version, ShareURL: t.url() + "/share", RulesURL: views.RulesURL(r.ID, ""),
	}
	if hasQuestions(r) {
		vm.AdjudicateURL = "/adjudicate?game=" + r.ID
	}
	if hasSheet(r) {
		vm.CardsURL = t.url() + "/hands/new?by=cards"
	}
	if g.Finished() {
		vm.RematchURL = t.url() + "/rematch"
	}
	if !g.InLeague {
		// A league game's players are the league's, renamed and taken
		// out by its organizer.
		vm.NamesURL, vm.DeleteURL = t.url()+"/players", t.url()+"/delete"
	}
	if r.CanEnd(state) {
		vm.EndURL = t.url() + "/end"
	}
	for _, h := range r.HouseRules {
		if state.House(r.Info, h.Key) {
			vm.HouseRules = append(vm.HouseRules, l.Say(h.Name)+" ("+h.Rule+")")
		}
	}
	for _, h := range t.Hands {
		if !h.EndsGame {
			vm.Played++
		}
	}
	dealer := state.Dealer()
	leaders := leading(aim, g.Seats)
	for i, seat := range g.Seats {
		vm.Seats = append(vm.Seats, views.SeatVM{Name: seat.Name, Total: seat.Total, Dealer: i == dealer, Winner: g.Finished() && seat.Place == 1,
			Ahead: !g.Finished() && vm.Played > 0 && leaders[i]})
	}
	if g.Finished() {
		res := r.Result(state)
		vm.Result = resultText(l, t, res)
		for _, b := range res.Bonuses {
			vm.Bonuses = append(vm.Bonuses, views.BonusVM{Name: bonusName(l, b.Name), Rule: b.Rule, Points: b.Points})
		}
		if len(vm.Bonuses) > 0 {
			vm.Finals = res.Final
		}
	}
	if seat, rule, ok := r.NextLeader(state); ok {
		vm.NextLeader, vm.LeaderRule = t.Names()[seat], rule
	}
	running := make([]int, len(g.Seats))
	for _, h := range t.Hands {
		row := views.HandRowVM{Number: h.Seq, Note: t.rowNote(l, h), EditURL: t.url() + "/hands/" + itoa64(h.ID)}
		for seat := range g.Seats {
			p := 0
			if seat < len(h.Points) {
				p = h.Points[seat]
			}
			running[seat] += p
			row.Points = append(row.Points, p)
			row.Totals = append(row.Totals, running[seat])
		}
		vm.Hands = append(vm.Hands, row)
	}
	vm.TotalsChart = runningTotalsChart(l, vm)
	return vm
}

// leading marks the seats whose total is the best by the game's aim (the
// lowest when the lowest total wins), none while every total is the same.
func leading(aim game.Aim, seats []db.Seat) []bool {
	out := make([]bool, len(seats))
	if len(seats) < 2 {
		return out
	}
	best, level := seats[0].Total, true
	for _, st := range seats[1:] {
		level = level && st.Total == best
		if aim.Better(st.Total, best) {
			best = st.Total
		}
	}
	for i, st := range seats {
		out[i] = !level && st.Total == best
	}
	return out
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// goal says how a game ends: "Game to 100 (N8)", or a game by points'
// own settings ("to 100, lowest wins"), in the table's language where
// the game says them as a message (points.Module).
func goal(l *locale.Localizer, r rules.Game, settings []byte) string {
	if d, ok := r.Module.(interface {
		DescribeMessage(json.RawMessage) msg.Msg
	}); ok {
		if m := d.DescribeMessage(settings); !m.IsZero() {
			return l.Say(msg.Capital(m))
		}
	}
	if d := r.Describe(settings); d != "" {
		return capitalize(d)
	}
	return l.T("scorepad.goal", msg.N("Target", r.Target), msg.S("Rule", r.EndRule))
}

// resultText says who won: "Ann wins with 120", "Ann and Bob share the
// win with 42".
func resultText(l *locale.Localizer, t table, res game.Result) string {
	names := t.Names()
	var winners []string
	for _, w := range res.Winners {
		winners = append(winners, names[w])
	}
	total := 0
	if w := res.Winner(); w >= 0 {
		total = res.Final[w]
	}
	if len(winners) > 1 {
		return l.T("scorepad.share_win_with", msg.Strings("Names", winners), msg.N("Total", total))
	}
	return l.T("scorepad.wins_with", msg.Strings("Names", winners), msg.N("Total", total))
}
