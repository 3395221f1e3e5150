package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"meldpad/db"
	"meldpad/scorepad"
)

// siege is the attack of one anonymous client on a meldpad, and what the
// other clients see meanwhile:
//
//   - an attacker opens streams live-update streams (every one on its own
//     connection, alternately a game's and its spectators') from the
//     addresses from streamFrom on, and holds every connection the server
//     leaves open, refused or not;
//   - another client (importFrom) sends imports imports of one file at
//     once;
//   - a third (checkFrom) asks /healthz every healthEvery on a new
//     connection each time, and saves a hand every saveEvery.
//
// Linux accepts any 127.x address as a source, so one machine plays the
// three clients.
type siege struct {
	base        string
	pid         int // the server's process, for its memory; 0 if unknown
	streams     int
	streamAddrs int
	streamFrom  net.IP
	imports     int
	importFile  string
	importFrom  net.IP
	checkFrom   net.IP
	settle      time.Duration // the checks before and after the imports
	healthEvery time.Duration
	saveEvery   time.Duration
	maxHealth   time.Duration // the p99 of /healthz the server must stay under
}

// siegeReport is what a siege found.
type siegeReport struct {
	streamsByAddr map[string]*streamCounts
	health        []timed // /healthz's answers, when asked
	healthFailed  int
	saves, saved  int
	saveTimes     []time.Duration
	saveErrors    []string
	importsFrom   time.Time // when the imports were sent
	importsTo     time.Time // when the last was answered
	importStatus  map[int]int
	importErrors  []string
	importBytes   int
	rssBefore     int // kB, VmRSS before the imports
	peakImports   int // kB, VmHWM over the imports
	peakSampled   int // kB, the most VmRSS seen while sampling
}

// timed is how long a request took, and when it was sent.
type timed struct {
	at   time.Time
	took time.Duration
}

// streamCounts is how the server answered one address's streams.
type streamCounts struct {
	open, tooMany, full, closed, other int
}

func (s *siege) run(ctx context.Context, out io.Writer) error {
	checker := newClient(s.checkFrom, true)
	game, err := newGame(ctx, checker, s.base)
	if err != nil {
		return fmt.Errorf("siege: start a game: %w", err)
	}
	watch, err := watchLink(ctx, checker, s.base, game)
	if err != nil {
		return fmt.Errorf("siege: the spectators' link: %w", err)
	}
	file, err := s.loadImportFile(ctx, out)
	if err != nil {
		return err
	}
	rep := &siegeReport{streamsByAddr: map[string]*streamCounts{}, importStatus: map[int]int{}, importBytes: len(file)}

	fmt.Fprintf(out, "attacker: %d streams from %d address(es) from %s\n", s.streams, s.streamAddrs, s.streamFrom)
	held := s.openStreams(ctx, rep, game, watch)
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()

	checkCtx, stopChecks := context.WithCancel(ctx)
	var checks sync.WaitGroup
	checks.Add(2)
	go func() { defer checks.Done(); s.checkHealth(checkCtx, rep) }()
	go func() { defer checks.Done(); s.save(checkCtx, rep, checker, game) }()

	sleep(ctx, s.settle)
	if s.pid > 0 {
		rep.rssBefore, _ = procStatus(s.pid, "VmRSS")
		_ = os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", s.pid), []byte("5"), 0) // peak RSS from here
	}
	fmt.Fprintf(out, "importer: %d imports of %s at once from %s\n", s.imports, megabytes(len(file)), s.importFrom)
	stopSampling := s.sampleMemory(rep)
	rep.importsFrom = time.Now()
	s.sendImports(ctx, rep, file)
	rep.importsTo = time.Now()
	stopSampling()
	if s.pid > 0 {
		rep.peakImports, _ = procStatus(s.pid, "VmHWM")
	}
	sleep(ctx, s.settle)
	stopChecks()
	checks.Wait()
	return rep.write(out, s)
}

