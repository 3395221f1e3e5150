package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"meldpad/db"
	"meldpad/views"
)

// showHistory lists every change to the game's hands, newest first: who,
// when, and what it was before and after.
func (s *Server) showHistory(c echo.Context) error {
	t, err := s.loadTable(c)
	if err != nil {
		return err
	}
	revs, err := s.store.Revisions(c.Request().Context(), t.game.ID)
	if err != nil {
		return err
	}
	vm := views.HistoryVM{Title: "Changes", GameTitle: t.title(), GameURL: t.url()}
	for i := len(revs) - 1; i >= 0; i-- {
		r := revs[i]
		name := capitalize(t.roundName(r.HandSeq))
		if t.number(r.HandID) == 0 {
			name += " (now deleted)"
		}
		e := views.RevisionVM{Who: r.Author, When: r.At.Local().Format("2 Jan 15:04:05")}
		switch r.Action {
		case "add":
			e.What = name + " recorded"
		case "correct":
			e.What = name + " corrected"
		case "delete":
			e.What = name + " deleted"
		}
		e.Before, e.After = s.snapshotText(t, r.Before), s.snapshotText(t, r.After)
		vm.Entries = append(vm.Entries, e)
	}
	return render(c, http.StatusOK, views.HistoryPage(vm))
}

func (s *Server) snapshotText(t table, in *db.HandInput) string {
	if in == nil {
		return ""
	}
	return t.summary(in.Round())
}
