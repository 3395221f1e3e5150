package handlers

import (
	"bufio"
	"context"
	"errors"
	"io"
	"log/slog"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/db/dbtest"
)

// newLimitedApp is newTestApp with opts, served through the server's own
// listener limits (LimitListener) as main serves it, and through wrap, if
// given, to watch the requests.
func newLimitedApp(t testing.TB, opts Options, wrap ...func(*Server) http.Handler) *testApp {
	t.Helper()
	return newLimitedAppServer(t, opts, func(*http.Server) {}, wrap...)
}

// newLimitedAppServer is newLimitedApp with the http.Server configured
// by configure before it starts.
func newLimitedAppServer(t testing.TB, opts Options, configure func(*http.Server), wrap ...func(*Server) http.Handler) *testApp {
	t.Helper()
	path := dbtest.DSN(t, filepath.Join(t.TempDir(), "meldpad.db"))
	store, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if opts.LANAddresses == nil {
		opts.LANAddresses = noLAN
	}
	server := New(StoresOf(store), slog.New(slog.NewTextHandler(io.Discard, nil)), opts)
	var handler http.Handler = server
	for _, w := range wrap {
		handler = w(server)
	}
	srv := httptest.NewUnstartedServer(apiContract(t, handler))
	srv.Listener = server.LimitListener(srv.Listener)
	server.ConfigureHTTP(srv.Config)
	configure(srv.Config)
	srv.Start()
	jar, _ := cookiejar.New(nil)
	app := &testApp{t: t, srv: srv, store: store, dbPath: path, client: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
	t.Cleanup(app.close)
	return app
}

// loopback is every 127.x address, which the tests use as proxies.
var loopback = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}

// getFrom sends a GET as a trusted proxy would for the client at addr.
func (a *testApp) getFrom(addr, path string) page {
	a.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.srv.URL+path, nil)
	req.Header.Set("X-Forwarded-For", addr)
	return a.do(req)
}

// postFrom posts a form as a trusted proxy would for the client at addr.
func (a *testApp) postFrom(addr, path string, form url.Values) (page, http.Header) {
	a.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if addr != "" {
		req.Header.Set("X-Forwarded-For", addr)
	}
	resp, err := a.client.Do(req)
	if err != nil {
		a.t.Fatalf("POST %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return page{status: resp.StatusCode, body: string(b), location: resp.Header.Get("Location")}, resp.Header
}

func TestParseRate(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    Rate
		printed string
		wantErr bool
	}{
		{in: "60/1m", want: Rate{Requests: 60, Per: time.Minute}, printed: "60/1m"},
		{in: "60/m", want: Rate{Requests: 60, Per: time.Minute}, printed: "60/1m"},
		{in: "60/min", want: Rate{Requests: 60, Per: time.Minute}, printed: "60/1m"},
		{in: "20/s", want: Rate{Requests: 20, Per: time.Second}, printed: "20/1s"},
		{in: " 100/10s ", want: Rate{Requests: 100, Per: 10 * time.Second}, printed: "100/10s"},
		{in: "1000/1h", want: Rate{Requests: 1000, Per: time.Hour}, printed: "1000/1h"},
		{in: "5/90s", want: Rate{Requests: 5, Per: 90 * time.Second}, printed: "5/1m30s"},
		{in: "off", want: RateOff, printed: "off"},
		{in: "0/1m", wantErr: true},
		{in: "-5/1m", wantErr: true},
		{in: "60", wantErr: true},
		{in: "60/", wantErr: true},
		{in: "60/fortnight", wantErr: true},
		{in: "60/0s", wantErr: true},
		{in: "60/-1m", wantErr: true},
		{in: "", wantErr: true},
		{in: "x/1m", wantErr: true},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseRate(tc.in)
			if tc.wantErr {
				if err == nil {
					t.Fatalf("ParseRate(%q) = %+v, want an error", tc.in, got)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("ParseRate(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
			}
			if got.String() != tc.printed {
				t.Errorf("%+v prints as %q, want %q", got, got.String(), tc.printed)
			}
		})
	}
}

// FuzzParseRate checks that ParseRate never panics and that a rate it
// reads prints as something it reads back the same.
func FuzzParseRate(f *testing.F) {
	for _, s := range []string{"60/1m", "off", "20/s", "1/1ns", "9999999999999999999/1h", "5/1.5m", "1/-0s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRate(s)
		if err != nil {
			return
		}
		again, err := ParseRate(r.String())
		if err != nil || again != r {
			t.Fatalf("ParseRate(%q) = %+v, which prints as %q and reads back as %+v, %v", s, r, r.String(), again, err)
		}
		if !r.Off && (r.Requests < 1 || r.Per < time.Millisecond) {
			t.Fatalf("ParseRate(%q) = %+v", s, r)
		}
	})
}

