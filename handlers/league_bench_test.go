package handlers

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"meldpad/db"
	"meldpad/scorepad"
)

// benchLeague seeds a league of 50 players and 5,000 finished games (or
// as many as MELDPAD_BENCH_GAMES says: 20000 for the speed issue's size)
// and returns the server, its store, the league and one player of it.
func benchLeague(b *testing.B) (*Server, *db.Store, db.League, int64) {
	b.Helper()
	store, err := db.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	start := time.Now()
	games := 5000
	if n, err := strconv.Atoi(os.Getenv("MELDPAD_BENCH_GAMES")); err == nil && n > 0 {
		games = n
	}
	l, err := scorepad.SeedLeague(context.Background(), store, scorepad.SeedOptions{Players: 50, Games: games, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	rec, err := store.LeagueRecord(context.Background(), l.ID)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded %d games, %d players in %v", len(rec.Games), len(rec.Members), time.Since(start).Round(time.Millisecond))
	return New(StoresOf(store), slog.New(slog.NewTextHandler(io.Discard, nil)), Options{}), store, l, rec.Members[0].ID
}

// serve renders one page through the whole handler stack (middleware,
// gzip, render) without a network: server time.
func serve(b *testing.B, srv *Server, path string) {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		b.Fatalf("GET %s: %d", path, rec.Code)
	}
}

// cpuTime is the CPU time the process has used. The benchmarks report it
// beside the wall time because the machine is shared: on a busy machine
// the wall time includes waiting for a core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkLeaguePages measures the standings page and a player page of a
// league of 50 players and 5,000 finished games (targets: 50 ms and 30
// ms):
//
//   - warm: while the league does not change (the cache answers);
//   - after-save: the first request after a hand was saved in a league
//     game still being played (the game is read again, the tables are kept);
//   - after-finish: the first request after a save ended a league game
//     (the game is read again, the tables are extended by it);
//   - after-correction: the first request after a hand of a game that
//     finished long ago was corrected (its version moved: the game is read
//     again, every table is computed afresh, as ratings after it may move);
//   - first-view: the first request of all, with nothing cached.
func BenchmarkLeaguePages(b *testing.B) {
	srv, store, l, player := benchLeague(b)
	ctx := context.Background()
	rec, err := store.LeagueRecord(ctx, l.ID)
	if err != nil {
		b.Fatal(err)
	}
	game := rec.Games[len(rec.Games)/2]
	hands, err := store.Hands(ctx, game.ID)
	if err != nil {
		b.Fatal(err)
	}
	last := hands[len(hands)-1]
	played, err := store.GameByWatchID(ctx, game.WatchID)
	if err != nil {
		b.Fatal(err)
	}
	correct := func() {
		in := db.HandInput{Entry: last.Entry, Record: last.Record, Points: last.Points, Seat: last.Seat, EndsHand: last.EndsHand}
		if _, err := scorepad.CorrectIn(ctx, store, played.PublicID, last.ID, in, db.Change{}); err != nil {
			b.Fatal(err)
		}
	}
	// A Fan game of the league being played: each save adds a hand that
	// does not end it.
	names := []string{rec.Members[0].Name, rec.Members[1].Name}
	newGame := func() db.Game {
		g, err := store.CreateGame(ctx, db.NewGame{Rules: "fan", Players: names, LeagueID: l.ID, Token: db.NewID()})
		if err != nil {
			b.Fatal(err)
		}
		return g
	}
	hand := func(g db.Game, points ...int) {
		rec, _ := json.Marshal(map[string]any{"points": points})
		in := db.HandInput{Entry: db.EntryPoints, Record: rec, Points: points, Seat: -1}
		if _, err := scorepad.AddTo(ctx, store, g.PublicID, in, db.Change{Token: db.NewID()}); err != nil {
			b.Fatal(err)
		}
	}
	playing := newGame()
	save := func() { hand(playing, 0, 0) }
	// A game that finishes: created and seen first (so the request timed
	// follows the finishing save only), then won in one hand.
	finish := func(path string) func() {
		return func() {
			g := newGame()
			serve(b, srv, path)
			hand(g, 100, 0)
		}
	}
	for _, page := range []struct{ name, path string }{
		{"standings", leagueURL(l)},
		{"standings-fan-by-wins", leagueURL(l) + "?game=fan&sort=wins&min=10"},
		{"player", playerURL(l, player)},
	} {
		for _, state := range []struct {
			name   string
			before func()
		}{
			{"warm", func() {}},
			{"after-save", save},
			{"after-finish", finish(page.path)},
			{"after-correction", correct},
			{"first-view", func() { srv.leagues, srv.pages = newLeagueCache(), newPageCache() }},
		} {
			b.Run(page.name+"/"+state.name, func(b *testing.B) {
				serve(b, srv, page.path)
				var cpu time.Duration
				for b.Loop() {
					b.StopTimer()
					state.before()
					b.StartTimer()
					start := cpuTime()
					serve(b, srv, page.path)
					cpu += cpuTime() - start
				}
				b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
			})
		}
	}
}
