package handlers

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// pageBudget is the most a scorepad may weigh on the wire, its CSS and
// scripts included (issue 4): phones at a table are often on a poor signal.
const pageBudget = 60 * 1024

var assetRe = regexp.MustCompile(`(?:href|src)="(/static/[^"]+)"`)

// transferred fetches path as a browser would (gzip accepted) and returns
// the bytes on the wire and the body.
func transferred(t testing.TB, h http.Handler, path string) (int, string) {
	t.Helper()
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, path, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	wire := rec.Body.Len()
	body := rec.Body.String()
	if rec.Header().Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(zr)
		body = string(b)
	}
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d", path, rec.Code)
	}
	return wire, body
}

// TestScorepadWeight measures the scorepad of a game of 30 deals with its
// stylesheet, scripts and icon, as transferred, and holds it to the budget.
func TestScorepadWeight(t *testing.T) {
	app := newTestApp(t)
	game := app.createPointsGame(url.Values{"name": {"Load"}, "end": {"open"}, "wins": {"highest"}}, "Ann", "Bob", "Cy", "Dee").location
	for i := 0; i < 30; i++ {
		app.recordPoints(game, "", strconv.Itoa(i), "-5", "10", "0")
	}
	if pad := app.get(game); !strings.Contains(pad.body, "30 rounds played") {
		t.Fatalf("the scorepad does not show 30 rounds: %.2000s", pad.body)
	}
	h := app.srv.Config.Handler
	total, body := transferred(t, h, game)
	t.Logf("scorepad HTML: %d bytes on the wire", total)
	seen := map[string]bool{}
	for _, m := range assetRe.FindAllStringSubmatch(body, -1) {
		if seen[m[1]] {
			continue // a browser fetches a file once
		}
		seen[m[1]] = true
		n, _ := transferred(t, h, m[1])
		t.Logf("%s: %d bytes on the wire", m[1], n)
		total += n
	}
	t.Logf("scorepad with its assets: %d bytes (%.1f KB) transferred", total, float64(total)/1024)
	if total > pageBudget {
		t.Errorf("the scorepad weighs %d bytes with its assets, over the %d budget", total, pageBudget)
	}
}

// BenchmarkScorepadPage measures the server time of a scorepad with 30
// deals, rendered through the real handler and a real SQLite file.
func BenchmarkScorepadPage(b *testing.B) {
	app := newTestApp(b)
	game := app.createPointsGame(url.Values{"name": {"Load"}, "end": {"open"}, "wins": {"highest"}}, "Ann", "Bob", "Cy", "Dee").location
	for i := 0; i < 30; i++ {
		app.recordPoints(game, "", strconv.Itoa(i), "-5", "10", "0")
	}
	if pad := app.get(game); !strings.Contains(pad.body, "30 rounds played") {
		b.Fatalf("the scorepad does not show 30 rounds: %.2000s", pad.body)
	}
	h := app.srv.Config.Handler
	req := httptest.NewRequest(http.MethodGet, game, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	b.ResetTimer()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
	}
}
