package handlers

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// HEAD is answered as GET without the body (uptime monitors ask it), on
// pages, static files and errors alike; a live-update stream is not
// opened for it.
func TestHeadIsGetWithoutBody(t *testing.T) {
	app := newTestApp(t)
	gamePath := app.createGame("fan", "Ann", "Bob")
	head := func(path string) (*http.Response, string) {
		t.Helper()
		conn, err := net.Dial("tcp", app.srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
		if _, err := io.WriteString(conn, "HEAD "+path+" HTTP/1.1\r\nHost: meldpad\r\nConnection: close\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		r := bufio.NewReader(conn)
		resp, err := http.ReadResponse(r, &http.Request{Method: http.MethodGet}) // read as a GET's: any body shows
		if err != nil {
			t.Fatalf("HEAD %s: %v", path, err)
		}
		rest, _ := io.ReadAll(r)
		body, _ := io.ReadAll(resp.Body)
		return resp, string(body) + string(rest)
	}
	for _, path := range []string{"/", "/healthz", "/adjudicate", "/static/app.css", "/static/meldpad.wasm", gamePath, gamePath + "/history", "/g/nobody"} {
		get, err := app.client.Get(app.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		get.Body.Close()
		resp, body := head(path)
		if resp.StatusCode != get.StatusCode || resp.Header.Get("Content-Type") != get.Header.Get("Content-Type") {
			t.Errorf("HEAD %s: %d %q, GET: %d %q", path, resp.StatusCode, resp.Header.Get("Content-Type"), get.StatusCode, get.Header.Get("Content-Type"))
		}
		if body != "" {
			t.Errorf("HEAD %s sent a body of %d bytes", path, len(body))
		}
	}
	resp, _ := head(gamePath + "/events") // returns at once: no stream is held open
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("HEAD of the live updates: %d, want 405", resp.StatusCode)
	}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Error("HEAD opened a live-update stream")
	}
}
