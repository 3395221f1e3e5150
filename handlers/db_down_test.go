package handlers

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"meldpad/db"
	"meldpad/db/dbtest"
)

// dbProxy stands between a store and PostgreSQL, as the network does, so
// that a test can make the database stop answering (freeze: every byte
// held, as a server stopped with SIGSTOP) or stop it (stop: connections
// cut and refused, as a server shut down), for this test's store alone
// and not the cluster the other tests share.
type dbProxy struct {
	ln     net.Listener
	target string
	frozen atomic.Bool

	mu    sync.Mutex
	conns []net.Conn
}

func newDBProxy(t *testing.T, target string) *dbProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &dbProxy{ln: ln, target: target}
	go p.serve()
	t.Cleanup(p.stop)
	return p
}

func (p *dbProxy) serve() {
	for {
		client, err := p.ln.Accept()
		if err != nil {
			return
		}
		server, err := net.Dial("tcp", p.target)
		if err != nil {
			client.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, client, server)
		p.mu.Unlock()
		go p.pipe(client, server)
		go p.pipe(server, client)
	}
}

// pipe copies from one side to the other, holding every byte while the
// proxy is frozen.
func (p *dbProxy) pipe(from, to net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := from.Read(buf)
		for p.frozen.Load() {
			time.Sleep(10 * time.Millisecond)
		}
		if n > 0 {
			if _, werr := to.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			to.Close()
			return
		}
	}
}

// stop cuts every connection and refuses new ones.
func (p *dbProxy) stop() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// through returns the connection string dsn through the proxy.
func (p *dbProxy) through(dsn string) string {
	u, _ := url.Parse(dsn)
	p.target = u.Host
	u.Host = p.ln.Addr().String()
	return u.String()
}

