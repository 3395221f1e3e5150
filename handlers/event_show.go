package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/eventnight"
	"meldpad/locale"
	"meldpad/rules/event"
	"meldpad/rules/msg"
	"meldpad/rules/seating"
	"meldpad/views"
)

// showEventOrganizer is the organizer's page of an event night: the
// round's tables with the games' own links, seating the next round, the
// players with late arrivals and drops, and the standings.
func (s *Server) showEventOrganizer(c *echo.Context, l db.League) error {
	e, err := s.leagueEvent(c, l)
	if err != nil {
		return err
	}
	vm, err := s.eventOrganizerVM(c, l, e, nil)
	if err != nil {
		return err
	}
	vm.Flash = eventFlash(locale.From(c.Request().Context()), c.QueryParam("done"))
	return render(c, http.StatusOK, views.EventPage(vm))
}

// eventFlash turns the redirect's ?done= into a line on the page.
func eventFlash(tr *locale.Localizer, done string) string {
	switch done {
	case "created":
		return tr.T("event.done.created")
	case "seated":
		return tr.T("event.done.seated")
	case "players":
		return tr.T("event.done.players")
	case "dropped":
		return tr.T("event.done.dropped")
	case "marked":
		return tr.T("event.done.marked")
	}
	return ""
}

// showEvent is an event night's page for the league's members: the
// round's tables with the games' read-only links, and the standings.
func (s *Server) showEvent(c *echo.Context) error {
	l, err := s.loadLeague(c)
	if err != nil {
		return err
	}
	e, err := s.leagueEvent(c, l)
	if err != nil {
		return err
	}
	rec, err := eventnight.Load(c.Request().Context(), s.store.Events, e.ID)
	if err != nil {
		return err
	}
	st := newEventState(rec)
	tr := locale.From(c.Request().Context())
	vm := eventPageVM(tr, st, l, false)
	vm.BackURL, vm.BackText = leagueURL(l), tr.T("league.standings_of", msg.S("League", l.Name))
	return render(c, http.StatusOK, views.EventPage(vm))
}

// eventPageVM is what both pages of an event show; own says the
// organizer's, which links the games' own links.
func eventPageVM(tr *locale.Localizer, st eventState, l db.League, own bool) views.EventVM {
	e := st.rec.Event.Event
	vm := views.EventVM{Name: e.Name, League: l.Name, Game: st.game.Name, Status: st.status(tr), Rules: st.rulesText(tr),
		ScreenURL: eventScreenURL(e), Standings: st.standingsVM(tr)}
	var mark func(int) string
	if own {
		mark = func(number int) string {
			return eventOrganizerURL(l, e) + "/tables/" + strconv.Itoa(st.round) + "/" + strconv.Itoa(number)
		}
	}
	if st.round > 0 {
		vm.Current = st.roundVM(tr, st.round, own, mark)
	}
	for r := st.round - 1; r >= 1; r-- {
		var earlierMark func(int) string
		if own {
			round := r
			earlierMark = func(number int) string {
				return eventOrganizerURL(l, e) + "/tables/" + strconv.Itoa(round) + "/" + strconv.Itoa(number)
			}
		}
		vm.Earlier = append(vm.Earlier, st.roundVM(tr, r, own, earlierMark))
	}
	return vm
}

// eventOrganizerVM builds the organizer's page, its forms as the event
// is, or with errs from a refused form.
func (s *Server) eventOrganizerVM(c *echo.Context, l db.League, e db.Event, errs fieldErrors) (views.EventVM, error) {
	ctx := c.Request().Context()
	rec, err := eventnight.Load(ctx, s.store.Events, e.ID)
	if err != nil {
		return views.EventVM{}, err
	}
	d, err := s.league(ctx, l)
	if err != nil {
		return views.EventVM{}, err
	}
	st := newEventState(rec)
	tr := locale.From(ctx)
	vm := eventPageVM(tr, st, l, true)
	vm.BackURL, vm.BackText = organizerURL(l), tr.T("league.organize", msg.S("League", l.Name))
	base := eventOrganizerURL(l, rec.Event.Event)
	o := &views.EventOrganizerVM{CSRF: csrfToken(c), MembersURL: eventMembersURL(l, rec.Event.Event), CardsURL: base + "/cards",
		SeatAction: base + "/rounds", SeatVersion: rec.Event.Version, AddAction: base + "/players", Errors: errs}
	next := st.round + 1
	if !st.finished() && next <= rec.Event.Config.Rounds {
		o.SeatRound = next
		o.CanSeat, o.SeatNote = st.canSeat(tr, next)
	}
	o.AddLegend = tr.T("event.late_arrivals", msg.N("Round", next))
	if st.round == 0 {
		o.AddLegend = tr.T("event.more_players")
	}
	in := map[int64]bool{}
	for _, p := range rec.Players {
		pv := views.EventPlayerVM{Name: p.Name}
		switch {
		case p.Dropped > 0:
			pv.Note = tr.T("event.left_after", msg.N("Round", p.Dropped-1))
		case p.Joined > st.round+1:
			pv.Note = tr.T("event.seated_from", msg.N("Round", p.Joined))
		case p.Joined > 1:
			pv.Note = tr.T("event.from_round", msg.N("Round", p.Joined))
		}
		if p.Dropped == 0 {
			in[p.PlayerID] = true
			pv.DropAction = base + "/players/" + strconv.FormatInt(p.PlayerID, 10) + "/drop"
			pv.DropLabel = tr.T("event.drop", msg.S("Player", p.Name))
			if st.round == 0 {
				pv.DropLabel = tr.T("event.take_out", msg.S("Player", p.Name))
			}
		}
		o.Players = append(o.Players, pv)
	}
	for _, m := range d.record.Members {
		if !in[m.ID] {
			o.Members = append(o.Members, views.CheckVM{Value: m.Name, Label: m.Name})
		}
	}
	vm.Organizer = o
	return vm, nil
}

// canSeat says whether round can be seated now, and in words why not,
// or what seating it does.
func (st eventState) canSeat(tr *locale.Localizer, round int) (bool, string) {
	if len(st.open) > 0 {
		var open []string
		for _, n := range st.open {
			open = append(open, strconv.Itoa(n))
		}
		return false, tr.T("event.seat.still_playing", msg.N("Round", st.round), msg.N("Count", len(open)), msg.Strings("Tables", open))
	}
	present := len(st.present(round))
	byes, err := event.ByesNeeded(present, st.rec.Event.Config.Sizes)
	if err != nil {
		var none *seating.NoTableError
		if errors.As(err, &none) {
			return false, tr.T("event.seat.too_few", msg.N("Count", present), msg.N("Smallest", none.Smallest))
		}
		return false, err.Error()
	}
	if byes > 0 {
		return true, tr.T("event.seat.with_byes", msg.N("Count", present), msg.N("Byes", byes))
	}
	return true, tr.T("event.seat.ready", msg.N("Count", present))
}
