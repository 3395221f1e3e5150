package handlers

import (
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
)

// TestCrossSiteNavigationAddsNoLeague: a page another site sent the
// phone to is not put on its home page; the same page opened from
// meldpad, typed in, or a form of the organizer's is (finding: a
// cross-site navigation to /lo/ORG listed the league as one this phone
// organizes).
func TestCrossSiteNavigationAddsNoLeague(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Their club", "fan")
	game := app.createGame("fan", "Ann", "Bob")

	jar, _ := cookiejar.New(nil)
	victim := &testApp{t: t, srv: app.srv, store: app.store, client: &http.Client{Jar: jar, CheckRedirect: app.client.CheckRedirect}}
	visit := func(path, site string) {
		req, _ := http.NewRequest(http.MethodGet, app.srv.URL+path, nil)
		req.Header.Set("Sec-Fetch-Site", site)
		req.Header.Set("Sec-Fetch-Mode", "navigate")
		victim.do(req)
	}
	for _, path := range []string{l.organizer, l.members, game} {
		visit(path, "cross-site")
		visit(path, "same-site")
	}
	home := victim.get("/")
	for _, link := range []string{l.organizer, l.members, game} {
		if strings.Contains(home.body, link) {
			t.Errorf("after a cross-site navigation to %s, the home page lists it", link)
		}
	}
	visit(l.organizer, "none") // typed in, or from a bookmark or another app
	if !strings.Contains(victim.get("/").body, l.organizer) {
		t.Errorf("the organizer's link opened from the address bar is not on the home page")
	}
}
