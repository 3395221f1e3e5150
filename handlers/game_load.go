package handlers

import (
	"context"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/msg"
	"meldpad/scorepad"
	"meldpad/views"
)

// table is a game in play (scorepad.Table) as the pages show it.
type table struct{ scorepad.Table }

// loadTable loads the game named in the URL with its hands. An unknown or
// malformed id is db.ErrNotFound, which renders the friendly 404.
func (s *Server) loadTable(c *echo.Context) (table, error) {
	g, err := s.store.Games.Game(c.Request().Context(), c.Param("game"))
	if err != nil {
		return table{}, err
	}
	s.lastRead.Add(g.PublicID, g)
	return s.tableOf(c, g)
}

// loadUnleagued loads a game outside leagues, for what only such a game's
// table does itself (renaming its seats, deleting it): a league game is
// not found, its players and games being its organizer's.
func (s *Server) loadUnleagued(c *echo.Context) (table, error) {
	t, err := s.loadTable(c)
	if err == nil && t.Game.InLeague {
		return table{}, echo.ErrNotFound
	}
	return t, err
}

// loadWatched loads the game a spectator's link shows.
func (s *Server) loadWatched(c *echo.Context) (table, error) {
	g, err := s.store.Games.GameByWatchID(c.Request().Context(), c.Param("watch"))
	if err != nil {
		return table{}, err
	}
	return s.tableOf(c, g)
}

func (s *Server) tableOf(c *echo.Context, g db.Game) (table, error) {
	t, err := s.tableAt(c.Request().Context(), g)
	if err == nil {
		linkRules(c, t.Rules)
	}
	return t, err
}

// tableAt is tableOf outside a request's context.
func (s *Server) tableAt(ctx context.Context, g db.Game) (table, error) {
	t, err := scorepad.WithHands(ctx, s.store.Hands, g)
	return table{t}, err
}

// before is the game as it stood before hand h was played
// (scorepad.Table.Before).
func (t table) before(h *db.Hand) table { return table{t.Before(h)} }

// handID reads the hand id from the URL; junk is not found.
func handID(c *echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("hand"), 10, 64)
	if err != nil || id <= 0 {
		return 0, db.ErrNotFound
	}
	return id, nil
}

func (t table) url() string { return "/g/" + t.Game.PublicID }

// title is the game's name on its pages: its own for a game by points
// ("Hearts"), else its rules' ("Fan Rummy").
func (t table) title() string { return t.Rules.Title(t.Game.Settings) }

// summary puts a hand's points in words: "Ann +18 · Bob 0 · Ann went out".
func (t table) summary(l *locale.Localizer, r rules.Round) string {
	var parts []string
	names := t.Names()
	for i, p := range r.Points {
		name := l.T("scorepad.seat_n", msg.N("N", i+1))
		if i < len(names) {
			name = names[i]
		}
		parts = append(parts, name+" "+signedIn(l, p))
	}
	if note := t.note(l, r); note != "" {
		parts = append(parts, note)
	}
	return strings.Join(parts, " · ")
}

// note says what the entry's seat and marks mean: "Ann went out", "new
// hands dealt", "the table ended the game".
func (t table) note(l *locale.Localizer, r rules.Round) string {
	var notes []string
	if names := t.Names(); r.Seat >= 0 && r.Seat < len(names) && !t.Rules.SeatNote.IsZero() {
		notes = append(notes, seatNote(l, t.Rules, names[r.Seat]))
	}
	if !t.Rules.EndsHandQuestion.IsZero() && r.EndsHand {
		notes = append(notes, l.T("scorepad.new_hands_dealt"))
	}
	if r.EndsGame {
		notes = append(notes, l.T("scorepad.table_ended"))
	}
	return strings.Join(notes, "; ")
}

// rowNote is a scorepad row's note: what the hand's seat and marks mean,
// and what the game adds (game.Annotator: "a draw (G2)").
func (t table) rowNote(l *locale.Localizer, h db.Hand) string {
	note := t.note(l, scorepad.HandRound(h))
	if more, ok := t.Rules.Note(h.Record); ok {
		if note != "" {
			note += "; "
		}
		note += l.Say(more)
	}
	return note
}

func itoa(n int) string { return strconv.Itoa(n) }

// ruleLinks are the game's rule ids, for its pages to link (views.RuleText).
func ruleLinks(g rules.Game) views.RuleLinks {
	ids := make(map[string]bool, len(g.Rules))
	for _, r := range g.Rules {
		ids[r.ID] = true
	}
	return views.RuleLinks{Game: g.ID, IDs: ids}
}

// linkRules makes the request's pages link the game's rule ids.
func linkRules(c *echo.Context, g rules.Game) {
	r := c.Request()
	c.SetRequest(r.WithContext(views.WithRuleLinks(r.Context(), ruleLinks(g))))
}
