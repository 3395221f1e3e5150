package handlers

import (
	"html"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"meldpad/locale"
	"meldpad/rules/msg"
)

// TestRefusalsInLanguage: a page refused for a limit (too many writes,
// too many live scorepads from one address) says why in the visitor's
// language, its wait too; the API's answer stays the same English.
func TestRefusalsInLanguage(t *testing.T) {
	app := newLimitedApp(t, Options{TrustedProxies: loopback, Limits: Limits{
		RateWrites: Rate{Requests: 1, Per: time.Minute}, MaxStreams: 10, MaxStreamsPerClient: 1,
	}})
	const ann = "198.51.100.7"
	newGame := func(accept string) page {
		form := formValues(app.getFrom(ann, "/games/new?game=fan"))
		form["players"] = []string{"Ann", "Bob"}
		req, _ := http.NewRequest(http.MethodPost, app.srv.URL+"/games", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", ann)
		req.Header.Set("Accept-Language", accept)
		return app.do(req)
	}
	game := newGame("de")
	if game.status != http.StatusSeeOther {
		t.Fatalf("the first write: %d", game.status)
	}
	for _, tag := range []string{"de", "fr"} {
		l := locale.For(tag)
		p := newGame(tag)
		if p.status != http.StatusTooManyRequests {
			t.Fatalf("%s: the second write in a minute: %d", tag, p.status)
		}
		body := html.UnescapeString(p.body)
		for _, want := range []string{
			l.T("limits.too_many"),
			l.Say(msg.New("limits.too_many_text.forms", msg.S("Rate", "1/1m"), msg.M("Wait", msg.New("limits.wait", msg.N("Count", 60))))),
		} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: the refusal does not say %q:\n%s", tag, want, body)
			}
		}
		if strings.Contains(body, "Too many at once") || strings.Contains(body, "60 seconds") {
			t.Errorf("%s: the refusal says English:\n%s", tag, body)
		}
	}

	_, _, closeStream := openEvents(t, app, game.location+"/events", ann)
	defer closeStream()
	req, _ := http.NewRequest(http.MethodGet, app.srv.URL+game.location+"/events", nil)
	req.Header.Set("X-Forwarded-For", ann)
	req.Header.Set("Accept-Language", "it")
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	body := html.UnescapeString(string(b))
	it := locale.For("it")
	if resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a second live scorepad of the address: %d", resp.StatusCode)
	}
	for _, want := range []string{it.T("limits.streams_full"), it.T("limits.streams_client_text", msg.N("Count", 1))} {
		if !strings.Contains(body, want) {
			t.Errorf("the refused stream does not say %q in Italian:\n%s", want, body)
		}
	}
}
