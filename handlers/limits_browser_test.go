package handlers

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserRefusedStream: a phone whose live-update stream is refused
// (its address holds its share) says so beside the Reload link, and its
// browser does not ask again and again.
func TestBrowserRefusedStream(t *testing.T) {
	var streams atomic.Int32
	app := newLimitedApp(t, Options{Limits: Limits{MaxStreams: 4, MaxStreamsPerClient: 1}}, func(s *Server) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/events") {
				streams.Add(1)
			}
			s.ServeHTTP(w, r)
		})
	})
	game := app.createGame("fan", "Ann", "Bob")
	status, _, closeStream := openEvents(t, app, game+"/events", "")
	if status != http.StatusOK {
		t.Fatalf("the first stream: %d", status)
	}
	defer closeStream()

	phone := newBrowser(t)
	run(t, phone, "open the game", chromedp.Navigate(app.srv.URL+game), chromedp.WaitVisible(css("#scorepad")))
	waitText(t, phone, "#live-off", "no longer updates by itself")
	if !strings.Contains(text(t, phone, "main"), "Reload") {
		t.Errorf("no Reload link beside the note")
	}
	// An EventSource retries after a network error within seconds (3 s
	// here, the stream's retry); after a refusal it must not retry at all.
	time.Sleep(4 * time.Second)
	if n := streams.Load(); n != 2 {
		t.Errorf("%d stream requests, want 2: the held one and the phone's one refusal", n)
	}
}
