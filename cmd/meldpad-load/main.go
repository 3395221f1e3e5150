// Command meldpad-load measures a running meldpad server: it replays API
// cases (the format of the public API examples (api-cases.json)) for a while from
// several connections and reports the latency of each request end to end,
// over real TCP, as the median and upper percentiles.
//
//	go run ./cmd/meldpad-load -url http://127.0.0.1:8080 -cases handlers/testdata/api-cases.json -n 5000 -c 4
//
// It also fetches pages given with -page (a path, repeatable) the same way,
// to measure scorepad and standings pages. Start the server with -rate-api
// off and -referee-cpu off (and -rate-writes off for -page of forms): the
// rates meant for one client would refuse most of such a run.
//
// With -ratios it measures, in one run, requests per second of /healthz,
// of a scorepad of -hands hands and of hand saves by points, in -rounds
// interleaved rounds of -for each, and the disk's own fsync rate, and
// reports the medians and the ratios the speed goals are given in:
//
//	go build -o /tmp/meldpad ./cmd/meldpad
//	go run ./cmd/meldpad-load -ratios -serve /tmp/meldpad -c 8
//
// With -compare-postgres URL and -serve it measures scorepads and hand
// saves per second, and their p99, on three setups in one run: SQLite
// with one server, and the PostgreSQL database at URL with one server and
// with two (the requests spread over both in turn, as a load balancer
// would), in -rounds rounds that interleave the setups:
//
//	go run ./cmd/meldpad-load -compare-postgres postgres://meldpad@127.0.0.1/meldpad -serve /tmp/meldpad -c 8 -for 3s
//
// With -phones N it holds N live scorepads of one game open, saves a hand,
// and reports how soon each phone heard of it and had the new page, and
// the server's memory (with -serve, or -url and -pid).
//
// With -siege it attacks a meldpad as one anonymous client would, and
// reports what the server's limits did and whether the others were still
// served: one client (127.0.0.2) opens -streams live-update streams and
// holds every connection left open, another (127.0.0.3) sends -imports
// imports of a 23 MB league at once, and a third (127.0.0.1) asks /healthz
// and saves hands meanwhile. With -serve it starts the server itself,
// under prlimit --nofile=-nofile, and reads its memory from /proc:
//
//	go build -o /tmp/meldpad ./cmd/meldpad
//	go run ./cmd/meldpad-load -siege -serve /tmp/meldpad -nofile 1024
//
// or, against a server already running, give -url and its -pid. It fails
// when /healthz's p99 is over -max-healthz or a save fails.
//
// With -attack slow-body or -attack heavy-get it runs one of two attacks
// for -attack-for (attack.go) while /healthz is asked every 100 ms and a
// hand saved every second, and fails when /healthz's p99 is over
// -attack-max-healthz or a save takes over -attack-max-save:
//
//	go run ./cmd/meldpad-load -attack slow-body -serve /tmp/meldpad    # 9 addresses x 56 connections, a byte every 4 s
//	go run ./cmd/meldpad-load -attack heavy-get -serve /tmp/meldpad    # 8 connections asking a 5,000-game league's export, 8 its CSV
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "meldpad-load:", err)
		os.Exit(1)
	}
}

type pages []string

func (p *pages) String() string     { return strings.Join(*p, ",") }
func (p *pages) Set(s string) error { *p = append(*p, s); return nil }