// loadImportFile reads the file to import, or makes one: the export of a
// seeded league of 5,000 games (about 23 MB), the largest a club makes.
func (s *siege) loadImportFile(ctx context.Context, out io.Writer) ([]byte, error) {
	if s.importFile != "" {
		return os.ReadFile(s.importFile)
	}
	fmt.Fprintln(out, "making the import file: a seeded league of 5,000 games")
	dir, err := os.MkdirTemp("", "meldpad-siege-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	store, err := db.Open(ctx, filepath.Join(dir, "seed.db"))
	if err != nil {
		return nil, err
	}
	defer store.Close()
	l, err := scorepad.SeedLeague(ctx, store, scorepad.SeedOptions{Seed: 1})
	if err != nil {
		return nil, err
	}
	a, err := store.ExportLeague(ctx, l.ID)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := a.WriteJSON(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// openStreams opens the attacker's streams, 200 at a time, and returns
// every connection the server left open.
func (s *siege) openStreams(ctx context.Context, rep *siegeReport, game, watch string) []net.Conn {
	host := strings.TrimPrefix(strings.TrimPrefix(s.base, "http://"), "https://")
	var mu sync.Mutex
	var held []net.Conn
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				from := addrPlus(s.streamFrom, i%s.streamAddrs)
				path := game + "/events"
				if i%2 == 1 {
					path = watch + "/events"
				}
				conn, outcome := openStream(ctx, from, host, path)
				mu.Lock()
				counts := rep.streamsByAddr[from.String()]
				if counts == nil {
					counts = &streamCounts{}
					rep.streamsByAddr[from.String()] = counts
				}
				switch outcome {
				case http.StatusOK:
					counts.open++
				case http.StatusTooManyRequests:
					counts.tooMany++
				case http.StatusServiceUnavailable:
					counts.full++
				case 0:
					counts.closed++
				default:
					counts.other++
				}
				if conn != nil {
					held = append(held, conn)
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < s.streams && ctx.Err() == nil; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return held
}

// openStream asks for one stream on a new connection from the address
// from. It returns the connection while the server keeps it open (a
// stream, or a refusal on a connection kept alive) and the status, 0 when
// the server closed the connection without an answer.
func openStream(ctx context.Context, from net.IP, host, path string) (net.Conn, int) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: from}, Timeout: 10 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return nil, 0
	}
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n\r\n", path, host); err != nil {
		conn.Close()
		return nil, 0
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		conn.Close()
		return nil, 0
	}
	conn.SetDeadline(time.Time{})
	if resp.StatusCode != http.StatusOK {
		// A refusal's body is short; the connection stays, held idle.
		_, _ = io.Copy(io.Discard, resp.Body)
		return conn, resp.StatusCode
	}
	// A stream: drain it (heartbeats) so the server's writes do not block.
	go func() { _, _ = io.Copy(io.Discard, resp.Body) }()
	return conn, http.StatusOK
}

// checkHealth asks /healthz on a new connection every healthEvery.
func (s *siege) checkHealth(ctx context.Context, rep *siegeReport) {
	// The checks run in a process of their own: in this one, the
	// importer's uploads and the attacker's connections keep both cores
	// busy, and a check would measure how late this process got to it
	// (up to 190 ms seen) rather than how late the server answered.
	self, err := os.Executable()
	if err != nil {
		rep.healthFailed++
		return
	}
	cmd := exec.CommandContext(ctx, self, "-healthz-probe", s.base, "-from", s.checkFrom.String(), "-every", s.healthEvery.String())
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	stdout, err := cmd.StdoutPipe()
	if err != nil || cmd.Start() != nil {
		rep.healthFailed++
		return
	}
	var lines []string
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	_ = cmd.Wait()
	for _, line := range lines {
		at, took, ok := parseProbeLine(line)
		if !ok {
			rep.healthFailed++
			continue
		}
		rep.health = append(rep.health, timed{at, took})
	}
}

// probeHealth is the checker's process (-healthz-probe): it asks
// base/healthz every interval, on a new connection from the given address
// each time, and prints one line per answer, "UNIXNANO NANOSECONDS", or
// "UNIXNANO failed", until it is interrupted.
func probeHealth(ctx context.Context, base string, from net.IP, every time.Duration, out io.Writer) error {
	client := newClient(from, false)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
		start := time.Now()
		req, _ := http.NewRequestWithContext(context.WithoutCancel(ctx), http.MethodGet, base+"/healthz", nil)
		resp, err := client.Do(req)
		ok := err == nil && resp.StatusCode == http.StatusOK
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		if !ok {
			fmt.Fprintf(out, "%d failed\n", start.UnixNano())
			continue
		}
		fmt.Fprintf(out, "%d %d\n", start.UnixNano(), time.Since(start))
	}
}

