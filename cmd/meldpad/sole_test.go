package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

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
	if err := returned(exported, 10*time.Second, "an export beside the server"); err != nil {
		t.Fatal(err)
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
