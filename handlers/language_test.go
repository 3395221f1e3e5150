package handlers

import (
	"bufio"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// getIn asks for path with the given Accept-Language and lang cookie
// ("" for none), without the app's cookie jar.
func getIn(t *testing.T, app *testApp, path, acceptLanguage, cookie string, header ...string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, app.srv.URL+path, nil)
	if acceptLanguage != "" {
		req.Header.Set("Accept-Language", acceptLanguage)
	}
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: languageCookie, Value: cookie})
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func langOf(t *testing.T, resp *http.Response) string {
	t.Helper()
	var b strings.Builder
	buf := make([]byte, 4096)
	n, _ := resp.Body.Read(buf)
	b.Write(buf[:n])
	_, rest, ok := strings.Cut(b.String(), `<html lang="`)
	if !ok {
		t.Fatalf("no <html lang> in %q", b.String())
	}
	tag, _, _ := strings.Cut(rest, `"`)
	return tag
}

// TestLanguageCookie: the language chosen in the footer (the lang
// cookie) wins over Accept-Language; a cookie naming no language meldpad
// speaks is ignored, and Accept-Language decides; every answer varies by
// both.
func TestLanguageCookie(t *testing.T) {
	app := newTestApp(t)
	for _, tc := range []struct {
		name, accept, cookie, want string
	}{
		{"no preference", "", "", "en"},
		{"accept-language alone", "fr-CH, fr;q=0.9", "", "fr"},
		{"cookie wins", "fr-CH, fr;q=0.9", "de", "de"},
		{"cookie without accept-language", "", "it", "it"},
		{"unknown cookie falls back", "es", "xx", "es"},
		{"a cookie is a tag, not a name", "it", "Deutsch", "it"},
		{"cookie of a region is not a tag meldpad keeps", "it", "de-AT", "it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := getIn(t, app, "/", tc.accept, tc.cookie)
			if got := langOf(t, resp); got != tc.want {
				t.Errorf("<html lang=%q>, want %q", got, tc.want)
			}
			vary := strings.Join(resp.Header.Values("Vary"), ", ")
			if !strings.Contains(vary, "Accept-Language") || !strings.Contains(vary, "Cookie") {
				t.Errorf("Vary: %q, want Accept-Language and Cookie", vary)
			}
		})
	}
}

// TestChooseLanguage: the footer's form keeps a language meldpad speaks
// in the cookie and sends the phone back to the page it came from; the
// way back is always a path of this site.
func TestChooseLanguage(t *testing.T) {
	app := newTestApp(t)
	for _, tc := range []struct {
		name, lang, back, referer string
		wantCookie, wantLocation  string
	}{
		{"back to the page", "de", "/g/abc?saved=added", "", "de", "/g/abc?saved=added"},
		{"a kept page gives way to its form", "de", "/g/abc/hands/new?by=cards&shown=k3pt", "", "de", "/g/abc/hands/new?by=cards"},
		{"unknown language sets nothing", "xx", "/games/new", "", "", "/games/new"},
		{"another site", "fr", "https://evil.example/x", "", "fr", "/"},
		{"scheme-relative", "fr", "//evil.example/x", "", "fr", "/"},
		{"backslash", "fr", "/\\evil.example", "", "fr", "/"},
		{"no slash", "fr", "evil.example", "", "fr", "/"},
		{"header injection", "fr", "/a\r\nSet-Cookie: x=1", "", "fr", "/"},
		{"referer of this host", "it", "", "REFERER/adjudicate?game=fan", "it", "/adjudicate?game=fan"},
		{"referer of another host", "it", "", "https://evil.example/x", "it", "/"},
		{"nothing", "es", "", "", "es", "/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			form := url.Values{"lang": {tc.lang}}
			if tc.back != "" {
				form.Set("back", tc.back)
			}
			req, _ := http.NewRequest(http.MethodPost, app.srv.URL+"/language", strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			if tc.referer != "" {
				req.Header.Set("Referer", strings.Replace(tc.referer, "REFERER", app.srv.URL, 1))
			}
			resp, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("status %d, want 303", resp.StatusCode)
			}
			if got := resp.Header.Get("Location"); got != tc.wantLocation {
				t.Errorf("Location %q, want %q", got, tc.wantLocation)
			}
			got := ""
			for _, ck := range resp.Cookies() {
				if ck.Name == languageCookie {
					got = ck.Value
				}
			}
			if got != tc.wantCookie {
				t.Errorf("lang cookie %q, want %q", got, tc.wantCookie)
			}
		})
	}
}