// parseProbeLine reads a line of probeHealth.
func parseProbeLine(line string) (time.Time, time.Duration, bool) {
	at, took, _ := strings.Cut(line, " ")
	ns, err1 := strconv.ParseInt(at, 10, 64)
	d, err2 := strconv.ParseInt(took, 10, 64)
	if err1 != nil || err2 != nil {
		return time.Time{}, 0, false
	}
	return time.Unix(0, ns), time.Duration(d), true
}

// save records a hand by points every saveEvery, as a phone at the table
// does.
func (s *siege) save(ctx context.Context, rep *siegeReport, client *http.Client, game string) {
	tick := time.NewTicker(s.saveEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		rep.saves++
		start := time.Now()
		err := saveHand(context.WithoutCancel(ctx), client, s.base, game)
		rep.saveTimes = append(rep.saveTimes, time.Since(start))
		if err != nil {
			rep.saveErrors = append(rep.saveErrors, err.Error())
			continue
		}
		rep.saved++
	}
}

// sendImports sends the imports at once and waits for their answers.
func (s *siege) sendImports(ctx context.Context, rep *siegeReport, file []byte) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range s.imports {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, err := upload(ctx, newClient(s.importFrom, true), s.base, file)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				rep.importErrors = append(rep.importErrors, err.Error())
				return
			}
			rep.importStatus[status]++
		}()
	}
	wg.Wait()
}

