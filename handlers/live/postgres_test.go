package live

import (
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"meldpad/db/dbtest"
)

// openTestBroker is one server's broker on the test database.
func openTestBroker(t *testing.T, url string, delay time.Duration) *Postgres {
	t.Helper()
	p, err := openPostgres(context.Background(), url, slog.New(slog.NewTextHandler(io.Discard, nil)), delay)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	waitFor(t, "the listener to connect", 5*time.Second, func() bool { return p.resyncs.Load() > 0 })
	return p
}

// testGameID is a game id no other test (nor a meldpad on the same
// database) uses, since they all announce on one channel.
func testGameID() int64 { return 1<<40 + rand.Int64N(1<<40) }

func waitFor(t *testing.T, what string, limit time.Duration, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", limit, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// next reads the subscriber's next version within limit.
func next(t *testing.T, ch <-chan int, limit time.Duration) int {
	t.Helper()
	select {
	case v, ok := <-ch:
		if !ok {
			t.Fatal("the subscription closed")
		}
		return v
	case <-time.After(limit):
		t.Fatalf("no version within %v", limit)
		return 0
	}
}

func TestPostgresPublishReachesTheOtherServer(t *testing.T) {
	url := dbtest.Database(t)
	serverA, serverB := openTestBroker(t, url, time.Second), openTestBroker(t, url, time.Second)
	game := testGameID()
	onA, stopA := serverA.Subscribe(game, 0, nil)
	defer stopA()
	onB, stopB := serverB.Subscribe(game, 0, nil)
	defer stopB()

	var worst time.Duration
	for version := 1; version <= 20; version++ {
		start := time.Now()
		if err := serverA.Publish(context.Background(), game, version); err != nil {
			t.Fatal(err)
		}
		if v := next(t, onA, time.Second); v != version {
			t.Fatalf("server A's own phone read %d, want %d", v, version)
		}
		if v := next(t, onB, 2*time.Second); v != version {
			t.Fatalf("server B's phone read %d, want %d", v, version)
		}
		worst = max(worst, time.Since(start))
	}
	t.Logf("a publish on server A reached a phone on server B within %v (worst of 20)", worst)

	// The echoes of A's own publishes, and B announcing versions A has
	// sent already, reach both listeners but no phone a second time.
	for version := 15; version <= 20; version++ {
		if err := serverB.Publish(context.Background(), game, version); err != nil {
			t.Fatal(err)
		}
	}
	marker := testGameID() // published after, so heard after, the repeats
	heard, stopMarker := serverA.Subscribe(marker, 0, nil)
	defer stopMarker()
	heardOnB, stopMarkerB := serverB.Subscribe(marker, 0, nil)
	defer stopMarkerB()
	if err := serverB.Publish(context.Background(), marker, 1); err != nil {
		t.Fatal(err)
	}
	next(t, heard, 2*time.Second)
	next(t, heardOnB, 2*time.Second)
	for name, ch := range map[string]<-chan int{"A": onA, "B": onB} {
		if v, ok := received(ch); ok {
			t.Errorf("server %s's phone read version %d a second time", name, v)
		}
	}
}

func TestPostgresNoVersionTwiceUnderABurst(t *testing.T) {
	url := dbtest.Database(t)
	serverA, serverB := openTestBroker(t, url, time.Second), openTestBroker(t, url, time.Second)
	game := testGameID()
	const last = 200
	var wg sync.WaitGroup
	read := map[string][]int{}
	var mu sync.Mutex
	for name, server := range map[string]*Postgres{"A": serverA, "B": serverB} {
		ch, stop := server.Subscribe(game, 0, nil)
		defer stop()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case v := <-ch:
					mu.Lock()
					read[name] = append(read[name], v)
					mu.Unlock()
					if v == last {
						return
					}
				case <-time.After(5 * time.Second):
					return
				}
			}
		}()
	}
	// Both servers announce every version, as when a save on one is
	// followed by a resync on the other: each phone must see a version
	// at most once, and always a newer one.
	for version := 1; version <= last; version++ {
		for _, server := range []*Postgres{serverA, serverB} {
			if err := server.Publish(context.Background(), game, version); err != nil {
				t.Fatal(err)
			}
		}
	}
	wg.Wait()
	time.Sleep(200 * time.Millisecond) // the last echoes
	for name, versions := range read {
		if len(versions) == 0 || versions[len(versions)-1] != last {
			t.Errorf("server %s's phone read %v, want it to end at %d", name, versions, last)
		}
		for i := 1; i < len(versions); i++ {
			if versions[i] <= versions[i-1] {
				t.Errorf("server %s's phone read %d after %d", name, versions[i], versions[i-1])
			}
		}
		t.Logf("server %s's phone read %d distinct versions of %d announced twice", name, len(versions), last)
	}
}

func TestPostgresResyncAfterLostConnection(t *testing.T) {
	url := dbtest.Database(t)
	const delay = time.Second
	serverA, serverB := openTestBroker(t, url, delay), openTestBroker(t, url, delay)
	game := testGameID()

	// The store: the game's current version, as a save commits it.
	var mu sync.Mutex
	stored := 1
	current := func(context.Context) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return stored, nil
	}
	onB, stopB := serverB.Subscribe(game, 1, current)
	defer stopB()

	lost := serverB.listenerPID.Load()
	resyncs := serverB.resyncs.Load()
	var terminated bool
	err := serverA.pool.QueryRow(context.Background(), "SELECT pg_terminate_backend($1, 5000)", lost).Scan(&terminated)
	if err != nil || !terminated {
		t.Fatalf("terminating server B's listener (pid %d): %v %v", lost, terminated, err)
	}
	// A save on A while B is not listening: its NOTIFY reaches no one on B.
	downSince := time.Now()
	mu.Lock()
	stored = 2
	mu.Unlock()
	if err := serverA.Publish(context.Background(), game, 2); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(downSince); took >= delay || serverB.listenerPID.Load() != lost {
		t.Fatalf("the publish took %v, and server B may have listened again meanwhile: the test proves nothing", took)
	}

	if v := next(t, onB, delay+5*time.Second); v != 2 {
		t.Fatalf("server B's phone read %d after reconnecting, want 2", v)
	}
	t.Logf("server B's phone caught up %v after losing its listener", time.Since(downSince))
	if pid := serverB.listenerPID.Load(); pid == lost {
		t.Errorf("server B's listener still has the terminated backend %d", pid)
	}
	if serverB.resyncs.Load() <= resyncs {
		t.Errorf("no resync counted after the reconnection")
	}

	// Listening again: later saves arrive by NOTIFY as before.
	mu.Lock()
	stored = 3
	mu.Unlock()
	if err := serverA.Publish(context.Background(), game, 3); err != nil {
		t.Fatal(err)
	}
	if v := next(t, onB, 2*time.Second); v != 3 {
		t.Fatalf("server B's phone read %d after the reconnection, want 3", v)
	}
}

func TestParsePayload(t *testing.T) {
	tests := []struct {
		payload string
		game    int64
		version int
		ok      bool
	}{
		{"12:7", 12, 7, true},
		{"12", 0, 0, false},
		{"x:7", 0, 0, false},
		{"12:", 0, 0, false},
		{"", 0, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.payload, func(t *testing.T) {
			game, version, err := parsePayload(tc.payload)
			if (err == nil) != tc.ok || game != tc.game || version != tc.version {
				t.Errorf("parsePayload(%q) = %d, %d, %v", tc.payload, game, version, err)
			}
		})
	}
}
