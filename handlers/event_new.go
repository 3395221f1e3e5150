package handlers

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/eventnight"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/event"
	"meldpad/rules/msg"
	"meldpad/rules/names"
	"meldpad/rules/ruling"
	"meldpad/views"
)

// newEventForm is the new-event form as posted, every field as typed.
// The game's own setup inputs (game.Configurable) are read apart, by
// their names with "setup_" before them.
type newEventForm struct {
	Game        string   `form:"game" validate:"required,max=40"`
	Name        string   `form:"name" validate:"required,name=60"`
	Sizes       []string `form:"sizes" validate:"max=12,dive,max=3"`
	Rounds      string   `form:"rounds" validate:"required,number,max=3"`
	Pairing     string   `form:"pairing" validate:"omitempty,oneof=repeats swiss round_robin"`
	Scoring     string   `form:"scoring" validate:"required,oneof=places game"`
	PlacePoints string   `form:"place_points" validate:"max=100"`
	Bye         string   `form:"bye" validate:"required,oneof=average fixed"`
	ByePoints   string   `form:"bye_points" validate:"max=10"`
	TieBreaks   []string `form:"tie_breaks" validate:"max=5,dive,max=20"`
	// Members and NewNames are the players checked in (checkInForm).
	Members  []string          `form:"members" validate:"max=200,dive,name=40"`
	NewNames string            `form:"new_names" validate:"max=9000"`
	Token    string            `form:"token" validate:"token"`
	Setup    map[string]string `form:"-"`
}

// checkInForm is the players a form checks in: the league's members
// ticked, by name, and new names, one a line.
type checkInForm struct {
	Members  []string `form:"members" validate:"max=200,dive,name=40"`
	NewNames string   `form:"new_names" validate:"max=9000"`
}

// names are the players checked in, each once (in any case), and a
// problem with the new names as typed, for the field new_names.
func (f checkInForm) names(tr *locale.Localizer, errs fieldErrors) []string {
	var out []string
	seen := map[string]bool{}
	add := func(name string) {
		if key := strings.ToLower(name); name != "" && !seen[key] {
			seen[key] = true
			out = append(out, name)
		}
	}
	for _, m := range f.Members {
		add(names.Tidy(m))
	}
	for i, line := range strings.Split(f.NewNames, "\n") {
		name := names.Tidy(line)
		if err := names.Check(name, db.MaxPlayerName); name != "" && err != nil {
			if _, taken := errs["new_names"]; !taken {
				errs["new_names"] = tr.T("event.err.line", msg.N("Line", i+1), msg.S("Problem", nameMessage(err, strconv.Itoa(db.MaxPlayerName))))
			}
			continue
		}
		add(name)
	}
	if len(out) > event.MaxPlayers {
		errs["new_names"] = tr.T("event.err.too_many", msg.N("Max", event.MaxPlayers), msg.N("Count", len(out)))
	}
	return out
}

// leagueEventGame is the game of the URL or form, among those that count
// in the league and can be played at tables (of two or more).
func leagueEventGame(l db.League, id string) (rules.Game, bool) {
	g, ok := rules.Lookup(id)
	if !ok || !l.Counts(g.ID) || len(event.SizesFor(eventnight.Game(g))) == 0 {
		return rules.Game{}, false
	}
	return g, true
}

// showNewEvent shows the new-event form of the game chosen (?game=), or
// the league's games to choose from.
func (s *Server) showNewEvent(c *echo.Context, l db.League) error {
	g, ok := leagueEventGame(l, c.QueryParam("game"))
	if !ok {
		vm := views.NewEventVM{League: l.Name, BackURL: organizerURL(l)}
		for _, ch := range gameChoices(lang(c)) {
			if _, ok := leagueEventGame(l, ch.ID); ok {
				ch.URL = organizerURL(l) + "/events/new?game=" + ch.ID
				vm.Choices = append(vm.Choices, ch)
			}
		}
		return render(c, http.StatusOK, views.NewEventPage(vm))
	}
	tr := locale.From(c.Request().Context())
	form := newEventForm{Game: g.ID, Name: tr.T("event.default_name", msg.S("Day", localDay(tr, time.Now()))), Rounds: "3",
		Scoring: string(event.ByPlace), PlacePoints: "4 2 1 0", Bye: string(event.ByeAverage), ByePoints: "1"}
	for _, size := range event.SizesFor(eventnight.Game(g)) {
		form.Sizes = append(form.Sizes, strconv.Itoa(size))
	}
	if slices.Equal(form.Sizes, []string{"2"}) {
		form.Pairing, form.PlacePoints = string(event.Swiss), "1 0"
	} else {
		form.Pairing = string(event.FewestRepeats)
	}
	for _, k := range event.DefaultTieBreaks(g.Points.Scored)[1:] {
		form.TieBreaks = append(form.TieBreaks, string(k))
	}
	vm, err := s.newEventVM(c, l, g, form, nil)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.NewEventPage(vm))
}