// request is one request to replay.
type request struct {
	name, method, path string
	body               []byte
	status             int
}

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("meldpad-load", flag.ContinueOnError)
	base := fs.String("url", "http://127.0.0.1:8080", "the server")
	casesPath := fs.String("cases", "", "API cases to replay (JSON list of {name, path, body, status})")
	n := fs.Int("n", 2000, "requests per case or page")
	conc := fs.Int("c", 2, "concurrent connections")
	var pagePaths pages
	fs.Var(&pagePaths, "page", "a page to fetch with GET (repeatable)")
	siegeMode := fs.Bool("siege", false, "attack the server as one client and check the others are served")
	serveBin := fs.String("serve", "", "with -siege: start this meldpad `binary` under prlimit instead of using -url")
	nofile := fs.Int("nofile", 1024, "with -serve: the server's limit on open files")
	pid := fs.Int("pid", 0, "with -url: the server's process id, to read its memory (-siege) and its CPU per request (-ratios)")
	sg := siege{streamFrom: net.IPv4(127, 0, 0, 2), importFrom: net.IPv4(127, 0, 0, 3), checkFrom: net.IPv4(127, 0, 0, 1),
		healthEvery: 100 * time.Millisecond, saveEvery: time.Second}
	fs.IntVar(&sg.streams, "streams", 5000, "with -siege: live-update streams the attacker opens")
	fs.IntVar(&sg.streamAddrs, "stream-addrs", 1, "with -siege: source addresses the streams come from, 127.0.0.2 and on")
	fs.IntVar(&sg.imports, "imports", 8, "with -siege: imports sent at once")
	fs.StringVar(&sg.importFile, "import-file", "", "with -siege: the export to import (default: a seeded league of 5,000 games)")
	fs.DurationVar(&sg.settle, "settle", 5*time.Second, "with -siege: how long the checks run before and after the imports")
	fs.DurationVar(&sg.maxHealth, "max-healthz", 50*time.Millisecond, "with -siege: the p99 of /healthz the server must stay under")
	at := attack{}
	fs.StringVar(&at.kind, "attack", "", "run an attack (slow-body or heavy-get) and measure /healthz and saves meanwhile")
	fs.IntVar(&at.addrs, "attack-addrs", 9, "with -attack slow-body: source addresses, 127.0.0.2 and on")
	fs.IntVar(&at.conns, "attack-conns", 0, "with -attack: connections per address (default 56 for slow-body, 8 for heavy-get)")
	fs.DurationVar(&at.every, "byte-every", 4*time.Second, "with -attack slow-body: how often each connection sends a byte of its body")
	fs.DurationVar(&at.dur, "attack-for", 30*time.Second, "with -attack: how long the attack lasts")
	fs.DurationVar(&at.maxHealth, "attack-max-healthz", 100*time.Millisecond, "with -attack: the p99 of /healthz the server must stay under")
	fs.DurationVar(&at.maxSave, "attack-max-save", time.Second, "with -attack: the longest a save may take")
	var rt ratios
	ratiosMode := fs.Bool("ratios", false, "measure requests/s of /healthz, a scorepad and saves, and the disk's fsync rate (of a 4 KB write and of a save's commit), in one run, and report the ratios")
	fs.IntVar(&rt.hands, "hands", 30, "with -ratios: hands on the scorepad measured")
	fs.DurationVar(&rt.dur, "for", 5*time.Second, "with -ratios: how long each measure runs")
	fs.IntVar(&rt.rounds, "rounds", 3, "with -ratios: interleaved rounds, of which the medians are given")
	fs.StringVar(&rt.debug, "pprof", "", "with -ratios and -url: the server's -pprof address (127.0.0.1:6061), to report how its one writer spent the saves (-serve sets one)")
	fs.StringVar(&rt.dir, "fsync-dir", "", "with -ratios and -url: the database's directory, for the fsync rate (default: the temporary directory -serve uses)")
	comparePG := fs.String("compare-postgres", "", "with -serve: measure scorepads and saves per second on SQLite with one server, then on the PostgreSQL database at `URL` with one server and with two (round-robin), in one run (-c, -for, -rounds, -hands)")
	phoneCount := fs.Int("phones", 0, "hold this many live scorepads of one game open, save a hand, and report how soon each phone has it")
	probe := fs.String("healthz-probe", "", "internal, for -siege: ask `URL`/healthz every -every from -from until interrupted, printing each answer's time")
	probeFrom := fs.String("from", "127.0.0.1", "with -healthz-probe: the source address")
	probeEvery := fs.Duration("every", 100*time.Millisecond, "with -healthz-probe: how often")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *probe != "" {
		return probeHealth(ctx, strings.TrimSuffix(*probe, "/"), net.ParseIP(*probeFrom), *probeEvery, out)
	}
	if *phoneCount > 0 {
		ph := phones{base: strings.TrimSuffix(*base, "/"), n: *phoneCount, pid: *pid}
		return ph.serveAndRun(ctx, *serveBin, out)
	}
	if *comparePG != "" {
		cmp := compare{conc: *conc, hands: rt.hands, dur: rt.dur, rounds: rt.rounds}
		return cmp.serveAndRun(ctx, *serveBin, *nofile, *comparePG, out)
	}
	if *ratiosMode {
		rt.base, rt.conc, rt.pid = strings.TrimSuffix(*base, "/"), *conc, *pid
		return rt.serveAndRun(ctx, *serveBin, *nofile, out)
	}
	if at.kind != "" {
		if at.conns == 0 {
			at.conns = map[string]int{"slow-body": 56, "heavy-get": 8}[at.kind]
		}
		var stop func()
		var err error
		if at.base, at.pid, stop, err = target(ctx, *base, *pid, *serveBin, *nofile, out); err != nil {
			return err
		}
		defer stop()
		return at.run(ctx, out)
	}
	if *siegeMode {
		var stop func()
		var err error
		if sg.base, sg.pid, stop, err = target(ctx, *base, *pid, *serveBin, *nofile, out); err != nil {
			return err
		}
		defer stop()
		if sg.streamAddrs < 1 {
			return errors.New("-stream-addrs must be 1 or more")
		}
		return sg.run(ctx, out)
	}
	var reqs []request
	if *casesPath != "" {
		loaded, err := loadCases(*casesPath)
		if err != nil {
			return err
		}
		reqs = append(reqs, loaded...)
	}
	for _, p := range pagePaths {
		reqs = append(reqs, request{name: "GET " + p, method: http.MethodGet, path: p, status: http.StatusOK})
	}
	if len(reqs) == 0 {
		return errors.New("nothing to measure: give -cases or -page")
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *conc}, Timeout: 10 * time.Second}
	fmt.Fprintf(out, "%-60s %8s %8s %8s %8s\n", "request", "median", "p90", "p99", "max")
	var all []time.Duration
	for _, r := range reqs {
		lat, err := measure(ctx, client, *base, r, *n, *conc)
		if err != nil {
			return fmt.Errorf("%s: %w", r.name, err)
		}
		all = append(all, lat...)
		report(out, r.name, lat)
	}
	if len(reqs) > 1 {
		report(out, "all requests", all)
	}
	return nil
}

