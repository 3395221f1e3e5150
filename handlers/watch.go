package handlers

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/views"
)

// showWatch shows the scorepad read-only, for spectators: no link on it
// leads to a page that changes the game. Like the players' scorepad it
// is rendered once per version (showGame); the league is named without
// its link.
func (s *Server) showWatch(c *echo.Context) error {
	ctx := c.Request().Context()
	stamp, err := s.store.WatchStamp(ctx, c.Param("watch"))
	if err != nil {
		return err
	}
	key := func(version int) string {
		return strings.Join([]string{"watch", c.Param("watch"), strconv.Itoa(version), stamp.League}, "\x00")
	}
	if done, err := s.pages.serve(c, key(stamp.Version)); done || err != nil {
		return err
	}
	t, err := s.loadWatched(c)
	if err != nil {
		return err
	}
	vm := watchScorepadVM(lang(c), t, c.Param("watch"), stamp.League)
	var buf bytes.Buffer
	if err := views.GamePage(vm).Render(c.Request().Context(), &buf); err != nil {
		return err
	}
	return s.pages.store(c, key(t.Game.Version), buf.Bytes())
}

// watchScorepadVM is the spectators' scorepad: read-only, its league
// named without a link.
func watchScorepadVM(l *locale.Localizer, t table, watchID, league string) views.GameVM {
	vm := scorepadVM(l, t, "")
	vm.ReadOnly = true
	vm.LiveURL = "/w/" + watchID + "/events"
	vm.League = league
	return vm
}

// watchEvents streams a watched game's changes.
func (s *Server) watchEvents(c *echo.Context) error {
	release, ok := s.openStream(c)
	if !ok {
		return nil
	}
	defer release()
	t, err := s.loadWatched(c)
	if err != nil {
		return err
	}
	watchID := c.Param("watch")
	l := lang(c) // a part is rendered once per version and language
	return s.streamEvents(c, t.Game.ID, t.Game.Version, func(ctx context.Context) (int, error) {
		st, err := s.store.WatchStamp(ctx, watchID)
		return st.Version, err
	}, func(version int) ([]byte, error) {
		return s.pads.get("w\x00"+watchID+"\x00"+strconv.Itoa(version)+"\x00"+l.Tag(), func(ctx context.Context) ([]byte, error) {
			ctx = locale.NewContext(ctx, l)
			stamp, err := s.store.WatchStamp(ctx, watchID)
			if err != nil {
				return nil, err
			}
			g, err := s.store.GameByWatchID(ctx, watchID)
			if err != nil {
				return nil, err
			}
			t, err := s.tableAt(ctx, g)
			if err != nil {
				return nil, err
			}
			return renderPad(views.WithRuleLinks(ctx, ruleLinks(t.Rules)), watchScorepadVM(l, t, watchID, stamp.League))
		})
	})
}

// gameEvents streams a game's changes to its open scorepads.
func (s *Server) gameEvents(c *echo.Context) error {
	release, ok := s.openStream(c)
	if !ok {
		return nil
	}
	defer release()
	// A deleted game's link streams too: its page shows DeletedPart in
	// the scorepad's place, and an Undo on any phone brings the scorepad
	// back on every one.
	g, err := s.store.GameEvenDeleted(c.Request().Context(), c.Param("game"))
	if err != nil {
		return err
	}
	l := lang(c) // a part is rendered once per version and language
	return s.streamEvents(c, g.ID, g.Version, func(ctx context.Context) (int, error) {
		st, err := s.store.GameStamp(ctx, g.PublicID)
		return st.Version, err
	}, func(version int) ([]byte, error) {
		return s.pads.get("g\x00"+g.PublicID+"\x00"+strconv.Itoa(version)+"\x00"+l.Tag(), func(ctx context.Context) ([]byte, error) {
			ctx = locale.NewContext(ctx, l)
			stamp, err := s.store.GameStamp(ctx, g.PublicID)
			if err != nil {
				return nil, err
			}
			now, err := s.store.GameEvenDeleted(ctx, g.PublicID)
			if err != nil {
				return nil, err
			}
			if !now.Deleted.IsZero() {
				return renderDeletedPad(ctx, deletedVM(l, now, time.Now()))
			}
			t, err := s.tableAt(ctx, now)
			if err != nil {
				return nil, err
			}
			return renderPad(views.WithRuleLinks(ctx, ruleLinks(t.Rules)), playersScorepadVM(l, t, stamp, ""))
		})
	})
}

// changed tells every open scorepad of the game that it changed. The
// save is done: a phone that hangs up now must not keep the word from the
// others, so the request's cancellation is not followed, only a deadline.
func (s *Server) changed(c *echo.Context, t table) { s.changedTo(c, t, 0) }

// changedTo is changed when the write said the game's new version
// (db.Hand.GameVersion): a save is announced without reading the game
// again. A version of 0 is read.
func (s *Server) changedTo(c *echo.Context, t table, version int) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(c.Request().Context()), publishTimeout)
	defer cancel()
	var err error
	if version == 0 {
		var st db.Stamp
		if st, err = s.store.GameStamp(ctx, t.Game.PublicID); err == nil {
			version = st.Version
		}
	}
	if err == nil {
		err = s.events.Publish(ctx, t.Game.ID, version)
	}
	if err != nil {
		s.log.Warn("live update", "game", t.Game.PublicID, "err", err)
	}
}

// publishTimeout bounds the announcement of a save: past it the phones
// catch up on their next change or reload.
const publishTimeout = 2 * time.Second
