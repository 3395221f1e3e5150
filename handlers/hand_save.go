package handlers

import (
	"errors"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/msg"
)

// saveHand records a hand, entered by points or card by card. Wrong
// input comes back with the typed values and a message by the field; a
// double submit saves once, and a submit again with other values is told
// what was saved; a phone that was behind is told what changed before it
// saves; a database that cannot be written is said so, the entry kept
// (record).
//
// The game is read once, its stored tally standing for its hands, and a
// hand by points is checked against the game it is added to: when the
// game changed between the read and the write, it is read and checked
// again (scorepad.Add).
func (s *Server) saveHand(c *echo.Context) error {
	t, err := s.loadForNewHand(c)
	if err != nil {
		return err
	}
	e, err := s.readEntry(c, t, nil)
	if err != nil {
		return err
	}
	if sh, ok := e.(*sheetEntry); ok {
		return s.saveSheet(c, t, nil, sh)
	}
	return s.record(c, t, nil, e)
}

// afterSave is where a saved entry leads: the scorepad, or, for an entry
// that is one part of a hand (a Trophy Case trick, T6) after which the
// hand goes on, the next part's form (card by card when this one was),
// so that a hand's tricks are entered one after another without going
// back to the scorepad. Each is saved as it ends, one revision a trick:
// a trick is a round of the game (its points, T7, and the next leader,
// T6, are the scorepad's at once, on every phone), corrected or deleted
// on its own. A game the trick ended sends its form on to the scorepad
// (showNewHand).
func afterSave(t table, h db.Hand, byCards bool) string {
	if t.Rules.EndsHandQuestion == "" || h.EndsHand || h.EndsGame {
		return t.url() + "?saved=added"
	}
	next := t.url() + "/hands/new?saved=added"
	if byCards {
		next += "&by=cards"
	}
	return next
}

// errRefused is a by-points hand the game's checks refused.
var errRefused = errors.New("handlers: the hand was refused")

// staleNotice is what a phone that saved too late is told, once the game
// is loaded again: the game is over (and nothing more can be saved), or
// what the other phone saved (and saving again makes a new hand).
func staleNotice(l *locale.Localizer, t table) (notice, saveLabel string) {
	if t.Game.Finished() {
		return l.T("hand.game_over_stale", msg.S("Won", haveWonIn(l, gameWinners(t.Game))), msg.S("Round", t.roundWordIn(l))), ""
	}
	return conflictMessage(l, t), l.T("hand.save_anyway", msg.S("Name", t.roundIn(l, t.NextNumber())))
}

// conflictMessage tells a phone that was behind what the scorepad holds
// now, so it does not enter the same hand twice.
func conflictMessage(l *locale.Localizer, t table) string {
	said := l.T("hand.conflict")
	if last, ok := t.Last(); ok {
		said += " " + l.T("hand.conflict_last", msg.S("Round", t.roundWordIn(l)), msg.S("Name", t.roundIn(l, t.LastNumber())),
			msg.S("Summary", t.summary(l, last)))
	}
	return said + " " + l.T("hand.conflict_again")
}
