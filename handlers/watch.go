package handlers

import (
	"bytes"
	"context"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/locale"
	"meldpad/views"
)

// showWatch shows the scorepad read-only, for spectators: no link on it
// leads to a page that changes the game. Like the players' scorepad it
// is rendered once per version (showGame); the league is named without
// its link.
func (s *Server) showWatch(c *echo.Context) error {
	ctx := c.Request().Context()
	stamp, err := s.store.Stamps.WatchStamp(ctx, c.Param("watch"))
	if err != nil {
		return err
	}
	key := func(version int) string {
		return versionKey("watch", c.Param("watch"), version, stamp.League)
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
		st, err := s.store.Stamps.WatchStamp(ctx, watchID)
		return st.Version, err
	}, func(version int) ([]byte, error) {
		return s.pads.get(versionKey("w", watchID, version, l.Tag()), func(ctx context.Context) ([]byte, error) {
			ctx = locale.NewContext(ctx, l)
			stamp, err := s.store.Stamps.WatchStamp(ctx, watchID)
			if err != nil {
				return nil, err
			}
			g, err := s.store.Games.GameByWatchID(ctx, watchID)
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
	g, err := s.store.Games.GameEvenDeleted(c.Request().Context(), c.Param("game"))
	if err != nil {
		return err
	}
	l := lang(c) // a part is rendered once per version and language
	return s.streamEvents(c, g.ID, g.Version, func(ctx context.Context) (int, error) {
		st, err := s.store.Stamps.GameStamp(ctx, g.PublicID)
		return st.Version, err
	}, func(version int) ([]byte, error) {
		return s.pads.get(versionKey("g", g.PublicID, version, l.Tag()), func(ctx context.Context) ([]byte, error) {
			ctx = locale.NewContext(ctx, l)
			stamp, err := s.store.Stamps.GameStamp(ctx, g.PublicID)
			if err != nil {
				return nil, err
			}
			now, err := s.store.Games.GameEvenDeleted(ctx, g.PublicID)
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
