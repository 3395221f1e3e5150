package handlers

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/rules/game"
	"meldpad/views"
)

// table is a game as the handlers use it: the stored game, its rules and
// its hands so far, or, for the pages that add a hand (lite), only the
// game with the tally its last write stored.
type table struct {
	game  db.Game
	rules rules.Game
	hands []db.Hand
	lite  bool // hands not read: the game's stored tally stands for them
}

// loadTable loads the game named in the URL with its hands. An unknown or
// malformed id is db.ErrNotFound, which renders the friendly 404.
func (s *Server) loadTable(c *echo.Context) (table, error) {
	g, err := s.store.Game(c.Request().Context(), c.Param("game"))
	if err != nil {
		return table{}, err
	}
	s.lastRead.Add(g.PublicID, g)
	return s.tableOf(c, g)
}

// loadForNewHand loads the game named in the URL for adding a hand: its
// stored tally stands for its hands, which are not read, so that adding
// a hand costs the same however long the game. A game without a stored
// tally yet is loaded with its hands.
//
// When the database does not answer, the game as this server last read
// it stands in (lastReadTable), so that a hand can still be entered and
// judged, and its save, refused with 503, keeps the entry.
func (s *Server) loadForNewHand(c *echo.Context) (table, error) {
	g, err := s.store.Game(c.Request().Context(), c.Param("game"))
	if db.Unavailable(err) {
		if t, ok := s.lastReadTable(c.Param("game")); ok {
			return t, nil
		}
	}
	if err != nil {
		return table{}, err
	}
	s.lastRead.Add(g.PublicID, g)
	if g.Tally == nil {
		return s.tableOf(c, g)
	}
	r, ok := rules.Lookup(g.Rules)
	if !ok {
		return table{}, fmt.Errorf("handlers: game %s has unknown rules %q", g.PublicID, g.Rules)
	}
	linkRules(c, r)
	return table{game: g, rules: r, lite: true}, nil
}

// maxLastRead bounds the games kept as last read: those of the tables
// playing on this server at once, a few KB each.
const maxLastRead = 1024

// lastReadTable is the game with the link given as this server last read
// it, with the tally it had then standing for its hands (a lite table),
// for the pages shown when the database does not answer. It reports
// false for a game not read since the server started, or with hands but
// no stored tally.
func (s *Server) lastReadTable(link string) (table, bool) {
	g, ok := s.lastRead.Get(link)
	if !ok || (g.Tally == nil && g.MaxSeq > 0) {
		return table{}, false
	}
	r, ok := rules.Lookup(g.Rules)
	if !ok {
		return table{}, false
	}
	return table{game: g, rules: r, lite: g.Tally != nil}, true
}

// nextNumber is the number the game's next hand takes: one more than
// any hand had, deleted ones too (see number).
func (t table) nextNumber() int { return t.game.MaxSeq + 1 }

// lastNumber is the number of the game's last hand, 0 before the first.
func (t table) lastNumber() int { return t.game.LastSeq }

// last is the game's last round, if it has one.
func (t table) last() (rules.Round, bool) {
	if t.lite {
		return t.game.Tally.Last, t.game.Tally.Rounds > 0
	}
	if n := len(t.hands); n > 0 {
		return t.hands[n-1].Round(), true
	}
	return rules.Round{}, false
}

// loadWatched loads the game a spectator's link shows.
func (s *Server) loadWatched(c *echo.Context) (table, error) {
	g, err := s.store.GameByWatchID(c.Request().Context(), c.Param("watch"))
	if err != nil {
		return table{}, err
	}
	return s.tableOf(c, g)
}

func (s *Server) tableOf(c *echo.Context, g db.Game) (table, error) {
	t, err := s.tableAt(c.Request().Context(), g)
	if err == nil {
		linkRules(c, t.rules)
	}
	return t, err
}

// tableAt is tableOf outside a request's context.
func (s *Server) tableAt(ctx context.Context, g db.Game) (table, error) {
	r, ok := rules.Lookup(g.Rules)
	if !ok {
		return table{}, fmt.Errorf("handlers: game %s has unknown rules %q", g.PublicID, g.Rules)
	}
	hands, err := s.store.Hands(ctx, g.ID)
	if err != nil {
		return table{}, err
	}
	return table{game: g, rules: r, hands: hands}, nil
}

