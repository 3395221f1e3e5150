package handlers

import (
	"net/http"
	"strings"
	"testing"
)

// TestCachedPagesKeepTheirLanguage: a scorepad kept in the page cache is
// kept once per language, since the page names its language (lang=) and
// the phone's referee says its verdicts in it: a German visitor's copy
// is never served to an English one, nor its ETag taken for theirs.
func TestCachedPagesKeepTheirLanguage(t *testing.T) {
	app := newTestApp(t)
	path := app.createGame("flathead", "Ann", "Bob")
	get := func(accept, etag string) (page, string) {
		req, _ := http.NewRequest(http.MethodGet, app.srv.URL+path, nil)
		req.Header.Set("Accept-Language", accept)
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		resp, err := app.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := resp.Body.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		return page{status: resp.StatusCode, body: b.String()}, resp.Header.Get("ETag")
	}
	de, deTag := get("de", "")
	en, enTag := get("en", "")
	if !strings.Contains(de.body, `<html lang="de">`) || !strings.Contains(en.body, `<html lang="en">`) {
		t.Fatalf("the scorepad's languages: %q then %q", between(de.body, "<html", ">"), between(en.body, "<html", ">"))
	}
	if deTag == "" || deTag == enTag {
		t.Errorf("the German and English scorepads share the ETag %q", deTag)
	}
	if again, _ := get("en", deTag); again.status == http.StatusNotModified {
		t.Errorf("the German copy's ETag was taken for the English page")
	}
}
