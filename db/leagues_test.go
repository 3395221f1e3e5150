package db

import (
	"context"
	"errors"
	"io/fs"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"meldpad/rules"
	"meldpad/rules/game"

	"meldpad/db/dbtest"
)

func newLeague(t *testing.T, s *Store, members ...string) League {
	t.Helper()
	l, err := s.CreateLeague(context.Background(), NewLeague{
		Name: "Thursday club", Games: []string{"trophy", "fan"}, Members: members, Season: "Season 1", Token: NewID(),
	})
	if err != nil {
		t.Fatalf("CreateLeague: %v", err)
	}
	return l
}

func leagueGame(t *testing.T, s *Store, l League, rulesID string, players ...string) Game {
	t.Helper()
	g, err := s.CreateGame(context.Background(), NewGame{Rules: rulesID, Players: players, Token: NewID(), LeagueID: l.ID})
	if err != nil {
		t.Fatalf("CreateGame in league: %v", err)
	}
	return g
}

func version(t *testing.T, s *Store, l League) int {
	t.Helper()
	got, err := s.League(context.Background(), l.PublicID)
	if err != nil {
		t.Fatal(err)
	}
	return got.Version
}

func TestCreateLeague(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	token := NewID()
	in := NewLeague{Name: "  Thursday club ", Games: []string{"trophy", "fan"}, Members: []string{"Ann", "bob", ""}, Season: "Spring", Token: token}
	l, err := s.CreateLeague(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if l.Name != "Thursday club" || len(l.Games) != 2 || l.Games[0] != "trophy" || l.Games[1] != "fan" {
		t.Errorf("league = %+v; want the name trimmed and the games as given", l)
	}
	if !ValidID(l.PublicID) || !ValidID(l.OrganizerID) || l.PublicID == l.OrganizerID {
		t.Errorf("ids %q %q: want two different 128-bit ids", l.PublicID, l.OrganizerID)
	}
	if len(l.Seasons) != 1 || l.Seasons[0].Name != "Spring" || l.Seasons[0].Dated() {
		t.Errorf("seasons = %+v", l.Seasons)
	}
	again, err := s.CreateLeague(ctx, in)
	if err != nil || again.ID != l.ID {
		t.Errorf("double submit made league %d (%v), want %d", again.ID, err, l.ID)
	}
	members, err := s.Members(ctx, l.ID)
	if err != nil || len(members) != 2 || members[0].Name != "Ann" || members[1].Name != "bob" {
		t.Errorf("members = %+v, %v", members, err)
	}
	if got, err := s.LeagueByOrganizer(ctx, l.OrganizerID); err != nil || got.ID != l.ID {
		t.Errorf("LeagueByOrganizer = %+v, %v", got, err)
	}
	// The members' link is not the organizer's, and junk is not found.
	for _, id := range []string{l.PublicID, "nope", NewID()} {
		if _, err := s.LeagueByOrganizer(ctx, id); !errors.Is(err, ErrNotFound) {
			t.Errorf("LeagueByOrganizer(%q) = %v, want ErrNotFound", id, err)
		}
	}
}

func TestLeagueGamesAndVersion(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l := newLeague(t, s, "Ann")
	v := version(t, s, l)
	g := leagueGame(t, s, l, "fan", "Ann", "Cy")
	if version(t, s, l) <= v {
		t.Errorf("starting a game in the league did not bump its version")
	}
	if got, err := s.LeagueOfGame(ctx, g.ID); err != nil || got.ID != l.ID {
		t.Errorf("LeagueOfGame = %+v, %v", got, err)
	}
	other := newFanGame(t, s)
	if _, err := s.LeagueOfGame(ctx, other.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("a game outside leagues: %v", err)
	}
	members, _ := s.Members(ctx, l.ID)
	if len(members) != 2 || members[1].Name != "Cy" {
		t.Errorf("players of a league game should become members: %+v", members)
	}

	// Every write to a hand of the game bumps the league's version in the
	// same transaction; a hand of a game outside the league does not.
	steps := []struct {
		name  string
		write func() error
	}{
		{"add", func() error { _, err := s.addHand(ctx, g.ID, pointsHand(60, 0), Change{}); return err }},
		{"add to finish", func() error { _, err := s.addHand(ctx, g.ID, pointsHand(50, 0), Change{}); return err }},
		{"correct", func() error {
			hands, _ := s.Hands(ctx, g.ID)
			_, err := s.correctHand(ctx, g.ID, hands[1].ID, pointsHand(0, 10), Change{})
			return err
		}},
		{"delete", func() error {
			hands, _ := s.Hands(ctx, g.ID)
			return s.deleteHand(ctx, g.ID, hands[1].ID, Change{})
		}},
	}
	for _, st := range steps {
		before := version(t, s, l)
		if err := st.write(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if after := version(t, s, l); after != before+1 {
			t.Errorf("%s: league version %d -> %d, want +1", st.name, before, after)
		}
	}
	before := version(t, s, l)
	if _, err := s.addHand(ctx, other.ID, pointsHand(5, 0), Change{}); err != nil {
		t.Fatal(err)
	}
	if version(t, s, l) != before {
		t.Errorf("a hand of another game bumped the league")
	}

	rec, err := s.LeagueRecord(ctx, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	if rec.League.Version != before || len(rec.Games) != 1 || len(rec.Members) != 2 {
		t.Fatalf("record: version %d games %d members %d", rec.League.Version, len(rec.Games), len(rec.Members))
	}
	lg := rec.Games[0]
	if lg.ID != g.ID || !ValidID(lg.WatchID) || lg.Rules != "fan" || lg.Finished() || len(lg.Seats) != 2 ||
		lg.Seats[0].Name != "Ann" || lg.Seats[0].Total != 60 || lg.Seats[1].Name != "Cy" {
		t.Errorf("league game = %+v", lg)
	}

	if err := s.RemoveLeagueGame(ctx, l.ID, lg.WatchID); err != nil {
		t.Fatal(err)
	}
	if version(t, s, l) != before+1 {
		t.Errorf("removing a game did not bump the version")
	}
	if rec, _ := s.LeagueRecord(ctx, l.ID); len(rec.Games) != 0 {
		t.Errorf("removed game still listed")
	}
	if _, err := s.Game(ctx, g.PublicID); err != nil {
		t.Errorf("removing a game from a league must keep the game: %v", err)
	}
	if err := s.RemoveLeagueGame(ctx, l.ID, lg.WatchID); !errors.Is(err, ErrNotFound) {
		t.Errorf("removing it again: %v", err)
	}
}

func TestLeagueSettingsAndSeasons(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l := newLeague(t, s)
	v := version(t, s, l)
	if err := s.UpdateLeague(ctx, l.ID, "Friday club", []string{"flathead"}); err != nil {
		t.Fatal(err)
	}
	token := NewID()
	spring := SeasonInput{Name: "Spring", StartsOn: "2026-03-01", EndsOn: "2026-05-31", Token: token}
	for range 2 { // a double-tapped add makes one season
		if err := s.AddSeason(ctx, l.ID, spring); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := s.League(ctx, l.PublicID)
	if got.Name != "Friday club" || len(got.Games) != 1 || !got.Counts("flathead") || got.Counts("fan") {
		t.Errorf("settings = %+v", got)
	}
	if len(got.Seasons) != 2 || got.Seasons[1].Name != "Spring" || !got.Seasons[1].Dated() || got.Seasons[1].EndsOn != "2026-05-31" {
		t.Fatalf("seasons = %+v", got.Seasons)
	}
	if got.Version != v+3 {
		t.Errorf("version %d, want %d (one per write)", got.Version, v+3)
	}
	id := got.Seasons[1].ID
	if err := s.UpdateSeason(ctx, l.ID, id, SeasonInput{Name: "Spring!", StartsOn: "2026-03-02"}); err != nil {
		t.Fatal(err)
	}
	got, _ = s.League(ctx, l.PublicID)
	if sn := got.Seasons[1]; sn.Name != "Spring!" || sn.StartsOn != "2026-03-02" || sn.EndsOn != "" {
		t.Errorf("updated season = %+v", sn)
	}
	if err := s.AddSeason(ctx, l.ID, SeasonInput{Name: "Backwards", StartsOn: "2026-05-01", EndsOn: "2026-04-01"}); err == nil {
		t.Errorf("a season ending before it starts was stored")
	}
	other := newLeague(t, s)
	if err := s.UpdateSeason(ctx, other.ID, id, SeasonInput{Name: "x"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("another league's season: %v", err)
	}
	if err := s.DeleteSeason(ctx, l.ID, id); err != nil {
		t.Fatal(err)
	}
	if got, _ = s.League(ctx, l.PublicID); len(got.Seasons) != 1 {
		t.Errorf("seasons after delete = %+v", got.Seasons)
	}
	if err := s.UpdateLeague(ctx, 9999, "x", nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown league: %v", err)
	}
}

// A name the league knows (in any case) is its player; a name known only
// elsewhere (a game outside leagues, another league) is a new player of
// this league, and the other one is not touched.
func TestAddMembers(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	newFanGame(t, s) // Ann and Bob sit at a game outside leagues
	other := newLeague(t, s, "ANN")
	l := newLeague(t, s)
	if err := s.AddMembers(ctx, l.ID, []string{"ann", "Dee", " ", "Dee"}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddMembers(ctx, l.ID, []string{"Ann", "DEE"}); err != nil {
		t.Fatal(err)
	}
	members, _ := s.Members(ctx, l.ID)
	if len(members) != 2 || members[0].Name != "ann" || members[1].Name != "Dee" {
		t.Errorf("members = %+v: want a new ann (as typed first) and a new Dee, once each", members)
	}
	theirs, _ := s.Members(ctx, other.ID)
	if len(theirs) != 1 || theirs[0].Name != "ANN" || theirs[0].ID == members[0].ID {
		t.Errorf("the other league's members = %+v, want its own ANN", theirs)
	}
}

func TestMergePlayers(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l := newLeague(t, s, "Ann", "Annie", "Bob")
	g1 := leagueGame(t, s, l, "fan", "Ann", "Bob")
	g2 := leagueGame(t, s, l, "fan", "Annie", "Bob")
	ids := map[string]int64{}
	members, _ := s.Members(ctx, l.ID)
	for _, m := range members {
		ids[m.Name] = m.ID
	}

	// Ann and Bob sat at the same table: refused, nothing changed.
	err := s.MergePlayers(ctx, l.ID, ids["Ann"], ids["Bob"])
	var conflict *MergeConflictError
	if !errors.As(err, &conflict) || len(conflict.Shared) != 1 || conflict.Shared[0].Rules != "fan" ||
		conflict.Keep != "Ann" || conflict.Gone != "Bob" {
		t.Fatalf("merging two players of one game: %v", err)
	}
	if members, _ := s.Members(ctx, l.ID); len(members) != 3 {
		t.Errorf("a refused merge changed the members: %+v", members)
	}

	v := version(t, s, l)
	if err := s.MergePlayers(ctx, l.ID, ids["Ann"], ids["Annie"]); err != nil {
		t.Fatal(err)
	}
	if version(t, s, l) != v+1 {
		t.Errorf("a merge must bump the league's version")
	}
	for _, g := range []Game{g1, g2} {
		got, _ := s.Game(ctx, g.PublicID)
		if got.Seats[0].Name != "Ann" || got.Seats[0].PlayerID != ids["Ann"] {
			t.Errorf("game %d seat 0 = %+v, want Ann", g.ID, got.Seats[0])
		}
	}
	members, _ = s.Members(ctx, l.ID)
	if len(members) != 2 {
		t.Errorf("members after merge = %+v", members)
	}
	var annies int
	if err := s.r.QueryRow(`SELECT count(*) FROM players WHERE name = 'Annie'`).Scan(&annies); err != nil || annies != 0 {
		t.Errorf("the merged name is still a player (%d, %v)", annies, err)
	}
	if err := s.MergePlayers(ctx, l.ID, ids["Ann"], ids["Annie"]); !errors.Is(err, ErrNotFound) {
		t.Errorf("merging again: %v", err)
	}
	// A player of another league only cannot be merged from this one.
	other := newLeague(t, s, "Zed")
	zed, _ := s.Members(ctx, other.ID)
	if err := s.MergePlayers(ctx, l.ID, ids["Ann"], zed[0].ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("merging a stranger: %v", err)
	}
}

// Each seat's best and worst hand is derived in every write to the hands,
// like the totals, the earliest hand winning a tie.
func TestHandExtremesDerived(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l := newLeague(t, s)
	g := leagueGame(t, s, l, "fan", "Ann", "Bob")
	seats := func() []LeagueSeat {
		t.Helper()
		rec, err := s.LeagueRecord(ctx, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		return rec.Games[0].Seats
	}
	if st := seats(); st[0].Best.Hand != 0 || st[0].Worst.Hand != 0 {
		t.Errorf("no hands yet: %+v", st[0])
	}
	for _, p := range [][]int{{10, 0}, {0, 30}, {45, 0}, {50, 0}} {
		if _, err := s.addHand(ctx, g.ID, pointsHand(p...), Change{}); err != nil {
			t.Fatal(err)
		}
	}
	hands, _ := s.Hands(ctx, g.ID)
	if err := s.deleteHand(ctx, g.ID, hands[0].ID, Change{}); err != nil { // Ann's 10 goes
		t.Fatal(err)
	}
	if _, err := s.correctHand(ctx, g.ID, hands[2].ID, pointsHand(5, 0), Change{}); err != nil { // 45 -> 5
		t.Fatal(err)
	}
	// Hands now: Ann 0, 5, 50; Bob 30, 0, 0.
	st := seats()
	want := []struct{ best, worst HandScore }{
		{HandScore{50, 3}, HandScore{0, 1}},
		{HandScore{30, 1}, HandScore{0, 2}}, // a tie for worst: the earliest
	}
	for seat, w := range want {
		if st[seat].Best != w.best || st[seat].Worst != w.worst {
			t.Errorf("seat %d: best %+v worst %+v, want %+v %+v", seat, st[seat].Best, st[seat].Worst, w.best, w.worst)
		}
	}
}

// Games recorded before the leagues migration get their best and worst
// hands from the migration itself: going down and up again gives what the
// writes derived.
func TestMigrationWorksOutHandExtremes(t *testing.T) {
	dbtest.SQLiteOnly(t, "runs SQLite's migration 00003 down and up; PostgreSQL's schema starts at 00007")
	s, _ := openTest(t)
	ctx := context.Background()
	l := newLeague(t, s)
	g := leagueGame(t, s, l, "trophy", "Ann", "Bob", "Cy")
	for _, h := range []HandInput{trick(0, 3), trick(1, 6), trick(2, 1), trick(1, 6), trick(0, 0)} {
		if _, err := s.addHand(ctx, g.ID, h, Change{}); err != nil {
			t.Fatal(err)
		}
	}
	hands, _ := s.Hands(ctx, g.ID)
	if err := s.deleteHand(ctx, g.ID, hands[0].ID, Change{}); err != nil {
		t.Fatal(err)
	}
	before, _ := s.LeagueRecord(ctx, l.ID)
	sub, _ := fs.Sub(migrations, "migrations")
	p, err := goose.NewProvider(goose.DialectSQLite3, s.w, sub)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.DownTo(ctx, 2); err != nil {
		t.Fatalf("down: %v", err)
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatalf("up again: %v", err)
	}
	// The league is gone with the way down; read the seats directly.
	rows, err := s.r.QueryContext(ctx, `SELECT best_points, best_hand, worst_points, worst_hand FROM seats WHERE game_id = $1 ORDER BY seat`, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for seat := 0; rows.Next(); seat++ {
		var got LeagueSeat
		if err := rows.Scan(&got.Best.Points, &got.Best.Hand, &got.Worst.Points, &got.Worst.Hand); err != nil {
			t.Fatal(err)
		}
		if w := before.Games[0].Seats[seat]; got.Best != w.Best || got.Worst != w.Worst {
			t.Errorf("seat %d after the migration: %+v %+v, want %+v %+v", seat, got.Best, got.Worst, w.Best, w.Worst)
		}
	}
}

// trick is a Trophy Case trick won by seat with the given points.
func trick(seat, points int) HandInput {
	pts := make([]int, 3)
	pts[seat] = points
	h := pointsHand(pts...)
	h.Seat = seat
	return h
}

func TestSeedLeague(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	start := time.Date(2025, 1, 1, 18, 0, 0, 0, time.UTC)
	l, err := seedLeague(ctx, s, SeedOptions{Players: 12, Games: 150, Seed: 7, Start: start})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := s.LeagueRecord(ctx, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	// The league counts every game; the seed plays those that make rounds
	// of themselves (game.Sampler).
	sampled := 0
	for _, g := range rules.Games() {
		if _, ok := g.Sampler(); ok {
			sampled++
		}
	}
	if len(rec.Games) != 150 || len(rec.Members) != 12 || len(rec.League.Games) != len(rules.Games()) || len(rec.League.Seasons) != 2 {
		t.Fatalf("seeded %d games, %d members, %d kinds, %d seasons", len(rec.Games), len(rec.Members), len(rec.League.Games), len(rec.League.Seasons))
	}
	kinds := map[string]int{}
	for _, g := range rec.Games {
		kinds[g.Rules]++
		r, _ := rules.Lookup(g.Rules)
		if !g.Finished() || len(g.Seats) < r.MinPlayers || len(g.Seats) > r.MaxPlayers || !ValidID(g.WatchID) {
			t.Fatalf("seeded game %+v", g)
		}
		// The stored totals and winner are what the rules make of the
		// stored hands, as recompute would have them.
		hands, err := s.Hands(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		rounds := make([]rules.Round, len(hands))
		totals := make([]int, len(g.Seats))
		for i, h := range hands {
			rounds[i] = roundFrom(h.input())
			for seat, p := range h.Points {
				totals[seat] += p
			}
		}
		_, res := r.Play(game.Table{Names: make([]string, len(g.Seats))}, rounds)
		if !res.Finished || res.Winner() != g.Winner {
			t.Fatalf("game %d: winner %d, rules say %d %v", g.ID, g.Winner, res.Winner(), res.Finished)
		}
		bonus := make([]int, len(g.Seats))
		for _, b := range res.Bonuses {
			for seat, p := range b.Points {
				bonus[seat] += p
			}
		}
		// A league game's total is its final total: the hands' plus any
		// bonus of the game's end (Gin's G5); its place is the module's.
		for seat, st := range g.Seats {
			if st.Total != totals[seat]+bonus[seat] || st.Total != res.Final[seat] || st.Place != res.Places[seat] {
				t.Fatalf("game %d seat %d: total %d place %d; hands sum to %d, bonuses %d, rules say %d, place %d",
					g.ID, seat, st.Total, st.Place, totals[seat], bonus[seat], res.Final[seat], res.Places[seat])
			}
		}
	}
	if len(kinds) != sampled {
		t.Errorf("kinds of games seeded: %v", kinds)
	}
}

// LeagueRecordSince reads again exactly the games that changed: a new
// hand, a new game, a merge's re-pointed seats; a game taken out of the
// league makes it read everything again.
func TestLeagueRecordSince(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l := newLeague(t, s)
	g0 := leagueGame(t, s, l, "fan", "Eve", "Fay") // untouched
	g1 := leagueGame(t, s, l, "fan", "Ann", "Bob")
	g2 := leagueGame(t, s, l, "fan", "Deb", "Bob")
	first, err := s.LeagueRecord(ctx, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	// Mark the games as read, to tell a reused game from one read again.
	mark := func(rec *LeagueRecord) {
		for i := range rec.Games {
			rec.Games[i].Status = "read before"
		}
	}
	mark(&first)
	if _, err := s.addHand(ctx, g1.ID, pointsHand(100, 0), Change{}); err != nil {
		t.Fatal(err)
	}
	g3 := leagueGame(t, s, l, "fan", "Ann", "Cy")
	members, _ := s.Members(ctx, l.ID)
	ids := map[string]int64{}
	for _, m := range members {
		ids[m.Name] = m.ID
	}
	if err := s.MergePlayers(ctx, l.ID, ids["Dee"], ids["Deb"]); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Dee is not a player yet: %v", err)
	}
	if err := s.AddMembers(ctx, l.ID, []string{"Dee"}); err != nil {
		t.Fatal(err)
	}
	members, _ = s.Members(ctx, l.ID)
	for _, m := range members {
		ids[m.Name] = m.ID
	}
	if err := s.MergePlayers(ctx, l.ID, ids["Dee"], ids["Deb"]); err != nil {
		t.Fatal(err)
	}
	got, err := s.LeagueRecordSince(ctx, l.ID, &first)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range first.Games {
		if g.Status != "read before" {
			t.Errorf("the earlier record's game %d was changed; caches share it", i)
		}
	}
	full, _ := s.LeagueRecord(ctx, l.ID)
	if len(got.Games) != 4 || got.Games[0].ID != g0.ID || got.Games[1].ID != g1.ID || got.Games[2].ID != g2.ID || got.Games[3].ID != g3.ID {
		t.Fatalf("games %+v", got.Games)
	}
	if got.Games[0].Status != "read before" {
		t.Errorf("the untouched game was read again")
	}
	if got.Games[1].Status != StatusFinished || got.Games[1].Seats[0].Total != 100 {
		t.Errorf("the game with a new hand was not read again: %+v", got.Games[1])
	}
	if got.Games[2].Seats[0].Name != "Dee" {
		t.Errorf("the merged game was not read again: %+v", got.Games[2])
	}
	for i := 1; i < len(got.Games); i++ {
		if got.Games[i].Version != full.Games[i].Version || got.Games[i].Status != full.Games[i].Status {
			t.Errorf("game %d differs from a full read: %+v vs %+v", i, got.Games[i], full.Games[i])
		}
	}

	// Nothing changed since: everything reused.
	mark(&got)
	again, _ := s.LeagueRecordSince(ctx, l.ID, &got)
	for i := range again.Games {
		if again.Games[i].Status != "read before" {
			t.Errorf("game %d read again though nothing changed", i)
		}
	}

	// A game leaves the league (and another joins): all read again.
	if err := s.RemoveLeagueGame(ctx, l.ID, again.Games[0].WatchID); err != nil {
		t.Fatal(err)
	}
	g4 := leagueGame(t, s, l, "fan", "Ann", "Bob")
	last, _ := s.LeagueRecordSince(ctx, l.ID, &again)
	if len(last.Games) != 4 || last.Games[0].ID != g1.ID || last.Games[3].ID != g4.ID {
		t.Fatalf("after a removal: %+v", last.Games)
	}
	for i := range last.Games {
		if last.Games[i].Status == "read before" {
			t.Errorf("game %d reused after a removal", i)
		}
	}
}

func TestActiveLeagues(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	if got, err := s.ActiveLeagues(ctx, 5); err != nil || len(got) != 0 {
		t.Fatalf("ActiveLeagues on an empty database = %v, %v", got, err)
	}
	quiet, err := s.CreateLeague(ctx, NewLeague{Name: "Quiet", Games: []string{"fan"}, Token: NewID()})
	if err != nil {
		t.Fatal(err)
	}
	busy, err := s.CreateLeague(ctx, NewLeague{Name: "Busy", Games: []string{"fan"}, Token: NewID()})
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.CreateGame(ctx, NewGame{Rules: "fan", Players: []string{"A", "B"}, LeagueID: busy.ID, Token: NewID()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.addHand(ctx, g.ID, pointsHand(10, 0), Change{}); err != nil {
		t.Fatal(err)
	}
	got, err := s.ActiveLeagues(ctx, 5)
	if err != nil || len(got) != 2 || got[0].ID != busy.ID || got[1].ID != quiet.ID {
		t.Fatalf("ActiveLeagues = %+v, %v; want Busy then Quiet", got, err)
	}
	if got, _ := s.ActiveLeagues(ctx, 1); len(got) != 1 {
		t.Errorf("limit 1 gave %d", len(got))
	}
}
