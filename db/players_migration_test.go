package db

import (
	"context"
	"fmt"
	"maps"
	"os"
	"reflect"
	"slices"
	"testing"

	"meldpad/db/dbtest"
)

// TestPlayersFixtureShowsTheSame opens a copy of the players fixture with
// today's code, which migrates it (00004: players belong to leagues), and
// compares what it shows with what the code that wrote it showed
// (players_golden_test.go): every league's standings in every scope, every
// rating to the bit, every player's record and every game's seat names;
// and every player page's link of before still finds its player.
func TestPlayersFixtureShowsTheSame(t *testing.T) {
	dbtest.SQLiteOnly(t, "migrates a SQLite file of before; PostgreSQL has no such files")
	want := readGolden(t)
	s := openFixtureCopy(t)
	got := goldenOf(t, s)

	if len(got.Leagues) != len(want.Leagues) {
		t.Fatalf("%d leagues, want %d", len(got.Leagues), len(want.Leagues))
	}
	tables, rows, ratings, players, kept, moved := 0, 0, 0, 0, 0, 0
	for i, wl := range want.Leagues {
		gl := got.Leagues[i]
		if gl.PublicID != wl.PublicID || gl.Name != wl.Name {
			t.Fatalf("league %d is %s %q, want %s %q", i, gl.PublicID, gl.Name, wl.PublicID, wl.Name)
		}
		if !reflect.DeepEqual(gl.Members, wl.Members) {
			t.Errorf("%s: members %q, want %q", wl.Name, gl.Members, wl.Members)
		}
		if len(gl.Tables) != len(wl.Tables) {
			t.Fatalf("%s: %d tables, want %d", wl.Name, len(gl.Tables), len(wl.Tables))
		}
		players += len(wl.Players)
		for k, wt := range wl.Tables {
			gt := gl.Tables[k]
			where := wl.Name + ", " + wt.Scope
			if d := firstGoldenDifference(gt, wt); d != "" {
				t.Errorf("%s: %s", where, d)
			}
			tables++
			rows += len(wt.Rows)
			for _, after := range wt.After {
				ratings += len(after)
			}
		}
		k, m := checkPlayerLinks(t, s, wl, gl)
		kept, moved = kept+k, moved+m
	}

	if len(got.Games) != len(want.Games) {
		t.Fatalf("%d games, want %d", len(got.Games), len(want.Games))
	}
	seats := 0
	for i, wg := range want.Games {
		if gg := got.Games[i]; !reflect.DeepEqual(gg, wg) {
			t.Errorf("game %s: %+v, want %+v", wg.PublicID, gg, wg)
		}
		seats += len(wg.Seats)
	}
	t.Logf("compared %d leagues (%d players: %d links kept their id, %d moved; %d tables, %d rows, %d ratings after games) and %d games (%d seats)",
		len(want.Leagues), players, kept, moved, tables, rows, ratings, len(want.Games), seats)
}

// firstDifference names the first part of a table that differs.
func firstGoldenDifference(got, want goldenTable) string {
	for _, part := range []struct {
		name      string
		got, want any
	}{
		{"games rated", got.Games, want.Games},
		{"places", got.Places, want.Places},
		{"ratings after each game", got.After, want.After},
		{"rows", got.Rows, want.Rows},
		{"ranking", got.Ranking, want.Ranking},
		{"records", got.Records, want.Records},
	} {
		if !reflect.DeepEqual(part.got, part.want) {
			return fmt.Sprintf("%s differ:\n got %v\nwant %v", part.name, part.got, part.want)
		}
	}
	return ""
}

// checkPlayerLinks checks that the link of every player's page (by id)
// still leads to the player of that name, directly or by the move the
// migration recorded, and that within the league the ids keep their
// order (a player's record breaks ties between opponents by id). It
// returns how many links kept their id and how many moved.
func checkPlayerLinks(t *testing.T, s *Store, want, got goldenLeague) (kept, moved int) {
	t.Helper()
	l, err := s.League(context.Background(), want.PublicID)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[int64]string{}
	for _, p := range got.Players {
		byID[p.ID] = p.Name
	}
	now := map[int64]int64{} // old id -> id now
	for _, p := range want.Players {
		if name, ok := byID[p.ID]; ok {
			if name != p.Name {
				t.Errorf("%s: the link of %q (player %d) leads to %q", want.Name, p.Name, p.ID, name)
			}
			now[p.ID] = p.ID
			kept++
			continue
		}
		id, err := s.MovedPlayer(context.Background(), l.ID, p.ID)
		if err != nil || byID[id] != p.Name {
			t.Errorf("%s: the link of %q (player %d) leads to player %d %q (%v)", want.Name, p.Name, p.ID, id, byID[id], err)
		}
		now[p.ID] = id
		moved++
	}
	old := slices.Sorted(maps.Keys(now))
	for i := 1; i < len(old); i++ {
		if now[old[i-1]] >= now[old[i]] {
			t.Errorf("%s: players %d and %d are now %d and %d: the ids lost their order", want.Name, old[i-1], old[i], now[old[i-1]], now[old[i]])
		}
	}
	return kept, moved
}

// TestPlayersExportV1ImportsAsMigrated imports the fixture's meldpad as
// its code exported it (format version 1, one list of players) into an
// empty meldpad, and compares with what the code of then showed: version
// 1 is read as the migration moves a database, so the standings, ratings
// and records are the same to the bit, and so are the games' names. Only
// the ids of the players differ: an import numbers them anew.
func TestPlayersExportV1ImportsAsMigrated(t *testing.T) {
	want := readGolden(t)
	file, err := os.ReadFile(playersExportV1)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := openTest(t)
	sum := importInto(t, s, file)
	got := goldenOf(t, s)
	if len(got.Leagues) != len(want.Leagues) || len(sum.Leagues) != len(want.Leagues) {
		t.Fatalf("%d leagues imported, want %d", len(got.Leagues), len(want.Leagues))
	}
	players := 0
	for i, wl := range want.Leagues {
		gl := got.Leagues[i]
		if gl.PublicID != wl.PublicID || !reflect.DeepEqual(gl.Members, wl.Members) {
			t.Errorf("league %d: %s with members %q, want %s with %q", i, gl.PublicID, gl.Members, wl.PublicID, wl.Members)
		}
		var wantNames, gotNames []string
		for _, p := range wl.Players {
			wantNames = append(wantNames, p.Name)
		}
		for _, p := range gl.Players {
			gotNames = append(gotNames, p.Name)
		}
		if !reflect.DeepEqual(gotNames, wantNames) {
			t.Errorf("%s: players %q, want %q", wl.Name, gotNames, wantNames)
		}
		players += len(gotNames)
		for k, wt := range wl.Tables {
			if d := firstGoldenDifference(gl.Tables[k], wt); d != "" {
				t.Errorf("%s, %s: %s", wl.Name, wt.Scope, d)
			}
		}
	}
	if sum.Players != players {
		t.Errorf("the import says %d players, the leagues have %d", sum.Players, players)
	}
	games := map[string]goldenGame{}
	for _, g := range got.Games {
		games[g.PublicID] = g
	}
	if len(games) != len(want.Games) {
		t.Errorf("%d games, want %d", len(games), len(want.Games))
	}
	for _, wg := range want.Games {
		if gg := games[wg.PublicID]; !reflect.DeepEqual(gg, wg) {
			t.Errorf("game %s: %+v, want %+v", wg.PublicID, gg, wg)
		}
	}
}
