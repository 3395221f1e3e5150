package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"meldpad/rules/rating"
	"meldpad/rules/standings"
)

// The players fixture (testdata/players-v3.db) is a meldpad database
// written by the code of schema version 3, when players were one table
// for the whole meldpad; testdata/players-v3.golden.json is what that code
// showed of it: every league's standings in every scope, ratings to the
// bit, every player's record, and every game's seat names. Both were made
// by TestWritePlayersFixture (players_fixture_gen_test.go, build tag
// playersfixture) at the last commit of schema version 3. The test below
// opens a copy of the fixture with the code of today, which migrates it,
// works the same out again and compares.
//
// testdata/players-v1-export.json is the same meldpad exported by that
// code (export format version 1, players for the whole file): an import
// reads it as the migration moves the database, and must show the same.
const (
	playersFixture  = "testdata/players-v3.db"
	playersGolden   = "testdata/players-v3.golden.json"
	playersExportV1 = "testdata/players-v1-export.json"
)

// fixtureGolden is what a meldpad shows of its leagues and games.
type fixtureGolden struct {
	Leagues []goldenLeague `json:"leagues"`
	Games   []goldenGame   `json:"games"`
}

type goldenLeague struct {
	PublicID string `json:"public_id"`
	Name     string `json:"name"`
	// Members are the names of the league's members, in the order the
	// league reads them (the standings list them in it).
	Members []string `json:"members"`
	// Players is every player of the league (members and the players of
	// its games) with the id in the link of the player's page.
	Players []goldenPlayer `json:"players"`
	Tables  []goldenTable  `json:"tables"`
}

type goldenPlayer struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// goldenTable is the standings of one scope, as standings.Compute makes
// them. Ratings are written with strconv's 'x' format: exact to the bit.
type goldenTable struct {
	Scope   string      `json:"scope"`
	Games   []string    `json:"games"`  // keys, in the order they were rated
	Places  [][]int     `json:"places"` // by game, by seat
	After   [][]string  `json:"after"`  // ratings after each game, by seat
	Rows    []goldenRow `json:"rows"`   // in the table's own order
	Ranking []string    `json:"ranking"`
	// Records are every player's record (overall scope only): the
	// head-to-head list, whose ties are broken by player id, and the
	// games.
	Records []goldenRecord `json:"records,omitempty"`
}

type goldenRow struct {
	Name     string `json:"name"`
	Played   int    `json:"played"`
	Wins     int    `json:"wins"`
	PlaceSum int    `json:"place_sum"`
	Scored   int    `json:"scored"`
	Conceded int    `json:"conceded"`
	Streak   int    `json:"streak"`
	Rating   string `json:"rating"`
	Last     string `json:"last"`
}

type goldenRecord struct {
	Name      string   `json:"name"`
	Opponents []string `json:"opponents"` // "Bob: 3 games, 1 ahead, 1 behind, 1 level"
	Games     []string `json:"games"`     // "key seat 1: place 2 of 3, total 40, rating …"
}

type goldenGame struct {
	PublicID string   `json:"public_id"`
	League   string   `json:"league"` // public id, or ""
	Seats    []string `json:"seats"`
	Totals   []int    `json:"totals"`
	Status   string   `json:"status"`
	Winner   int      `json:"winner"`
}

// exactRating writes a rating to the bit.
func exactRating(r rating.Rating) string {
	return strconv.FormatFloat(r.Mu, 'x', -1, 64) + " " + strconv.FormatFloat(r.Sigma, 'x', -1, 64)
}

