package handlers

import (
	"net/http"
	"net/url"
	"testing"
)

// acceptLanguage makes every request of app ask for the language tag,
// as a browser set to that language does.
func acceptLanguage(app *testApp, tag string) {
	next := app.client.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	app.client.Transport = languageTransport{tag: tag, next: next}
}

type languageTransport struct {
	tag  string
	next http.RoundTripper
}

func (l languageTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("Accept-Language", l.tag)
	return l.next.RoundTrip(req)
}

// TestEventFormRefusalInLanguage: the event-night form says what is wrong
// with its settings in the organizer's language, beside the field.
func TestEventFormRefusalInLanguage(t *testing.T) {
	app := newEventApp(t)
	l := app.createLeague("Friday club", "flathead")
	acceptLanguage(app, "de")
	for _, tc := range []struct {
		name  string
		edit  func(url.Values)
		field string
		want  string
	}{
		{"Swiss at tables of 3", func(f url.Values) { f.Set("pairing", "swiss") }, "pairing",
			"Schweizer System und Jeder gegen jeden teilen Spieler nur an Zweiertische ein."},
		{"rising place points", func(f url.Values) { f.Set("place_points", "1 2") }, "place_points",
			"Platz 2 kann nicht mehr wert sein als Platz 1."},
		{"too many rounds", func(f url.Values) { f.Set("rounds", "21") }, "rounds",
			"Ein Spieleabend hat 1 bis 20 Durchgänge."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			form := eventForm(formValues(app.get(l.organizer+"/events/new?game=flathead")), []string{"Ann", "Bob", "Cy"})
			form["tie_breaks"] = []string{"wins"}
			tc.edit(form)
			p := app.post(l.organizer+"/events", form)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422\n%s", p.status, p.body)
			}
			mustContain(t, p, `lang="de"`, `id="err-`+tc.field+`"`, tc.want)
		})
	}
}
