package handlers

import (
	"bytes"
	"context"
	"slices"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/scorepad"
	"meldpad/views"
)

// showHistory lists every change to the game's hands, newest first: who,
// when, what it was before and after, and for a correction of a hand
// entered card by card, which cards it moved.
//
// It is rendered once per version of the game (pageCache), as a heavy
// read (limits_heavy.go): a game of thousands of hands has thousands of
// changes.
func (s *Server) showHistory(c *echo.Context) error {
	stamp, err := s.store.Stamps.GameStamp(c.Request().Context(), c.Param("game"))
	if err != nil {
		return err
	}
	key := versionKey("history", c.Param("game"), stamp.Version)
	if done, err := s.pages.serve(c, key); done || err != nil {
		return err
	}
	// One render per language: two phones asking at once in different
	// languages do not share one.
	page, err := s.heavy.do(c.Request().Context(), inLanguage(c, key), func(ctx context.Context) (any, error) {
		return s.renderHistory(c, ctx)
	})
	if err != nil {
		return err
	}
	return s.pages.store(c, key, page.([]byte))
}

// renderHistory is showHistory's page.
func (s *Server) renderHistory(c *echo.Context, ctx context.Context) ([]byte, error) {
	stored, err := s.store.Games.Game(ctx, c.Param("game"))
	if err != nil {
		return nil, err
	}
	t, err := s.tableAt(ctx, stored)
	if err != nil {
		return nil, err
	}
	revs, err := s.store.Hands.Revisions(ctx, t.Game.ID)
	if err != nil {
		return nil, err
	}
	// Reading the cards back takes the referee (the sheet is laid out
	// from them), so all the page's corrections share one referee
	// deadline; past it, the rest show their points only.
	ctx, cancel := context.WithTimeout(ctx, s.limits.RefereeTimeout)
	defer cancel()
	gameRevs, err := s.store.Games.GameRevisions(ctx, t.Game.ID)
	if err != nil {
		return nil, err
	}
	sh, hasCards := sheetOf(t.Rules)
	l := lang(c)
	vm := views.HistoryVM{Title: l.T("scorepad.history_title"), GameTitle: t.title(), GameURL: t.url()}
	// The changes to the game itself (a seat renamed, the game deleted
	// and brought back) take their places among the hands' by time.
	g := len(gameRevs) - 1
	for i := len(revs) - 1; i >= -1; i-- {
		for g >= 0 && (i < 0 || !gameRevs[g].At.Before(revs[i].At)) {
			vm.Entries = append(vm.Entries, gameRevisionVM(l, gameRevs[g]))
			g--
		}
		if i < 0 {
			break
		}
		r := revs[i]
		name := t.roundCapIn(l, r.HandSeq)
		if t.Number(r.HandID) == 0 {
			name = l.T("scorepad.history_now_deleted", msg.S("Round", name))
		}
		e := views.RevisionVM{Who: r.Author, When: l.Moment(r.At.Local())}
		switch r.Action {
		case "add":
			e.What = l.T("scorepad.history_recorded", msg.S("Round", name))
		case "correct":
			e.What = l.T("scorepad.history_corrected", msg.S("Round", name))
			if hasCards {
				e.Cards = cardChanges(ctx, t, sh, r.Before, r.After)
			}
		case "delete":
			e.What = l.T("scorepad.history_deleted", msg.S("Round", name))
		}
		e.Before, e.After = s.snapshotText(l, t, r.Before), s.snapshotText(l, t, r.After)
		vm.Entries = append(vm.Entries, e)
	}
	var buf bytes.Buffer
	err = views.HistoryPage(vm).Render(ctx, &buf)
	return buf.Bytes(), err
}

