package handlers

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"meldpad/db"
	"meldpad/db/dbtest"
)

// countingStore counts the store's heavy reads: a league's export, its
// record and its hand counts.
type countingStore struct {
	*db.Store
	exports, records, handCounts atomic.Int32
}

func (s *countingStore) ExportLeague(ctx context.Context, leagueID int64) (db.Archive, error) {
	s.exports.Add(1)
	return s.Store.ExportLeague(ctx, leagueID)
}

func (s *countingStore) LeagueRecordSince(ctx context.Context, leagueID int64, prev *db.LeagueRecord) (db.LeagueRecord, error) {
	s.records.Add(1)
	return s.Store.LeagueRecordSince(ctx, leagueID, prev)
}

func (s *countingStore) LeagueHandCounts(ctx context.Context, leagueID int64) (map[int64]int, error) {
	s.handCounts.Add(1)
	return s.Store.LeagueHandCounts(ctx, leagueID)
}

// countingStores are store's parts, its heavy reads counted.
func countingStores(counting *countingStore) Stores {
	stores := StoresOf(counting.Store)
	stores.Leagues, stores.Archive = counting, counting
	return stores
}

// TestHeavyReadsOncePerVersion: a league's export and CSV files, asked
// for many times at once and again, are computed once per version of
// the league, and again once it changes; one address gets one at a time
// with two waiting, the others 429 (finding: 8 exports at once of a
// league of 5,000 games, a second of processor time each, held /healthz
// for 1.2 s at the median and a phone's save for 6-10 s).
func TestHeavyReadsOncePerVersion(t *testing.T) {
	store, err := db.Open(context.Background(), dbtest.DSN(t, filepath.Join(t.TempDir(), "meldpad.db")))
	if err != nil {
		t.Fatal(err)
	}
	counting := &countingStore{Store: store}
	srv := httptest.NewServer(New(countingStores(counting), slog.New(slog.NewTextHandler(io.Discard, nil)), Options{}))
	jar, _ := cookiejar.New(nil)
	app := &testApp{t: t, srv: srv, store: store, client: &http.Client{Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	t.Cleanup(app.close)
	l := app.createLeague("Thursday club", "fan")
	app.mustRecord(app.startLeagueGame(l, "fan", "Ann", "Bob"), "", "110", "")

	fetchAll := func(path string, n int) {
		t.Helper()
		var answered atomic.Int32
		defer func() {
			if answered.Load() < 1+heavyQueue {
				t.Errorf("GET %s %d times at once: %d answered, want at least %d", path, n, answered.Load(), 1+heavyQueue)
			}
		}()
		var wg sync.WaitGroup
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				// One address downloads one file at a time, two more
				// waiting: the rest are told to come back.
				switch {
				case resp.StatusCode == http.StatusOK:
					answered.Add(1)
				case resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "":
					t.Errorf("GET %s: %d", path, resp.StatusCode)
				}
			}()
		}
		wg.Wait()
	}
	for round := range 3 {
		fetchAll(l.organizer+"/export.json", 8)
		fetchAll(l.members+"/games.csv", 8)
		fetchAll(l.members+"/standings.csv", 8)
		if n := counting.exports.Load(); n != 1 {
			t.Errorf("round %d: %d exports made, want 1", round+1, n)
		}
		if n := counting.handCounts.Load(); n != 1 {
			t.Errorf("round %d: the games' CSV made %d times, want 1", round+1, n)
		}
	}
	app.mustRecord(app.startLeagueGame(l, "fan", "Ann", "Bob"), "", "0", "105")
	fetchAll(l.organizer+"/export.json", 8)
	if n := counting.exports.Load(); n != 2 {
		t.Errorf("after a change: %d exports made in all, want 2", n)
	}
}

// TestHeavyGateTurns: one address computes one heavy read at a time with
// heavyQueue waiting, and more are refused at once (429); over every
// address at most the gate's slots run, and one that waits longer than
// its wait is refused (503).
func TestHeavyGateTurns(t *testing.T) {
	g := newHeavyGate(1)
	g.wait = 300 * time.Millisecond
	release := make(chan struct{})
	started := make(chan struct{}, 10)
	block := func(context.Context) (any, error) { started <- struct{}{}; <-release; return nil, nil }
	ctxOf := func(client string) context.Context {
		return context.WithValue(context.Background(), clientCtxKey{}, client)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 10)
	for i := range 1 + heavyQueue {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := g.do(ctxOf("a"), "read "+itoa(i), block)
			errs <- err
		}()
	}
	<-started
	time.Sleep(50 * time.Millisecond) // the others wait for their turn
	if _, err := g.do(ctxOf("a"), "one more", block); err != errHeavyBusy {
		t.Errorf("a fourth heavy read of one address: %v, want errHeavyBusy", err)
	}
	if _, err := g.do(ctxOf("b"), "another's", block); err != errHeavyFull {
		t.Errorf("another address, every slot taken past the wait: %v, want errHeavyFull", err)
	}
	close(release)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil && err != errHeavyFull {
			t.Errorf("a read within the share: %v", err)
		}
	}
}
