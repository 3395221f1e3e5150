package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"meldpad/db"
	"meldpad/handlers"
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

// TestSiege runs a small siege against an in-process meldpad with small
// limits, served through its listener limits as main serves it.
func TestSiege(t *testing.T) {
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	app := handlers.New(handlers.StoresOf(store), slog.New(slog.NewTextHandler(io.Discard, nil)), handlers.Options{Limits: handlers.Limits{
		MaxConns: 40, MaxConnsPerClient: 8, MaxStreams: 20, MaxStreamsPerClient: 5, ImportQueue: 1}})
	srv := httptest.NewUnstartedServer(app)
	srv.Listener = app.LimitListener(srv.Listener)
	srv.Config.ConnState = app.ConnState
	srv.Start()
	defer srv.Close()
	defer app.CloseStreams()
	file := filepath.Join(t.TempDir(), "empty.json")
	os.WriteFile(file, []byte(`{"meldpad": 1, "exported_at": "2025-01-01T00:00:00Z", "players": [], "leagues": [], "games": []}`), 0o644)
	var out bytes.Buffer
	err = run(context.Background(), []string{"-siege", "-url", srv.URL, "-pid", strconv.Itoa(os.Getpid()),
		"-streams", "40", "-imports", "3", "-import-file", file, "-settle", "1200ms", "-max-healthz", "5s"}, &out)
	if err != nil {
		t.Fatalf("siege: %v\n%s", err, out.String())
	}
	// The address gets its 5 streams; every other attempt is refused with
	// 429 (its connection then closed) or closed as soon as accepted
	// while the address holds its 8 connections.
	var open, tooMany, full, closed, other int
	i := strings.Index(out.String(), "127.0.0.2 ")
	if i < 0 {
		t.Fatalf("no line for 127.0.0.2:\n%s", out.String())
	}
	fmt.Sscanf(out.String()[i+len("127.0.0.2"):], "%d open, %d refused 429, %d refused 503, %d closed at once, %d other", &open, &tooMany, &full, &closed, &other)
	if open != 5 || full != 0 || other != 0 || open+tooMany+closed != 40 {
		t.Errorf("127.0.0.2: %d open, %d refused 429, %d refused 503, %d closed, %d other; want 5 open of 40, the rest 429 or closed",
			open, tooMany, full, closed, other)
	}
	for _, want := range []string{
		"/healthz from 127.0.0.1", "while importing", "saves from 127.0.0.1", "imports of 0.0 MB from 127.0.0.3, 3 at once",
		"peak during them", "the server stayed healthy",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestMain lets this test binary play the siege's /healthz checker: the
// siege starts it in a process of its own (checkHealth), and under go
// test its own binary is this one.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "-healthz-probe" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		err := run(ctx, os.Args[1:], os.Stdout)
		stop()
		if err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// unlimitedMeldpad is an in-process meldpad on a new database, without
// the rates meant for one phone (as -serve starts one).
func unlimitedMeldpad(t *testing.T) (*db.Store, http.Handler) {
	t.Helper()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store, handlers.New(handlers.StoresOf(store), slog.New(slog.NewTextHandler(io.Discard, nil)), handlers.Options{Limits: handlers.Limits{
		RateWrites: handlers.RateOff, RateAPI: handlers.RateOff}})
}

// TestCompare measures two setups of an in-process meldpad: one server,
// and two servers on one database whose requests compare spreads over
// both in turn. Each setup gets its line of figures, and both servers of
// the second are sent scorepads and saves.
func TestCompare(t *testing.T) {
	_, app := unlimitedMeldpad(t)
	var served [3]map[string]int // by server: requests by method
	var mu sync.Mutex
	servers := make([]*httptest.Server, 3)
	for i := range servers {
		served[i] = map[string]int{}
		servers[i] = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			served[i][r.Method]++
			mu.Unlock()
			app.ServeHTTP(w, r)
		}))
		defer servers[i].Close()
	}
	var out bytes.Buffer
	cmp := compare{conc: 2, hands: 3, dur: 200 * time.Millisecond, rounds: 2, setups: []setup{
		{"one server", []string{servers[0].URL}},
		{"two servers", []string{servers[1].URL, servers[2].URL}},
	}}
	if err := cmp.run(context.Background(), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, name := range []string{"one server", "two servers"} {
		var scorepads, scorepadP99, saves float64
		i := strings.LastIndex(out.String(), "\n"+name+" ")
		if i < 0 {
			t.Fatalf("no figures for %s:\n%s", name, out.String())
		}
		if _, err := fmt.Sscanf(out.String()[i+1+len(name):], "%f %fms %f", &scorepads, &scorepadP99, &saves); err != nil || scorepads <= 0 || saves <= 0 {
			t.Errorf("%s: %v scorepads/s, %v saves/s (%v):\n%s", name, scorepads, saves, err, out.String())
		}
	}
	for i, s := range served {
		if s[http.MethodGet] < 10 || s[http.MethodPost] < 10 {
			t.Errorf("server %d was sent %d GETs and %d POSTs: the setups' servers were not all measured", i, s[http.MethodGet], s[http.MethodPost])
		}
	}
}

// TestSyncedWrites checks the disk measures of -ratios: each reports a
// rate and leaves nothing behind in the directory it measured.
func TestSyncedWrites(t *testing.T) {
	dir := t.TempDir()
	for name, measure := range map[string]func(string, time.Duration) (float64, error){"fsync": fsyncRate, "commit": commitRate} {
		rate, err := measure(dir, 50*time.Millisecond)
		if err != nil || rate <= 0 {
			t.Errorf("%s: %v a second, %v", name, rate, err)
		}
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("left %d files behind", len(left))
	}
}

