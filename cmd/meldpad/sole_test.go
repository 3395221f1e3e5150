package main

import (
	"bytes"
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a log that the test reads while a server writes it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// serveIn runs the server in this process until the returned stop is
// called, which waits for it to return.
func serveIn(t *testing.T, addr, dbPath string, log *lockedBuffer) (stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", addr, "-db", dbPath}, func(string) string { return "" }, strings.NewReader(""), log)
	}()
	var once sync.Once
	var err error
	stop = func() error {
		once.Do(func() { cancel(); err = <-done })
		return err
	}
	t.Cleanup(func() { stop() })
	return stop
}

// answers reports whether the server at addr answers /healthz within d.
func answers(addr string, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			return resp.StatusCode == http.StatusOK
		}
	}
	return false
}

// TestSecondServerWaitsForTheFirst: a second server started on a SQLite
// file that one serves says it waits and does not serve; once the first
// stops, it serves. An export runs beside a server without waiting.
func TestSecondServerWaitsForTheFirst(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "m.db")
	addrA, addrB := freeAddr(t), freeAddr(t)
	var logA, logB lockedBuffer
	stopA := serveIn(t, addrA, dbPath, &logA)
	if !answers(addrA, 5*time.Second) {
		t.Fatalf("the first server does not answer:\n%s", logA.String())
	}

	exported := make(chan error, 1)
	go func() {
		exported <- run(context.Background(), []string{"-db", dbPath, "-export", filepath.Join(t.TempDir(), "all.json")},
			func(string) string { return "" }, strings.NewReader(""), &bytes.Buffer{})
	}()
	select {
	case err := <-exported:
		if err != nil {
			t.Fatalf("export beside the server: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("an export beside the server waits")
	}

	stopB := serveIn(t, addrB, dbPath, &logB)
	if answers(addrB, time.Second) {
		t.Fatal("a second server serves the file while the first does")
	}
	if got := logB.String(); !strings.Contains(got, "waiting for the meldpad serving this database file to stop") {
		t.Errorf("the second server's log does not say it waits:\n%s", got)
	}
	if err := stopA(); err != nil {
		t.Fatalf("the first server: %v", err)
	}
	if !answers(addrB, 10*time.Second) {
		t.Fatalf("the second server does not serve once the first stopped:\n%s", logB.String())
	}
	if err := stopB(); err != nil {
		t.Fatalf("the second server: %v", err)
	}
}
