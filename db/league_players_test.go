package db

import (
	"context"
	"errors"
	"testing"
)

// memberIDs returns the league's members by name.
func memberIDs(t *testing.T, s *Store, l League) map[string]int64 {
	t.Helper()
	members, err := s.Members(context.Background(), l.ID)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]int64{}
	for _, m := range members {
		ids[m.Name] = m.ID
	}
	return ids
}

// seatNames returns the names a game shows.
func seatNames(t *testing.T, s *Store, g Game) []string {
	t.Helper()
	got, err := s.Game(context.Background(), g.PublicID)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, st := range got.Seats {
		names = append(names, st.Name)
	}
	return names
}

func sameNames(a []string, b ...string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// An organizer's merge reaches the league's own players and games only:
// merging carol into Mallory leaves a stranger's Carol (at a game outside
// leagues) and another league's Carol as they were, and does not move the
// other league's version.
func TestMergeReachesOnlyTheLeague(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l := newLeague(t, s, "carol", "Mallory")
	mine := leagueGame(t, s, l, "fan", "Carol", "Bob")
	stranger, err := s.CreateGame(ctx, NewGame{Rules: "fan", Players: []string{"Carol", "Dave"}, Token: NewID()})
	if err != nil {
		t.Fatal(err)
	}
	other := newLeague(t, s, "Carol")
	theirs := leagueGame(t, s, other, "fan", "Carol", "Mallory")
	otherVersion := version(t, s, other)

	ids := memberIDs(t, s, l)
	if err := s.MergePlayers(ctx, l.ID, ids["Mallory"], ids["carol"]); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		game Game
		want []string
	}{
		{"the league's game", mine, []string{"Mallory", "Bob"}},
		{"a stranger's game", stranger, []string{"Carol", "Dave"}},
		{"another league's game", theirs, []string{"Carol", "Mallory"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := seatNames(t, s, tc.game); !sameNames(got, tc.want...) {
				t.Errorf("seats %q, want %q", got, tc.want)
			}
		})
	}
	if got := memberIDs(t, s, other); len(got) != 2 || got["Carol"] == 0 || got["Mallory"] == ids["Mallory"] {
		t.Errorf("the other league's members %v: want its own Carol and Mallory", got)
	}
	if v := version(t, s, other); v != otherVersion {
		t.Errorf("the other league's version moved from %d to %d", otherVersion, v)
	}
	// A player of the other league cannot be merged from this one, either
	// way round.
	theirIDs := memberIDs(t, s, other)
	for _, pair := range [][2]int64{{ids["Mallory"], theirIDs["Carol"]}, {theirIDs["Carol"], ids["Mallory"]}} {
		if err := s.MergePlayers(ctx, l.ID, pair[0], pair[1]); !errors.Is(err, ErrNotFound) {
			t.Errorf("merge %v across leagues: %v, want ErrNotFound", pair, err)
		}
	}
	// The merged name's link leads to the name it became.
	if moved, err := s.MovedPlayer(ctx, l.ID, ids["carol"]); err != nil || moved != ids["Mallory"] {
		t.Errorf("the link of carol leads to %d (%v), want Mallory %d", moved, err, ids["Mallory"])
	}
	if _, err := s.MovedPlayer(ctx, other.ID, ids["carol"]); !errors.Is(err, ErrNotFound) {
		t.Errorf("the other league follows this league's move: %v", err)
	}
}