// goldenOf works out what the store's pages show, the way the league
// pages assemble it (handlers' newLeagueData and table): the members in
// the order read, every player's name from the members and the seats, the
// finished games of the kinds that count in finishing order, each scope
// filtered from them. Seasons with dates are read in UTC, so that the
// file does not depend on the machine's time zone.
func goldenOf(t testing.TB, s *Store) fixtureGolden {
	t.Helper()
	ctx := context.Background()
	var out fixtureGolden
	var leagueIDs []string
	if err := eachRow(ctx, s.r, `SELECT public_id FROM leagues ORDER BY id`, nil, func(rows *sql.Rows) error {
		var id string
		err := rows.Scan(&id)
		leagueIDs = append(leagueIDs, id)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	for _, publicID := range leagueIDs {
		l, err := s.League(ctx, publicID)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := s.LeagueRecord(ctx, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		out.Leagues = append(out.Leagues, goldenLeagueOf(rec))
	}

	var gameIDs []string
	if err := eachRow(ctx, s.r, `SELECT public_id FROM games ORDER BY id`, nil, func(rows *sql.Rows) error {
		var id string
		err := rows.Scan(&id)
		gameIDs = append(gameIDs, id)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	for _, publicID := range gameIDs {
		g, err := s.Game(ctx, publicID)
		if err != nil {
			t.Fatal(err)
		}
		gg := goldenGame{PublicID: publicID, Status: g.Status, Winner: g.Winner}
		if l, err := s.LeagueOfGame(ctx, g.ID); err == nil {
			gg.League = l.PublicID
		}
		for _, st := range g.Seats {
			gg.Seats = append(gg.Seats, st.Name)
			gg.Totals = append(gg.Totals, st.Total)
		}
		out.Games = append(out.Games, gg)
	}
	return out
}

func goldenLeagueOf(rec LeagueRecord) goldenLeague {
	l := rec.League
	gl := goldenLeague{PublicID: l.PublicID, Name: l.Name}
	names := map[int64]string{}
	var order []int64
	var members []int64
	for _, m := range rec.Members {
		names[m.ID] = m.Name
		order = append(order, m.ID)
		members = append(members, m.ID)
		gl.Members = append(gl.Members, m.Name)
	}
	var seasons []standings.Season
	for _, sn := range l.Seasons {
		seasons = append(seasons, standings.Season{ID: sn.ID, StartsOn: sn.StartsOn, EndsOn: sn.EndsOn, Created: sn.CreatedAt})
	}
	var games []standings.Game
	for _, g := range rec.Games {
		for _, st := range g.Seats {
			if _, ok := names[st.PlayerID]; !ok {
				names[st.PlayerID] = st.Name
				order = append(order, st.PlayerID)
			}
		}
		if !g.Finished() || !l.Counts(g.Rules) {
			continue
		}
		sg := standings.Game{Key: g.WatchID, Rules: g.Rules, Started: g.CreatedAt, Finished: g.FinishedAt, Winner: g.Winner}
		for _, st := range g.Seats {
			sg.Seats = append(sg.Seats, standings.Seat{Player: st.PlayerID, Total: st.Total})
		}
		games = append(games, sg)
	}
	games = standings.ByFinish(games)
	for _, id := range order {
		gl.Players = append(gl.Players, goldenPlayer{ID: id, Name: names[id]})
	}
	name := func(id int64) string { return names[id] }

	type scoped struct {
		label string
		scope standings.Scope
	}
	scopes := []scoped{{"all games", standings.Scope{}}}
	for _, id := range l.Games {
		scopes = append(scopes, scoped{"game " + id, standings.Scope{Rules: id}})
	}
	for _, sn := range l.Seasons {
		scopes = append(scopes, scoped{"season " + sn.Name, standings.Scope{Season: sn.ID}})
	}
	for _, sc := range scopes {
		table := standings.Compute(standings.Filter(games, seasons, sc.scope, time.UTC), members, standings.PointsFor(sc.scope.Rules))
		gt := goldenTable{Scope: sc.label, Places: table.Places}
		for i, g := range table.Games {
			gt.Games = append(gt.Games, g.Key)
			var after []string
			for _, r := range table.After[i] {
				after = append(after, exactRating(r))
			}
			gt.After = append(gt.After, after)
		}
		for _, r := range table.Rows {
			last := ""
			if !r.Last.IsZero() {
				last = r.Last.UTC().Format(time.RFC3339Nano)
			}
			gt.Rows = append(gt.Rows, goldenRow{Name: name(r.Player), Played: r.Played, Wins: r.Wins, PlaceSum: r.PlaceSum,
				Scored: r.Scored, Conceded: r.Conceded, Streak: r.Streak, Rating: exactRating(r.Rating), Last: last})
		}
		ranked := slices.Clone(table.Rows)
		standings.Sort(ranked, standings.ByRating, true, name)
		for _, r := range ranked {
			gt.Ranking = append(gt.Ranking, name(r.Player))
		}
		if sc.scope == (standings.Scope{}) {
			for _, r := range table.Rows {
				record := table.Record(r.Player)
				gr := goldenRecord{Name: name(r.Player)}
				for _, o := range record.Opponents {
					gr.Opponents = append(gr.Opponents, name(o.Player)+": "+strconv.Itoa(o.Games)+" games, "+
						strconv.Itoa(o.Ahead)+" ahead, "+strconv.Itoa(o.Behind)+" behind, "+strconv.Itoa(o.Level)+" level")
				}
				for _, p := range record.Games {
					gr.Games = append(gr.Games, table.Games[p.Game].Key+" seat "+strconv.Itoa(p.Seat)+": place "+
						strconv.Itoa(p.Place)+" of "+strconv.Itoa(p.Of)+", total "+strconv.Itoa(p.Total)+", rating "+exactRating(p.Rating))
				}
				gt.Records = append(gt.Records, gr)
			}
		}
		gl.Tables = append(gl.Tables, gt)
	}
	return gl
}

// readGolden reads the golden file.
func readGolden(t testing.TB) fixtureGolden {
	t.Helper()
	b, err := os.ReadFile(playersGolden)
	if err != nil {
		t.Fatal(err)
	}
	var g fixtureGolden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

// openFixtureCopy opens a copy of the fixture, so that the test's
// migration does not change the committed file.
func openFixtureCopy(t *testing.T) *Store {
	t.Helper()
	b, err := os.ReadFile(playersFixture)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "fixture.db")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("open the fixture: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