// target is the meldpad an attack or a siege runs against: the one at
// base (whose process id is pid), or with serveBin a binary started for
// the run under prlimit --nofile, said on out, which stop ends.
func target(ctx context.Context, base string, pid int, serveBin string, nofile int, out io.Writer) (url string, serverPID int, stop func(), err error) {
	if serveBin == "" {
		return strings.TrimSuffix(base, "/"), pid, func() {}, nil
	}
	if url, serverPID, stop, err = serve(ctx, serveBin, nofile, io.Discard); err != nil {
		return "", 0, nil, err
	}
	fmt.Fprintf(out, "server: %s (pid %d) under prlimit --nofile=%d\n", url, serverPID, nofile)
	return url, serverPID, stop, nil
}

// serveAndRun starts the servers the comparison measures, from the
// meldpad binary serveBin (-compare-postgres): one on SQLite, two on
// the PostgreSQL database at postgresURL; then runs it, and stops them.
func (cmp compare) serveAndRun(ctx context.Context, serveBin string, nofile int, postgresURL string, out io.Writer) error {
	var stops []func()
	if serveBin == "" {
		return errors.New("-compare-postgres starts its servers itself: give the meldpad binary with -serve")
	}
	open := func(extra ...string) (string, error) {
		url, _, stop, err := serve(ctx, serveBin, nofile, io.Discard,
			append(measuringFlags(cmp.conc), extra...)...)
		if err != nil {
			return "", err
		}
		stops = append(stops, stop)
		return url, nil
	}
	defer func() {
		for _, stop := range stops {
			stop()
		}
	}()
	sqlite, err := open()
	if err != nil {
		return err
	}
	pg1, err := open("-db", postgresURL)
	if err != nil {
		return err
	}
	pg2, err := open("-db", postgresURL)
	if err != nil {
		return err
	}
	cmp.setups = []setup{
		{"SQLite, one server", []string{sqlite}},
		{"PostgreSQL, one server", []string{pg1}},
		{"PostgreSQL, two servers", []string{pg1, pg2}},
	}
	fmt.Fprintf(out, "servers: SQLite %s; PostgreSQL %s and %s\n", sqlite, pg1, pg2)
	return cmp.run(ctx, out)
}

