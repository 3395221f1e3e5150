package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunReportsEachRequest(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/v1/x" && r.Method == http.MethodPost {
			w.Write([]byte(`{"valid": true}`))
			return
		}
		if r.URL.Path == "/" {
			w.Write([]byte("home"))
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	cases := filepath.Join(t.TempDir(), "cases.json")
	os.WriteFile(cases, []byte(`[{"name": "x", "path": "/api/v1/x", "body": {"a": 1}, "status": 200}]`), 0o644)
	var out bytes.Buffer
	if err := run(context.Background(), []string{"-url", srv.URL, "-cases", cases, "-page", "/", "-n", "20"}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"median", "x ", "GET /", "all requests"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	// A wrong status is an error, not a measurement.
	os.WriteFile(cases, []byte(`[{"name": "y", "path": "/api/v1/y", "body": {}, "status": 200}]`), 0o644)
	if err := run(context.Background(), []string{"-url", srv.URL, "-cases", cases, "-n", "5"}, &out); err == nil {
		t.Errorf("a 404 where 200 was expected passed")
	}
}