// sampleMemory records the server's largest VmRSS until stopped, in case
// its peak (VmHWM) cannot be reset.
func (s *siege) sampleMemory(rep *siegeReport) (stop func()) {
	if s.pid <= 0 {
		return func() {}
	}
	var done atomic.Bool
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		for !done.Load() {
			if kb, err := procStatus(s.pid, "VmRSS"); err == nil {
				rep.peakSampled = max(rep.peakSampled, kb)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	return func() { done.Store(true); <-finished }
}

// write prints the report and says whether the server stayed healthy.
func (rep *siegeReport) write(out io.Writer, s *siege) error {
	fmt.Fprintln(out, "\nstreams (status the server answered, per source address):")
	addrs := make([]string, 0, len(rep.streamsByAddr))
	for a := range rep.streamsByAddr {
		addrs = append(addrs, a)
	}
	slices.Sort(addrs)
	var sum streamCounts
	for _, a := range addrs {
		c := rep.streamsByAddr[a]
		fmt.Fprintf(out, "  %-15s %5d open, %5d refused 429, %5d refused 503, %5d closed at once, %d other\n", a, c.open, c.tooMany, c.full, c.closed, c.other)
		sum.open, sum.tooMany, sum.full, sum.closed, sum.other = sum.open+c.open, sum.tooMany+c.tooMany, sum.full+c.full, sum.closed+c.closed, sum.other+c.other
	}
	fmt.Fprintf(out, "  %-15s %5d open, %5d refused 429, %5d refused 503, %5d closed at once, %d other\n", "in all", sum.open, sum.tooMany, sum.full, sum.closed, sum.other)

	var failures []string
	var during, outside, all []time.Duration
	for _, h := range rep.health {
		all = append(all, h.took)
		if !h.at.Before(rep.importsFrom) && h.at.Before(rep.importsTo) {
			during = append(during, h.took)
		} else {
			outside = append(outside, h.took)
		}
	}
	fmt.Fprintf(out, "\n/healthz from %s, a new connection each, every %s: %d answered, %d failed\n", s.checkFrom, s.healthEvery, len(all), rep.healthFailed)
	fmt.Fprintf(out, "  %-24s %s\n", "in all", percentiles(all))
	fmt.Fprintf(out, "  %-24s %s\n", "while importing", percentiles(during))
	fmt.Fprintf(out, "  %-24s %s\n", "the rest of the attack", percentiles(outside))
	slices.Sort(all)
	if len(all) == 0 {
		failures = append(failures, "/healthz never answered")
	} else if p99 := quantile(all, 0.99); p99 > s.maxHealth {
		failures = append(failures, fmt.Sprintf("/healthz p99 %s over %s", round(p99), s.maxHealth))
	}
	if rep.healthFailed > 0 {
		failures = append(failures, fmt.Sprintf("/healthz failed %d times", rep.healthFailed))
	}
	fmt.Fprintf(out, "saves from %s, one every %s: %d of %d saved; %s\n", s.checkFrom, s.saveEvery, rep.saved, rep.saves, percentiles(rep.saveTimes))
	for _, e := range rep.saveErrors {
		fmt.Fprintf(out, "  save failed: %s\n", e)
	}
	if rep.saves == 0 || rep.saved < rep.saves {
		failures = append(failures, fmt.Sprintf("%d of %d saves", rep.saved, rep.saves))
	}
	var statuses []string
	for _, st := range slices.Sorted(mapKeys(rep.importStatus)) {
		statuses = append(statuses, fmt.Sprintf("%d x %d", rep.importStatus[st], st))
	}
	fmt.Fprintf(out, "imports of %s from %s, %d at once: %s, in %s", megabytes(rep.importBytes), s.importFrom, s.imports,
		strings.Join(statuses, ", "), round(rep.importsTo.Sub(rep.importsFrom)))
	if len(rep.importErrors) > 0 {
		fmt.Fprintf(out, "; %d without an answer (%s)", len(rep.importErrors), rep.importErrors[0])
	}
	fmt.Fprintln(out)
	if rep.importStatus[http.StatusInternalServerError] > 0 {
		failures = append(failures, "an import answered 500")
	}
	if s.pid > 0 {
		fmt.Fprintf(out, "server memory: %s resident before the imports; peak during them %s (VmHWM), %s (most VmRSS sampled)\n",
			kbWords(rep.rssBefore), kbWords(rep.peakImports), kbWords(rep.peakSampled))
	}
	if len(failures) > 0 {
		return errors.New("siege: " + strings.Join(failures, "; "))
	}
	fmt.Fprintln(out, "the server stayed healthy")
	return nil
}

func mapKeys(m map[int]int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func kbWords(kb int) string { return strconv.Itoa(kb/1024) + " MiB" }

func megabytes(n int) string { return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + " MB" }

// quantile is the q-quantile of the sorted durations ds.
func quantile(ds []time.Duration, q float64) time.Duration {
	return ds[min(len(ds)-1, int(q*float64(len(ds))))]
}

// percentiles prints the median, p99 and max of ds.
func percentiles(ds []time.Duration) string {
	if len(ds) == 0 {
		return "none"
	}
	ds = slices.Sorted(slices.Values(ds))
	return fmt.Sprintf("median %s, p99 %s, max %s (%d)", round(quantile(ds, 0.5)), round(quantile(ds, 0.99)), round(ds[len(ds)-1]), len(ds))
}

// procStatus reads a field in kB from /proc/PID/status ("VmRSS").
func procStatus(pid int, field string) (int, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			return strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
		}
	}
	return 0, fmt.Errorf("no %s in /proc/%d/status", field, pid)
}

// newClient is an HTTP client whose connections come from the address
// from; with keepAlive false, every request has a new connection.
func newClient(from net.IP, keepAlive bool) *http.Client {
	jar, _ := cookiejar.New(nil)
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: from}, Timeout: 10 * time.Second}
	return &http.Client{
		Jar:     jar,
		Timeout: 2 * time.Minute,
		Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: !keepAlive,
			MaxIdleConnsPerHost: 4},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

var hiddenRe = regexp.MustCompile(`<input type="hidden" name="([a-z0-9_]+)" value="([^"]*)"`)

// form fetches a page and returns its hidden inputs.
func form(ctx context.Context, client *http.Client, pageURL string) (url.Values, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, pageURL, nil)
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET %s: %d", pageURL, resp.StatusCode)
	}
	v := url.Values{}
	for _, m := range hiddenRe.FindAllStringSubmatch(string(b), -1) {
		v.Set(m[1], m[2])
	}
	return v, nil
}

// post sends a form and returns the status and Location.
func post(ctx context.Context, client *http.Client, postURL string, v url.Values) (int, string, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, postURL, strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Location"), nil
}

// newGame starts a Fan Rummy game and returns its path ("/g/...").
func newGame(ctx context.Context, client *http.Client, base string) (string, error) {
	return startGame(ctx, client, base, "fan", map[string][]string{"players": {"Ann", "Bob"}})
}

