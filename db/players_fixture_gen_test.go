//go:build playersfixture

package db

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestWritePlayersFixture writes testdata/players-v3.db,
// testdata/players-v3.golden.json and, the same meldpad exported,
// testdata/players-v1-export.json (see players_golden_test.go). It was run
// once, at the last commit whose schema is version 3 (players shared by
// the whole meldpad), with
//
//	go test -tags playersfixture -run TestWritePlayersFixture ./db
//
// Run at a later commit it would write a database of the later schema,
// which proves nothing about a migration; so it refuses to.
func TestWritePlayersFixture(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	var schema int64
	if err := s.r.QueryRowContext(ctx, `SELECT max(version_id) FROM goose_db_version`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	if schema != 3 {
		t.Fatalf("the code is at schema version %d; the fixture is written by the code of version 3 only", schema)
	}
	buildPlayersFixture(t, s)
	golden := goldenOf(t, s)

	if err := os.Remove(playersFixture); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(playersFixture)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.ExecContext(ctx, `VACUUM INTO $1`, abs); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(golden); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(playersGolden, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// The same meldpad as an export of version 1, which an import must
	// read as the migration moves the database.
	archive, err := s.ExportAll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := archive.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(playersExportV1, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s, %s and %s: %d leagues, %d games", playersFixture, playersGolden, playersExportV1, len(golden.Leagues), len(golden.Games))
}

// buildPlayersFixture fills a store, through the Store's own methods, with
// every way players were shared while they were one table: players in
// several leagues, in leagues and in games outside them, names typed in
// another case, names equal but for case beyond A-Z, a merge that renamed
// a player in a game outside the league, a game taken out of its league,
// a player seated in a league without being its member (an import), and
// seasons with and without dates.
func buildPlayersFixture(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	game := func(league League, rulesID string, players ...string) Game {
		t.Helper()
		g, err := s.CreateGame(ctx, NewGame{Rules: rulesID, Players: players, LeagueID: league.ID, Token: NewID()})
		must(err)
		return g
	}
	hands := func(g Game, hs ...HandInput) {
		t.Helper()
		for _, h := range hs {
			_, err := s.addHand(ctx, g.ID, h, Change{Author: "fixture"})
			must(err)
		}
	}
	tricks := func(n int, seatPoints ...[2]int) []HandInput {
		var out []HandInput
		for _, sp := range seatPoints {
			pts := make([]int, n)
			pts[sp[0]] = sp[1]
			h := pointsHand(pts...)
			h.Seat = sp[0]
			out = append(out, h)
		}
		return out
	}
	none := League{}

	// Quinn and Rosa play before any league exists: the smallest ids.
	early := game(none, "fan", "Quinn", "Rosa")
	hands(early, pointsHand(40, 0), pointsHand(0, 70), pointsHand(65, 0))

	start := time.Date(2025, 1, 6, 18, 0, 0, 0, time.UTC)
	club, err := seedLeague(ctx, s, SeedOptions{Name: "Thursday club", Players: 8, Games: 40, Seed: 1, Start: start})
	must(err)
	// The same Ann, Bob, Cy, Dee and Eve, in a second league.
	family, err := seedLeague(ctx, s, SeedOptions{Name: "Family", Players: 5, Games: 25, Seed: 2, Start: start.AddDate(0, 2, 0)})
	must(err)
	must(s.AddSeason(ctx, family.ID, SeasonInput{Name: "Since the fixture"}))

	// Outside leagues: "ann" typed in lower case is Ann.
	lone := game(none, "fan", "ann", "Stranger")
	hands(lone, pointsHand(0, 30), pointsHand(80, 0), pointsHand(25, 0))
	open := game(none, "fortune", "Bob", "Ivy", "Jack")
	hands(open, pointsHand(120, -15, 35))

	// The club plays on: a game left unfinished, and one taken out.
	unfinished := game(club, "trophy", "Ann", "BOB", "Cy")
	hands(unfinished, tricks(3, [2]int{0, 4}, [2]int{2, 6})...)
	removed := game(club, "fan", "Dee", "eve")
	hands(removed, pointsHand(100, 0))
	watch, err := s.WatchID(ctx, removed.ID)
	must(err)
	must(s.RemoveLeagueGame(ctx, club.ID, watch))

	// Carol's table: carol (in lower case) also sits at a stranger's game
	// with Dave; zoë and ZOË are two players (only A-Z fold).
	carols, err := s.CreateLeague(ctx, NewLeague{Name: "Carol's table", Games: []string{"fan", "trophy"},
		Members: []string{"Mallory", "carol", "zoë", "ZOË", "Annie"}, Season: "Spring", Token: NewID()})
	must(err)
	stranger := game(none, "fan", "Carol", "Dave")
	hands(stranger, pointsHand(0, 55), pointsHand(50, 0))
	c1 := game(carols, "fan", "Carol", "zoë")
	hands(c1, pointsHand(60, 0), pointsHand(45, 0))
	c2 := game(carols, "fan", "zoë", "ZOË")
	hands(c2, pointsHand(0, 100))
	c3 := game(carols, "fan", "ZOË", "Annie")
	hands(c3, pointsHand(100, 0))
	c4 := game(carols, "fan", "zoë", "Annie")
	hands(c4, pointsHand(0, 100))
	c5 := game(carols, "trophy", "Ann", "Mallory", "zoë")
	hands(c5, tricks(3, [2]int{0, 6}, [2]int{1, 30})...)
	must(s.AddSeason(ctx, carols.ID, SeasonInput{Name: "Summer"}))
	must(s.AddSeason(ctx, carols.ID, SeasonInput{Name: "Dated", StartsOn: time.Now().UTC().AddDate(0, 0, -1).Format(time.DateOnly)}))
	c6 := game(carols, "fan", "Mallory", "zoë")
	hands(c6, pointsHand(30, 0), pointsHand(0, 100))
	// The organizer merges carol into Mallory (and so, in those days, the
	// stranger's Carol too); carol into zoë is refused, for they shared a
	// table. A game of zoë's leaves the league.
	members, err := s.Members(ctx, carols.ID)
	must(err)
	ids := map[string]int64{}
	for _, m := range members {
		ids[m.Name] = m.ID
	}
	if err := s.MergePlayers(ctx, carols.ID, ids["zoë"], ids["carol"]); err == nil {
		t.Fatal("carol and zoë shared a table: the merge should be refused")
	}
	must(s.MergePlayers(ctx, carols.ID, ids["Mallory"], ids["carol"]))
	w4, err := s.WatchID(ctx, c4.ID)
	must(err)
	must(s.RemoveLeagueGame(ctx, carols.ID, w4))

	// A league whose first player, Quinn, is its own, and whose Ann is the
	// club's.
	pub, err := s.CreateLeague(ctx, NewLeague{Name: "Pub", Games: []string{"fan"}, Members: []string{"Quinn", "Uma"}, Token: NewID()})
	must(err)
	p1 := game(pub, "fan", "Quinn", "Ann")
	hands(p1, pointsHand(0, 50), pointsHand(100, 0))
	p2 := game(pub, "fan", "Uma", "Quinn")
	hands(p2, pointsHand(100, 0))
	p3 := game(pub, "fan", "Ann", "Uma")
	hands(p3, pointsHand(100, 0))

	// An imported league: "ANN" is Ann, and Walk-in sits at a game without
	// being a member.
	at := func(d int) string { return start.AddDate(0, 5, d).Format(time.RFC3339) }
	hand := func(seq int, when string, points ...int) string {
		p, _ := json.Marshal(points)
		return fmt.Sprintf(`{"seq": %d, "entry": "points", "record": {"points": %s}, "points": %s, "seat": null, "ends_hand": true,
			"version": 1, "created_at": %q, "updated_at": %q, "revisions": []}`, seq, p, p, when, when)
	}
	file := fmt.Sprintf(`{"meldpad": 1, "exported_at": %q,
		"players": [{"name": "ANN", "created_at": %q}, {"name": "Vera", "created_at": %q}, {"name": "Walk-in", "created_at": %q}],
		"leagues": [{"public_id": %q, "organizer_id": %q, "name": "Imported", "games": ["fan"], "created_at": %q, "seasons": [],
			"members": [{"name": "ANN", "added_at": %q}, {"name": "Vera", "added_at": %q}]}],
		"games": [
			{"public_id": %q, "watch_id": %q, "rules": "fan", "house_rules": {}, "first_dealer": 0, "seats": ["Vera", "ANN"], "league": %q,
			 "created_at": %q, "updated_at": %q, "finished_at": %q, "hands": [%s]},
			{"public_id": %q, "watch_id": %q, "rules": "fan", "house_rules": {}, "first_dealer": 1, "seats": ["Walk-in", "Vera"], "league": %q,
			 "created_at": %q, "updated_at": %q, "finished_at": %q, "hands": [%s, %s]}]}`,
		at(9), at(0), at(0), at(0), NewID(), NewID(), at(0), at(0), at(0),
		NewID(), NewID(), "LEAGUE", at(1), at(1), at(1), hand(1, at(1), 0, 100),
		NewID(), NewID(), "LEAGUE", at(2), at(2), at(2), hand(1, at(2), 30, 0), hand(2, at(2), 75, 0))
	// Both games name the league by its public id.
	var a map[string]any
	must(json.Unmarshal([]byte(file), &a))
	leagueID := a["leagues"].([]any)[0].(map[string]any)["public_id"].(string)
	file = string(bytes.ReplaceAll([]byte(file), []byte(`"LEAGUE"`), []byte(`"`+leagueID+`"`)))
	_, err = s.Import(ctx, bytes.NewReader([]byte(file)), 1<<20, archiveRules, nil)
	if err != nil {
		if ie, ok := err.(*ImportError); ok {
			t.Fatalf("import: %s", ie.Lines())
		}
		t.Fatal(err)
	}
}
