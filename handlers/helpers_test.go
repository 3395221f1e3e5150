package handlers

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"meldpad/db"
	"meldpad/db/dbtest"
)

// testApp is meldpad on a real SQLite file in a temp dir (or, on the
// PostgreSQL run of the tests, a schema of its own: dbtest.DSN), with a
// client that keeps cookies like a browser and does not follow redirects.
type testApp struct {
	t      testing.TB
	srv    *httptest.Server
	store  *db.Store
	dbPath string
	client *http.Client
	// unreachable, while set, closes every new connection unanswered,
	// as a server the phone cannot reach (setReachable).
	unreachable *atomic.Bool
}

// gatedListener closes the connections it accepts while closed is set.
type gatedListener struct {
	net.Listener
	closed *atomic.Bool
}

func (l gatedListener) Accept() (net.Conn, error) {
	for {
		conn, err := l.Listener.Accept()
		if err != nil || !l.closed.Load() {
			return conn, err
		}
		conn.Close()
	}
}

// setReachable makes the server reachable or not, as a network that goes
// and comes back: while not, every connection, open or new, is closed
// unanswered.
func (a *testApp) setReachable(reachable bool) {
	a.unreachable.Store(!reachable)
	if !reachable {
		a.srv.CloseClientConnections()
	}
}

func newTestApp(t testing.TB) *testApp {
	t.Helper()
	path := filepath.Join(t.TempDir(), "meldpad.db")
	if _, fuzzing := t.(*testing.F); fuzzing {
		// A fuzz target posts thousands of forms from one address, which
		// the rate limits (limits_test.go) would soon answer with 429s
		// that never reach the handlers under test.
		return openTestAppWith(t, path, Options{Limits: Limits{RateWrites: RateOff, RatePreview: RateOff, RateAPI: RateOff}})
	}
	return openTestApp(t, path)
}

// openTestAppWith is openTestApp with the server's options and the
// database's.
func openTestAppWith(t testing.TB, path string, opts Options, dbOpts ...db.Option) *testApp {
	t.Helper()
	if opts.LANAddresses == nil {
		opts.LANAddresses = noLAN
	}
	path = dbtest.DSN(t, path)
	// Opened as the server opens it: the one server of its file.
	store, err := db.Open(context.Background(), path, append([]db.Option{db.SoleServer(nil)}, dbOpts...)...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(New(StoresOf(store), slog.New(slog.NewTextHandler(io.Discard, nil)), opts))
	unreachable := new(atomic.Bool)
	srv.Listener = gatedListener{Listener: srv.Listener, closed: unreachable}
	srv.Start()
	jar, _ := cookiejar.New(nil)
	app := &testApp{t: t, srv: srv, store: store, dbPath: path, unreachable: unreachable, client: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
	t.Cleanup(app.close)
	return app
}

// noLAN is a computer on no local network. The machine's own addresses
// (share_lan.go) would make a share page opened on it differ from one
// machine to the next: a test that wants some says which.
func noLAN() ([]LANAddress, error) { return nil, nil }

func openTestApp(t testing.TB, path string) *testApp {
	t.Helper()
	return openTestAppWith(t, path, Options{})
}

// with returns the app reporting to t, for use inside a fuzz function,
// where the fuzz target's own F may not be called.
func (a *testApp) with(t testing.TB) *testApp {
	b := *a
	b.t = t
	return &b
}

func (a *testApp) close() {
	if a.srv != nil {
		a.srv.Close()
		a.store.Close()
		a.srv = nil
	}
}

// page is a response read whole.
type page struct {
	status   int
	body     string
	location string
	// shownAt is the GET address a POST was redirected to, to show its
	// page there (post_redirect.go); the page is the one shown there.
	shownAt string
}

func (a *testApp) do(req *http.Request) page {
	a.t.Helper()
	resp, err := a.client.Do(req)
	if err != nil {
		a.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return page{status: resp.StatusCode, body: string(b), location: resp.Header.Get("Location")}
}

func (a *testApp) get(path string) page {
	a.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.srv.URL+path, nil)
	return a.do(req)
}

// post sends a form as a browser would, with the page's cookies. A
// redirect to the page the POST answered (?shown=) is followed, as a
// browser does; any other is returned.
func (a *testApp) post(path string, form url.Values) page {
	a.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	p := a.do(req)
	if p.status == http.StatusSeeOther && strings.Contains(p.location, "shown=") {
		at := p.location
		p = a.get(at)
		p.shownAt = at
	}
	return p
}

var hiddenRe = regexp.MustCompile(`<input type="hidden" name="([a-z0-9_]+)" value="([^"]*)"`)

// formValues returns the hidden inputs of a page (the CSRF token, the
// form token, the version), ready to be completed and posted.
func formValues(p page) url.Values {
	v := url.Values{}
	for _, m := range hiddenRe.FindAllStringSubmatch(p.body, -1) {
		v.Set(m[1], m[2])
	}
	return v
}

// createGame starts a game through the form and returns its path.
func (a *testApp) createGame(game string, players ...string) string {
	a.t.Helper()
	form := formValues(a.get("/games/new?game=" + game))
	form.Del("players")
	for _, p := range players {
		form.Add("players", p)
	}
	p := a.post("/games", form)
	if p.status != http.StatusSeeOther || !strings.HasPrefix(p.location, "/g/") {
		a.t.Fatalf("create %s game: %d %s\n%s", game, p.status, p.location, p.body)
	}
	return p.location
}

// createGameWith starts a game through the form with the given house
// rules ticked (createGame keeps the form's own).
func (a *testApp) createGameWith(gameID string, house []string, players ...string) string {
	a.t.Helper()
	form := formValues(a.get("/games/new?game=" + gameID))
	form.Del("players")
	for _, p := range players {
		form.Add("players", p)
	}
	form["house"] = house
	p := a.post("/games", form)
	if p.status != http.StatusSeeOther {
		a.t.Fatalf("create a %s game: %d\n%s", gameID, p.status, p.body)
	}
	return p.location
}

// recordPoints records a hand by points through the form.
func (a *testApp) recordPoints(gamePath string, seat string, points ...string) page {
	a.t.Helper()
	form := formValues(a.get(gamePath + "/hands/new"))
	for _, p := range points {
		form.Add("points", p)
	}
	if seat != "" {
		form.Set("seat", seat)
	}
	return a.post(gamePath+"/hands", form)
}

// mustContain checks that a page holds each part, in its markup or in
// its text with the rule ids' links taken off (a page's "(N8)" is
// "(<a class="rule-id" href="/rules/fan#N8">N8</a>)": the test reads it as
// a player does).
func mustContain(t *testing.T, p page, parts ...string) {
	t.Helper()
	plain := ruleIDLinkRe.ReplaceAllString(p.body, "$1")
	for _, s := range parts {
		if !strings.Contains(p.body, s) && !strings.Contains(plain, s) {
			t.Errorf("page (status %d) lacks %q", p.status, s)
		}
	}
}

// ruleIDLinkRe is a rule id's link (views.RuleText).
var ruleIDLinkRe = regexp.MustCompile(`<a class="rule-id" href="/rules/[a-z]+#[A-Z][0-9]{1,2}">([A-Z][0-9]{1,2})</a>`)

var handLinkRe = regexp.MustCompile(`href="(/g/[a-z2-7]+/hands/[0-9]+)"`)

// handLinks returns the edit links of the scorepad's hands, in order.
func handLinks(p page) []string {
	var out []string
	for _, m := range handLinkRe.FindAllStringSubmatch(p.body, -1) {
		out = append(out, m[1])
	}
	return out
}