func TestDefaultLimits(t *testing.T) {
	for _, tc := range []struct {
		fds                                  int
		conns, connsPer, streams, streamsPer int
	}{
		{fds: 1024, conns: 448, connsPer: 56, streams: 224, streamsPer: 28},
		{fds: 20000, conns: 4096, connsPer: 64, streams: 2048, streamsPer: 32},
		{fds: 1 << 20, conns: 4096, connsPer: 64, streams: 2048, streamsPer: 32},
		{fds: 256, conns: 64, connsPer: 8, streams: 32, streamsPer: 4},
		{fds: 64, conns: 16, connsPer: 2, streams: 8, streamsPer: 1},
	} {
		t.Run(itoa(tc.fds), func(t *testing.T) {
			l := defaultLimits(tc.fds)
			if l.MaxConns != tc.conns || l.MaxConnsPerClient != tc.connsPer || l.MaxStreams != tc.streams || l.MaxStreamsPerClient != tc.streamsPer {
				t.Errorf("defaultLimits(%d) = %d conns (%d a client), %d streams (%d a client); want %d (%d), %d (%d)", tc.fds,
					l.MaxConns, l.MaxConnsPerClient, l.MaxStreams, l.MaxStreamsPerClient, tc.conns, tc.connsPer, tc.streams, tc.streamsPer)
			}
			if l.MaxStreams >= l.MaxConns || l.MaxConns+fdReserve > max(tc.fds, 2*fdReserve) {
				t.Errorf("defaultLimits(%d): %d streams, %d connections: not well inside the descriptors", tc.fds, l.MaxStreams, l.MaxConns)
			}
		})
	}
}

func TestLimitsWithDefaults(t *testing.T) {
	d := DefaultLimits()
	got := Limits{}.withDefaults()
	if got != d {
		t.Errorf("zero Limits with defaults = %+v, want %+v", got, d)
	}
	set := Limits{MaxStreams: 7, ImportQueue: -1, RateAPI: RateOff, RateWrites: Rate{Requests: 3, Per: time.Second}, RefereeTimeout: time.Millisecond}.withDefaults()
	switch {
	case set.MaxStreams != 7, set.ImportQueue != 0, set.RateAPI != RateOff, set.RateWrites != (Rate{Requests: 3, Per: time.Second}),
		set.RefereeTimeout != time.Millisecond, set.MaxConns != d.MaxConns, set.RatePreview != d.RatePreview:
		t.Errorf("set limits with defaults = %+v", set)
	}
}

func TestClientKey(t *testing.T) {
	for _, tc := range []struct{ ip, want string }{
		{"203.0.113.7", "203.0.113.7"},
		{"::ffff:203.0.113.7", "203.0.113.7"},
		{"2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"},
		{"2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"},
		{"2001:db8:1:3::1", "2001:db8:1:3::/64"},
		{"fe80::1%eth0", "fe80::/64"},
		{"not an address", "not an address"},
	} {
		t.Run(tc.ip, func(t *testing.T) {
			if got := clientKey(tc.ip); got != tc.want {
				t.Errorf("clientKey(%q) = %q, want %q", tc.ip, got, tc.want)
			}
		})
	}
}

