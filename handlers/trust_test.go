package handlers

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"meldpad/db"
	"meldpad/db/dbtest"
	"meldpad/views"
)

// request sends a request as an attacker or a proxy would, with the
// given Host and headers, and returns the response with its body.
func (a *testApp) request(method, path string, host string, header http.Header, form url.Values) (*http.Response, string) {
	a.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, _ := http.NewRequest(method, a.srv.URL+path, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for k, v := range header {
		req.Header[k] = v
	}
	if host != "" {
		req.Host = host
	}
	resp, err := a.client.Do(req)
	if err != nil {
		a.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

var (
	absoluteLinkRe = regexp.MustCompile(`(?:value|href)="(https?://[^"/]+)/`)
	qrPathRe       = regexp.MustCompile(`<path d="([^"]+)"`)
)

// origins lists the origins of the absolute links of a page.
func origins(body string) []string {
	var out []string
	for _, m := range absoluteLinkRe.FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

// TestLinksIgnoreAForgedHost: share links, QR codes, a league's links and
// a verdict's link name the server (the address the connection reached,
// or -base-url), never the request's Host.
func TestLinksIgnoreAForgedHost(t *testing.T) {
	base, _ := url.Parse("https://meldpad.example")
	tests := []struct {
		name string
		opts Options
		want func(app *testApp) string // the origin links must have
	}{
		{"without -base-url: the address served", Options{}, func(app *testApp) string { return app.srv.URL }},
		{"with -base-url", Options{BaseURL: base}, func(*testApp) string { return "https://meldpad.example" }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := openTestAppWith(t, filepath.Join(t.TempDir(), "meldpad.db"), tc.opts)
			want := tc.want(app)
			game := app.createGame("fan", "Ann", "Bob")
			l := app.createLeague("Club", "fan")
			pages := []string{game + "/share", l.organizer, "/adjudicate?game=fan&q=meld&cards=QS+KS+AS"}
			for _, path := range pages {
				for _, host := range []string{"", "evil.example", "evil.example:443", strings.TrimPrefix(app.srv.URL, "http://")} {
					resp, body := app.request(http.MethodGet, path, host, http.Header{"X-Forwarded-Host": {"evil.example"}}, nil)
					if resp.StatusCode != http.StatusOK {
						t.Fatalf("%s with Host %q: %d", path, host, resp.StatusCode)
					}
					found := origins(body)
					if len(found) == 0 {
						t.Fatalf("%s has no absolute link", path)
					}
					for _, o := range found {
						if o != want {
							t.Errorf("%s with Host %q links to %s, want %s", path, host, o, want)
						}
					}
					if strings.Contains(body, "evil.example") {
						t.Errorf("%s with Host %q names evil.example", path, host)
					}
				}
			}
			// The QR codes encode the same links: the share page draws
			// what views draws for those links.
			_, body := app.request(http.MethodGet, game+"/share", "evil.example", nil, nil)
			watch := watchLinkRe.FindStringSubmatch(body)[1]
			playQR, err := qrModules(want + game)
			if err != nil {
				t.Fatal(err)
			}
			watchQR, _ := qrModules(watch)
			var expected bytes.Buffer
			if err := views.SharePage(views.ShareVM{PlayURL: want + game, WatchURL: watch, PlayQR: playQR, WatchQR: watchQR}).
				Render(context.Background(), &expected); err != nil {
				t.Fatal(err)
			}
			got, wantQR := qrPathRe.FindAllStringSubmatch(body, -1), qrPathRe.FindAllStringSubmatch(expected.String(), -1)
			if len(got) != 2 || len(wantQR) != 2 || got[0][1] != wantQR[0][1] || got[1][1] != wantQR[1][1] {
				t.Errorf("the QR codes do not encode %s and %s", want+game, watch)
			}
		})
	}
}

// TestHTTPSFromTheConnectionOrATrustedProxy: cookies are Secure and HSTS
// is sent only when the client is on HTTPS: a TLS connection, or a proxy
// the operator named saying so. X-Forwarded-Proto from anyone else is
// ignored, in cookies, HSTS and links alike.
func TestHTTPSFromTheConnectionOrATrustedProxy(t *testing.T) {
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	elsewhere := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	https := http.Header{"X-Forwarded-Proto": {"https"}}
	tests := []struct {
		name    string
		proxies []netip.Prefix
		header  http.Header
		secure  bool
	}{
		{"plain HTTP", nil, nil, false},
		{"X-Forwarded-Proto without trusted proxies", nil, https, false},
		{"X-Forwarded-Proto from an untrusted address", elsewhere, https, false},
		{"X-Forwarded-Proto: https from a trusted proxy", loopback, https, true},
		{"X-Forwarded-Proto: http from a trusted proxy", loopback, http.Header{"X-Forwarded-Proto": {"http"}}, false},
		{"a chain whose last proxy says https", loopback, http.Header{"X-Forwarded-Proto": {"http, https"}}, true},
		{"a chain whose last proxy says http", loopback, http.Header{"X-Forwarded-Proto": {"https, http"}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := openTestAppWith(t, filepath.Join(t.TempDir(), "meldpad.db"), Options{TrustedProxies: tc.proxies})
			checkTransport(t, app, tc.header, tc.secure)
		})
	}
	t.Run("a TLS connection", func(t *testing.T) {
		checkTransport(t, newTLSTestApp(t), nil, true)
	})
}

// newTLSTestApp is newTestApp served over TLS.
func newTLSTestApp(t *testing.T) *testApp {
	t.Helper()
	path := dbtest.DSN(t, filepath.Join(t.TempDir(), "meldpad.db"))
	store, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewTLSServer(New(StoresOf(store), slog.New(slog.NewTextHandler(io.Discard, nil)), Options{}))
	client := srv.Client()
	client.Jar, _ = cookiejar.New(nil)
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	app := &testApp{t: t, srv: srv, store: store, dbPath: path, client: client}
	t.Cleanup(app.close)
	return app
}

// checkTransport starts a game (the CSRF cookie, the recent-games cookie),
// saves a hand (the author's cookie), has a save refused (the phone's
// cookie, given as the refusal is kept for it) and reads its share page,
// and checks the cookies' Secure flag, HSTS and the scheme of the links.
func checkTransport(t *testing.T, app *testApp, header http.Header, secure bool) {
	t.Helper()
	resp, body := app.request(http.MethodGet, "/games/new?game=fan", "", header, nil)
	form := formValues(page{body: body})
	form["players"] = []string{"Ann", "Bob"}
	created, _ := app.request(http.MethodPost, "/games", "", header, form)
	if created.StatusCode != http.StatusSeeOther {
		t.Fatalf("create a game: %d", created.StatusCode)
	}
	game := created.Header.Get("Location")
	_, body = app.request(http.MethodGet, game+"/hands/new", "", header, nil)
	hand := formValues(page{body: body})
	hand["points"] = []string{"25", ""}
	hand.Set("author", "Ann")
	saved, _ := app.request(http.MethodPost, game+"/hands", "", header, hand)
	if saved.StatusCode != http.StatusSeeOther {
		t.Fatalf("save a hand: %d", saved.StatusCode)
	}
	_, body = app.request(http.MethodGet, game+"/hands/new", "", header, nil)
	bad := formValues(page{body: body})
	bad["points"] = []string{"many", ""}
	bad.Set("author", "Ann")
	kept, _ := app.request(http.MethodPost, game+"/hands", "", header, bad)
	if kept.StatusCode != http.StatusSeeOther || !strings.Contains(kept.Header.Get("Location"), "shown=") {
		t.Fatalf("a refused save: %d to %q, want it kept and shown", kept.StatusCode, kept.Header.Get("Location"))
	}
	named := map[string]bool{}
	for _, r := range []*http.Response{resp, created, saved, kept} {
		for _, ck := range r.Cookies() {
			named[ck.Name] = true
			if ck.Secure != secure {
				t.Errorf("cookie %s: Secure %v, want %v", ck.Name, ck.Secure, secure)
			}
		}
		if hsts := r.Header.Get("Strict-Transport-Security"); (hsts != "") != secure {
			t.Errorf("Strict-Transport-Security %q over %s", hsts, map[bool]string{true: "HTTPS", false: "HTTP"}[secure])
		}
	}
	if !named["meldpad_csrf"] || !named["meldpad_games"] || !named["meldpad_author"] || !named["meldpad_phone"] {
		t.Errorf("cookies set: %v; want the CSRF cookie, the recent games, the author and the phone", named)
	}
	_, share := app.request(http.MethodGet, game+"/share", "", header, nil)
	scheme := "http://"
	if secure {
		scheme = "https://"
	}
	for _, o := range origins(share) {
		if !strings.HasPrefix(o, scheme) {
			t.Errorf("share link on %s, want %s", o, scheme)
		}
	}
}

func TestContentSecurityPolicy(t *testing.T) {
	app := newTestApp(t)
	resp, _ := app.request(http.MethodGet, "/", "", nil, nil)
	csp := resp.Header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'self'", "base-uri 'none'", "form-action 'self'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("Content-Security-Policy %q lacks %q", csp, want)
		}
	}
}