// TestRatiosReportTheWriter runs -ratios on an in-process meldpad whose
// writer's counts are served as the -pprof listener serves them, and
// checks the line on the writer: at least one save per commit, a busy
// share and times that are the counts' own.
func TestRatiosReportTheWriter(t *testing.T) {
	store, app := unlimitedMeldpad(t)
	srv := httptest.NewServer(app)
	defer srv.Close()
	debug := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/debug/writer" {
			http.NotFound(w, r)
			return
		}
		_ = json.NewEncoder(w).Encode(store.WriterStats())
	}))
	defer debug.Close()
	var out bytes.Buffer
	rt := ratios{base: srv.URL, conc: 3, hands: 2, dur: 200 * time.Millisecond, rounds: 1, dir: t.TempDir(), debug: debug.URL}
	if err := rt.run(context.Background(), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	const line = "the server's one writer during the saves (medians): "
	i := strings.Index(out.String(), line)
	if i < 0 {
		t.Fatalf("no line on the writer:\n%s", out.String())
	}
	var perCommit, busy, perSave, inCommit float64
	if _, err := fmt.Sscanf(out.String()[i+len(line):], "%f saves per commit, busy %f%% of the time, %f µs per save, of which %f µs in commits",
		&perCommit, &busy, &perSave, &inCommit); err != nil {
		t.Fatalf("%v:\n%s", err, out.String())
	}
	if perCommit < 1 || perCommit > 3 || busy <= 0 || busy > 100 || perSave <= 0 || inCommit <= 0 || inCommit > perSave {
		t.Errorf("writer: %v saves per commit, busy %v%%, %v µs per save, %v in commits:\n%s", perCommit, busy, perSave, inCommit, out.String())
	}
}

// TestShareOf: the writer's figures for a measure are the differences of
// its counts, per commit, per save and per second of the measure.
func TestShareOf(t *testing.T) {
	before := db.WriterStats{Commits: 10, Writes: 20, Busy: time.Second, InCommit: 500 * time.Millisecond}
	after := db.WriterStats{Commits: 20, Writes: 60, Busy: 3 * time.Second, InCommit: 1500 * time.Millisecond}
	got := shareOf(before, after, 4*time.Second)
	want := writerShare{perCommit: 4, busy: 0.5, perSave: 50_000, commitPerSave: 25_000}
	if got != want {
		t.Errorf("shareOf = %+v, want %+v", got, want)
	}
	if got := shareOf(after, after, time.Second); got != (writerShare{}) {
		t.Errorf("no saves: %+v, want zeros", got)
	}
}

// TestRatiosWithinTheServersLimits runs -ratios with 20 phones against
// an in-process meldpad whose limit on one address's connections is the
// one measuringFlags gives the server -ratios starts: the measure's own
// connections and the savers' kept ones must all be let in (a connection
// past the limit is closed at once, and the run fails on it).
func TestRatiosWithinTheServersLimits(t *testing.T) {
	const conc = 20
	flags := measuringFlags(conc)
	i := slices.Index(flags, "-max-conns-per-client")
	if i < 0 {
		t.Fatalf("measuringFlags(%d) = %v: no -max-conns-per-client", conc, flags)
	}
	perClient, err := strconv.Atoi(flags[i+1])
	if err != nil {
		t.Fatal(err)
	}
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	app := handlers.New(handlers.StoresOf(store), slog.New(slog.NewTextHandler(io.Discard, nil)), handlers.Options{Limits: handlers.Limits{
		RateWrites: handlers.RateOff, RateAPI: handlers.RateOff, RatePreview: handlers.RateOff, MaxConnsPerClient: perClient}})
	srv := httptest.NewUnstartedServer(app)
	srv.Listener = app.LimitListener(srv.Listener)
	srv.Config.ConnState = app.ConnState
	srv.Start()
	defer srv.Close()
	var out bytes.Buffer
	rt := ratios{base: srv.URL, conc: conc, hands: 2, dur: 150 * time.Millisecond, rounds: 2, dir: t.TempDir()}
	if err := rt.run(context.Background(), &out); err != nil {
		t.Fatalf("%d phones against %d connections an address: %v\n%s", conc, perClient, err, out.String())
	}
}

// TestFetchLeavesThePageCompressed: the measures of pages read a body as
// it was sent. A body that claims gzip but is not gzip reads as any
// other (a client that inflated it would fail), and a page that must
// come compressed and does not is an error.
func TestFetchLeavesThePageCompressed(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Accept-Encoding") != "gzip" {
			t.Errorf("Accept-Encoding %q, want gzip", r.Header.Get("Accept-Encoding"))
		}
		if r.URL.Path == "/gzip" {
			w.Header().Set("Content-Encoding", "gzip")
		}
		_, _ = w.Write([]byte("not gzip at all"))
	}))
	defer srv.Close()
	ctx := context.Background()
	if err := fetch(ctx, measureClient(), srv.URL+"/gzip", true); err != nil {
		t.Errorf("fetch inflated the body: %v", err)
	}
	// A client that inflates (Go's by default) fails on that body.
	resp, err := phoneClient(1).Get(srv.URL + "/gzip")
	if err == nil {
		_, err = io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	if err == nil {
		t.Errorf("an inflating client read the bad gzip body: the test shows nothing")
	}
	if err := fetch(ctx, measureClient(), srv.URL+"/plain", true); err == nil || !strings.Contains(err.Error(), "want gzip") {
		t.Errorf("a page sent uncompressed: %v, want an error", err)
	}
	if err := fetch(ctx, measureClient(), srv.URL+"/plain", false); err != nil {
		t.Errorf("/healthz-like page: %v", err)
	}
}
