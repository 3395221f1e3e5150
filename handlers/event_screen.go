package handlers

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/eventnight"
	"meldpad/locale"
	"meldpad/views"
)

// showEventCards shows the table cards of the event's last round (or
// ?round=N), to print: each table's players in seat order, its first
// dealer, and its scorepad's own link with a QR code. The links change
// the games, so only the organizer's link shows them.
func (s *Server) showEventCards(c *echo.Context, l db.League) error {
	e, err := s.leagueEvent(c, l)
	if err != nil {
		return err
	}
	rec, err := eventnight.Load(c.Request().Context(), s.store.Events, e.ID)
	if err != nil {
		return err
	}
	st := newEventState(rec)
	round := st.round
	if n, err := strconv.Atoi(c.QueryParam("round")); err == nil && n >= 1 && n <= st.round {
		round = n
	}
	vm := views.EventCardsVM{Name: e.Name, Game: st.game.Name, Round: round, BackURL: eventOrganizerURL(l, e)}
	origin := s.origin(c)
	for _, t := range rec.TablesOf(round) {
		card := views.EventCardVM{Number: t.Number, Link: origin + "/g/" + t.PublicID}
		for i, seat := range t.Game.Seats {
			card.Seats = append(card.Seats, views.EventSeatVM{Name: seat.Name, Dealer: i == t.FirstDealer})
		}
		if card.QR, err = qrModules(card.Link); err != nil {
			return err
		}
		vm.Cards = append(vm.Cards, card)
	}
	return render(c, http.StatusOK, views.EventCardsPage(vm))
}

// eventByScreen loads the event a screen's link shows.
func (s *Server) eventByScreen(c *echo.Context) (db.Event, error) {
	return s.store.Events.EventByScreen(c.Request().Context(), c.Param("screen"))
}

