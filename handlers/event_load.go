package handlers

import (
	"context"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/eventnight"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/event"
	"meldpad/rules/msg"
	"meldpad/views"
)

// eventIDParam reads the event's id from the URL (:event); anything else
// is no event.
func eventIDParam(c *echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("event"), 10, 64)
	if err != nil || id <= 0 {
		return 0, db.ErrNotFound
	}
	return id, nil
}

// leagueEvent loads the event of the URL, which must be the league's:
// another league's event is no event here.
func (s *Server) leagueEvent(c *echo.Context, l db.League) (db.Event, error) {
	id, err := eventIDParam(c)
	if err != nil {
		return db.Event{}, err
	}
	return s.store.Events.LeagueEvent(c.Request().Context(), l.ID, id)
}

// organizedEvent wraps a handler of an event's organizer's link (under
// organized): it loads the event of the URL, the league's own.
func (s *Server) organizedEvent(next func(c *echo.Context, l db.League, e db.Event) error) echo.HandlerFunc {
	return s.organized(func(c *echo.Context, l db.League) error {
		e, err := s.leagueEvent(c, l)
		if err != nil {
			return err
		}
		return next(c, l, e)
	})
}

// loadEventState loads an event's record and works out what its pages
// show.
func (s *Server) loadEventState(ctx context.Context, eventID int64) (eventState, error) {
	rec, err := eventnight.Load(ctx, s.store.Events, eventID)
	if err != nil {
		return eventState{}, err
	}
	return newEventState(rec), nil
}

func eventOrganizerURL(l db.League, e db.Event) string {
	return organizerURL(l) + "/events/" + strconv.FormatInt(e.ID, 10)
}

func eventMembersURL(l db.League, e db.Event) string {
	return leagueURL(l) + "/events/" + strconv.FormatInt(e.ID, 10)
}

func eventScreenURL(e db.Event) string { return "/s/" + e.ScreenID }

// eventKey is the key under which an event's changes are published to
// the live-update broker (Broker): its id negated, which no game's id is,
// so that a screen watches the event beside its tables' games.
func eventKey(eventID int64) int64 { return -eventID }

// eventState is an event as its pages show it: the record, the game, and
// what is worked out from them.
type eventState struct {
	rec   eventnight.Record
	game  rules.Game
	round int // the last round seated, 0 before the first
	rows  []event.Row
	names map[int64]string
	// open are the numbers of the last round's tables still being
	// played (finished tables, and tables that do not count, are done).
	open []int
}

func newEventState(rec eventnight.Record) eventState {
	g, _ := rules.Lookup(rec.Event.Rules)
	st := eventState{rec: rec, game: g, round: rec.Round(), names: map[int64]string{}}
	for _, p := range rec.Players {
		st.names[p.PlayerID] = p.Name
	}
	for _, t := range rec.Tables {
		for _, seat := range t.Game.Seats {
			if _, ok := st.names[seat.PlayerID]; !ok {
				st.names[seat.PlayerID] = seat.Name
			}
		}
		if t.Round == st.round && t.Counts && !t.Game.Finished() {
			st.open = append(st.open, t.Number)
		}
	}
	st.rows = event.Standings(rec.PlayerIDs(), rec.EventTables(), rec.Byes, rec.Event.Config)
	return st
}

// finished reports whether the event is over: its last round seated and
// played.
func (st eventState) finished() bool {
	return st.round >= st.rec.Event.Config.Rounds && len(st.open) == 0
}

// present are the players seated in round, best first by the standings.
func (st eventState) present(round int) []event.Row {
	in := map[int64]bool{}
	for _, p := range st.rec.Players {
		if p.Present(round) {
			in[p.PlayerID] = true
		}
	}
	var out []event.Row
	for _, r := range st.rows {
		if in[r.Player] {
			out = append(out, r)
		}
	}
	return out
}

// status says where the event stands, in a few words.
func (st eventState) status(tr *locale.Localizer) string {
	rounds := st.rec.Event.Config.Rounds
	switch {
	case st.round == 0:
		return tr.T("event.status.checking_in", msg.M("Players", msg.New("event.players", msg.N("Count", len(st.present(1))))),
			msg.M("Rounds", msg.New("event.rounds_to_play", msg.N("Count", rounds))))
	case st.finished():
		return tr.T("event.status.finished", msg.N("Count", rounds))
	case len(st.open) == 0:
		return tr.T("event.status.round_over", msg.N("Round", st.round), msg.N("Rounds", rounds))
	}
	return tr.T("event.status.playing", msg.N("Round", st.round), msg.N("Rounds", rounds), msg.N("Count", len(st.open)))
}

// rulesText says how the event runs, for its pages.
func (st eventState) rulesText(tr *locale.Localizer) []string {
	cfg := st.rec.Event.Config
	var sizes []string
	for _, s := range cfg.Sizes {
		sizes = append(sizes, strconv.Itoa(s))
	}
	out := []string{tr.T("event.rule.tables", msg.S("Sizes", orList(tr, sizes)), msg.N("Count", cfg.Rounds), msg.S("Pairing", pairingText(tr, cfg.Pairing)))}
	if cfg.Scoring == event.ByGamePoints {
		out = append(out, tr.T("event.rule.game_points"))
	} else {
		var pts []string
		for _, p := range cfg.PlacePoints {
			pts = append(pts, tr.Number(p))
		}
		out = append(out, tr.T("event.rule.place_points", msg.S("Points", strings.Join(pts, ", "))))
	}
	if cfg.Bye == event.ByeFixed {
		out = append(out, tr.T("event.rule.bye_fixed", msg.N("Count", cfg.ByePoints)))
	} else {
		out = append(out, tr.T("event.rule.bye_average"))
	}
	var order []string
	for _, k := range cfg.TieBreaks {
		order = append(order, tr.T("event.criterion_in_text."+string(k)))
	}
	out = append(out, tr.T("event.rule.ranked", msg.S("Order", strings.Join(order, tr.T("event.rule.then")))))
	return out
}