// newEventVM is the form for game g with what was typed and its problems.
func (s *Server) newEventVM(c *echo.Context, l db.League, g rules.Game, form newEventForm, errs fieldErrors) (views.NewEventVM, error) {
	d, err := s.league(c.Request().Context(), l)
	if err != nil {
		return views.NewEventVM{}, err
	}
	members := d.record.Members
	tr := locale.From(c.Request().Context())
	vm := views.NewEventVM{
		CSRF: csrfToken(c), Token: form.Token, League: l.Name, BackURL: organizerURL(l), Action: organizerURL(l) + "/events",
		Game: views.GameChoice{ID: g.ID, Name: g.Name, Players: playersText(tr, g)}, Name: form.Name, Rounds: form.Rounds,
		Scoring: form.Scoring, Totals: g.Points.Scored, Points: form.PlacePoints, Bye: form.Bye, ByePoints: form.ByePoints,
		NewNames: form.NewNames, Errors: errs,
	}
	if vm.Token == "" {
		vm.Token = db.NewToken()
	}
	sizes := event.SizesFor(eventnight.Game(g))
	for _, size := range sizes {
		v := strconv.Itoa(size)
		vm.Sizes = append(vm.Sizes, views.CheckVM{Value: v, Label: tr.T("event.size_players", msg.N("Count", size)), Checked: slices.Contains(form.Sizes, v)})
	}
	if slices.Contains(sizes, 2) {
		for _, p := range []struct {
			pairing event.Pairing
			label   string
		}{
			{event.Swiss, tr.T("event.pairing.swiss")},
			{event.RoundRobin, tr.T("event.pairing.round_robin")},
			{event.FewestRepeats, tr.T("event.pairing.fewest_repeats")},
		} {
			vm.Pairings = append(vm.Pairings, views.OptionVM{Value: string(p.pairing), Label: p.label, Selected: form.Pairing == string(p.pairing)})
		}
	}
	criteria := slices.DeleteFunc(slices.Clone(event.Criteria), func(k event.Criterion) bool {
		return k == event.ByPoints || (k == event.ByGameTotals && !g.Points.Scored)
	})
	for i := range criteria {
		tb := views.TieBreakVM{Position: tr.Ordinal(i+2) + ":"}
		chosen := ""
		if i < len(form.TieBreaks) {
			chosen = form.TieBreaks[i]
		}
		tb.Options = append(tb.Options, views.OptionVM{Value: "", Label: tr.T("event.nothing_more"), Selected: chosen == ""})
		for _, k := range criteria {
			tb.Options = append(tb.Options, views.OptionVM{Value: string(k), Label: criterionName(tr, k), Selected: chosen == string(k)})
		}
		vm.TieBreaks = append(vm.TieBreaks, tb)
	}
	for _, in := range setupInputs(c, g, form.Setup) {
		in.Name = "setup_" + in.Name
		vm.Setup = append(vm.Setup, in)
	}
	for _, m := range members {
		vm.Members = append(vm.Members, views.CheckVM{Value: m.Name, Label: m.Name, Checked: slices.Contains(form.Members, m.Name)})
	}
	return vm, nil
}

// playersText is "3-5 players" for a game's tables.
func playersText(tr *locale.Localizer, g rules.Game) string {
	sizes := event.SizesFor(eventnight.Game(g))
	if len(sizes) == 1 {
		return tr.T("event.players_a_table", msg.N("Count", sizes[0]))
	}
	return tr.T("event.players_range", msg.N("Min", sizes[0]), msg.N("Max", sizes[len(sizes)-1]))
}

