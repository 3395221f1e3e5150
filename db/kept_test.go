package db

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"meldpad/db/dbtest"
	"meldpad/rules"
	"meldpad/rules/game"
)

// keptAgreesWithTheFile fails t for every game the writer keeps that is
// not what a read of the file gives (keptGames). It reads the writer's
// games between writes, after the last one returned.
func keptAgreesWithTheFile(t *testing.T, s *Store, step string) {
	t.Helper()
	k := &s.commits.kept
	for id := range k.games {
		kept, _ := k.get(id)
		read, err := loadGameState(context.Background(), s.r, id)
		if err != nil {
			t.Fatalf("%s: read game %d: %v", step, id, err)
		}
		if !reflect.DeepEqual(kept, read) {
			t.Fatalf("%s: game %d kept as\n%+v\nbut the file has\n%+v", step, id, kept, read)
		}
	}
}

// TestKeptGamesAreWhatTheFileHolds: whatever mix of writes runs, each
// game the writer keeps between saves is the game as the file holds it,
// so a save that starts from a kept game adds to what is stored. Saves
// (by link and by id, stale, repeated, ending a game), corrections,
// deletions, a league member's rename and a game taken out of its league
// come in a random order; after each, every kept game is compared with a
// read of it.
func TestKeptGamesAreWhatTheFileHolds(t *testing.T) {
	dbtest.SQLiteOnly(t, "the writer keeps games on SQLite; PostgreSQL's writes read them")
	s, _ := openTest(t)
	ctx := context.Background()
	l := newLeague(t, s, "Ann", "Bob")
	games := []Game{leagueGame(t, s, l, "fan", "Ann", "Bob"), newFanGame(t, s)}
	open, err := s.CreateGame(ctx, openPointsGame())
	if err != nil {
		t.Fatal(err)
	}
	games = append(games, open)
	rng := rand.New(rand.NewPCG(11, 27))
	done := map[string]int{}
	hits := 0
	var lastToken string // the last save's form: its token, hand and game
	var lastHand HandInput
	var lastGame int64
	for step := range 400 {
		g := games[rng.IntN(len(games))]
		st, _ := loadGameState(ctx, s.r, g.ID)
		points := make([]int, len(st.table.Names))
		for seat := range points {
			points[seat] = rng.IntN(30) - 5
		}
		if g.Rules == "fan" { // a deal by points: the knocker scores, no one below 0
			clear(points)
			points[rng.IntN(len(points))] = rng.IntN(40)
		}
		in := pointsHand(points...)
		var what string
		switch op := rng.IntN(20); {
		case op < 10: // a save, by link or by id
			if _, ok := s.commits.kept.get(g.ID); ok {
				hits++
			}
			lastToken, lastHand, lastGame = NewToken(), in, g.ID
			if op%2 == 0 {
				_, err = s.AddHandTo(ctx, g.PublicID, func(rules.Game, game.Table) (HandInput, error) { return in, nil }, Change{Token: lastToken, Version: st.version})
			} else {
				_, err = s.AddHand(ctx, g.ID, in, Change{Token: lastToken})
			}
			what = "save"
			if errors.Is(err, ErrGameOver) {
				what, err = "save after the end", nil
			}
		case op < 12: // a phone behind, or the same form sent again
			if op == 10 {
				_, err = s.AddHand(ctx, g.ID, in, Change{Token: NewToken(), Version: st.version - 1})
				what = "stale save"
				if errors.Is(err, ErrConflict) || errors.Is(err, ErrGameOver) {
					err = nil
				}
			} else {
				if lastToken == "" {
					continue
				}
				// the last save's form again, to its game: the hand it saved, or
				// the end that refused it
				_, err = s.AddHand(ctx, lastGame, lastHand, Change{Token: lastToken})
				what = "repeated form"
				if errors.Is(err, ErrGameOver) {
					err = nil
				}
			}
		case op < 15: // a correction or a deletion of a random hand
			hands, _ := s.Hands(ctx, g.ID)
			if len(hands) == 0 {
				continue
			}
			h := hands[rng.IntN(len(hands))]
			if op < 14 {
				_, err = s.CorrectHand(ctx, g.ID, h.ID, in, Change{Token: NewToken(), Version: h.Version})
				what = "correction"
			} else {
				err = s.DeleteHand(ctx, g.ID, h.ID, Change{Token: NewToken()})
				what = "deletion"
			}
		case op < 18: // a league member renamed
			members, _ := s.Members(ctx, l.ID)
			m := members[rng.IntN(len(members))]
			err = s.RenamePlayer(ctx, l.ID, m.ID, m.Name[:3]+string(rune('a'+step%26)))
			what = "rename"
		case op == 18 && done["out of the league"] == 0: // the league's game taken out of it
			watch, _ := s.WatchID(ctx, games[0].ID)
			err = s.RemoveLeagueGame(ctx, l.ID, watch)
			what = "out of the league"
		default:
			continue
		}
		if err != nil {
			t.Fatalf("step %d, %s on game %d: %v", step, what, g.ID, err)
		}
		done[what]++
		keptAgreesWithTheFile(t, s, what)
	}
	for _, what := range []string{"save", "save after the end", "stale save", "repeated form", "correction", "deletion", "rename", "out of the league"} {
		if done[what] == 0 {
			t.Errorf("no %s in the mix", what)
		}
	}
	if hits < 20 {
		t.Errorf("only %d saves found their game kept", hits)
	}
}

