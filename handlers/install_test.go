package handlers

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/static"
	"meldpad/views"
)

// TestInstallableApp: the pages link a web app manifest with the icons a
// phone needs to install meldpad (192 and 512 pixels, and maskable ones),
// and the service worker is served at /sw.js, for the whole site, with
// the current addresses of the files a page needs offline.
func TestInstallableApp(t *testing.T) {
	app := newTestApp(t)
	home := app.get("/")
	mustContain(t, home, `<link rel="manifest" href="/manifest.webmanifest">`, static.URL("offline.js"))

	resp, _ := app.client.Get(app.srv.URL + "/manifest.webmanifest")
	resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "application/manifest+json" {
		t.Errorf("manifest served as %q", ct)
	}
	var manifest struct {
		Name, StartURL, Display, ThemeColor string
		Icons                               []struct{ Src, Sizes, Type, Purpose string }
	}
	p := app.get("/manifest.webmanifest")
	body := strings.NewReplacer(`"start_url"`, `"StartURL"`, `"theme_color"`, `"ThemeColor"`).Replace(p.body)
	if err := json.Unmarshal([]byte(body), &manifest); err != nil {
		t.Fatalf("manifest: %v\n%s", err, p.body)
	}
	if manifest.Name != "meldpad" || manifest.StartURL != "/" || manifest.Display != "standalone" || manifest.ThemeColor == "" {
		t.Errorf("manifest %+v", manifest)
	}
	have := map[string]bool{}
	for _, icon := range manifest.Icons {
		have[icon.Sizes+" "+icon.Purpose] = true
		if got := app.get(icon.Src); got.status != http.StatusOK {
			t.Errorf("icon %s: %d", icon.Src, got.status)
		}
	}
	for _, want := range []string{"192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"} {
		if !have[want] {
			t.Errorf("no %s icon in %+v", want, manifest.Icons)
		}
	}

	sw := app.get("/sw.js")
	if sw.status != http.StatusOK {
		t.Fatalf("/sw.js: %d", sw.status)
	}
	mustContain(t, sw, static.URL("offline.js"), static.URL("app.css"), static.URL("htmx.min.js"))
	if strings.Contains(sw.body, "const PRECACHE = [];") || strings.Contains(sw.body, "sw.js?v=") {
		t.Errorf("/sw.js does not list the files to keep, or lists itself")
	}
}

// TestContentSecurityPolicyAllowsTheApp: the policy lets meldpad's own
// service worker, manifest and WebAssembly run, and nothing from elsewhere.
func TestContentSecurityPolicyAllowsTheApp(t *testing.T) {
	app := newTestApp(t)
	resp, err := app.client.Get(app.srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	csp := resp.Header.Get("Content-Security-Policy")
	for _, want := range []string{"worker-src 'self'", "manifest-src 'self'", "script-src 'self' 'wasm-unsafe-eval'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("Content-Security-Policy %q lacks %q", csp, want)
		}
	}
}

// TestScriptWordsFile: a page links the scripts' words of its language,
// which /static/ serves under that address to be kept for good, and the
// service worker fetches every language's when it installs, so that a
// page kept offline says them.
func TestScriptWordsFile(t *testing.T) {
	app := newTestApp(t)
	sw := app.get("/sw.js")
	for _, tag := range []string{"en", "de", "it", "es", "fr"} {
		url := views.ScriptWordsURL(tag)
		mustContain(t, sw, url)
		for _, other := range []string{"en", "de"} {
			home, _ := io.ReadAll(getIn(t, app, "/", other, "").Body)
			if strings.Contains(string(home), url) != (tag == other) {
				t.Errorf("the home page in %s links %s: %v", other, url, !(tag == other))
			}
		}
		resp, err := app.client.Get(app.srv.URL + url)
		if err != nil {
			t.Fatal(err)
		}
		var words map[string]map[string]string
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		js, ok := strings.CutPrefix(string(body), "self.meldpadWords=")
		if resp.StatusCode != http.StatusOK || !ok || json.Unmarshal([]byte(strings.TrimSuffix(js, ";\n")), &words) != nil {
			t.Fatalf("%s: %d %.80s", url, resp.StatusCode, body)
		}
		if got, want := words["outbox.unsaved"]["other"], locale.For(tag).T("outbox.unsaved"); got != want {
			t.Errorf("%s: outbox.unsaved %q, want %q", url, got, want)
		}
		if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
			t.Errorf("%s: Cache-Control %q", url, cc)
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
			t.Errorf("%s: Content-Type %q", url, ct)
		}
	}
	if got := app.get("/static/words/xx.js"); got.status != http.StatusNotFound {
		t.Errorf("/static/words/xx.js: %d", got.status)
	}
}