// openAppOn starts a server on a store opened with dsn and dbOpts.
func openAppOn(t *testing.T, dsn string, opts Options, dbOpts ...db.Option) *testApp {
	t.Helper()
	store, err := db.Open(context.Background(), dsn, dbOpts...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(New(StoresOf(store), slog.New(slog.NewTextHandler(io.Discard, nil)), opts))
	jar, _ := cookiejar.New(nil)
	app := &testApp{t: t, srv: srv, store: store, dbPath: dsn, client: &http.Client{
		Jar:           jar,
		Timeout:       20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
	t.Cleanup(app.close)
	return app
}

// stopAnswering makes the database of app stop answering, on
// PostgreSQL through the proxy (frozen), on SQLite by another connection
// holding the write lock (SQLite's one writer waits for it), and returns
// the function that lets it answer again.
func stopAnswering(t *testing.T, app *testApp, proxy *dbProxy) (resume func()) {
	t.Helper()
	if proxy != nil {
		proxy.frozen.Store(true)
		return func() { proxy.frozen.Store(false) }
	}
	other, err := sql.Open("sqlite", "file:"+app.dbPath+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	conn, err := other.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(context.Background(), "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	return func() {
		conn.ExecContext(context.Background(), "ROLLBACK")
		conn.Close()
		other.Close()
	}
}

// TestDatabaseThatStopsAnswering: with the database frozen, a save is
// answered 503 within the store's timeout, the entry kept in the form,
// and /healthz answers 503 within a second (finding: PostgreSQL stopped
// with SIGSTOP for 20 s held saves 20.1 s, and /healthz never answered
// 503).
func TestDatabaseThatStopsAnswering(t *testing.T) {
	const timeout = time.Second
	dsn := dbtest.DSN(t, filepath.Join(t.TempDir(), "meldpad.db"))
	var proxy *dbProxy
	if dbtest.Postgres() {
		proxy = newDBProxy(t, "")
		dsn = proxy.through(dsn)
	}
	app := openAppOn(t, dsn, Options{}, db.Timeout(timeout))
	game := app.createGame("fan", "Ann", "Bob")
	form := formValues(app.get(game + "/hands/new"))
	form["points"] = []string{"17", ""}

	resume := stopAnswering(t, app, proxy)
	defer resume()
	start := time.Now()
	p := app.post(game+"/hands", form)
	if took := time.Since(start); took > 2*timeout+time.Second {
		t.Errorf("a save took %s with the database not answering, want about %s", took, timeout)
	}
	if p.status != http.StatusServiceUnavailable {
		t.Errorf("a save with the database not answering: %d, want 503\n%.300s", p.status, p.body)
	}
	mustContain(t, p, `value="17"`, "NOT saved")

	start = time.Now()
	h := app.get("/healthz")
	if took := time.Since(start); took > time.Second {
		t.Errorf("/healthz took %s with the database not answering", took)
	}
	if h.status != http.StatusServiceUnavailable {
		t.Errorf("/healthz with the database not answering: %d %s, want 503", h.status, h.body)
	}

	resume()
	waitFor(t, "/healthz to answer 200 again", func() bool { return app.get("/healthz").status == http.StatusOK })
	if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
		t.Errorf("the same form once the database answers: %d, want 303\n%.300s", p.status, p.body)
	}
}

// TestStoppedDatabaseAnswers503: with PostgreSQL stopped, every form of a
// game answers 503, never 500, and the save by points shows its form
// again with what was typed, from the game as last read rather than a
// read that cannot succeed (finding: the save's page read the game again,
// that read failed, and the phone got "Something went wrong on our side";
// the same in the correction, deletion, end-of-game and card-sheet
// paths).
func TestStoppedDatabaseAnswers503(t *testing.T) {
	if !dbtest.Postgres() {
		t.Skip("PostgreSQL only: a SQLite file cannot be stopped; TestDatabaseThatStopsAnswering covers SQLite's writer held")
	}
	proxy := newDBProxy(t, "")
	dsn := proxy.through(dbtest.DSN(t, filepath.Join(t.TempDir(), "meldpad.db")))
	var log lockedBuffer
	app := openAppOn(t, dsn, Options{}, db.Timeout(time.Second))
	app.srv.Config.Handler = New(StoresOf(app.store), slog.New(slog.NewTextHandler(&log, nil)), Options{})
	defer func() {
		if t.Failed() {
			t.Log(log.String())
		}
	}()
	game := app.createGame("fan", "Ann", "Bob")
	app.recordPoints(game, "", "10", "")
	hand := handLinks(app.get(game))[0]
	byPoints := formValues(app.get(game + "/hands/new"))
	byPoints["points"] = []string{"23", ""}
	correction := formValues(app.get(hand))
	correction["points"] = []string{"31", ""}
	deletion := formValues(app.get(hand + "/delete"))
	flathead := app.createGame("flathead", "Ann", "Bob", "Cy")
	sheet := app.flatheadSheetForm(flathead, seedHand)
	sheet["action"] = []string{"save"}
	hearts := formValues(app.get("/games/new?game=points"))
	hearts["players"] = []string{"Ann", "Bob"}
	hearts.Set("name", "Hearts")
	hearts.Set("end", "open")
	hearts.Set("wins", "lowest")
	open := app.post("/games", hearts).location
	app.recordPoints(open, "", "5", "10")
	end := formValues(app.get(open + "/end"))

	proxy.stop()
	p := app.post(game+"/hands", byPoints)
	if p.status != http.StatusServiceUnavailable {
		t.Errorf("save by points: %d, want 503\n%.300s", p.status, p.body)
	}
	mustContain(t, p, `value="23"`, "NOT saved")
	for _, tc := range []struct {
		name, path string
		form       url.Values
	}{
		{"correction", hand, correction},
		{"card sheet", flathead + "/hands", sheet},
		{"deletion", hand + "/delete", deletion},
		{"end of the game", open + "/end", end},
		{"scorepad", game, nil},
	} {
		var p page
		if tc.form == nil {
			p = app.get(tc.path)
		} else {
			p = app.post(tc.path, tc.form)
		}
		if p.status != http.StatusServiceUnavailable {
			t.Errorf("%s: %d, want 503\n%.300s", tc.name, p.status, p.body)
		}
	}
}

// TestFrozenPostgresReadAnswers503: with PostgreSQL frozen, a page that
// only reads (the scorepad) is answered 503 within the store's timeout,
// as a save is: the read's deadline reaches the driver, which gives up
// on a server that does not answer. (SQLite's readers go on reading
// beside a writer that holds its lock: this is PostgreSQL's.)
func TestFrozenPostgresReadAnswers503(t *testing.T) {
	if !dbtest.Postgres() {
		t.Skip("PostgreSQL only: SQLite's readers are not held by a stopped writer")
	}
	const timeout = time.Second
	proxy := newDBProxy(t, "")
	app := openAppOn(t, proxy.through(dbtest.DSN(t, "")), Options{}, db.Timeout(timeout))
	game := app.createGame("fan", "Ann", "Bob")
	app.recordPoints(game, "", "17", "")
	resume := stopAnswering(t, app, proxy)
	defer resume()
	start := time.Now()
	p := app.get(game)
	if took := time.Since(start); took > 2*timeout+time.Second {
		t.Errorf("the scorepad took %s with the database not answering, want about %s", took, timeout)
	}
	if p.status != http.StatusServiceUnavailable {
		t.Errorf("the scorepad with the database not answering: %d, want 503", p.status)
	}
}
