package db

import (
	"fmt"
	"reflect"
	"testing"
)

// TestPlayersFixtureShowsTheSame opens a copy of the players fixture with
// today's code, which migrates it, and compares what it shows with what
// the code that wrote it showed (players_golden_test.go): every league's
// standings in every scope, every rating to the bit, every player's record
// and every game's seat names.
func TestPlayersFixtureShowsTheSame(t *testing.T) {
	want := readGolden(t)
	s := openFixtureCopy(t)
	got := goldenOf(t, s)

	if len(got.Leagues) != len(want.Leagues) {
		t.Fatalf("%d leagues, want %d", len(got.Leagues), len(want.Leagues))
	}
	tables, rows, ratings, players := 0, 0, 0, 0
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
		checkPlayerLinks(t, s, wl, gl)
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
	t.Logf("compared %d leagues (%d players, %d tables, %d rows, %d ratings after games) and %d games (%d seats)",
		len(want.Leagues), players, tables, rows, ratings, len(want.Games), seats)
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
// still leads to the player of that name.
func checkPlayerLinks(t *testing.T, s *Store, want, got goldenLeague) {
	t.Helper()
	byID := map[int64]string{}
	for _, p := range got.Players {
		byID[p.ID] = p.Name
	}
	for _, p := range want.Players {
		if byID[p.ID] != p.Name {
			t.Errorf("%s: player %d is %q, want %q", want.Name, p.ID, byID[p.ID], p.Name)
		}
	}
}
