package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/eventnight"
	"meldpad/rules/event"
	"meldpad/rules/game"
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
	vm.Flash = eventFlash(c.QueryParam("done"))
	return render(c, http.StatusOK, views.EventPage(vm))
}

// eventFlash turns the redirect's ?done= into a line on the page.
func eventFlash(done string) string {
	switch done {
	case "created":
		return "The event is made. Seat the first round when everyone is here; late arrivals can be added between rounds."
	case "seated":
		return "Round seated: each table's card has its scorepad's link and QR code."
	case "players":
		return "Players added: they are seated from the next round."
	case "dropped":
		return "Player dropped: not seated from the next round on; the rounds played still count."
	case "marked":
		return "Table marked; the standings are worked out again."
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
	vm := eventPageVM(st, l, false)
	vm.BackURL, vm.BackText = leagueURL(l), "Standings of "+l.Name
	return render(c, http.StatusOK, views.EventPage(vm))
}

// eventPageVM is what both pages of an event show; own says the
// organizer's, which links the games' own links.
func eventPageVM(st eventState, l db.League, own bool) views.EventVM {
	e := st.rec.Event.Event
	vm := views.EventVM{Name: e.Name, League: l.Name, Game: st.game.Name, Status: st.status(), Rules: st.rulesText(),
		ScreenURL: eventScreenURL(e), Standings: st.standingsVM()}
	var mark func(int) string
	if own {
		mark = func(number int) string {
			return eventOrganizerURL(l, e) + "/tables/" + strconv.Itoa(st.round) + "/" + strconv.Itoa(number)
		}
	}
	if st.round > 0 {
		vm.Current = st.roundVM(st.round, own, mark)
	}
	for r := st.round - 1; r >= 1; r-- {
		var earlierMark func(int) string
		if own {
			round := r
			earlierMark = func(number int) string {
				return eventOrganizerURL(l, e) + "/tables/" + strconv.Itoa(round) + "/" + strconv.Itoa(number)
			}
		}
		vm.Earlier = append(vm.Earlier, st.roundVM(r, own, earlierMark))
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
	vm := eventPageVM(st, l, true)
	vm.BackURL, vm.BackText = organizerURL(l), "Organize "+l.Name
	base := eventOrganizerURL(l, rec.Event.Event)
	o := &views.EventOrganizerVM{CSRF: csrfToken(c), MembersURL: eventMembersURL(l, rec.Event.Event), CardsURL: base + "/cards",
		SeatAction: base + "/rounds", SeatVersion: rec.Event.Version, AddAction: base + "/players", Errors: errs}
	next := st.round + 1
	if !st.finished() && next <= rec.Event.Config.Rounds {
		o.SeatRound = next
		o.CanSeat, o.SeatNote = st.canSeat(next)
	}
	o.AddLegend = "Late arrivals, seated from round " + strconv.Itoa(next)
	if st.round == 0 {
		o.AddLegend = "More players"
	}
	in := map[int64]bool{}
	for _, p := range rec.Players {
		pv := views.EventPlayerVM{Name: p.Name}
		switch {
		case p.Dropped > 0:
			pv.Note = "left after round " + strconv.Itoa(p.Dropped-1)
		case p.Joined > st.round+1:
			pv.Note = "seated from round " + strconv.Itoa(p.Joined)
		case p.Joined > 1:
			pv.Note = "from round " + strconv.Itoa(p.Joined)
		}
		if p.Dropped == 0 {
			in[p.PlayerID] = true
			pv.DropAction = base + "/players/" + strconv.FormatInt(p.PlayerID, 10) + "/drop"
			pv.DropLabel = "Drop " + p.Name
			if st.round == 0 {
				pv.DropLabel = "Take " + p.Name + " out"
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
func (st eventState) canSeat(round int) (bool, string) {
	if len(st.open) > 0 {
		var open []string
		for _, n := range st.open {
			open = append(open, strconv.Itoa(n))
		}
		return false, "Round " + strconv.Itoa(st.round) + " is still being played at " + views.Plural(len(open), "table") + " " +
			game.AndList(open) + ". A table that will not finish can be marked as not counting."
	}
	present := len(st.present(round))
	byes, err := event.ByesNeeded(present, st.rec.Event.Config.Sizes)
	if err != nil {
		var none *seating.NoTableError
		if errors.As(err, &none) {
			return false, strconv.Itoa(present) + " " + views.Plural(present, "player") + " cannot fill a table of " +
				strconv.Itoa(none.Smallest) + ": add players first."
		}
		return false, err.Error()
	}
	note := strconv.Itoa(present) + " " + views.Plural(present, "player") + " to seat"
	if byes > 0 {
		note += ", " + strconv.Itoa(byes) + " of them sitting out (the lowest-ranked without a bye)"
	}
	return true, note + ". Seats and first dealers are drawn at each table."
}