// showEventScreen is the event on a projector: read-only, large, light
// or dark as the screen's device is set, updated by itself
// (eventScreenEvents).
// Its tables link nowhere: the screen's link leads to nothing else.
func (s *Server) showEventScreen(c *echo.Context) error {
	e, err := s.eventByScreen(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	stamp, err := s.store.Stamps.EventStamp(ctx, e.ID)
	if err != nil {
		return err
	}
	part, err := s.screenPart(ctx, locale.From(ctx), e.ID, stamp)
	if err != nil {
		return err
	}
	vm := views.EventScreenVM{Name: e.Name, LiveURL: eventScreenURL(e) + "/events", Part: part}
	if rec, err := eventnight.Load(ctx, s.store.Events, e.ID); err == nil {
		vm.Game = newEventState(rec).game.Name
	}
	return render(c, http.StatusOK, views.EventScreenPage(vm))
}

// screenPart is what the screen shows of the event at stamp.
func (s *Server) screenPart(ctx context.Context, tr *locale.Localizer, eventID int64, stamp string) (views.EventScreenPartVM, error) {
	rec, err := eventnight.Load(ctx, s.store.Events, eventID)
	if err != nil {
		return views.EventScreenPartVM{}, err
	}
	st := newEventState(rec)
	vm := views.EventScreenPartVM{Digest: stamp, Status: st.status(tr), Standings: st.standingsVM(tr)}
	if st.round > 0 {
		vm.Round = st.roundVM(tr, st.round, false, nil)
		for i := range vm.Round.Tables {
			vm.Round.Tables[i].URL = "" // the screen links nowhere
		}
	}
	return vm, nil
}

// screenEvent renders the screen's part as the server-sent event
// "screen": its stamp on the first data line, the HTML on the lines
// after it.
func screenEvent(ctx context.Context, vm views.EventScreenPartVM) ([]byte, error) {
	var buf bytes.Buffer
	if err := views.EventScreenPart(vm).Render(ctx, &buf); err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("event: screen\ndata: ")
	b.WriteString(vm.Digest)
	html := strings.ReplaceAll(strings.ReplaceAll(buf.String(), "\r\n", "\n"), "\r", "\n")
	for line := range strings.SplitSeq(html, "\n") {
		b.WriteString("\ndata: ")
		b.WriteString(line)
	}
	b.WriteString("\n\n")
	return []byte(b.String()), nil
}

// eventScreenEvents streams the screen's changes: an event "screen" with
// the part to show, at once and after every change of the event or of a
// game of its round. It watches the event (under eventKey) and the games
// of the round being played, and watches the next round's once it is
// seated. The part of one stamp is rendered once for every screen of the
// event (padParts).
func (s *Server) eventScreenEvents(c *echo.Context) error {
	release, ok := s.openStream(c)
	if !ok {
		return nil
	}
	defer release()
	e, err := s.eventByScreen(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	tr := locale.From(ctx)
	watching := &screenWatch{s: s, wake: make(chan struct{}, 1), round: -1}
	stopEvent := watching.watch(eventKey(e.ID), e.Version, func(ctx context.Context) (int, error) { return s.store.Events.EventVersion(ctx, e.ID) })
	defer stopEvent()
	defer watching.stopGames()
	send := startEventStream(c)
	if err := send([]byte("retry: 3000\n\n")); err != nil {
		return nil
	}
	sent, watched := "", ""
	update := func() error {
		stamp, err := s.store.Stamps.EventStamp(ctx, e.ID)
		if err != nil || stamp == sent {
			return err
		}
		// The event's own version moves when a round is seated: then
		// the games watched are the new round's.
		if version, _, _ := strings.Cut(stamp, "."); version != watched {
			rec, err := s.store.Events.EventRecord(ctx, e.ID)
			if err != nil {
				return err
			}
			watching.watchRound(rec)
			watched = version
		}
		// One rendering per language: the screens of an event may be
		// set to different ones.
		event, err := s.pads.get("s\x00"+tr.Tag()+"\x00"+e.ScreenID+"\x00"+stamp, func(ctx context.Context) ([]byte, error) {
			part, err := s.screenPart(ctx, tr, e.ID, stamp)
			if err != nil {
				return nil, err
			}
			return screenEvent(locale.NewContext(ctx, tr), part)
		})
		if err != nil {
			return nil // the next change tries again; padParts logged why
		}
		sent = stamp
		return send(event)
	}
	watching.nudge()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-watching.wake:
			if err := update(); err != nil {
				return nil
			}
		case <-tick.C:
			if err := send([]byte(": still here\n\n")); err != nil {
				return nil
			}
		case <-ctx.Done():
			return nil
		}
	}
}

// screenWatch wakes an event screen's stream (wake) when its event, or
// a game of the round it shows, changes.
type screenWatch struct {
	s     *Server
	wake  chan struct{}
	round int      // the round whose games are watched; -1 before the first
	games []func() // stop watching each of them
}

// nudge wakes the stream, once however many changes came meanwhile.
func (w *screenWatch) nudge() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// watch nudges the stream on every change of the subject key from
// version since on, until the function it returns is called.
func (w *screenWatch) watch(key int64, since int, current func(ctx context.Context) (int, error)) func() {
	ch, stop := w.s.events.Subscribe(key, since, current)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case _, open := <-ch:
				if !open {
					return
				}
				w.nudge()
			case <-done:
				return
			}
		}
	}()
	return func() { stop(); close(done) }
}

// watchRound watches the games of the event's current round, and no
// longer those of the round before.
func (w *screenWatch) watchRound(rec db.EventRecord) {
	if rec.Round() == w.round {
		return
	}
	w.stopGames()
	w.round = rec.Round()
	for _, t := range rec.TablesOf(w.round) {
		link := t.PublicID
		w.games = append(w.games, w.watch(t.Game.ID, t.Game.Version, func(ctx context.Context) (int, error) {
			st, err := w.s.store.Stamps.GameStamp(ctx, link)
			return st.Version, err
		}))
	}
}

// stopGames stops watching the round's games.
func (w *screenWatch) stopGames() {
	for _, stop := range w.games {
		stop()
	}
	w.games = nil
}
