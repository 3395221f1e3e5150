package handlers

import (
	"context"
	crand "crypto/rand"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/eventnight"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/event"
	"meldpad/rules/msg"
	"meldpad/rules/seating"
	"meldpad/views"
)

// addEventPlayers checks players in: before the first round, into it;
// later, late arrivals, seated from the next round. A player who had
// dropped out comes back.
func (s *Server) addEventPlayers(c *echo.Context, l db.League, e db.Event) error {
	var form checkInForm
	errs, err := s.bindForm(c, &form)
	if err != nil {
		return err
	}
	tr := locale.From(c.Request().Context())
	names := form.names(tr, errs)
	if len(errs) == 0 && len(names) == 0 {
		errs["new_names"] = tr.T("event.err.no_player")
	}
	ctx := c.Request().Context()
	rec, err := s.store.Events.EventRecord(ctx, e.ID)
	if err != nil {
		return err
	}
	if len(errs) == 0 {
		err = s.store.Events.AddEventPlayers(ctx, l.ID, e.ID, names, rec.Round()+1)
		if errors.Is(err, db.ErrEventFull) {
			errs["new_names"] = tr.T("event.err.full", msg.N("Max", event.MaxPlayers))
		} else if err != nil {
			return err
		}
	}
	if len(errs) > 0 {
		vm, err := s.eventOrganizerVM(c, l, e, errs)
		if err != nil {
			return err
		}
		vm.Organizer.NewNames = form.NewNames
		for i, m := range vm.Organizer.Members {
			for _, ticked := range form.Members {
				if m.Value == ticked {
					vm.Organizer.Members[i].Checked = true
				}
			}
		}
		return render(c, http.StatusUnprocessableEntity, views.EventPage(vm))
	}
	s.eventChanged(c, e.ID)
	return c.Redirect(http.StatusSeeOther, eventOrganizerURL(l, e)+"?done=players")
}

// dropEventPlayer takes a player out of the rounds to come; the rounds
// played still count. A player not seated yet leaves the event.
func (s *Server) dropEventPlayer(c *echo.Context, l db.League, e db.Event) error {
	player, err := strconv.ParseInt(c.Param("player"), 10, 64)
	if err != nil {
		return db.ErrNotFound
	}
	ctx := c.Request().Context()
	rec, err := s.store.Events.EventRecord(ctx, e.ID)
	if err != nil {
		return err
	}
	err = s.store.Events.DropEventPlayer(ctx, l.ID, e.ID, player, rec.Round()+1)
	if err != nil && !errors.Is(err, db.ErrNotFound) { // a second tap finds the player gone
		return err
	}
	s.eventChanged(c, e.ID)
	return c.Redirect(http.StatusSeeOther, eventOrganizerURL(l, e)+"?done=dropped")
}