// gameRevisionVM is a change to the game itself, in words: "Ann renamed
// Annabelle (seat 1)", "Game deleted", "Game brought back".
func gameRevisionVM(l *locale.Localizer, r db.GameRevision) views.RevisionVM {
	e := views.RevisionVM{Who: r.Author, When: l.Moment(r.At.Local())}
	switch r.Action {
	case "rename":
		e.What = l.T("scorepad.history_renamed", msg.S("Before", r.Before), msg.S("After", r.After), msg.N("Seat", r.Seat+1))
	case "delete":
		e.What = l.T("scorepad.history_game_deleted")
	case "restore":
		e.What = l.T("scorepad.history_game_restored")
	}
	return e
}

func (s *Server) snapshotText(l *locale.Localizer, t table, in *db.HandInput) string {
	if in == nil {
		return ""
	}
	return t.summary(l, scorepad.Round(*in))
}

// cardChanges says which cards a correction moved, by whose they were:
// "Bob: +7♠ -K♥", one line for each player (or field) whose cards
// changed. Both versions must have been entered card by card; otherwise,
// or once ctx is done, there is nothing to say.
func cardChanges(ctx context.Context, t table, sh sheet, before, after *db.HandInput) []string {
	if before == nil || after == nil || before.Entry != db.EntryCards || after.Entry != db.EntryCards {
		return nil
	}
	was, ok := cardsByOwner(ctx, t, sh, before)
	if !ok {
		return nil
	}
	now, ok := cardsByOwner(ctx, t, sh, after)
	if !ok {
		return nil
	}
	var lines []string
	for _, owner := range ownersOf(was, now) {
		added, removed := multisetDiff(now.cards[owner], was.cards[owner])
		if len(added) == 0 && len(removed) == 0 {
			continue
		}
		var moved []string
		for _, card := range added {
			moved = append(moved, "+"+card)
		}
		for _, card := range removed {
			moved = append(moved, "-"+card)
		}
		lines = append(lines, owner+": "+strings.Join(moved, " "))
	}
	return lines
}

// ownedCards are the cards of a hand's sheet by whose they are, the
// owners in the sheet's order.
type ownedCards struct {
	owners []string
	cards  map[string][]string
}

// cardsByOwner reads a stored hand's cards back through its sheet. A
// card belongs to the section it is in (a player, in the games that give
// each player one), else to its field ("Ann's cards at the end", "Knock
// card"). It reports false when the record cannot be read back or ctx is
// done.
func cardsByOwner(ctx context.Context, t table, sh sheet, in *db.HandInput) (ownedCards, bool) {
	values, err := sh.values(t, in.Record)
	if err != nil {
		return ownedCards{}, false
	}
	laidOut, _, err := sh.m.Judge(ctx, t.State(), values)
	if err != nil {
		return ownedCards{}, false
	}
	out := ownedCards{cards: map[string][]string{}}
	var walk func(parts []game.Part, owner string)
	walk = func(parts []game.Part, owner string) {
		for _, p := range parts {
			if p.Kind == game.Section {
				walk(p.Parts, p.Label)
				continue
			}
			if f := p.Field; f != nil {
				who := owner
				if who == "" {
					who = f.Label
				}
				if _, seen := out.cards[who]; !seen {
					out.owners = append(out.owners, who)
					out.cards[who] = nil
				}
				for _, chip := range f.Chips {
					out.cards[who] = append(out.cards[who], chip.Label)
				}
			}
			walk(p.Parts, owner)
		}
	}
	walk(laidOut.Parts, "")
	return out, true
}

// ownersOf lists the owners of both versions, the earlier one's order
// first.
func ownersOf(was, now ownedCards) []string {
	owners := slices.Clone(was.owners)
	for _, o := range now.owners {
		if !slices.Contains(owners, o) {
			owners = append(owners, o)
		}
	}
	return owners
}

// multisetDiff returns the cards of now not in was and those of was not
// in now, counting copies (Fortune's two decks hold two of each card).
func multisetDiff(now, was []string) (added, removed []string) {
	left := slices.Clone(was)
	for _, card := range now {
		if i := slices.Index(left, card); i >= 0 {
			left = slices.Delete(left, i, i+1)
			continue
		}
		added = append(added, card)
	}
	return added, left
}