// criterionName names a tie-break in the request's language ("Tables
// won"); as a part of a sentence it is lower-cased.
func criterionName(tr *locale.Localizer, k event.Criterion) string {
	return tr.T("event.criterion." + string(k))
}

func pairingText(tr *locale.Localizer, p event.Pairing) string {
	switch p {
	case event.Swiss:
		return tr.T("event.pairing_text.swiss")
	case event.RoundRobin:
		return tr.T("event.pairing_text.round_robin")
	}
	return tr.T("event.pairing_text.fewest_repeats")
}

// orList joins words as "3, 4 or 5".
func orList(tr *locale.Localizer, words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return tr.T("event.or_list", msg.S("A", strings.Join(words[:len(words)-1], ", ")), msg.S("B", words[len(words)-1]))
}

// standingsVM is the event's ranking.
func (st eventState) standingsVM(tr *locale.Localizer) views.EventStandingsVM {
	vm := views.EventStandingsVM{GamePoints: st.game.Points.Scored, Note: tr.T("event.standings_note")}
	if st.game.Points.Scored {
		vm.Note = tr.T("event.standings_note_gp")
	}
	player := map[int64]db.EventPlayer{}
	for _, p := range st.rec.Players {
		player[p.PlayerID] = p
	}
	for i, r := range st.rows {
		rank := strconv.Itoa(r.Rank)
		if (i > 0 && st.rows[i-1].Rank == r.Rank) || (i+1 < len(st.rows) && st.rows[i+1].Rank == r.Rank) {
			rank = "=" + rank
		}
		row := views.EventRowVM{Rank: rank, Name: st.names[r.Player], Points: event.FormatPoints(r.Points),
			Played: r.Played, Wins: r.Wins, GamePoints: r.GamePoints, Byes: r.Byes}
		if p, ok := player[r.Player]; ok {
			switch {
			case p.Dropped > 0 && p.Dropped <= st.round+1:
				row.Note = tr.T("event.left_after", msg.N("Round", p.Dropped-1))
			case p.Joined > 1:
				row.Note = tr.T("event.from_round", msg.N("Round", p.Joined))
			}
		}
		vm.Rows = append(vm.Rows, row)
	}
	return vm
}

// roundVM is one round's tables: linked to the games' own links for the
// organizer (own), to their read-only links for everyone else.
func (st eventState) roundVM(tr *locale.Localizer, round int, own bool, markAction func(number int) string) views.EventRoundVM {
	vm := views.EventRoundVM{Number: round}
	for _, t := range st.rec.TablesOf(round) {
		tv := views.EventTableVM{Number: t.Number, URL: "/w/" + t.Game.WatchID, Counts: t.Counts}
		if own {
			tv.URL = "/g/" + t.PublicID
		}
		if markAction != nil {
			tv.MarkAction = markAction(t.Number)
		}
		for i, seat := range t.Game.Seats {
			tv.Seats = append(tv.Seats, views.EventSeatVM{Name: seat.Name, Total: seat.Total,
				Winner: t.Game.Finished() && seat.Place == 1, Dealer: i == t.FirstDealer && t.Hands == 0})
		}
		switch {
		case !t.Counts:
			tv.State, tv.Done = tr.T("league.does_not_count"), true
		case t.Game.Finished():
			tv.State, tv.Done = leagueWonText(tr, leagueGameWinners(t.Game)), true
		case t.Hands == 0:
			tv.State = tr.T("event.table_starting")
		default:
			tv.State = tr.T("event.table_playing", msg.N("Count", t.Hands))
		}
		vm.Tables = append(vm.Tables, tv)
	}
	var byes []string
	for _, p := range st.rec.ByesOf(round) {
		byes = append(byes, st.names[p])
	}
	vm.Byes = strings.Join(byes, ", ")
	return vm
}

// eventSummaries are the league's events for its pages, each linked
// with url.
func eventSummaries(tr *locale.Localizer, events []db.EventSummary, url func(id int64) string) ([]views.EventListVM, error) {
	var out []views.EventListVM
	for _, e := range events {
		rounds, err := eventnight.Rounds(e)
		if err != nil {
			return nil, err
		}
		detail := gameName(e.Rules) + " · " + localWhen(tr, e.CreatedAt) + " · "
		switch {
		case e.Round == 0:
			detail += tr.T("event.list.checking_in")
		case e.Round >= rounds:
			detail += tr.T("event.list.last_round", msg.N("Round", e.Round), msg.N("Rounds", rounds))
		default:
			detail += tr.T("event.list.round", msg.N("Round", e.Round), msg.N("Rounds", rounds))
		}
		out = append(out, views.EventListVM{URL: url(e.ID), Name: e.Name, Detail: detail})
	}
	return out, nil
}