// TestChooseLanguageOnlyFromThisSite: another site cannot choose a
// phone's language: a browser that says the post is cross-site is
// refused (another subdomain's too, which the CSRF token would have to
// vouch for), and so is one that says nothing but names another Origin. One
// that says nothing at all (an old browser) is let through, as the form
// of a cached page carries no token.
func TestChooseLanguageOnlyFromThisSite(t *testing.T) {
	app := newTestApp(t)
	for _, tc := range []struct {
		name       string
		header     []string
		wantStatus int
	}{
		{"cross-site", []string{"Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example"}, http.StatusForbidden},
		// Another subdomain's form must carry the CSRF token, which this
		// one does not: refused as out of date.
		{"same-site", []string{"Sec-Fetch-Site", "same-site"}, http.StatusBadRequest},
		{"another origin", []string{"Origin", "https://evil.example"}, http.StatusForbidden},
		{"this origin", []string{"Origin", "ORIGIN"}, http.StatusSeeOther},
		{"same-origin", []string{"Sec-Fetch-Site", "same-origin", "Origin", "ORIGIN"}, http.StatusSeeOther},
		{"an old browser", nil, http.StatusSeeOther},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, app.srv.URL+"/language", strings.NewReader("lang=de&back=/"))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			for i := 0; i+1 < len(tc.header); i += 2 {
				req.Header.Set(tc.header[i], strings.Replace(tc.header[i+1], "ORIGIN", app.srv.URL, 1))
			}
			resp, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.wantStatus {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.wantStatus)
			}
			if set := resp.Header.Get("Set-Cookie"); tc.wantStatus != http.StatusSeeOther && strings.Contains(set, languageCookie+"=") {
				t.Errorf("a refused post set %q", set)
			}
		})
	}
}

// TestCachedScorepadByLanguage: a scorepad kept in the page cache is kept
// once per language: its ETag differs by language, a phone whose copy is
// another language's gets the page (not a 304), and each language's page
// is in its own words.
func TestCachedScorepadByLanguage(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	en := getIn(t, app, game, "en", "")
	de := getIn(t, app, game, "en", "de")
	enTag, deTag := en.Header.Get("ETag"), de.Header.Get("ETag")
	if enTag == "" || deTag == "" || enTag == deTag {
		t.Fatalf("ETags %q (English) and %q (German), want two different ones", enTag, deTag)
	}
	if again := getIn(t, app, game, "en", "de", "If-None-Match", deTag); again.StatusCode != http.StatusNotModified {
		t.Errorf("German again with its own ETag: status %d, want 304", again.StatusCode)
	}
	switched := getIn(t, app, game, "en", "de", "If-None-Match", enTag)
	if switched.StatusCode != http.StatusOK {
		t.Fatalf("German with the English ETag: status %d, want 200", switched.StatusCode)
	}
	if got := langOf(t, switched); got != "de" {
		t.Errorf("German page's lang %q", got)
	}
	cached := getIn(t, app, game, "de", "")
	if got := cached.Header.Get("ETag"); got != deTag {
		t.Errorf("German by Accept-Language: ETag %q, want the German page's %q", got, deTag)
	}
}

// TestLivePadInEachLanguage: the scorepad a live update brings is in the
// language of the phone that watches: two phones of one game, one in
// English and one in German, each get the new scorepad in theirs, though
// it is rendered once per version.
func TestLivePadInEachLanguage(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	type stream struct {
		tag, want string
		r         *bufio.Reader
	}
	streams := []*stream{{tag: "en", want: "1 deal played"}, {tag: "de", want: "1 Runde gespielt"}, {tag: "fr", want: "1 donne jouée"}}
	for _, s := range streams {
		resp := getIn(t, app, game+"/events", "", s.tag)
		s.r = bufio.NewReader(resp.Body)
		if name, _ := readEvent(t, s.r); name != "version" {
			t.Fatalf("%s: first event %q", s.tag, name)
		}
	}
	app.recordPoints(game, "", "10", "")
	for _, s := range streams {
		got := make(chan string, 1)
		go func() {
			_, pad := readEvent(t, s.r)
			got <- pad
		}()
		select {
		case pad := <-got:
			if !strings.Contains(pad, s.want) {
				t.Errorf("%s: the live scorepad lacks %q:\n%.600s", s.tag, s.want, pad)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: no event within 5 s of a new deal", s.tag)
		}
	}
}

// TestFormMessagesInLanguage: the message beside a field a form refused
// is in the page's language, the values typed kept: a name given twice
// on the new-game form, points that are no number on the points form.
func TestFormMessagesInLanguage(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	u, _ := url.Parse(app.srv.URL)
	app.client.Jar.SetCookies(u, []*http.Cookie{{Name: languageCookie, Value: "de", Path: "/"}})

	form := formValues(app.get("/games/new?game=fan"))
	form.Del("players")
	form.Add("players", "Ann")
	form.Add("players", "Ann")
	p := app.post("/games", form)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("a name given twice: status %d", p.status)
	}
	mustContain(t, p, "„Ann“ ist schon Spieler 1; gib jedem Spieler einen anderen Namen.", `lang="de"`)

	p = app.recordPoints(game, "", "zehn", "")
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("points that are no number: status %d", p.status)
	}
	mustContain(t, p, "Gib eine ganze Zahl ein, etwa 25 oder -10 (leer zählt 0).", `value="zehn"`)
}
