package db

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"meldpad/rules/standings"
)

// cardsHand is a hand entered card by card: the record is what a sheet
// stores (any object to the store), the points what the rules made of it.
func cardsHand(record string, seat int, points ...int) HandInput {
	return HandInput{Entry: EntryCards, Record: json.RawMessage(record), Points: points, Seat: seat, EndsHand: true}
}

// exchangeFixture fills a store with what an export must carry: a seeded
// league (points hands, two dated seasons), card-level hands of several
// games in it with a correction and a deletion, a second league with a
// season without dates, a game outside leagues with house rules and no
// watch link, and a player in no game.
func exchangeFixture(t testing.TB, s *Store, seeded int) League {
	t.Helper()
	ctx := context.Background()
	l, err := seedLeague(ctx, s, SeedOptions{Name: "Club <&> “quoted”", Players: 6, Games: seeded, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	start := func(rulesID string, players ...string) Game {
		g, err := s.CreateGame(ctx, NewGame{Rules: rulesID, Players: players, LeagueID: l.ID, FirstDealer: 1})
		must(err)
		return g
	}
	add := func(g Game, in HandInput) Hand {
		h, err := s.addHand(ctx, g.ID, in, Change{Author: "Zoë"})
		must(err)
		return h
	}
	// Fan by cards: Ann knocks for 20, is undercut, then gins for 45.
	fan := start("fan", "Ann", "Bob")
	h := add(fan, cardsHand(`{"knocker":0,"knock_card":"5S","melds":[["7H","8H","9H"]],"deadwood":["KD"]}`, 0, 20, 0))
	add(fan, cardsHand(`{"knocker":1,"knock_card":"QC","undercut":true}`, 1, 0, 12))
	_, err = s.correctHand(ctx, fan.ID, h.ID, cardsHand(`{"knocker":0,"knock_card":"5S","melds":[["7H","8H","9H","10H"]]}`, 0, 25, 0), Change{Author: "Bob"})
	must(err)
	add(fan, cardsHand(`{"knocker":0,"gin":true,"melds":[["2C","3C","4C"],["JS","JD","JH"]]}`, 0, 45, 0))
	// Trophy Case by cards, with a redeal and a trick deleted.
	trophy := start("trophy", "Cy", "Dee", "Eve")
	add(trophy, HandInput{Entry: EntryCards, Record: json.RawMessage(`{"plays":["8 Tops","∞ Tops","Grue"],"winner":2}`), Points: []int{0, 0, 3}, Seat: 2})
	gone := add(trophy, HandInput{Entry: EntryCards, Record: json.RawMessage(`{"plays":["9 Faces","1 Faces","0 Faces"]}`), Points: []int{2, 0, 0}, Seat: 0, EndsHand: true})
	must(s.deleteHand(ctx, trophy.ID, gone.ID, Change{Author: "Cy"}))
	add(trophy, HandInput{Entry: EntryPoints, Record: json.RawMessage(`{"points":[0,4,0],"seat":1}`), Points: []int{0, 4, 0}, Seat: 1})
	if _, err := s.WatchID(ctx, fan.ID); err != nil {
		t.Fatal(err)
	}
	must(s.AddSeason(ctx, l.ID, SeasonInput{Name: "Autumn"}))

	other, err := s.CreateLeague(ctx, NewLeague{Name: "Family", Games: []string{"fortune"}, Members: []string{"Gran", "ann"}, Season: "Christmas"})
	must(err)
	fortune, err := s.CreateGame(ctx, NewGame{Rules: "fortune", Players: []string{"Gran", "Ann", "Kid"}, LeagueID: other.ID,
		HouseRules: map[string]bool{"big_sets": true}})
	must(err)
	add(fortune, pointsHand(120, -15, 35))
	lone, err := s.CreateGame(ctx, NewGame{Rules: "fortune", Players: []string{"Solo", "Duo"}, HouseRules: map[string]bool{"ace_set_15": true, "big_sets": false}})
	must(err)
	add(lone, pointsHand(30, 5))
	must(s.AddMembers(ctx, other.ID, []string{"Nobody Yet"}))
	return l
}

// leagueFile and allFile write an export as a file would hold it.
func leagueFile(t testing.TB, s *Store, leagueID int64) []byte {
	t.Helper()
	a, err := s.ExportLeague(context.Background(), leagueID)
	return archiveBytes(t, a, err)
}

func allFile(t testing.TB, s *Store) []byte {
	t.Helper()
	a, err := s.ExportAll(context.Background())
	return archiveBytes(t, a, err)
}

func archiveBytes(t testing.TB, a Archive, err error) []byte {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := a.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var exportedAtRe = regexp.MustCompile(`"exported_at": "[^"]*"`)

func withoutExportTime(b []byte) string {
	return exportedAtRe.ReplaceAllString(string(b), `"exported_at": ""`)
}

func importInto(t testing.TB, s *Store, file []byte) ImportSummary {
	t.Helper()
	sum, err := s.Import(context.Background(), bytes.NewReader(file), 32<<20, archiveRules, nil)
	if err != nil {
		var ie *ImportError
		if errors.As(err, &ie) {
			t.Fatalf("import: %s", ie.Lines())
		}
		t.Fatalf("import: %v", err)
	}
	return sum
}

// leagueTable works out a league's overall standings as the league page
// does: finished games of the kinds that count, members included.
func leagueTable(t *testing.T, s *Store, publicID string) (standings.Table, map[int64]string) {
	t.Helper()
	ctx := context.Background()
	l, err := s.League(ctx, publicID)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := s.LeagueRecord(ctx, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	names := map[int64]string{}
	var members []int64
	for _, m := range rec.Members {
		names[m.ID] = m.Name
		members = append(members, m.ID)
	}
	var games []standings.Game
	for _, g := range rec.Games {
		for _, st := range g.Seats {
			names[st.PlayerID] = st.Name
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
	return standings.Compute(games, members, standings.PointsFor("")), names
}

// TestExportImportRoundTrip exports a league, imports it into an empty
// meldpad and compares everything: the standings to the last bit of every
// rating, every game's result and every hand with its record and history;
// exported again, the file is the same bytes, and again after a second
// round.
func TestExportImportRoundTrip(t *testing.T) {
	a, _ := openTest(t)
	l := exchangeFixture(t, a, 40)
	first := leagueFile(t, a, l.ID)

	b, _ := openTest(t)
	sum := importInto(t, b, first)
	if len(sum.Leagues) != 1 || sum.Leagues[0].PublicID != l.PublicID || sum.Leagues[0].OrganizerID != l.OrganizerID ||
		sum.Games != 42 || sum.Players != 6 {
		t.Errorf("summary = %+v; want the league with both links, 42 games, 6 players", sum)
	}
	second := leagueFile(t, b, sum.Leagues[0].ID)
	if withoutExportTime(first) != withoutExportTime(second) {
		t.Errorf("the export of the imported league differs from the original:\n%s", firstDifference(first, second))
	}
	c, _ := openTest(t)
	sumC := importInto(t, c, second)
	third := leagueFile(t, c, sumC.Leagues[0].ID)
	if withoutExportTime(second) != withoutExportTime(third) {
		t.Errorf("a second round trip changed the file:\n%s", firstDifference(second, third))
	}

	// Standings: every column of every row, ratings to the last bit.
	want, wantNames := leagueTable(t, a, l.PublicID)
	got, gotNames := leagueTable(t, b, l.PublicID)
	if len(want.Rows) != 6 || len(got.Rows) != len(want.Rows) || len(got.Games) != len(want.Games) {
		t.Fatalf("%d rows of %d games, want %d rows of %d games", len(got.Rows), len(got.Games), len(want.Rows), len(want.Games))
	}
	byName := map[string]standings.Row{}
	for _, r := range got.Rows {
		byName[gotNames[r.Player]] = r
	}
	for _, w := range want.Rows {
		g, ok := byName[wantNames[w.Player]]
		g.Player = w.Player
		if !ok || g != w {
			t.Errorf("%s: imported row %+v, want %+v", wantNames[w.Player], g, w)
		}
	}
	for i := range want.Games {
		if want.Games[i].Key != got.Games[i].Key || !slices.Equal(want.Places[i], got.Places[i]) || !slices.Equal(want.After[i], got.After[i]) {
			t.Errorf("game %d (%s) rated differently after the import", i, want.Games[i].Key)
		}
	}

	// Every game: its result, hands, records and history.
	var archive Archive
	if err := json.Unmarshal(first, &archive); err != nil {
		t.Fatal(err)
	}
	for _, ag := range archive.Games {
		compareGame(t, a, b, ag.PublicID)
	}
}

// compareGame compares one game of two stores: everything but row ids.
func compareGame(t *testing.T, a, b *Store, publicID string) {
	t.Helper()
	ctx := context.Background()
	ga, err := a.Game(ctx, publicID)
	if err != nil {
		t.Fatal(err)
	}
	gb, err := b.Game(ctx, publicID)
	if err != nil {
		t.Fatalf("game %s not imported: %v", publicID, err)
	}
	if ga.Rules != gb.Rules || ga.Status != gb.Status || ga.Winner != gb.Winner || ga.FirstDealer != gb.FirstDealer ||
		!ga.CreatedAt.Equal(gb.CreatedAt) || !ga.UpdatedAt.Equal(gb.UpdatedAt) || !ga.FinishedAt.Equal(gb.FinishedAt) ||
		!reflect.DeepEqual(ga.HouseRules, gb.HouseRules) {
		t.Errorf("game %s: imported %+v, want %+v", publicID, gb, ga)
	}
	for i := range ga.Seats {
		if ga.Seats[i].Name != gb.Seats[i].Name || ga.Seats[i].Total != gb.Seats[i].Total {
			t.Errorf("game %s seat %d: %+v, want %+v", publicID, i, gb.Seats[i], ga.Seats[i])
		}
	}
	ha, _ := a.Hands(ctx, ga.ID)
	hb, _ := b.Hands(ctx, gb.ID)
	if len(ha) != len(hb) {
		t.Fatalf("game %s: %d hands, want %d", publicID, len(hb), len(ha))
	}
	for i := range ha {
		x, y := ha[i], hb[i]
		x.ID, x.GameID, y.ID, y.GameID = 0, 0, 0, 0
		if !reflect.DeepEqual(x, y) {
			t.Errorf("game %s hand %d:\n got %+v\nwant %+v", publicID, i, y, x)
		}
	}
	ra, _ := a.Revisions(ctx, ga.ID)
	rb, _ := b.Revisions(ctx, gb.ID)
	if len(ra) != len(rb) {
		t.Fatalf("game %s: %d revisions, want %d", publicID, len(rb), len(ra))
	}
	for i := range ra {
		x, y := ra[i], rb[i]
		x.ID, x.HandID, y.ID, y.HandID = 0, 0, 0, 0
		if !reflect.DeepEqual(x, y) {
			t.Errorf("game %s revision %d:\n got %+v\nwant %+v", publicID, i, y, x)
		}
	}
}

// firstDifference shows where two files part.
func firstDifference(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] && !strings.Contains(la[i], "exported_at") {
			return "line " + strconv.Itoa(i+1) + ":\n  " + la[i] + "\n  " + lb[i]
		}
	}
	return "lengths " + strconv.Itoa(len(la)) + " and " + strconv.Itoa(len(lb)) + " lines"
}

// TestExportAllRoundTrip moves a whole meldpad: games outside leagues
// too, and the member in no game. Players are the leagues': the club's
// six, and the family's Gran, ann (its own, not the club's Ann), Kid and
// Nobody Yet; Solo and Duo are names at a game outside leagues.
func TestExportAllRoundTrip(t *testing.T) {
	ctx := context.Background()
	a, _ := openTest(t)
	exchangeFixture(t, a, 5)
	first := allFile(t, a)
	b, _ := openTest(t)
	sum := importInto(t, b, first)
	if len(sum.Leagues) != 2 || sum.Games != 9 || sum.Players != 10 {
		t.Errorf("summary = %+v; want 2 leagues, 9 games, 10 players", sum)
	}
	second := allFile(t, b)
	if withoutExportTime(first) != withoutExportTime(second) {
		t.Errorf("the export of the imported meldpad differs:\n%s", firstDifference(first, second))
	}
	for _, l := range sum.Leagues {
		la, _ := a.League(ctx, l.PublicID)
		ma, _ := a.Members(ctx, la.ID)
		mb, _ := b.Members(ctx, l.ID)
		if len(ma) != len(mb) {
			t.Fatalf("%s: members %v, want %v", l.Name, mb, ma)
		}
		for i := range ma {
			if ma[i].Name != mb[i].Name {
				t.Errorf("%s: members %v, want %v", l.Name, mb, ma)
			}
		}
	}
}
