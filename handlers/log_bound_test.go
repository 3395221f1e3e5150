package handlers

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"meldpad/db"
	"meldpad/db/dbtest"
)

// lockedBuffer is a log's output, written by the server's goroutines and
// read by the test.
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

// TestLogLinesAreBounded: a request whose URI, query or header is huge
// writes a log line of bounded length, one line per request, whatever
// part of it the line names (finding: a GET of a 1,000,000-character
// path wrote a 1 MB line).
func TestLogLinesAreBounded(t *testing.T) {
	store, err := db.Open(context.Background(), dbtest.DSN(t, filepath.Join(t.TempDir(), "meldpad.db")))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	var out lockedBuffer
	srv := New(StoresOf(store), slog.New(slog.NewTextHandler(&out, nil)), Options{})
	huge := strings.Repeat("a", 1_000_000)
	for _, path := range []string{"/g/" + huge, "/l/x?season=" + huge, "/api/v1/" + huge} {
		out.mu.Lock()
		out.buf.Reset()
		out.mu.Unlock()
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != 1 {
			t.Errorf("GET %.20s...: %d log lines, want 1", path, len(lines))
		}
		for _, line := range lines {
			if len(line) > 2*maxLoggedText {
				t.Errorf("GET %.20s...: a log line of %d bytes", path, len(line))
			}
		}
	}
}

// TestBoundedLogCutsEveryText: the log cuts strings, errors and values
// printed as text, in groups too, at a character's start.
func TestBoundedLogCutsEveryText(t *testing.T) {
	var out lockedBuffer
	log := newBoundedLog(slog.New(slog.NewTextHandler(&out, nil)))
	long := strings.Repeat("é", 4*maxLoggedText)
	log.With("with", long).WithGroup("g").Info(long, "s", long, "err", errors.New(long), "b", []byte(long), "grp", slog.GroupValue(slog.String("in", long)))
	line := out.String()
	if n := strings.Count(line, "é"); n > 7*maxLoggedText/2 { // seven texts, each at most half that many é
		t.Errorf("%d é in the line, want at most %d", n, 7*maxLoggedText/2)
	}
	if strings.Contains(line, "\uFFFD") {
		t.Errorf("a character was cut in two: %q", line[:80])
	}
	if !strings.Contains(line, "bytes)") {
		t.Errorf("the line does not say what was cut: %.200q", line)
	}
}