// openEvents opens a game's event stream for the client at addr (sent as
// a trusted proxy would, or as is when addr is ""). It returns the status
// and, for a stream that opened, a function that closes it once its first
// event has arrived.
func openEvents(t *testing.T, app *testApp, path, addr string) (int, http.Header, func()) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, app.srv.URL+path, nil)
	if addr != "" {
		req.Header.Set("X-Forwarded-For", addr)
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	if resp.StatusCode != http.StatusOK {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode, resp.Header, nil
	}
	if name, _ := readEvent(t, bufio.NewReader(resp.Body)); name != "version" {
		t.Fatalf("first event %q", name)
	}
	return resp.StatusCode, resp.Header, func() { resp.Body.Close() }
}

func TestStreamLimits(t *testing.T) {
	app := newLimitedApp(t, Options{TrustedProxies: loopback, Limits: Limits{MaxStreams: 3, MaxStreamsPerClient: 2}})
	game := app.createGame("fan", "Ann", "Bob")
	watch := strings.TrimPrefix(watchLinkRe.FindStringSubmatch(app.get(game + "/share").body)[1], app.srv.URL)
	const ann, bob = "198.51.100.1", "2001:db8:5:5::1"
	var open []func()
	defer func() {
		for _, c := range open {
			c()
		}
	}()
	step := func(name, path, addr string, want int) {
		t.Helper()
		status, header, closeStream := openEvents(t, app, path, addr)
		if status != want {
			t.Fatalf("%s: status %d, want %d", name, status, want)
		}
		if closeStream != nil {
			open = append(open, closeStream)
		}
		if (want == http.StatusTooManyRequests || want == http.StatusServiceUnavailable) && header.Get("Retry-After") == "" {
			t.Errorf("%s: %d without Retry-After", name, status)
		}
	}
	step("Ann's first stream", game+"/events", ann, http.StatusOK)
	step("Ann's second, on the spectators' link", watch+"/events", ann, http.StatusOK)
	step("Ann's third: her share is 2", game+"/events", ann, http.StatusTooManyRequests)
	step("Bob's first, from another /64 address", game+"/events", bob, http.StatusOK)
	step("Bob from another address of his /64: the server holds 3", watch+"/events", "2001:db8:5:5::99", http.StatusServiceUnavailable)
	if p := app.getFrom(bob, "/healthz"); p.status != http.StatusOK {
		t.Errorf("healthz with every stream taken: %d", p.status)
	}
	// A stream that closes gives its place back.
	open[0]()
	open = open[1:]
	deadline := time.Now().Add(5 * time.Second)
	for {
		total, _ := app.srvLimits().streams.counts(ann)
		if total == 2 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	step("Bob's second, once Ann closed one", game+"/events", bob, http.StatusOK)
	// An unknown game answers 404 and holds no place.
	step("an unknown game", "/g/aaaaaaaaaaaaaaaaaaaaaaaaaa/events", "203.0.113.9", http.StatusServiceUnavailable)
	open[0]()
	open = open[1:]
	time.Sleep(100 * time.Millisecond)
	step("an unknown game, with room", "/g/aaaaaaaaaaaaaaaaaaaaaaaaaa/events", "203.0.113.9", http.StatusNotFound)
	if total, _ := app.srvLimits().streams.counts(""); total != 2 {
		t.Errorf("%d streams counted, want 2", total)
	}
}

// srvLimits is the running server's limiter.
func (a *testApp) srvLimits() *limiter {
	return a.server().limits
}

// Without trusted proxies, X-Forwarded-For is anyone's to write: a client
// that varies it is still counted by its own address.
func TestStreamLimitsIgnoreForgedForwarding(t *testing.T) {
	app := newLimitedApp(t, Options{Limits: Limits{MaxStreams: 10, MaxStreamsPerClient: 2}})
	game := app.createGame("fan", "Ann", "Bob")
	for i, want := range []int{http.StatusOK, http.StatusOK, http.StatusTooManyRequests, http.StatusTooManyRequests} {
		status, _, closeStream := openEvents(t, app, game+"/events", "198.51.100."+itoa(i+1))
		if status != want {
			t.Fatalf("stream %d with a forged X-Forwarded-For: %d, want %d", i+1, status, want)
		}
		if closeStream != nil {
			defer closeStream()
		}
	}
}

// dialFrom opens a TCP connection to the server from the local address
// ip (any 127.x on Linux).
func dialFrom(t *testing.T, app *testApp, ip string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 2 * time.Second}
	conn, err := d.Dial("tcp", app.srv.Listener.Addr().String())
	if err != nil {
		t.Fatalf("dial from %s: %v", ip, err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// answers sends GET /healthz on conn and reports whether a response
// starts within wait.
func answers(conn net.Conn, wait time.Duration) bool {
	conn.SetDeadline(time.Now().Add(wait))
	if _, err := io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		return false
	}
	line, err := bufio.NewReader(conn).ReadString('\n')
	return err == nil && strings.HasPrefix(line, "HTTP/1.1 200")
}

func TestConnLimitsPerClient(t *testing.T) {
	app := newLimitedApp(t, Options{Limits: Limits{MaxConns: 20, MaxConnsPerClient: 3}})
	var held []net.Conn
	for range 3 {
		held = append(held, dialFrom(t, app, "127.0.0.2"))
	}
	if !answers(held[0], 2*time.Second) {
		t.Fatalf("a connection within the share is not served")
	}
	// The fourth from the same address is closed at once, whatever it sends.
	extra := dialFrom(t, app, "127.0.0.2")
	if answers(extra, 2*time.Second) {
		t.Errorf("a fourth connection from one address was served")
	}
	// Another address is served meanwhile.
	if !answers(dialFrom(t, app, "127.0.0.3"), 2*time.Second) {
		t.Errorf("another address was not served beside a full one")
	}
	// Closing one gives its place back.
	held[1].Close()
	time.Sleep(50 * time.Millisecond)
	if !answers(dialFrom(t, app, "127.0.0.2"), 2*time.Second) {
		t.Errorf("a connection after one closed was not served")
	}
}

// openStreamFrom opens a game's event stream on a new connection from ip.
func openStreamFrom(t *testing.T, app *testApp, ip, path string) net.Conn {
	t.Helper()
	conn := dialFrom(t, app, ip)
	conn.SetDeadline(time.Now().Add(2 * time.Second))
	io.WriteString(conn, "GET "+path+" HTTP/1.1\r\nHost: x\r\n\r\n")
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "HTTP/1.1 200") {
		t.Fatalf("stream from %s: %q, %v", ip, line, err)
	}
	conn.SetDeadline(time.Time{})
	return conn
}

func TestConnLimitsTotal(t *testing.T) {
	app := newLimitedApp(t, Options{Limits: Limits{MaxConns: 5, MaxConnsPerClient: 5, MaxStreams: 5, MaxStreamsPerClient: 5}})
	game := app.createGame("fan", "Ann", "Bob")
	app.client.CloseIdleConnections()
	waitFor(t, "the setup's connection closed", func() bool { n, _ := app.srvLimits().streams.counts(""); return n == 0 && app.openConns() == 0 })

	// Idle connections make room: five from five addresses, each asking
	// once and then kept alive, and a sixth is still served at once.
	for i := range 5 {
		if !answers(dialFrom(t, app, "127.0.0."+itoa(2+i)), 2*time.Second) {
			t.Fatalf("connection %d not served", i+1)
		}
	}
	if !answers(dialFrom(t, app, "127.0.0.9"), 2*time.Second) {
		t.Fatalf("with every connection idle, a new one was not served")
	}
	waitFor(t, "idle connections closed", func() bool { return app.openConns() < 5 })

	// Connections that serve (streams) are not closed: with all five
	// streaming, a sixth waits until one ends.
	var streams []net.Conn
	for i := range 5 {
		streams = append(streams, openStreamFrom(t, app, "127.0.0."+itoa(2+i), game+"/events"))
	}
	waiting := dialFrom(t, app, "127.0.0.9")
	if answers(waiting, 300*time.Millisecond) {
		t.Fatalf("a connection over a total of streams was served at once")
	}
	streams[0].Close()
	if !answers(dialFrom(t, app, "127.0.0.10"), 2*time.Second) {
		t.Errorf("a connection over the total was not served once a stream ended")
	}
}

// openConns is how many connections the app's listener counts.
func (a *testApp) openConns() int {
	l := a.srv.Listener.(*clientListener)
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.n
}

func TestRateLimits(t *testing.T) {
	app := newLimitedApp(t, Options{TrustedProxies: loopback, Limits: Limits{
		RateWrites:  Rate{Requests: 3, Per: time.Minute},
		RatePreview: Rate{Requests: 2, Per: time.Minute},
		RateAPI:     Rate{Requests: 2, Per: time.Minute},
	}})
	const ann, bob = "198.51.100.1", "198.51.100.2"
	newGame := func(addr string) (page, http.Header) {
		form := formValues(app.getFrom(addr, "/games/new?game=fan"))
		form["players"] = []string{"Ann", "Bob"}
		return app.postFrom(addr, "/games", form)
	}
	for i := range 3 {
		if p, _ := newGame(ann); p.status != http.StatusSeeOther {
			t.Fatalf("write %d: %d", i+1, p.status)
		}
	}
	p, header := newGame(ann)
	if p.status != http.StatusTooManyRequests || header.Get("Retry-After") != "20" {
		t.Fatalf("the fourth write in a minute: %d, Retry-After %q; want 429 after 20 s", p.status, header.Get("Retry-After"))
	}
	mustContain(t, p, "Too many at once", "Nothing was done", "20 seconds")
	if p, _ := newGame(bob); p.status != http.StatusSeeOther {
		t.Errorf("another address's write: %d", p.status)
	}
	// Pages are not limited.
	if p := app.getFrom(ann, "/"); p.status != http.StatusOK {
		t.Errorf("a page after the writes: %d", p.status)
	}

	// Previews have their own limit.
	game, _ := newGame(bob)
	preview := formValues(app.getFrom(bob, game.location+"/hands/new?by=cards"))
	for i, want := range []int{http.StatusOK, http.StatusOK, http.StatusTooManyRequests} {
		if p, _ := app.postFrom(bob, game.location+"/hands/preview", preview); p.status != want {
			t.Fatalf("preview %d: %d, want %d", i+1, p.status, want)
		}
	}
	if p, _ := newGame(bob); p.status != http.StatusSeeOther {
		t.Errorf("a write after the previews: %d", p.status)
	}

	// And so does the API, answered in JSON.
	for i, want := range []int{http.StatusOK, http.StatusOK, http.StatusTooManyRequests} {
		req, _ := http.NewRequest(http.MethodGet, app.srv.URL+"/api/v1/games", nil)
		req.Header.Set("X-Forwarded-For", ann)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Fatalf("API call %d: %d, want %d", i+1, resp.StatusCode, want)
		}
		if want == http.StatusTooManyRequests {
			if resp.Header.Get("Retry-After") != "30" || !strings.Contains(string(body), `"error":"rate limit: over 2/1m requests from this address`) {
				t.Errorf("API over its rate: Retry-After %q, body %s", resp.Header.Get("Retry-After"), body)
			}
		}
	}
}

