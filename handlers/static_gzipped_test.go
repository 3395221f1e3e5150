package handlers

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"

	"meldpad/static"
)

// TestRefereeWasmServed checks how the phone's referee is sent: as
// application/wasm under its content-hashed URL, kept for good, gzipped
// once (the stored bytes, not packed again by the middleware) for a
// browser that takes gzip and unpacked for one that does not; and that
// the page's policy lets it be compiled.
func TestRefereeWasmServed(t *testing.T) {
	app := newTestApp(t)
	url := app.srv.URL + static.URL("meldpad.wasm")
	if !strings.Contains(url, "/static/meldpad.wasm?v=") || strings.HasSuffix(url, "?v=") {
		t.Fatalf("static.URL(meldpad.wasm) = %q", url)
	}
	get := func(acceptEncoding string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header.Set("Accept-Encoding", acceptEncoding) // set by hand: the transport then leaves the body as sent
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp, body
	}
	resp, packed := get("gzip, deflate, br, zstd")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/wasm" ||
		resp.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("with gzip: %d %v", resp.StatusCode, resp.Header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(packed))
	if err != nil {
		t.Fatalf("the gzipped referee does not unpack: %v", err)
	}
	wasm, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("the gzipped referee does not unpack: %v", err)
	}
	if !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Fatalf("unpacked once, the referee is not WebAssembly: % x", wasm[:min(8, len(wasm))])
	}
	stored, _ := static.FS.ReadFile("meldpad.wasm.gz")
	if !bytes.Equal(packed, stored) {
		t.Errorf("the referee was packed again: %d bytes sent, %d stored", len(packed), len(stored))
	}

	for _, accept := range []string{"identity", "gzip;q=0, deflate"} {
		resp, plain := get(accept)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "" || !bytes.Equal(plain, wasm) {
			t.Errorf("Accept-Encoding %q: %d %v, %d bytes (want %d unpacked)", accept, resp.StatusCode, resp.Header, len(plain), len(wasm))
		}
	}

	home, err := http.Get(app.srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	home.Body.Close()
	if csp := home.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval'") {
		t.Errorf("the policy does not let the referee compile: %q", csp)
	}
}

func TestAcceptsGzip(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   bool
	}{
		{"gzip, deflate, br, zstd", true},
		{"br;q=1.0, gzip;q=0.8", true},
		{"GZIP", true},
		{"*", true},
		{"", false},
		{"identity", false},
		{"gzip;q=0", false},
		{"gzip; q=0.0, br", false},
		{"x-gzip-ish", false},
	} {
		t.Run(tc.header, func(t *testing.T) {
			if got := acceptsGzip(tc.header); got != tc.want {
				t.Errorf("acceptsGzip(%q) = %v, want %v", tc.header, got, tc.want)
			}
		})
	}
}