// keptPointsGame starts a game by points and saves two rounds to it by
// its link: the first works the game out from its hands, the second
// leaves it kept. It returns the game and the version it is kept at.
func keptPointsGame(t *testing.T, s *Store) (Game, int) {
	t.Helper()
	ctx := context.Background()
	g, err := s.CreateGame(ctx, openPointsGame())
	if err != nil {
		t.Fatal(err)
	}
	for n := range 2 {
		if _, err := s.AddHandTo(ctx, g.PublicID, func(rules.Game, game.Table) (HandInput, error) { return roundOf(n), nil }, Change{Token: NewToken()}); err != nil {
			t.Fatal(err)
		}
	}
	st, ok := s.commits.kept.get(g.ID)
	if !ok {
		t.Fatal("the game was not kept after its second save")
	}
	return g, st.version
}

// TestKeptGamesForgetOtherConnections: a write from another connection
// to the file (an administrator's, or a second program's) makes the
// writer forget the games it keeps, so the next save reads the game
// afresh: here a phone's version that matches only the file's.
func TestKeptGamesForgetOtherConnections(t *testing.T) {
	dbtest.SQLiteOnly(t, "the writer keeps games on SQLite; PostgreSQL's writes read them")
	s, path := openTest(t)
	ctx := context.Background()
	g, version := keptPointsGame(t, s)
	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.ExecContext(ctx, `UPDATE games SET version = version + 10 WHERE id = ?`, g.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := other.ExecContext(ctx, `UPDATE seats SET name = 'Zed' WHERE game_id = ? AND seat = 0`, g.ID); err != nil {
		t.Fatal(err)
	}
	now := version + 10
	if _, err := s.AddHandTo(ctx, g.PublicID, func(rules.Game, game.Table) (HandInput, error) { return roundOf(3), nil },
		Change{Token: NewToken(), Version: now}); err != nil {
		t.Fatalf("a save at the file's version %d: %v", now, err)
	}
	keptAgreesWithTheFile(t, s, "a save after another connection's write")
	if st, _ := s.commits.kept.get(g.ID); st.table.Names[0] != "Zed" {
		t.Errorf("kept names %q, want the file's Zed first", st.table.Names)
	}
}

// TestKeptGameEndsWithItsLastSave: the save that ends a game (N8) leaves
// it not kept, so the next save to it reads the file and is refused.
func TestKeptGameEndsWithItsLastSave(t *testing.T) {
	dbtest.SQLiteOnly(t, "the writer keeps games on SQLite; PostgreSQL's writes read them")
	s, _ := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	for _, p := range [][]int{{40, 0}, {0, 30}, {50, 0}} {
		if _, err := s.AddHand(ctx, g.ID, pointsHand(p...), Change{Token: NewToken()}); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok := s.commits.kept.get(g.ID); !ok {
		t.Fatal("the game was not kept after three saves")
	}
	if _, err := s.AddHand(ctx, g.ID, pointsHand(12, 0), Change{Token: NewToken()}); err != nil {
		t.Fatal(err)
	}
	if st, ok := s.commits.kept.get(g.ID); ok {
		t.Errorf("kept after the save that ended it, as %s at version %d", st.status, st.version)
	}
	if _, err := s.AddHand(ctx, g.ID, pointsHand(0, 5), Change{Token: NewToken()}); !errors.Is(err, ErrGameOver) {
		t.Errorf("a save after the end: %v, want ErrGameOver", err)
	}
}

// TestKeptGamesForgetAFailedWrite: a write that fails is undone, and
// whatever it kept goes with it; a write that keeps nothing makes the
// writer forget every game first.
func TestKeptGamesForgetAFailedWrite(t *testing.T) {
	dbtest.SQLiteOnly(t, "the writer keeps games on SQLite; PostgreSQL's writes read them")
	s, _ := openTest(t)
	ctx := context.Background()
	g, _ := keptPointsGame(t, s)
	read, _ := loadGameState(ctx, s.r, g.ID)
	failed := errors.New("failed after keeping")
	err := s.writeKeeping(ctx, func(tx dbtx) error {
		st := read
		st.version += 5
		s.kept().put(g.PublicID, st, `{"Rounds":9}`)
		return failed
	})
	if !errors.Is(err, failed) {
		t.Fatalf("the failing write: %v", err)
	}
	if st, ok := s.commits.kept.get(g.ID); ok {
		t.Errorf("kept at version %d after the write that kept it failed", st.version)
	}
	if _, err := s.AddHand(ctx, g.ID, roundOf(2), Change{Token: NewToken()}); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.commits.kept.get(g.ID); !ok {
		t.Fatal("not kept after a save")
	}
	if err := s.write(ctx, func(wtx) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.commits.kept.get(g.ID); ok {
		t.Error("still kept after a write that keeps nothing")
	}
}