func TestRateLimitsOff(t *testing.T) {
	app := newLimitedApp(t, Options{Limits: Limits{RateAPI: RateOff, RateWrites: Rate{Requests: 1, Per: time.Hour}}})
	for i := range 50 {
		if p := app.get("/api/v1/games"); p.status != http.StatusOK {
			t.Fatalf("API call %d with its limit off: %d", i+1, p.status)
		}
	}
	app.createGame("fan", "Ann", "Bob")
	form := formValues(app.get("/games/new?game=fan"))
	form["players"] = []string{"Ann", "Bob"}
	if p := app.post("/games", form); p.status != http.StatusTooManyRequests {
		t.Errorf("a second write in an hour of 1: %d", p.status)
	}
}

// slowUpload starts an import whose file never finishes arriving, as a
// slow phone's would. finish ends it (the upload fails) and waits for its
// answer.
func slowUpload(t *testing.T, app *testApp) (finish func()) {
	t.Helper()
	form := formValues(app.get("/import"))
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	req, _ := http.NewRequest(http.MethodPost, app.srv.URL+"/import", pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	answered := make(chan struct{})
	go func() {
		defer close(answered)
		if resp, err := app.client.Do(req); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}()
	go func() {
		_ = mw.WriteField("_csrf", form.Get("_csrf"))
		fw, _ := mw.CreateFormFile("file", "slow.json")
		_, _ = fw.Write([]byte(`{"meldpad": 1, "players": [`))
	}()
	return func() {
		pw.CloseWithError(errors.New("the phone went away"))
		<-answered
	}
}

// waitFor polls cond for up to 5 seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited 5 s for %s", what)
		}
	}
}

