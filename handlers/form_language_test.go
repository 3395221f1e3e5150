package handlers

import (
	"html"
	"net/http"
	"strings"
	"testing"

	"meldpad/locale"
)

// TestOrganizerFormProblemsInLanguage: a league's form sent without a
// name comes back with the message beside the field in the
// visitor's language, like every other page's form.
func TestOrganizerFormProblemsInLanguage(t *testing.T) {
	app := newTestApp(t)
	for _, tag := range []string{"de", "fr", "en"} {
		form := formValues(app.get("/leagues/new"))
		form.Set("name", "")
		req, _ := http.NewRequest(http.MethodPost, app.srv.URL+"/leagues", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Accept-Language", tag)
		p := app.do(req)
		if p.status != http.StatusUnprocessableEntity {
			t.Fatalf("%s: a league without a name: %d", tag, p.status)
		}
		body := html.UnescapeString(p.body)
		want := locale.For(tag).T("form.needed")
		if !strings.Contains(body, want) {
			english := locale.English().T("form.needed")
			t.Errorf("%s: the form does not say %q (English %q there: %v)", tag, want, english, strings.Contains(body, english))
		}
	}
}
