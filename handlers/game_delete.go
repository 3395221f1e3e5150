package handlers

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/msg"
	"meldpad/scorepad"
	"meldpad/views"
)

// gameUndoWindow is how long a deleted game can be brought back from its
// link. Ten minutes covers the slip noticed at the table (the wrong game
// deleted, a child's tap) and is short enough that a game deleted on
// purpose is not brought back by whoever finds the link later. After it
// the game stays deleted: its rows are kept, hidden (db.DeleteGame), so
// that what the table did can still be read from the database.
const gameUndoWindow = 10 * time.Minute

// confirmDeleteGame asks before deleting a game outside leagues (a league
// game is taken out of its league by the organizer instead).
func (s *Server) confirmDeleteGame(c *echo.Context) error {
	t, err := s.loadUnleagued(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.DeleteGamePage(deleteGameVM(c, t)))
}

func deleteGameVM(c *echo.Context, t table) views.DeleteGameVM {
	l := lang(c)
	played := 0
	for _, h := range t.Hands {
		if !h.EndsGame {
			played++
		}
	}
	var players []string
	for _, st := range t.Game.Seats {
		players = append(players, st.Name+" "+l.Score(st.Total))
	}
	summary := l.T("scorepad.delete_summary", msg.S("Game", t.title()), msg.S("When", whenIn(l, t.Game.CreatedAt)),
		msg.S("Players", strings.Join(players, " · ")), msg.S("Played", l.T("scorepad.played."+t.Rules.Round, msg.N("Count", played))))
	return views.DeleteGameVM{Title: l.T("scorepad.delete_title", msg.S("Game", t.title())), GameURL: t.url(), Action: t.url() + "/delete", CSRF: csrfToken(c),
		Summary: summary, Window: l.T("scorepad.undo_window", msg.N("Count", int(gameUndoWindow/time.Minute)))}
}

// deleteGame deletes a game outside leagues and shows its link, which
// says so and offers Undo. Deleting it twice (two phones, a double tap)
// is deleting it once.
func (s *Server) deleteGame(c *echo.Context) error {
	g, err := s.store.Games.GameEvenDeleted(c.Request().Context(), c.Param("game"))
	if err != nil {
		return err
	}
	t := table{scorepad.Table{Game: g}}
	if g.InLeague {
		return echo.ErrNotFound
	}
	err = s.store.Games.DeleteGame(c.Request().Context(), g.ID, authorCookie(c))
	s.kept.Forget(g.PublicID)
	switch {
	case errors.Is(err, db.ErrUnwritable):
		s.unwritable(c, err)
		full, err := s.loadTable(c)
		if err != nil {
			return err
		}
		vm := deleteGameVM(c, full)
		vm.Error = lang(c).T("scorepad.not_deleted_unwritable")
		return render(c, http.StatusServiceUnavailable, views.DeleteGamePage(vm))
	case err != nil:
		return err
	}
	s.changed(c, t)
	return c.Redirect(http.StatusSeeOther, t.url())
}

// restoreGame brings back a game deleted less than gameUndoWindow ago
// and opens its scorepad. Brought back twice is brought back once.
func (s *Server) restoreGame(c *echo.Context) error {
	g, err := s.store.Games.GameEvenDeleted(c.Request().Context(), c.Param("game"))
	if err != nil {
		return err
	}
	t := table{scorepad.Table{Game: g}}
	err = s.store.Games.RestoreGame(c.Request().Context(), g.ID, authorCookie(c), gameUndoWindow)
	s.kept.Forget(g.PublicID)
	switch {
	case errors.Is(err, db.ErrUndoExpired):
		return s.showDeleted(c, g, lang(c).T("scorepad.too_late_undo", msg.N("Count", int(gameUndoWindow/time.Minute))))
	case errors.Is(err, db.ErrUnwritable):
		s.unwritable(c, err)
		return s.showDeleted(c, g, lang(c).T("scorepad.not_restored_unwritable"))
	case err != nil:
		return err
	}
	s.changed(c, t)
	return c.Redirect(http.StatusSeeOther, t.url()+"?saved=restored")
}

// showUndo is the Undo page of a deleted game (the link a live update
// brings to the other phones), or, for a game in use, its scorepad.
func (s *Server) showUndo(c *echo.Context) error {
	g, err := s.store.Games.GameEvenDeleted(c.Request().Context(), c.Param("game"))
	if err != nil {
		return err
	}
	if g.Deleted.IsZero() {
		return c.Redirect(http.StatusSeeOther, "/g/"+g.PublicID)
	}
	return s.showDeleted(c, g, "")
}

// showDeleted is what a deleted game's link shows (410 Gone): when it
// was deleted and, within gameUndoWindow, an Undo button.
func (s *Server) showDeleted(c *echo.Context, g db.Game, problem string) error {
	vm := deletedVM(lang(c), g, time.Now())
	vm.CSRF, vm.Error = csrfToken(c), problem
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return render(c, http.StatusGone, views.DeletedGamePage(vm))
}

// deletedVM is a deleted game's page as of now, without the Undo form's
// CSRF token (a live update's part is the same for every phone).
func deletedVM(l *locale.Localizer, g db.Game, now time.Time) views.DeletedGameVM {
	url := "/g/" + g.PublicID
	title := l.T("scorepad.a_game")
	if r, ok := rules.Lookup(g.Rules); ok {
		title = r.Title(g.Settings)
	}
	vm := views.DeletedGameVM{Title: title, URL: url, LiveURL: url + "/events", Version: g.Version,
		Deleted: clockIn(l, g.Deleted), Action: url + "/restore", UndoURL: url + "/restore"}
	if until := g.Deleted.Add(gameUndoWindow); now.Before(until) {
		vm.Until = clockIn(l, until)
	}
	return vm
}