// emptyExport is the smallest file the import takes.
var emptyExport = []byte(`{"meldpad": 1, "exported_at": "2025-01-01T00:00:00Z", "players": [], "leagues": [], "games": []}`)

// TestImportQueue: one import running and ImportQueue waiting are
// admitted; more are refused at once with 503 and Retry-After, before
// their files are read.
func TestImportQueue(t *testing.T) {
	app := newLimitedApp(t, Options{Limits: Limits{ImportQueue: 1}})
	first, second := slowUpload(t, app), slowUpload(t, app)
	waitFor(t, "two uploads admitted", func() bool { return len(app.srvLimits().imports) == 2 })
	req, _ := http.NewRequest(http.MethodPost, app.srv.URL+"/import", strings.NewReader(strings.Repeat("x", 1<<20)))
	req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
	resp, err := app.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "30" {
		t.Fatalf("a third import: %d, Retry-After %q; want 503 after 30 s", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	mustContain(t, page{body: string(body)}, "Another import is under way", "with others waiting", "Nothing was imported", `href="/import"`)
	first()
	waitFor(t, "a place freed", func() bool { return len(app.srvLimits().imports) == 1 })
	if p := app.upload("empty.json", emptyExport); p.status != http.StatusOK {
		t.Errorf("an import with a place free: %d\n%.300s", p.status, p.body)
	}
	second()
	waitFor(t, "every place given back", func() bool { return len(app.srvLimits().imports) == 0 })
}

// TestImportsOneAtATime: an admitted import waits while another runs,
// and gives up when its client goes away.
func TestImportsOneAtATime(t *testing.T) {
	app := newLimitedApp(t, Options{})
	running := app.srvLimits().importing
	running <- struct{}{} // another import runs
	answered := make(chan page, 1)
	go func() { answered <- app.upload("empty.json", emptyExport) }()
	select {
	case p := <-answered:
		t.Fatalf("an import ran beside another: %d", p.status)
	case <-time.After(300 * time.Millisecond):
	}
	<-running
	select {
	case p := <-answered:
		if p.status != http.StatusOK {
			t.Errorf("the waiting import: %d\n%.300s", p.status, p.body)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the waiting import did not run once the other finished")
	}

	running <- struct{}{}
	defer func() { <-running }()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e := echo.New()
	c := e.NewContext(httptest.NewRequest(http.MethodPost, "/import", nil).WithContext(ctx), httptest.NewRecorder())
	time.AfterFunc(50*time.Millisecond, cancel)
	if _, err := app.server().importTurn(c); !errors.Is(err, context.Canceled) {
		t.Errorf("waiting with the client gone: %v", err)
	}
}

// An import that waits its turn is not cut off by the server's timeouts,
// which are meant for forms.
func TestImportOutlastsServerTimeouts(t *testing.T) {
	app := newLimitedAppServer(t, Options{}, func(srv *http.Server) {
		srv.ReadTimeout, srv.WriteTimeout = time.Second, time.Second
	})
	running := app.srvLimits().importing
	running <- struct{}{}
	answered := make(chan page, 1)
	go func() { answered <- app.upload("empty.json", emptyExport) }()
	time.Sleep(1500 * time.Millisecond)
	<-running
	select {
	case p := <-answered:
		if p.status != http.StatusOK {
			t.Errorf("an import that waited past the write timeout: %d\n%.300s", p.status, p.body)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no answer")
	}
}
