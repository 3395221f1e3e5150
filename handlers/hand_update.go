package handlers

import (
	"errors"

	"github.com/labstack/echo/v5"

	"meldpad/db"
)

// updateHand saves a correction, by points or card by card. The old hand
// is kept as a revision; the totals and the result are worked out again,
// so a finished game can become unfinished. If another phone corrected
// the hand first, the user sees its version and theirs, and nothing is
// overwritten silently; if another phone deleted it, the user is told so
// and may save the entry as a new hand (record).
func (s *Server) updateHand(c *echo.Context) error {
	t, h, err := s.loadHand(c)
	if errors.Is(err, db.ErrDeleted) {
		if t, err = s.loadTable(c); err != nil {
			return err
		}
		e, err := s.readEntry(c, t, nil)
		if err != nil {
			return err
		}
		return s.deletedMeanwhile(c, e)
	}
	if err != nil {
		return err
	}
	e, err := s.readEntry(c, t, &h)
	if err != nil {
		return err
	}
	if sh, ok := e.(*sheetEntry); ok {
		return s.saveSheet(c, t, &h, sh)
	}
	return s.record(c, t, &h, e)
}