// startGame fills the new-game form of the game kind with set, sends it
// and returns the new game's path ("/g/...").
func startGame(ctx context.Context, client *http.Client, base, kind string, set map[string][]string) (string, error) {
	v, err := form(ctx, client, base+"/games/new?game="+kind)
	if err != nil {
		return "", err
	}
	maps.Copy(v, set)
	status, loc, err := post(ctx, client, base+"/games", v)
	if err != nil {
		return "", err
	}
	if status != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") {
		return "", fmt.Errorf("POST /games: %d %s", status, loc)
	}
	return loc, nil
}

var watchRe = regexp.MustCompile(`/w/[a-z2-7]{26}`)

// watchLink returns the spectators' link of a game ("/w/...").
func watchLink(ctx context.Context, client *http.Client, base, game string) (string, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+game+"/share", nil)
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	link := watchRe.FindString(string(b))
	if link == "" {
		return "", fmt.Errorf("GET %s/share: %d, no spectators' link", game, resp.StatusCode)
	}
	return link, nil
}

// saveHand records a deal of 1 point by points (Fan Rummy's game is to
// 100, so a siege saves up to 99).
func saveHand(ctx context.Context, client *http.Client, base, game string) error {
	v, err := form(ctx, client, base+game+"/hands/new")
	if err != nil {
		return err
	}
	v["points"] = []string{"1", ""}
	status, loc, err := post(ctx, client, base+game+"/hands", v)
	if err != nil {
		return err
	}
	if status != http.StatusSeeOther {
		return fmt.Errorf("POST %s/hands: %d %s", game, status, loc)
	}
	return nil
}

// upload sends file through the import form and returns the status.
func upload(ctx context.Context, client *http.Client, base string, file []byte) (int, error) {
	resp, err := postImport(ctx, client, base, file)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, nil
}

// postImport sends file through the import form, as league.json, and
// returns the answer (the caller closes its body).
func postImport(ctx context.Context, client *http.Client, base string, file []byte) (*http.Response, error) {
	v, err := form(ctx, client, base+"/import")
	if err != nil {
		return nil, err
	}
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("_csrf", v.Get("_csrf"))
	fw, _ := w.CreateFormFile("file", "league.json")
	_, _ = fw.Write(file)
	_ = w.Close()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/import", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	return client.Do(req)
}

// addrPlus is the IPv4 address n after ip (127.0.0.2 + 1 = 127.0.0.3).
func addrPlus(ip net.IP, n int) net.IP {
	v4 := ip.To4()
	x := uint32(v4[0])<<24 | uint32(v4[1])<<16 | uint32(v4[2])<<8 | uint32(v4[3])
	x += uint32(n)
	return net.IPv4(byte(x>>24), byte(x>>16), byte(x>>8), byte(x))
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// freeLoopback is a loopback address ("127.0.0.1:port") nothing listened
// on a moment ago, for a server to be started on.
func freeLoopback() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// serve starts the meldpad binary bin on a free loopback port with a new
// database, its open files limited to nofile by prlimit(1), and returns
// its URL, its process id and a function that stops it.
func serve(ctx context.Context, bin string, nofile int, log io.Writer, extra ...string) (base string, pid int, stop func(), err error) {
	addr, err := freeLoopback()
	if err != nil {
		return "", 0, nil, err
	}
	dir, err := os.MkdirTemp("", "meldpad-siege-")
	if err != nil {
		return "", 0, nil, err
	}
	limit := strconv.Itoa(nofile)
	args := append([]string{"--nofile=" + limit + ":" + limit, bin, "-addr", addr, "-db", filepath.Join(dir, "siege.db")}, extra...)
	cmd := exec.CommandContext(ctx, "prlimit", args...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return "", 0, nil, fmt.Errorf("start %s under prlimit: %w", bin, err)
	}
	stop = func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
		os.RemoveAll(dir)
	}
	base = "http://" + addr
	for i := 0; ; i++ {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			break
		}
		if i == 200 {
			stop()
			return "", 0, nil, fmt.Errorf("%s did not answer on %s", bin, addr)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return base, cmd.Process.Pid, stop, nil
}
