package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"meldpad/db"
)

// freeAddr is a loopback address nothing listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestProfilerReportsTheWriter: with -pprof, /debug/writer on the
// profiler's address counts the writes and commits of the one writer; a
// game started on the server is one more of each. The server's own
// address does not serve it.
func TestProfilerReportsTheWriter(t *testing.T) {
	addr, prof := freeAddr(t), freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", addr, "-db", filepath.Join(t.TempDir(), "m.db"), "-pprof", prof},
			func(string) string { return "" }, strings.NewReader(""), io.Discard)
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
	}()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 5 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var err error
	for range 100 {
		var resp *http.Response
		if resp, err = client.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("server did not answer: %v", err)
	}
	writer := func() db.WriterStats {
		t.Helper()
		resp, err := http.Get("http://" + prof + "/debug/writer")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var st db.WriterStats
		if err := json.NewDecoder(resp.Body).Decode(&st); err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("/debug/writer: %d, %v", resp.StatusCode, err)
		}
		return st
	}
	before := writer()

	resp, err := client.Get("http://" + addr + "/games/new?game=fan")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	form := url.Values{"players": {"Ann", "Bob"}}
	for _, m := range regexp.MustCompile(`<input type="hidden" name="([a-z0-9_]+)" value="([^"]*)"`).FindAllStringSubmatch(string(page), -1) {
		form.Set(m[1], m[2])
	}
	resp, err = client.PostForm("http://"+addr+"/games", form)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(resp.Header.Get("Location"), "/g/") {
		t.Fatalf("new game: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}

	after := writer()
	if after.Writes != before.Writes+1 || after.Commits != before.Commits+1 {
		t.Errorf("a new game: writes %d → %d, commits %d → %d; want one more of each",
			before.Writes, after.Writes, before.Commits, after.Commits)
	}
	if after.Busy <= before.Busy {
		t.Errorf("busy time %v → %v after a write", before.Busy, after.Busy)
	}
	resp, err = http.Get("http://" + addr + "/debug/writer")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("/debug/writer on the server's own address: %d, want 404", resp.StatusCode)
	}
}