// markEventTable marks a table as counting or not (counts=1 or 0).
func (s *Server) markEventTable(c *echo.Context, l db.League, e db.Event) error {
	round, err1 := strconv.Atoi(c.Param("round"))
	number, err2 := strconv.Atoi(c.Param("table"))
	counts := c.FormValue("counts")
	if err1 != nil || err2 != nil {
		return db.ErrNotFound
	}
	if counts != "0" && counts != "1" {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	if err := s.store.Events.SetTableCounts(c.Request().Context(), l.ID, e.ID, round, number, counts == "1"); err != nil {
		return err
	}
	s.eventChanged(c, e.ID)
	return c.Redirect(http.StatusSeeOther, eventOrganizerURL(l, e)+"?done=marked")
}

// seatRoundForm seats a round: which, and the event's version the page
// showed, so that a second tap (or a page from before a change) seats
// nothing more.
type seatRoundForm struct {
	Round   string `form:"round" validate:"required,number,max=3"`
	Version string `form:"version" validate:"required,number,max=9"`
}

// seatEventRound seats the event's next round (rules/event.Next, under
// the referee's deadline, a few at a time: seatGate), draws each
// table's seats and first dealer, and starts its games.
func (s *Server) seatEventRound(c *echo.Context, l db.League, e db.Event) error {
	var form seatRoundForm
	errs, err := s.bindForm(c, &form)
	if err != nil {
		return err
	}
	back := eventOrganizerURL(l, e)
	tr := locale.From(c.Request().Context())
	if len(errs) > 0 {
		return s.rerenderEvent(c, l, e, fieldErrors{"form": tr.T("event.err.form")})
	}
	round, _ := strconv.Atoi(form.Round)
	version, _ := strconv.Atoi(form.Version)
	ctx := c.Request().Context()
	rec, err := eventnight.Load(ctx, s.store.Events, e.ID)
	if err != nil {
		return err
	}
	if rec.Event.Version != version || rec.Round()+1 != round {
		// Seated already (a second tap), or the page was out of date: the
		// event's page shows it as it is.
		return c.Redirect(http.StatusSeeOther, back)
	}
	st := newEventState(rec)
	if round > rec.Event.Config.Rounds {
		return c.Redirect(http.StatusSeeOther, back)
	}
	if ok, why := st.canSeat(tr, round); !ok {
		return s.rerenderEvent(c, l, e, fieldErrors{"round": why})
	}
	next, err := s.nextRound(c, st, round)
	var none *seating.NoTableError
	switch {
	case errors.As(err, &none):
		return s.rerenderEvent(c, l, e, fieldErrors{"round": tr.Say(msg.Sentence(none.Message()))})
	case err != nil:
		return err // the deadline's: answered 503 (refereeDeadline)
	}
	err = s.store.Events.SeatRound(ctx, l.ID, e.ID, version, next)
	if errors.Is(err, db.ErrConflict) {
		return c.Redirect(http.StatusSeeOther, back)
	}
	if err != nil {
		return err
	}
	s.eventChanged(c, e.ID)
	return c.Redirect(http.StatusSeeOther, back+"?done=seated")
}

// nextRound works out round's seating and draws its tables.
func (s *Server) nextRound(c *echo.Context, st eventState, round int) (db.NewRound, error) {
	e := st.rec.Event
	present := st.present(round)
	byes := map[int64]int{}
	for _, b := range st.rec.Byes {
		byes[b.Player]++
	}
	ctx, cancel := s.refereeContext(c)
	defer cancel()
	seated, plan, err := event.Next(ctx, e.Config, event.State{
		Round: round, Ranked: event.Ranked(present, uint64(e.Seed)+uint64(round)), Met: event.Meetings(st.rec.EventTables()),
		Byes: byes, Plan: e.Plan, Seed: uint64(e.Seed),
	})
	if err != nil {
		return db.NewRound{}, err
	}
	kept, err := eventnight.PlanJSON(plan)
	if err != nil {
		return db.NewRound{}, err
	}
	next := db.NewRound{Round: round, Byes: seated.Bye, Plan: kept}
	rng := drawRand()
	for _, players := range seated.Tables {
		seats, dealer := event.Draw(rng, players)
		settings, err := tableSettings(st.game, e.Config.Setup, len(seats))
		if err != nil {
			return db.NewRound{}, err
		}
		next.Tables = append(next.Tables, db.NewEventTable{Players: seats, FirstDealer: dealer,
			HouseRules: defaultHouseRules(st.game), Settings: settings})
	}
	return next, nil
}

// drawRand is what draws seats and dealers: a generator seeded from the
// operating system's randomness, so that nobody can tell the draw ahead.
func drawRand() *rand.Rand {
	var seed [32]byte
	_, _ = crand.Read(seed[:]) // crypto/rand.Read never fails (Go 1.24+)
	return rand.New(rand.NewChaCha8(seed))
}

// defaultHouseRules are a game's house rules as a new game has them
// unless the table chooses: each at its default.
func defaultHouseRules(g rules.Game) map[string]bool {
	house := make(map[string]bool, len(g.HouseRules))
	for _, h := range g.HouseRules {
		house[h.Key] = h.Default
	}
	return house
}

// tableSettings are a table's game's own settings (game.Configurable)
// for its number of seats, from the event's setup inputs; nil for a game
// without.
func tableSettings(g rules.Game, setup map[string]string, seats int) (json.RawMessage, error) {
	if !g.HasSettings() {
		return nil, nil
	}
	values := url.Values{}
	for k, v := range setup {
		values.Set(k, v)
	}
	return g.Setup(values, seats)
}

// eventChanged tells the event's screens that it changed, after the
// write committed: as a save's announcement (changedTo), it follows a
// deadline, not the request.
func (s *Server) eventChanged(c *echo.Context, eventID int64) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(c.Request().Context()), publishTimeout)
	defer cancel()
	version, err := s.store.Events.EventVersion(ctx, eventID)
	if err == nil {
		err = s.events.Publish(ctx, eventKey(eventID), version)
	}
	if err != nil {
		s.log.Warn("live update of an event", "event", eventID, "err", err)
	}
}

// rerenderEvent shows the organizer's page again after a refused form,
// with status 422.
func (s *Server) rerenderEvent(c *echo.Context, l db.League, e db.Event, errs fieldErrors) error {
	vm, err := s.eventOrganizerVM(c, l, e, errs)
	if err != nil {
		return err
	}
	return render(c, http.StatusUnprocessableEntity, views.EventPage(vm))
}
