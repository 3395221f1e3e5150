package handlers

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/event"
	"meldpad/rules/msg"
	"meldpad/rules/seating"
	"meldpad/views"
)

// showEventOrganizer is the organizer's page of an event night: the
// round's tables with the games' own links, seating the next round, the
// players with late arrivals and drops, and the standings.
func (s *Server) showEventOrganizer(c *echo.Context, l db.League, e db.Event) error {
	vm, err := s.eventOrganizerVM(c, l, e, nil)
	if err != nil {
		return err
	}
	vm.Flash = lang(c).Say(eventFlashes[c.QueryParam("done")])
	return render(c, http.StatusOK, views.EventPage(vm))
}

// eventFlashes are the lines a redirect's ?done= puts on the event's
// page; any other says nothing.
var eventFlashes = map[string]msg.Msg{
	"created": msg.New("event.done.created"),
	"seated":  msg.New("event.done.seated"),
	"players": msg.New("event.done.players"),
	"dropped": msg.New("event.done.dropped"),
	"marked":  msg.New("event.done.marked"),
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
	st, err := s.loadEventState(c.Request().Context(), e.ID)
	if err != nil {
		return err
	}
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
	st, err := s.loadEventState(ctx, e.ID)
	if err != nil {
		return views.EventVM{}, err
	}
	d, err := s.league(ctx, l)
	if err != nil {
		return views.EventVM{}, err
	}
	rec := st.rec
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

// showEventCards shows the table cards of the event's last round (or
// ?round=N), to print: each table's players in seat order, its first
// dealer, and its scorepad's own link with a QR code. The links change
// the games, so only the organizer's link shows them.
func (s *Server) showEventCards(c *echo.Context, l db.League, e db.Event) error {
	st, err := s.loadEventState(c.Request().Context(), e.ID)
	if err != nil {
		return err
	}
	round := st.round
	if n, err := strconv.Atoi(c.QueryParam("round")); err == nil && n >= 1 && n <= st.round {
		round = n
	}
	vm := views.EventCardsVM{Name: e.Name, Game: st.game.Name, Round: round, BackURL: eventOrganizerURL(l, e)}
	origin := s.origin(c)
	for _, t := range st.rec.TablesOf(round) {
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
	if st, err := s.loadEventState(ctx, e.ID); err == nil {
		vm.Game = st.game.Name
	}
	return render(c, http.StatusOK, views.EventScreenPage(vm))
}

// screenPart is what the screen shows of the event at stamp.
func (s *Server) screenPart(ctx context.Context, tr *locale.Localizer, eventID int64, stamp string) (views.EventScreenPartVM, error) {
	st, err := s.loadEventState(ctx, eventID)
	if err != nil {
		return views.EventScreenPartVM{}, err
	}
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
