package handlers

import (
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
)

// TestKeptPageIsThePostersOnly: a page kept after a POST (?shown=) is
// shown to the phone that posted the form only. Another phone opening
// the link gets the form afresh, with its own CSRF token, and saves
// with it; the poster's token and what it typed are not handed over
// (finding: a second phone opening a shared ?shown= link got 403 on
// every save for an hour, and saw the first phone's token).
func TestKeptPageIsThePostersOnly(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	form := formValues(app.get(game + "/hands/new"))
	form["points"] = []string{"12", "7"} // only one may score: refused, kept
	refused := app.post(game+"/hands", form)
	if refused.status != http.StatusUnprocessableEntity || refused.shownAt == "" {
		t.Fatalf("a refused save: %d, shown at %q", refused.status, refused.shownAt)
	}
	posterToken := formValues(refused).Get("_csrf")

	jar, _ := cookiejar.New(nil)
	other := &testApp{t: t, srv: app.srv, store: app.store, client: &http.Client{Jar: jar, CheckRedirect: app.client.CheckRedirect}}
	p := other.get(refused.shownAt)
	if strings.Contains(p.body, posterToken) {
		t.Errorf("another phone was shown the poster's CSRF token")
	}
	if strings.Contains(p.body, `value="12"`) {
		t.Errorf("another phone was shown what the poster typed")
	}
	own := formValues(p)
	own["points"] = []string{"12", ""}
	if saved := other.post(game+"/hands", own); saved.status != http.StatusSeeOther {
		t.Errorf("the other phone's save from the shared link: %d, want 303", saved.status)
	}
	if again := app.get(refused.shownAt); !strings.Contains(again.body, `value="7"`) {
		t.Errorf("the poster no longer gets its kept page")
	}
}

// TestKeptPagesShareByAddress: a few addresses posting as many forms as
// their rate allows do not push out the page another table's phone is
// about to fetch (finding: five addresses at their burst evicted it in
// under a second).
func TestKeptPagesShareByAddress(t *testing.T) {
	app := newLimitedApp(t, Options{TrustedProxies: loopback})
	game := app.createGame("fan", "Ann", "Bob")
	refuse := func(from string) page {
		form := formValues(app.getFrom(from, game+"/hands/new"))
		form["points"] = []string{"12", "7"}
		p, _ := app.postFrom(from, game+"/hands", form)
		if p.status != http.StatusSeeOther || !strings.Contains(p.location, "shown=") {
			t.Fatalf("a refused save from %s: %d %s", from, p.status, p.location)
		}
		return p
	}
	table := refuse("198.51.100.1")
	for i := range 5 {
		from := "203.0.113." + itoa(10+i)
		for range 60 { // the burst of -rate-writes
			refuse(from)
		}
	}
	p := app.getFrom("198.51.100.1", table.location)
	if p.status != http.StatusUnprocessableEntity || !strings.Contains(p.body, `value="7"`) {
		t.Errorf("the table's kept page after five addresses' bursts: %d, want its 422 page", p.status)
	}
}
