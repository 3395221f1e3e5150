package handlers

import (
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/eventnight"
	"meldpad/rules"
	"meldpad/rules/event"
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
func (st eventState) status() string {
	rounds := strconv.Itoa(st.rec.Event.Config.Rounds)
	switch {
	case st.round == 0:
		return "Checking in: " + strconv.Itoa(len(st.present(1))) + " " + views.Plural(len(st.present(1)), "player") + ", " +
			rounds + " " + views.Plural(st.rec.Event.Config.Rounds, "round") + " to play"
	case st.finished():
		return "Finished after " + rounds + " " + views.Plural(st.rec.Event.Config.Rounds, "round")
	case len(st.open) == 0:
		return "Round " + strconv.Itoa(st.round) + " of " + rounds + " is over: the next round is to be seated"
	}
	return "Round " + strconv.Itoa(st.round) + " of " + rounds + ": " + strconv.Itoa(len(st.open)) + " " +
		views.Plural(len(st.open), "table") + " still playing"
}

// rulesText says how the event runs, for its pages.
func (st eventState) rulesText() []string {
	cfg := st.rec.Event.Config
	var sizes []string
	for _, s := range cfg.Sizes {
		sizes = append(sizes, strconv.Itoa(s))
	}
	out := []string{"Tables of " + orList(sizes) + " players, " + strconv.Itoa(cfg.Rounds) + " " + views.Plural(cfg.Rounds, "round") + "; " + pairingText(cfg.Pairing)}
	if cfg.Scoring == event.ByGamePoints {
		out = append(out, "A table scores each player's final total in the game.")
	} else {
		var pts []string
		for _, p := range cfg.PlacePoints {
			pts = append(pts, strconv.Itoa(p))
		}
		out = append(out, "A table scores "+strings.Join(pts, ", ")+" for 1st, 2nd… place (later places nothing); "+
			"players who share a place share the points of the places they fill (P4).")
	}
	if cfg.Bye == event.ByeFixed {
		out = append(out, "A bye (when the players do not fit the tables) goes to the lowest-ranked player without one and scores "+
			strconv.Itoa(cfg.ByePoints)+" "+views.Plural(cfg.ByePoints, "point")+".")
	} else {
		out = append(out, "A bye (when the players do not fit the tables) goes to the lowest-ranked player without one and scores "+
			"the player's own average per table played.")
	}
	var order []string
	for _, k := range cfg.TieBreaks {
		order = append(order, strings.ToLower(k.Name()))
	}
	out = append(out, "Ranked by "+strings.Join(order, ", then ")+"; a table marked as not counting counts for neither "+
		"the event nor the league, though its players met.")
	return out
}

func pairingText(p event.Pairing) string {
	switch p {
	case event.Swiss:
		return "Swiss pairing: players of equal standing meet, never twice while it can be helped."
	case event.RoundRobin:
		return "round robin: everyone meets everyone, as far as the rounds go."
	}
	return "seated for as few repeat meetings as possible over the whole evening."
}

// orList joins words as "3, 4 or 5".
func orList(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// standingsVM is the event's ranking.
func (st eventState) standingsVM() views.EventStandingsVM {
	cfg := st.rec.Event.Config
	vm := views.EventStandingsVM{GamePoints: st.game.Points.Scored,
		Note: "Pts: event points (byes included); TP: tables played; W: tables won, a shared first place too" +
			map[bool]string{true: "; GP: the games' final totals", false: ""}[st.game.Points.Scored] + "."}
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
				row.Note = "left after round " + strconv.Itoa(p.Dropped-1)
			case p.Joined > 1:
				row.Note = "from round " + strconv.Itoa(p.Joined)
			}
		}
		vm.Rows = append(vm.Rows, row)
	}
	_ = cfg
	return vm
}

// roundVM is one round's tables: linked to the games' own links for the
// organizer (own), to their read-only links for everyone else.
func (st eventState) roundVM(round int, own bool, markAction func(number int) string) views.EventRoundVM {
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
			tv.State, tv.Done = "does not count", true
		case t.Game.Finished():
			tv.State, tv.Done = wonText(leagueGameWinners(t.Game)), true
		case t.Hands == 0:
			tv.State = "playing · no " + st.game.Round + " yet"
		default:
			tv.State = "playing · " + strconv.Itoa(t.Hands) + " " + views.Plural(t.Hands, st.game.Round)
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
func eventSummaries(events []db.EventSummary, url func(id int64) string) ([]views.EventListVM, error) {
	var out []views.EventListVM
	for _, e := range events {
		rounds, err := eventnight.Rounds(e)
		if err != nil {
			return nil, err
		}
		detail := gameName(e.Rules) + " · " + when(e.CreatedAt) + " · "
		switch {
		case e.Round == 0:
			detail += "checking in"
		case e.Round >= rounds:
			detail += "round " + strconv.Itoa(e.Round) + " of " + strconv.Itoa(rounds) + ", the last"
		default:
			detail += "round " + strconv.Itoa(e.Round) + " of " + strconv.Itoa(rounds)
		}
		out = append(out, views.EventListVM{URL: url(e.ID), Name: e.Name, Detail: detail})
	}
	return out, nil
}