// serveAndRun starts a server to measure from the meldpad binary
// serveBin, its profiler on a free loopback address, unless it is ""
// (-url); then measures.
func (rt ratios) serveAndRun(ctx context.Context, serveBin string, nofile int, out io.Writer) error {
	if rt.dir == "" {
		rt.dir = tempDirOf()
	}
	if rt.debug != "" {
		rt.debug = "http://" + rt.debug
	}
	if serveBin != "" {
		prof, err := freeLoopback()
		if err != nil {
			return err
		}
		url, serverPID, stop, err := serve(ctx, serveBin, nofile, io.Discard, append(measuringFlags(rt.conc), "-pprof", prof)...)
		if err != nil {
			return err
		}
		defer stop()
		rt.base, rt.pid, rt.debug = url, serverPID, "http://"+prof
		fmt.Fprintf(out, "server: %s, its database in %s\n", url, rt.dir)
	}
	return rt.run(ctx, out)
}

// serveAndRun starts a server for the phones from the meldpad binary
// serveBin, with room for their streams, unless it is "" (-url); then
// runs them.
func (ph phones) serveAndRun(ctx context.Context, serveBin string, out io.Writer) error {
	if serveBin != "" {
		n := strconv.Itoa(ph.n + 100)
		url, serverPID, stop, err := serve(ctx, serveBin, 4*ph.n+1024, io.Discard,
			"-max-conns", strconv.Itoa(2*ph.n+400), "-max-conns-per-client", strconv.Itoa(2*ph.n+400),
			"-max-streams", n, "-max-streams-per-client", n, "-rate-writes", "off", "-rate-api", "off")
		if err != nil {
			return err
		}
		defer stop()
		ph.base, ph.pid = url, serverPID
	}
	return ph.run(ctx, out)
}

func loadCases(path string) ([]request, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cases []struct {
		Name   string `json:"name"`
		Path   string `json:"path"`
		Method string `json:"method"`
		Body   any    `json:"body"`
		Status int    `json:"status"`
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []request
	for _, c := range cases {
		r := request{name: c.Name, method: c.Method, path: c.Path, status: c.Status}
		if c.Body != nil {
			r.body, _ = json.Marshal(c.Body)
		}
		if r.method == "" {
			r.method = http.MethodGet
			if r.body != nil {
				r.method = http.MethodPost
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// measure sends r n times from conc goroutines and returns each latency.
// A wrong status is an error: a fast wrong answer is no measurement.
func measure(ctx context.Context, client *http.Client, base string, r request, n, conc int) ([]time.Duration, error) {
	var mu sync.Mutex
	var lat []time.Duration
	var firstErr error
	jobs := make(chan struct{})
	var wg sync.WaitGroup
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range jobs {
				d, err := once(ctx, client, base, r)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				lat = append(lat, d)
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < n && ctx.Err() == nil; i++ {
		jobs <- struct{}{}
	}
	close(jobs)
	wg.Wait()
	return lat, firstErr
}

func once(ctx context.Context, client *http.Client, base string, r request) (time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, r.method, base+r.path, bytes.NewReader(r.body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Encoding", "gzip")
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	d := time.Since(start)
	if resp.StatusCode != r.status {
		return d, fmt.Errorf("status %d, want %d", resp.StatusCode, r.status)
	}
	return d, nil
}

func report(out io.Writer, name string, lat []time.Duration) {
	slices.Sort(lat)
	at := func(q float64) time.Duration { return lat[min(len(lat)-1, int(q*float64(len(lat))))] }
	if len(name) > 60 {
		name = name[:57] + "..."
	}
	fmt.Fprintf(out, "%-60s %8s %8s %8s %8s\n", name, round(at(0.5)), round(at(0.9)), round(at(0.99)), round(lat[len(lat)-1]))
}

func round(d time.Duration) string { return d.Round(time.Microsecond).String() }

// measuringFlags are the flags of a server that -ratios or
// -compare-postgres starts: every request comes from this one address,
// so the limits meant for one phone are off, and it may hold the
// connections of conc phones twice over (each measure's own, and the
// savers' kept between their rounds) and a few of the set-up's.
func measuringFlags(conc int) []string {
	return []string{"-rate-writes", "off", "-rate-api", "off", "-rate-preview", "off", "-referee-cpu", "off",
		"-max-conns-per-client", strconv.Itoa(2*conc + 16)}
}