// handID reads the hand id from the URL; junk is not found.
func handID(c *echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("hand"), 10, 64)
	if err != nil || id <= 0 {
		return 0, db.ErrNotFound
	}
	return id, nil
}

func (t table) url() string { return "/g/" + t.game.PublicID }

// title is the game's name on its pages: its own for a game by points
// ("Hearts"), else its rules' ("Fan Rummy").
func (t table) title() string { return t.rules.Title(t.game.Settings) }

func (t table) names() []string {
	names := make([]string, len(t.game.Seats))
	for i, s := range t.game.Seats {
		names[i] = s.Name
	}
	return names
}

func (t table) rounds() []rules.Round {
	rounds := make([]rules.Round, len(t.hands))
	for i, h := range t.hands {
		rounds[i] = h.Round()
	}
	return rounds
}

// number returns the hand's number in the game, or 0 if the hand is not
// among the game's hands. It is the hand's order of entry (db.Hand.Seq),
// not its place among the hands left: deleting deal 2 leaves deal 3 deal
// 3, on every page and in the history, and no later deal is numbered 2.
func (t table) number(handID int64) int {
	for _, h := range t.hands {
		if h.ID == handID {
			return h.Seq
		}
	}
	return 0
}

// before returns the game as it stood before hand h was played: the hands
// up to it, not including it. With no hand (a new one), the whole game.
func (t table) before(h *db.Hand) table {
	if h == nil {
		return t
	}
	for i, played := range t.hands {
		if played.ID == h.ID {
			t.hands = t.hands[:i:i]
			return t
		}
	}
	return t
}

// hand returns the game's hand with the id given as text, or nil when
// there is none (an empty or unknown id).
func (t table) hand(id string) *db.Hand {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return nil
	}
	for i := range t.hands {
		if t.hands[i].ID == n {
			return &t.hands[i]
		}
	}
	return nil
}

// roundName is "deal 3", "trick 12".
func (t table) roundName(n int) string { return t.rules.Round + " " + strconv.Itoa(n) }

// summary puts a hand's points in words: "Ann +18 · Bob 0 · Ann went out".
func (t table) summary(r rules.Round) string {
	var parts []string
	names := t.names()
	for i, p := range r.Points {
		name := "seat " + strconv.Itoa(i+1)
		if i < len(names) {
			name = names[i]
		}
		parts = append(parts, name+" "+views.Signed(p))
	}
	if note := t.note(r); note != "" {
		parts = append(parts, note)
	}
	return strings.Join(parts, " · ")
}

// note says what the entry's seat and marks mean: "Ann went out", "new
// hands dealt", "the table ended the game".
func (t table) note(r rules.Round) string {
	var notes []string
	if names := t.names(); r.Seat >= 0 && r.Seat < len(names) && t.rules.SeatNote != "" {
		notes = append(notes, names[r.Seat]+" "+t.rules.SeatNote)
	}
	if !t.rules.EndsHandQuestion.IsZero() && r.EndsHand {
		notes = append(notes, "new hands dealt")
	}
	if r.EndsGame {
		notes = append(notes, "the table ended the game")
	}
	return strings.Join(notes, "; ")
}

// rowNote is a scorepad row's note: what the hand's seat and marks mean,
// and what the game adds (game.Annotator: "a draw (G2)").
func (t table) rowNote(h db.Hand) string {
	note := t.note(h.Round())
	if a, ok := t.rules.Module.(game.Annotator); ok {
		if more := a.Note(h.Record); more != "" {
			if note != "" {
				note += "; "
			}
			note += more
		}
	}
	return note
}

// state is the game as its module sees it: the seats, what was chosen at
// its creation, and the tally of its hands.
func (t table) state() game.Table {
	tally := game.TallyOf(len(t.game.Seats), t.rounds())
	if t.lite {
		tally = *t.game.Tally
	}
	return game.Table{Names: t.names(), HouseRules: t.game.HouseRules, Settings: t.game.Settings,
		FirstDealer: t.game.FirstDealer, Tally: tally}
}

func itoa(n int) string { return strconv.Itoa(n) }