// createEvent makes an event night and opens its organizer's page. A
// double-tapped submit opens the event the first tap made.
func (s *Server) createEvent(c *echo.Context, l db.League) error {
	var form newEventForm
	errs, err := s.bindForm(c, &form)
	if err != nil {
		return err
	}
	g, ok := leagueEventGame(l, form.Game)
	if !ok {
		return c.Redirect(http.StatusSeeOther, organizerURL(l)+"/events/new")
	}
	tr := locale.From(c.Request().Context())
	cfg := readEventConfig(tr, form, errs)
	cfg.Setup = readEventSetup(c, g, &form, cfg.Sizes, errs)
	if len(errs) == 0 {
		var bad *event.ConfigError
		if err := cfg.Check(eventnight.Game(g)); errors.As(err, &bad) {
			errs[bad.Field] = tr.Say(msg.Sentence(bad.Msg))
		}
	}
	checkedIn := checkInForm{Members: form.Members, NewNames: form.NewNames}.names(tr, errs)
	if len(errs) > 0 {
		vm, err := s.newEventVM(c, l, g, form, errs)
		if err != nil {
			return err
		}
		return render(c, http.StatusUnprocessableEntity, views.NewEventPage(vm))
	}
	e, err := eventnight.Create(c.Request().Context(), s.store.Events, db.NewEvent{LeagueID: l.ID, Name: names.Tidy(form.Name), Rules: g.ID,
		Players: checkedIn, Seed: randomSeed(), Token: form.Token}, cfg)
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, eventOrganizerURL(l, e)+"?done=created")
}

// readEventConfig reads the form's settings; what cannot be read goes
// into errs beside its field. What reads but cannot run is for
// event.Config.Check to say.
func readEventConfig(tr *locale.Localizer, form newEventForm, errs fieldErrors) event.Config {
	cfg := event.Config{Pairing: event.Pairing(form.Pairing), Scoring: event.Scoring(form.Scoring), Bye: event.ByeRule(form.Bye)}
	if cfg.Pairing == "" {
		cfg.Pairing = event.FewestRepeats
	}
	for _, v := range form.Sizes {
		n, err := strconv.Atoi(v)
		if err != nil {
			errs["sizes"] = tr.T("event.err.sizes")
			break
		}
		cfg.Sizes = append(cfg.Sizes, n)
	}
	if _, bad := errs["rounds"]; !bad {
		cfg.Rounds, _ = strconv.Atoi(form.Rounds)
	}
	if cfg.Scoring == event.ByPlace {
		for _, f := range strings.FieldsFunc(form.PlacePoints, func(r rune) bool { return r == ' ' || r == ',' || r == '/' || r == ';' }) {
			n, err := strconv.Atoi(f)
			if err != nil {
				errs["place_points"] = tr.T("event.err.place_points")
				break
			}
			cfg.PlacePoints = append(cfg.PlacePoints, n)
		}
	}
	if cfg.Bye == event.ByeFixed {
		n, err := strconv.Atoi(strings.TrimSpace(form.ByePoints))
		if err != nil {
			errs["bye_points"] = tr.T("event.err.bye_points")
		}
		cfg.ByePoints = n
	}
	cfg.TieBreaks = []event.Criterion{event.ByPoints}
	for i, k := range form.TieBreaks {
		if k == "" {
			continue
		}
		crit := event.Criterion(k)
		if slices.Contains(cfg.TieBreaks, crit) {
			errs["tie_breaks["+strconv.Itoa(i+1)+"]"] = tr.T("event.err.tie_break_twice", msg.S("Criterion", criterionName(tr, crit)))
			continue
		}
		cfg.TieBreaks = append(cfg.TieBreaks, crit)
	}
	return cfg
}

// readEventSetup reads the game's own setup inputs, as the new-game form
// does (readSetup), checking them for every table size allowed; other
// games have none: nil.
func readEventSetup(c *echo.Context, g rules.Game, form *newEventForm, sizes []int, errs fieldErrors) map[string]string {
	if !g.HasSettings() {
		return nil
	}
	values := url.Values{}
	form.Setup = map[string]string{}
	tr := locale.From(c.Request().Context())
	for _, in := range g.SetupFields() {
		v := c.FormValue("setup_" + in.Name)
		if len(v) > maxSetupInput {
			errs["setup_"+in.Name] = tr.T("event.err.setup_long", msg.N("Max", maxSetupInput))
		}
		values.Set(in.Name, v)
		form.Setup[in.Name] = v
	}
	for _, size := range sizes {
		if _, err := g.Setup(values, size); err != nil {
			var bad *ruling.InputError
			if errors.As(err, &bad) {
				errs["setup_"+bad.Field] = say(c, bad.Msg)
			} else {
				errs["form"] = tr.Error(err)
			}
			break
		}
	}
	return form.Setup
}

// randomSeed is an event's seed: what draws among equally good seatings.
func randomSeed() int64 {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return int64(binary.BigEndian.Uint64(b[:]) >> 1)
}
