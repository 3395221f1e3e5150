package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// runIn runs the server in this process with args (an -addr among them)
// until the test ends, logging to log, and waits until it answers.
func runIn(t *testing.T, addr string, log *lockedBuffer, args ...string) (stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	args = append([]string{"-addr", addr, "-db", filepath.Join(t.TempDir(), "m.db")}, args...)
	go func() { done <- run(ctx, args, func(string) string { return "" }, strings.NewReader(""), log) }()
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
	if !answers(addr, 5*time.Second) {
		t.Fatalf("the server did not answer:\n%s", log.String())
	}
	return stop
}

// getStatus asks url and returns the status, or 0 when nothing answers.
func getStatus(t *testing.T, url string, header ...string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// TestReadyzFlipsBeforeDraining sends SIGTERM to a meldpad process while
// a request is in flight (its body half sent): /readyz answers 503 at
// once and for the grace, while /healthz and the request itself go on;
// the request is then answered in full, and the process exits 0.
func TestReadyzFlipsBeforeDraining(t *testing.T) {
	base, cmd := serveKillable(t, filepath.Join(t.TempDir(), "m.db"), "-shutdown-grace", "1500ms")
	if status, body := getStatus(t, base+"/readyz"); status != http.StatusOK {
		t.Fatalf("/readyz before the signal: %d %s", status, body)
	}

	// A request whose body arrives slowly: in flight until the rest is sent.
	body := `{"knock_card": "5H", "knocker": 0, "hands": [["AS","2S","3S","4H","4D","4C","7C","8C","9C","10C"], ["KS","KH","5D","6D","2H","9H","JD","QC","3D","8S"]]}`
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	half := len(body) / 2
	fmt.Fprintf(conn, "POST /api/v1/fan/hands/score HTTP/1.1\r\nHost: meldpad\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body[:half])
	time.Sleep(100 * time.Millisecond) // the handler is reading the body

	signalled := time.Now()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var notReady time.Duration
	for time.Since(signalled) < time.Second {
		if status, _ := getStatus(t, base+"/readyz"); status == http.StatusServiceUnavailable {
			notReady = time.Since(signalled)
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if notReady == 0 {
		t.Fatal("/readyz did not answer 503 within 1s of SIGTERM")
	}
	if status, _ := getStatus(t, base+"/healthz"); status != http.StatusOK {
		t.Errorf("/healthz during the grace: %d, want 200 (the server is alive)", status)
	}
	t.Logf("/readyz answered 503 %s after SIGTERM, with a request in flight", notReady.Round(time.Millisecond))

	// The request in flight is still answered, in full.
	if _, err := io.WriteString(conn, body[half:]); err != nil {
		t.Fatalf("the rest of the body: %v", err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("the request in flight got no answer: %v", err)
	}
	answer, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !json.Valid(answer) {
		t.Errorf("the request in flight: %d %s", resp.StatusCode, answer)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("meldpad after SIGTERM: %v, want exit 0", err)
	}
	if status, _ := getStatus(t, base+"/readyz"); status != 0 {
		t.Errorf("still answering after exit: %d", status)
	}
}

// TestHealthcheckExitCodes runs "meldpad healthcheck" as a process: exit
// 0 while the server is healthy, 1 when nothing listens or the server
// answers anything but 200; -ready asks /readyz.
func TestHealthcheckExitCodes(t *testing.T) {
	base, _ := serveKillable(t, filepath.Join(t.TempDir(), "m.db"))
	unhealthy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"status":"database cannot be written"}`, http.StatusServiceUnavailable)
	}))
	defer unhealthy.Close()
	nothing := freeAddr(t)
	for _, tc := range []struct {
		name string
		args []string
		want int
		out  string
	}{
		{"healthy", []string{"-addr", strings.TrimPrefix(base, "http://")}, 0, `/healthz: {"status":"ok"}`},
		{"ready", []string{"-ready", "-addr", strings.TrimPrefix(base, "http://")}, 0, `/readyz: {"status":"ready"}`},
		{"nothing listening", []string{"-addr", nothing}, 1, "connection refused"},
		{"answers 503", []string{"-addr", strings.TrimPrefix(unhealthy.URL, "http://")}, 1, "answered 503"},
		{"stray argument", []string{"now"}, 1, "unexpected argument"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), serveEnv+"="+strings.Join(append([]string{"healthcheck"}, tc.args...), "\n"))
			out, err := cmd.CombinedOutput()
			code := 0
			if exit, ok := err.(*exec.ExitError); ok {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.want || !strings.Contains(string(out), tc.out) {
				t.Errorf("exit %d, want %d; output %q, want it to hold %q", code, tc.want, out, tc.out)
			}
		})
	}
}

// TestHealthcheckReadsMeldpadAddr: the healthcheck asks the address the
// server would listen on, from MELDPAD_ADDR, on loopback when that
// address is every interface's.
func TestHealthcheckReadsMeldpadAddr(t *testing.T) {
	addr := freeAddr(t)
	var log lockedBuffer
	runIn(t, addr, &log)
	_, port, _ := net.SplitHostPort(addr)
	for _, env := range []string{addr, ":" + port, "0.0.0.0:" + port} {
		var out strings.Builder
		err := run(t.Context(), []string{"healthcheck"}, func(k string) string {
			if k == "MELDPAD_ADDR" {
				return env
			}
			return ""
		}, strings.NewReader(""), &out)
		if err != nil || !strings.Contains(out.String(), `{"status":"ok"}`) {
			t.Errorf("MELDPAD_ADDR=%s: %v %q", env, err, out.String())
		}
	}
}

// TestJSONLog: with -log-format json every line of the log is one JSON
// object, and each request is one line with its method, path, status and
// latency.
func TestJSONLog(t *testing.T) {
	addr := freeAddr(t)
	var log lockedBuffer
	stop := runIn(t, addr, &log, "-log-format", "json")
	if status, _ := getStatus(t, "http://"+addr+"/nowhere?x=1"); status != http.StatusNotFound {
		t.Fatalf("/nowhere: %d", status)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	var requests int
	for _, line := range strings.Split(strings.TrimSuffix(log.String(), "\n"), "\n") {
		var entry map[string]any
		if err := json.Unmarshal([]byte(line), &entry); err != nil {
			t.Fatalf("a log line is not one JSON object: %q: %v", line, err)
		}
		if _, ok := entry["time"].(string); !ok || entry["level"] == nil || entry["msg"] == nil {
			t.Errorf("a log line without time, level and msg: %s", line)
		}
		if entry["msg"] == "request" && entry["uri"] == "/nowhere?x=1" {
			requests++
			if entry["method"] != "GET" || entry["status"] != 404.0 || entry["level"] != "INFO" {
				t.Errorf("request line: %s", line)
			}
			if _, ok := entry["latency"].(float64); !ok {
				t.Errorf("request line without a latency: %s", line)
			}
			if entry["client"] != "127.0.0.1" {
				t.Errorf("request line without the client's address: %s", line)
			}
		}
	}
	if requests != 1 {
		t.Errorf("%d log lines for the one request, want 1:\n%s", requests, log.String())
	}
	if !strings.Contains(log.String(), `"msg":"meldpad listening"`) {
		t.Errorf("no start line in JSON:\n%s", log.String())
	}
}

// TestJSONLogKeepsTextDefault: without -log-format the log is text, as
// scripts reading "meldpad listening addr=..." expect.
func TestJSONLogKeepsTextDefault(t *testing.T) {
	addr := freeAddr(t)
	var log lockedBuffer
	runIn(t, addr, &log)()
	if !listeningRe.MatchString(log.String()) {
		t.Errorf("the default log is not text:\n%s", log.String())
	}
}

// scrape reads the metrics at url as "name{labels}" -> value.
func scrape(t *testing.T, url string) map[string]float64 {
	t.Helper()
	status, body := getStatus(t, url)
	if status != http.StatusOK {
		t.Fatalf("GET %s: %d %s", url, status, body)
	}
	out := map[string]float64{}
	for _, line := range strings.Split(body, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("metrics line %q: %v", line, err)
		}
		out[line[:i]] = v
	}
	return out
}

// TestMetricsCountWhatTheySay drives a server with -metrics on and reads
// back what it did: requests by route and status, a refusal by the API's
// rate, a save, a live stream open, and the writer's batches.
func TestMetricsCountWhatTheySay(t *testing.T) {
	addr := freeAddr(t)
	base := "http://" + addr
	var log lockedBuffer
	runIn(t, addr, &log, "-metrics", "on", "-rate-api", "2/1h")
	before := scrape(t, base+"/metrics")

	for range 3 {
		getStatus(t, base+"/api/v1/games")
	}
	getStatus(t, base+"/nowhere")
	p := newPhone(t, base)
	if err := p.record(); err != nil {
		t.Fatal(err)
	}
	stream, err := http.Get(base + p.game + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	if stream.StatusCode != http.StatusOK {
		t.Fatalf("stream: %d", stream.StatusCode)
	}

	after := scrape(t, base+"/metrics")
	diff := func(key string) float64 { return after[key] - before[key] }
	for key, want := range map[string]float64{
		`meldpad_http_requests_total{code="200",method="GET",route="/api/v1/games"}`:   2,
		`meldpad_http_requests_total{code="429",method="GET",route="/api/v1/games"}`:   1,
		`meldpad_limit_refusals_total{limit="rate_api"}`:                               1,
		`meldpad_limit_refusals_total{limit="rate_writes"}`:                            0,
		`meldpad_http_requests_total{code="303",method="POST",route="/g/:game/hands"}`: 1,
		`meldpad_saves_total{kind="add"}`:                                              1,
		`meldpad_http_request_duration_seconds_count{route="/api/v1/games"}`:           3,
	} {
		if got := diff(key); got != want {
			t.Errorf("%s went up by %v, want %v", key, got, want)
		}
	}
	if got := after[`meldpad_live_streams_open`]; got != 1 {
		t.Errorf("live streams open: %v, want 1", got)
	}
	// An unknown path is counted by no path of its own: the label set
	// stays bounded whatever clients ask.
	for key := range after {
		if strings.Contains(key, "nowhere") || strings.Contains(key, p.game) {
			t.Errorf("a label holds a requested path: %s", key)
		}
	}
	// Starting the game and saving the hand are writes of the one writer.
	if diff(`meldpad_writer_writes_total`) < 2 || diff(`meldpad_writer_batches_total`) < 1 {
		t.Errorf("writer: %v writes in %v batches, want at least 2 in 1",
			diff(`meldpad_writer_writes_total`), diff(`meldpad_writer_batches_total`))
	}
	if after[`go_goroutines`] == 0 {
		t.Errorf("no Go runtime metrics")
	}
}

// TestMetricsOnlyToAllowedNetworks: metrics are off by default (404);
// on the main listener they are refused (403) to an address outside
// -metrics-allow, to a trusted proxy's connection and to any request a
// proxy forwarded; on a listener of their own likewise.
func TestMetricsOnlyToAllowedNetworks(t *testing.T) {
	t.Run("off by default", func(t *testing.T) {
		addr := freeAddr(t)
		var log lockedBuffer
		runIn(t, addr, &log)
		if status, _ := getStatus(t, "http://"+addr+"/metrics"); status != http.StatusNotFound {
			t.Errorf("/metrics without -metrics: %d, want 404", status)
		}
	})
	t.Run("on, loopback allowed", func(t *testing.T) {
		addr := freeAddr(t)
		var log lockedBuffer
		runIn(t, addr, &log, "-metrics", "on")
		url := "http://" + addr + "/metrics"
		if status, _ := getStatus(t, url); status != http.StatusOK {
			t.Errorf("from loopback: %d, want 200", status)
		}
		for _, h := range [][]string{{"X-Forwarded-For", "127.0.0.1"}, {"Forwarded", "for=127.0.0.1"}, {"X-Real-IP", "127.0.0.1"}} {
			if status, _ := getStatus(t, url, h...); status != http.StatusForbidden {
				t.Errorf("forwarded by a proxy (%s): %d, want 403", h[0], status)
			}
		}
	})
	t.Run("on, from a trusted proxy", func(t *testing.T) {
		addr := freeAddr(t)
		var log lockedBuffer
		runIn(t, addr, &log, "-metrics", "on", "-trusted-proxies", "127.0.0.1", "-shutdown-grace", "0s")
		if status, _ := getStatus(t, "http://"+addr+"/metrics"); status != http.StatusForbidden {
			t.Errorf("from the proxy's own address: %d, want 403", status)
		}
	})
	t.Run("on, another network allowed", func(t *testing.T) {
		addr := freeAddr(t)
		var log lockedBuffer
		runIn(t, addr, &log, "-metrics", "on", "-metrics-allow", "192.0.2.0/24")
		status, body := getStatus(t, "http://"+addr+"/metrics")
		if status != http.StatusForbidden || strings.Contains(body, "meldpad_") {
			t.Errorf("from loopback, not allowed: %d %.80s, want 403", status, body)
		}
	})
	t.Run("a listener of their own", func(t *testing.T) {
		addr, metricsAddr := freeAddr(t), freeAddr(t)
		var log lockedBuffer
		runIn(t, addr, &log, "-metrics", metricsAddr)
		if status, _ := getStatus(t, "http://"+addr+"/metrics"); status != http.StatusNotFound {
			t.Errorf("/metrics on the main listener: %d, want 404", status)
		}
		if status, _ := getStatus(t, "http://"+metricsAddr+"/metrics"); status != http.StatusOK {
			t.Errorf("/metrics on its own listener: %d, want 200", status)
		}
		if status, _ := getStatus(t, "http://"+metricsAddr+"/metrics", "X-Forwarded-For", "198.51.100.7"); status != http.StatusForbidden {
			t.Errorf("forwarded to its own listener: %d, want 403", status)
		}
	})
	t.Run("its own listener, loopback not allowed", func(t *testing.T) {
		addr, metricsAddr := freeAddr(t), freeAddr(t)
		var log lockedBuffer
		runIn(t, addr, &log, "-metrics", metricsAddr, "-metrics-allow", "192.0.2.0/24")
		if status, _ := getStatus(t, "http://"+metricsAddr+"/metrics"); status != http.StatusForbidden {
			t.Errorf("from loopback, not allowed: %d, want 403", status)
		}
	})
}

// TestOpsConfig reads the flags and variables of ops.go, and refuses
// what cannot work.
func TestOpsConfig(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, tc := range []struct {
		name    string
		args    []string
		env     map[string]string
		want    opsConfig
		grace   time.Duration
		wantErr bool
	}{
		{"defaults", nil, nil, opsConfig{LogFormat: "text", ShutdownGrace: -1}, 0, false},
		{"behind a proxy", []string{"-trusted-proxies", "10.0.0.1"}, nil, opsConfig{LogFormat: "text", ShutdownGrace: -1}, 5 * time.Second, false},
		{"flags", []string{"-log-format", "json", "-shutdown-grace", "3s", "-metrics", "on", "-metrics-allow", "10.0.0.0/8"}, nil,
			opsConfig{LogFormat: "json", ShutdownGrace: 3 * time.Second, Metrics: "on", MetricsAllow: "10.0.0.0/8"}, 3 * time.Second, false},
		{"environment", nil, map[string]string{"MELDPAD_LOG_FORMAT": "json", "MELDPAD_SHUTDOWN_GRACE": "0s", "MELDPAD_METRICS": "127.0.0.1:9100", "MELDPAD_METRICS_ALLOW": "::1"},
			opsConfig{LogFormat: "json", ShutdownGrace: 0, Metrics: "127.0.0.1:9100", MetricsAllow: "::1"}, 0, false},
		{"flags win", []string{"-log-format", "text"}, map[string]string{"MELDPAD_LOG_FORMAT": "json"}, opsConfig{LogFormat: "text", ShutdownGrace: -1}, 0, false},
		{"bad format", []string{"-log-format", "xml"}, nil, opsConfig{}, 0, true},
		{"bad grace", nil, map[string]string{"MELDPAD_SHUTDOWN_GRACE": "soon"}, opsConfig{}, 0, true},
		{"bad metrics address", []string{"-metrics", "yes"}, nil, opsConfig{}, 0, true},
		{"bad allow", []string{"-metrics", "on", "-metrics-allow", "lan"}, nil, opsConfig{}, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := parseConfig(tc.args, env(tc.env), io.Discard)
			if tc.wantErr {
				if err == nil {
					t.Fatalf("parseConfig(%v) = %+v, want an error", tc.args, cfg.Ops)
				}
				return
			}
			if err != nil || cfg.Ops != tc.want {
				t.Fatalf("parseConfig = %+v, %v; want %+v", cfg.Ops, err, tc.want)
			}
			if g := cfg.Ops.grace(cfg.TrustedProxies != ""); g != tc.grace {
				t.Errorf("grace %s, want %s", g, tc.grace)
			}
		})
	}
}