// A merge is refused only for a game of the league at which both sat,
// and the refusal names only such games: a stranger's game of Carol and
// Dave, or another league's, neither stops it nor is named.
func TestRefusedMergeNamesOnlyTheLeaguesGames(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l := newLeague(t, s, "carol", "dave", "Eve")
	stranger, err := s.CreateGame(ctx, NewGame{Rules: "fan", Players: []string{"Carol", "Dave"}, Token: NewID()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.WatchID(ctx, stranger.ID); err != nil {
		t.Fatal(err)
	}
	other := newLeague(t, s)
	leagueGame(t, s, other, "fan", "Carol", "Dave")

	ids := memberIDs(t, s, l)
	mine := leagueGame(t, s, l, "fan", "carol", "Eve")
	err = s.MergePlayers(ctx, l.ID, ids["Eve"], ids["carol"])
	var conflict *MergeConflictError
	if !errors.As(err, &conflict) || len(conflict.Shared) != 1 {
		t.Fatalf("carol and Eve shared the league's game: %v", err)
	}
	var watch string
	if err := s.r.QueryRow(`SELECT watch_id FROM games WHERE id = $1`, mine.ID).Scan(&watch); err != nil {
		t.Fatal(err)
	}
	if conflict.Shared[0].WatchID != watch {
		t.Errorf("the refusal names %+v, want the league's game %s", conflict.Shared[0], watch)
	}
	// carol and dave never sat together in the league: merged, although
	// a stranger's Carol and Dave and another league's did.
	if err := s.MergePlayers(ctx, l.ID, ids["dave"], ids["carol"]); err != nil {
		t.Errorf("merging carol into dave: %v", err)
	}
	if got := seatNames(t, s, stranger); !sameNames(got, "Carol", "Dave") {
		t.Errorf("the stranger's game shows %q", got)
	}
}

// Adding members and renaming reach the league's own players only.
func TestRenameAndAddMembersStayInTheLeague(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l := newLeague(t, s, "carol")
	mine := leagueGame(t, s, l, "fan", "Carol", "Bob")
	stranger, err := s.CreateGame(ctx, NewGame{Rules: "fan", Players: []string{"carol", "Dave"}, Token: NewID()})
	if err != nil {
		t.Fatal(err)
	}
	other := newLeague(t, s, "CAROL")
	theirs := leagueGame(t, s, other, "fan", "Carol", "Dave")
	first, err := s.LeagueRecord(ctx, l.ID)
	if err != nil {
		t.Fatal(err)
	}

	ids := memberIDs(t, s, l)
	theirIDs := memberIDs(t, s, other)
	tests := []struct {
		name   string
		league League
		player int64
		to     string
		want   error
	}{
		{"another league's player", l, theirIDs["CAROL"], "Mallory", ErrNotFound},
		{"a player of this league through the other", other, ids["carol"], "Mallory", ErrNotFound},
		{"a name the league has", l, ids["carol"], "BOB", ErrNameTaken},
		{"a name only another league has", l, ids["carol"], "Dave", nil},
		{"the same name in another case", l, ids["carol"], "DAVE", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := s.RenamePlayer(ctx, tc.league.ID, tc.player, tc.to); !errors.Is(err, tc.want) {
				t.Errorf("RenamePlayer = %v, want %v", err, tc.want)
			}
		})
	}
	if got := seatNames(t, s, mine); !sameNames(got, "DAVE", "Bob") {
		t.Errorf("the league's game shows %q after the rename", got)
	}
	if got := seatNames(t, s, stranger); !sameNames(got, "carol", "Dave") {
		t.Errorf("a stranger's game shows %q", got)
	}
	if got := seatNames(t, s, theirs); !sameNames(got, "CAROL", "Dave") {
		t.Errorf("the other league's game shows %q", got)
	}
	// The rename stamps the league's games, so standings read before read
	// the new name.
	since, err := s.LeagueRecordSince(ctx, l.ID, &first)
	if err != nil {
		t.Fatal(err)
	}
	if since.Games[0].Seats[0].Name != "DAVE" || since.League.Version <= first.League.Version {
		t.Errorf("the record read since shows %+v at version %d", since.Games[0].Seats[0], since.League.Version)
	}

	// Adding "dave" to the league finds its DAVE; adding "Dave" to the
	// other league finds its own Dave, not this league's.
	if err := s.AddMembers(ctx, l.ID, []string{"dave"}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddMembers(ctx, other.ID, []string{"Dave"}); err != nil {
		t.Fatal(err)
	}
	if got := memberIDs(t, s, l); len(got) != 2 || got["DAVE"] != ids["carol"] || got["Bob"] == 0 {
		t.Errorf("members %v: want the renamed player and Bob", got)
	}
	if got := memberIDs(t, s, other); len(got) != 2 || got["Dave"] == ids["carol"] {
		t.Errorf("the other league's members %v: want its own Dave", got)
	}
}

// A game taken out of its league keeps its names, as plain names: a later
// rename in the league does not reach it.
func TestRemovedGameKeepsItsNames(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l := newLeague(t, s)
	g := leagueGame(t, s, l, "fan", "Ann", "Bob")
	watch, err := s.WatchID(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RemoveLeagueGame(ctx, l.ID, watch); err != nil {
		t.Fatal(err)
	}
	got, err := s.Game(ctx, g.PublicID)
	if err != nil {
		t.Fatal(err)
	}
	if !sameNames(seatNames(t, s, g), "Ann", "Bob") || got.Seats[0].PlayerID != 0 || got.Seats[1].PlayerID != 0 {
		t.Errorf("seats after the removal: %+v; want the names, without players", got.Seats)
	}
	if err := s.RenamePlayer(ctx, l.ID, memberIDs(t, s, l)["Ann"], "Annie"); err != nil {
		t.Fatal(err)
	}
	if names := seatNames(t, s, g); !sameNames(names, "Ann", "Bob") {
		t.Errorf("a rename in the league reached the removed game: %q", names)
	}
}

// The schema itself keeps a seat's player in the game's league: a write
// that would seat another league's player, or a player at a game outside
// leagues, or move a game with its players out of its league, is refused.
func TestSchemaKeepsPlayersInTheirLeague(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l := newLeague(t, s, "Ann")
	other := newLeague(t, s, "Zed")
	g := leagueGame(t, s, l, "fan", "Ann", "Bob")
	lone := newFanGame(t, s)
	zed := memberIDs(t, s, other)["Zed"]
	ann := memberIDs(t, s, l)["Ann"]
	tests := []struct {
		name string
		sql  string
		args []any
	}{
		{"another league's player at a seat", `UPDATE seats SET player_id = $1 WHERE game_id = $2 AND seat = 0`, []any{zed, g.ID}},
		{"a player at a game outside leagues", `UPDATE seats SET player_id = $1, name = NULL WHERE game_id = $2 AND seat = 0`, []any{ann, lone.ID}},
		{"a new seat of another league's player", `INSERT INTO seats (game_id, seat, player_id) VALUES ($1, 5, $2)`, []any{g.ID, zed}},
		{"a name at a league's game", `INSERT INTO seats (game_id, seat, name) VALUES ($1, 5, 'Walk-in')`, []any{g.ID}},
		{"a game leaving its league with its players", `UPDATE games SET league_id = NULL WHERE id = $1`, []any{g.ID}},
		{"a game moving to another league", `UPDATE games SET league_id = $1 WHERE id = $2`, []any{other.ID, g.ID}},
		{"a seat with a name and a player", `UPDATE seats SET name = 'Ann' WHERE game_id = $1 AND seat = 0`, []any{g.ID}},
		{"the same name twice at a table", `UPDATE seats SET name = 'ann' WHERE game_id = $1 AND seat = 1`, []any{lone.ID}},
		{"a member of another league's player", `INSERT INTO league_members (league_id, player_id, added_at) VALUES ($1, $2, 'now')`, []any{l.ID, zed}},
		{"two players of one name in a league", `INSERT INTO players (league_id, name, created_at) VALUES ($1, 'ANN', 'now')`, []any{l.ID}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := s.w.ExecContext(ctx, tc.sql, tc.args...); err == nil {
				t.Errorf("the write was accepted")
			}
		})
	}
	if names := seatNames(t, s, g); !sameNames(names, "Ann", "Bob") {
		t.Errorf("the league's game shows %q", names)
	}
}
