package db

import (
	"context"
	"errors"
	"slices"
	"testing"

	"meldpad/rules"
	"meldpad/rules/game"
)

// TestAddHandTo: a hand added by the game's link is made from the game as
// the write reads it (its names and the tally of the hands before), and
// is stored as AddHand stores it; a refusal from build saves nothing; a
// link of no game, or no link at all, is ErrNotFound; a game whose tally
// is not stored yet gets the tally of its hands.
func TestAddHandTo(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	for _, p := range [][]int{{10, 0}, {0, 7}} {
		if _, err := s.AddHand(ctx, g.ID, pointsHand(p...), Change{Token: NewID()}); err != nil {
			t.Fatal(err)
		}
	}
	var seen game.Table
	var seenRules string
	h, err := s.AddHandTo(ctx, g.PublicID, func(r rules.Game, st game.Table) (HandInput, error) {
		seen, seenRules = st, r.ID
		return pointsHand(5, 0), nil
	}, Change{Token: NewID(), Author: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	if seenRules != "fan" || !slices.Equal(seen.Names, []string{"Ann", "Bob"}) || seen.Tally.Rounds != 2 || !slices.Equal(seen.Tally.Totals, []int{10, 7}) {
		t.Errorf("build saw rules %q, names %v, tally %+v; want fan, Ann and Bob, 2 rounds, totals [10 7]", seenRules, seen.Names, seen.Tally)
	}
	if h.GameID != g.ID || h.Seq != 3 || !slices.Equal(h.Points, []int{5, 0}) || h.GameVersion == 0 {
		t.Errorf("saved %+v", h)
	}
	if got, _ := s.Game(ctx, g.PublicID); got.Seats[0].Total != 15 || got.Version != h.GameVersion {
		t.Errorf("after the save: total %d, version %d (the save said %d)", got.Seats[0].Total, got.Version, h.GameVersion)
	}

	refused := errors.New("refused")
	if _, err := s.AddHandTo(ctx, g.PublicID, func(rules.Game, game.Table) (HandInput, error) { return HandInput{}, refused },
		Change{Token: NewID()}); !errors.Is(err, refused) {
		t.Errorf("a refusal: %v", err)
	}
	for _, link := range []string{NewID(), "not a link", ""} {
		_, err := s.AddHandTo(ctx, link, func(rules.Game, game.Table) (HandInput, error) {
			t.Errorf("build ran for link %q", link)
			return pointsHand(1, 0), nil
		}, Change{Token: NewID()})
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("link %q: %v, want ErrNotFound", link, err)
		}
	}
	if hands, err := s.Hands(ctx, g.ID); err != nil || len(hands) != 3 {
		t.Errorf("%d hands stored (%v), want 3", len(hands), err)
	}

	// A game whose tally is not stored (as after an import).
	if _, err := s.w.ExecContext(ctx, `UPDATE games SET tally = NULL WHERE id = ?`, g.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddHandTo(ctx, g.PublicID, func(r rules.Game, st game.Table) (HandInput, error) {
		seen = st
		return pointsHand(0, 1), nil
	}, Change{Token: NewID()}); err != nil {
		t.Fatal(err)
	}
	if seen.Tally.Rounds != 3 || !slices.Equal(seen.Tally.Totals, []int{15, 7}) {
		t.Errorf("without a stored tally build saw %+v, want 3 rounds, totals [15 7]", seen.Tally)
	}
	if got, _ := s.Game(ctx, g.PublicID); got.Seats[1].Total != 8 {
		t.Errorf("after the save without a stored tally: Bob's total %d, want 8", got.Seats[1].Total)
	}
}
