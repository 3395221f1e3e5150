package handlers

import (
	"bufio"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"modernc.org/sqlite"

	"meldpad/db"
	"meldpad/db/dbtest"
	"meldpad/handlers/live"
)

// openServerOn starts one meldpad server on the PostgreSQL database at
// dsn, with its own store, broker and handler stack, as a second process
// would. client is the phone's, shared by the servers as by the origin
// of a load balancer.
func openServerOn(t *testing.T, dsn string, client *http.Client) *testApp {
	t.Helper()
	ctx := context.Background()
	store, err := db.Open(ctx, dsn)
	var sqliteErr *sqlite.Error
	if errors.As(err, &sqliteErr) {
		t.Skipf("db.Open cannot open a postgres:// URL yet (it took it for a SQLite file: %v)", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	broker, err := live.OpenPostgres(ctx, dsn, log)
	if err != nil {
		store.Close()
		t.Fatal(err)
	}
	t.Cleanup(broker.Close) // after the server's close below
	app := &testApp{t: t, srv: httptest.NewServer(New(StoresOf(store), log, Options{Broker: broker, LANAddresses: noLAN})), store: store, dbPath: dsn, client: client}
	t.Cleanup(app.close)
	return app
}

// phone is a scorepad's live-update stream: its events as they come.
type phone struct {
	start  int // the version the stream began at
	events chan string
}

// openPhone holds a scorepad's stream open on app, as a phone's page does.
func openPhone(t *testing.T, app *testApp, path string) *phone {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, app.srv.URL+path, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatalf("GET %s: %v", path, err)
	}
	t.Cleanup(func() { cancel(); resp.Body.Close() })
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", path, resp.StatusCode)
	}
	r := bufio.NewReader(resp.Body)
	name, data := readEvent(t, r)
	start, err := strconv.Atoi(data)
	if name != "version" || err != nil {
		t.Fatalf("first event %q %q, want the version", name, data)
	}
	p := &phone{start: start, events: make(chan string, 16)}
	go func() {
		defer close(p.events)
		var name string
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case strings.HasPrefix(line, "event: "):
				name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && name == "changed":
				p.events <- strings.TrimPrefix(line, "data: ")
			}
		}
	}()
	return p
}

// changed is the version of the next "changed" event, within limit.
func (p *phone) changed(t *testing.T, limit time.Duration) int {
	t.Helper()
	select {
	case data, ok := <-p.events:
		if !ok {
			t.Fatal("the stream ended")
		}
		v, err := strconv.Atoi(data)
		if err != nil {
			t.Fatalf("changed event with data %q", data)
		}
		return v
	case <-time.After(limit):
		t.Fatalf("no changed event within %v", limit)
		return 0
	}
}

// quiet reports an event the phone receives within d, which it should not.
func (p *phone) quiet(t *testing.T, d time.Duration) {
	t.Helper()
	select {
	case data, ok := <-p.events:
		if ok {
			t.Errorf("a further changed event, version %s", data)
		}
	case <-time.After(d):
	}
}

// TestTwoServersOnePostgres is meldpad behind a load balancer: a hand
// saved through one server appears live on the phones held by the other,
// and a double tap whose two posts reach both servers at once saves once.
func TestTwoServersOnePostgres(t *testing.T) {
	dsn := dbtest.Database(t)
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	serverA, serverB := openServerOn(t, dsn, client), openServerOn(t, dsn, client)

	game := serverA.createGame("fan", "Ann", "Bob")
	watch := strings.TrimPrefix(watchLinkRe.FindStringSubmatch(serverA.get(game + "/share").body)[1], serverA.srv.URL)
	players := openPhone(t, serverB, game+"/events")
	spectators := openPhone(t, serverB, watch+"/events")

	start := time.Now()
	if p := serverA.recordPoints(game, "", "18", ""); p.status != http.StatusSeeOther {
		t.Fatalf("save through server A: %d\n%s", p.status, p.body)
	}
	for name, phone := range map[string]*phone{"players'": players, "spectators'": spectators} {
		if v := phone.changed(t, 3*time.Second); v <= phone.start {
			t.Errorf("the %s phone on server B was told version %d, not newer than %d", name, v, phone.start)
		}
	}
	t.Logf("a hand saved through server A reached the phones on server B in %v", time.Since(start))
	sameTotals(t, serverB.get(game), "18", "0")
	sameTotals(t, serverB.get(watch), "18", "0")

	for round := 1; round <= 3; round++ {
		form := formValues(serverA.get(game + "/hands/new"))
		form.Add("points", "")
		form.Add("points", "10")
		statuses := doubleTap(t, client, game+"/hands", form, serverA, serverB)
		for i, status := range statuses {
			if status != http.StatusSeeOther {
				t.Errorf("round %d: the tap on server %c answered %d, want 303 (saved, or saved already)", round, 'A'+i, status)
			}
		}
		for _, server := range []*testApp{serverA, serverB} {
			p := server.get(game)
			if n := len(handLinks(p)); n != 1+round {
				t.Fatalf("round %d: %d deals on %s, want %d: a double tap on two servers saved twice or not at all", round, n, server.srv.URL, 1+round)
			}
			sameTotals(t, p, "18", strconv.Itoa(10*round))
		}
		players.changed(t, 3*time.Second)
		players.quiet(t, 300*time.Millisecond)
	}
}

// doubleTap sends the same form to each server at once, as a phone whose
// two taps a load balancer spread over two servers, and returns their
// statuses.
func doubleTap(t *testing.T, client *http.Client, path string, form url.Values, servers ...*testApp) []int {
	t.Helper()
	statuses := make([]int, len(servers))
	errs := make([]error, len(servers))
	var ready, done sync.WaitGroup
	ready.Add(1)
	for i, server := range servers {
		done.Add(1)
		go func() {
			defer done.Done()
			req, _ := http.NewRequest(http.MethodPost, server.srv.URL+path, strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			ready.Wait()
			resp, err := client.Do(req)
			if err != nil {
				errs[i] = err
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			statuses[i] = resp.StatusCode
		}()
	}
	ready.Done()
	done.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	return statuses
}
