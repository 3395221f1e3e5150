package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestParseConfig(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	tests := []struct {
		name     string
		args     []string
		env      map[string]string
		addr, db string
		wantErr  bool
	}{
		{"export", []string{"-export", "all.json"}, nil, ":8080", "meldpad.db", false},
		{"import ignores a bad addr", []string{"-import", "all.json"}, map[string]string{"MELDPAD_ADDR": "nonsense"}, "nonsense", "meldpad.db", false},
		{"export and import at once", []string{"-export", "a.json", "-import", "b.json"}, nil, "", "", true},
		{"defaults", nil, nil, ":8080", "meldpad.db", false},
		{"environment", nil, map[string]string{"MELDPAD_ADDR": "127.0.0.1:9000", "MELDPAD_DB": "/tmp/x.db"}, "127.0.0.1:9000", "/tmp/x.db", false},
		{"flags win", []string{"-addr", ":7000", "-db", "a.db"}, map[string]string{"MELDPAD_ADDR": ":9000", "MELDPAD_DB": "b.db"}, ":7000", "a.db", false},
		{"bad addr", []string{"-addr", "nonsense"}, nil, "", "", true},
		{"empty db", []string{"-db", ""}, nil, "", "", true},
		{"stray argument", []string{"serve"}, nil, "", "", true},
		{"base url", []string{"-base-url", "https://meldpad.example/"}, nil, ":8080", "meldpad.db", false},
		{"base url with a path", []string{"-base-url", "https://meldpad.example/x"}, nil, "", "", true},
		{"base url not http", []string{"-base-url", "javascript:alert(1)"}, nil, "", "", true},
		{"base url from the environment", nil, map[string]string{"MELDPAD_BASE_URL": "meldpad.example"}, "", "", true},
		{"trusted proxies", []string{"-trusted-proxies", "10.0.0.1, 192.168.0.0/16,::1"}, nil, ":8080", "meldpad.db", false},
		{"trusted proxy not an address", nil, map[string]string{"MELDPAD_TRUSTED_PROXIES": "proxy.local"}, "", "", true},
		{"profiler on loopback", []string{"-pprof", "127.0.0.1:6060"}, nil, ":8080", "meldpad.db", false},
		{"profiler on localhost from the environment", nil, map[string]string{"MELDPAD_PPROF": "localhost:6060"}, ":8080", "meldpad.db", false},
		{"profiler on every interface", []string{"-pprof", ":6060"}, nil, "", "", true},
		{"profiler on a public address", nil, map[string]string{"MELDPAD_PPROF": "192.0.2.7:6060"}, "", "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := parseConfig(tc.args, env(tc.env), io.Discard)
			if tc.wantErr {
				if err == nil {
					t.Fatalf("parseConfig(%v) = %+v, want an error", tc.args, cfg)
				}
				return
			}
			if err != nil || cfg.Addr != tc.addr || cfg.DB != tc.db {
				t.Fatalf("parseConfig = %+v, %v; want %s %s", cfg, err, tc.addr, tc.db)
			}
		})
	}
}

// TestRunServesAndShutsDown starts the real server on a free port, checks
// /healthz, then cancels the context as SIGTERM would and expects a clean
// return, no longer listening.
func TestRunServesAndShutsDown(t *testing.T) {
	addr := freeAddr(t)
	var log lockedBuffer
	stop := serveIn(t, addr, filepath.Join(t.TempDir(), "m.db"), &log)
	if !answers(addr, 2*time.Second) {
		t.Fatalf("/healthz did not answer ok:\n%s", log.String())
	}
	if err := stop(); err != nil {
		t.Fatalf("after shutdown: %v", err)
	}
	if _, err := net.Dial("tcp", addr); err == nil {
		t.Errorf("still listening after shutdown")
	}
}

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
// called, which ends its context and waits up to 10 s for it to return.
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
		once.Do(func() {
			cancel()
			err = returned(done, 10*time.Second, "run after its context's end")
		})
		return err
	}
	t.Cleanup(func() { stop() })
	return stop
}

// returned waits up to d for run's error on done, and fails when run
// (what) does not return by then.
func returned(done <-chan error, d time.Duration, what string) error {
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		return fmt.Errorf("%s did not return within %s", what, d)
	}
}

// answers reports whether the server at addr answers /healthz with ok
// within d.
func answers(addr string, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			return resp.StatusCode == http.StatusOK && strings.Contains(string(body), "ok")
		}
	}
	return false
}

// TestConfigOptions turns the flags into the handlers' settings: the
// origin without its trailing slash, single addresses as one-address
// prefixes.
func TestConfigOptions(t *testing.T) {
	cfg, err := parseConfig([]string{"-base-url", "https://meldpad.example/", "-trusted-proxies", "10.0.0.1,192.168.7.9/16"}, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	opts := cfg.options()
	if got := opts.BaseURL.String(); got != "https://meldpad.example" {
		t.Errorf("BaseURL = %q", got)
	}
	if got := fmt.Sprint(opts.TrustedProxies); got != "[10.0.0.1/32 192.168.0.0/16]" {
		t.Errorf("TrustedProxies = %s", got)
	}
}
