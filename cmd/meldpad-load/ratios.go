package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"meldpad/db"
)

// ratios measures, in one run, requests per second of /healthz, of a
// scorepad of -hands hands and of hand saves by points, each at -c
// connections for -for, in -rounds interleaved rounds, and the disk's own
// fsync rate (a 4 KB write and fsync at a time, in dir); it reports the
// medians and the ratios the speed goals are set in: a scorepad against
// /healthz, saves against fsyncs.
type ratios struct {
	base   string
	conc   int
	hands  int
	dur    time.Duration
	rounds int
	dir    string // where the database is, for the fsync rate
	pid    int    // the server's process, for its CPU per request (0: not known)
	// debug is the server's -pprof listener ("http://127.0.0.1:6061"), for
	// how its writer spent the saves; "" when not known.
	debug string
}

func (r ratios) run(ctx context.Context, out io.Writer) error {
	client := phoneClient(r.conc)
	game, err := newGame(ctx, client, r.base)
	if err != nil {
		return err
	}
	for range r.hands {
		if err := saveHand(ctx, client, r.base, game); err != nil {
			return err
		}
	}
	// Each connection saves into a game of its own, kept going with
	// hands of 0 points.
	savers := make([]*saver, r.conc)
	for i := range savers {
		if savers[i], err = newSaver(ctx, r.base); err != nil {
			return err
		}
	}
	var healthz, scorepad, saves, fsyncs, commits []float64
	var p50s, p99s [3][]float64 // ms: /healthz, scorepad, saves
	var cpus [3][]float64       // the server's CPU per request, µs
	var own [3][]float64        // this client's
	var writers []writerShare   // how the writer spent each round's saves
	for round := range r.rounds {
		cpu, ownCPU := cpuMeter(r.pid), cpuMeter(os.Getpid())
		measured := func(i int, perSecond float64) {
			cpus[i] = append(cpus[i], cpu(perSecond))
			own[i] = append(own[i], ownCPU(perSecond))
		}
		h, hp, err := r.rate(ctx, func(c *http.Client) error { return fetch(ctx, c, r.base+"/healthz", false) })
		if err != nil {
			return fmt.Errorf("/healthz: %w", err)
		}
		measured(0, h)
		s, sp, err := r.rate(ctx, func(c *http.Client) error { return fetch(ctx, c, r.base+game, true) })
		if err != nil {
			return fmt.Errorf("scorepad: %w", err)
		}
		measured(1, s)
		var next atomic.Int64
		w0, t0 := r.writer(ctx), time.Now()
		w, wp, err := r.rate(ctx, func(*http.Client) error { return savers[int(next.Add(1))%len(savers)].save(ctx) })
		if err != nil {
			return fmt.Errorf("saves: %w", err)
		}
		measured(2, w)
		if w1 := r.writer(ctx); w0 != nil && w1 != nil {
			writers = append(writers, shareOf(*w0, *w1, time.Since(t0)))
		}
		f, err := fsyncRate(r.dir, r.dur)
		if err != nil {
			return fmt.Errorf("fsync: %w", err)
		}
		cf, err := commitRate(r.dir, r.dur/2)
		if err != nil {
			return fmt.Errorf("fsync of a commit: %w", err)
		}
		healthz, scorepad, saves, fsyncs = append(healthz, h), append(scorepad, s), append(saves, w), append(fsyncs, f)
		commits = append(commits, cf)
		for i, l := range []latency{hp, sp, wp} {
			p50s[i], p99s[i] = append(p50s[i], ms(l.p50)), append(p99s[i], ms(l.p99))
		}
		fmt.Fprintf(out, "round %d: /healthz %.0f/s, scorepad (%d hands) %.0f/s, saves %.0f/s, fsync %.0f/s\n", round+1, h, r.hands, s, w, f)
	}
	h, s, w, f := median(healthz), median(scorepad), median(saves), median(fsyncs)
	fmt.Fprintf(out, "\nmedians of %d rounds, %d connections, %s each:\n", r.rounds, r.conc, r.dur)
	fmt.Fprintf(out, "%-28s %10s %8s %9s %9s\n", "", "per second", "ratio", "p50", "p99")
	fmt.Fprintf(out, "%-28s %10.0f %8s %7.2fms %7.2fms\n", "/healthz", h, "1", median(p50s[0]), median(p99s[0]))
	fmt.Fprintf(out, "%-28s %10.0f %8.2f %7.2fms %7.2fms  (ratio to /healthz)\n", fmt.Sprintf("scorepad, %d hands", r.hands), s, s/h, median(p50s[1]), median(p99s[1]))
	fmt.Fprintf(out, "%-28s %10.0f %8.2f %7.2fms %7.2fms  (ratio to fsync)\n", "hand saves by points", w, w/f, median(p50s[2]), median(p99s[2]))
	fmt.Fprintf(out, "%-28s %10.0f %8s   (4 KB write + fsync in %s)\n", "disk fsync", f, "1", r.dir)
	c := median(commits)
	fmt.Fprintf(out, "%-28s %10.0f %8.2f   (%d log frames + fsync: a commit of one save; the saves are %.2f of it)\n",
		"disk fsync of a commit", c, c/f, commitPages, w/c)
	if r.pid != 0 {
		fmt.Fprintf(out, "server CPU per request (user + system, medians): /healthz %.0f µs, scorepad %.0f µs, save %.0f µs\n",
			median(cpus[0]), median(cpus[1]), median(cpus[2]))
	}
	fmt.Fprintf(out, "this client's CPU per request, on the same cores: /healthz %.0f µs, scorepad %.0f µs, save %.0f µs\n",
		median(own[0]), median(own[1]), median(own[2]))
	if len(writers) > 0 {
		fmt.Fprintf(out, "the server's one writer during the saves (medians): %.2f saves per commit, busy %.0f%% of the time, %.0f µs per save, of which %.0f µs in commits\n",
			medianOf(writers, func(w writerShare) float64 { return w.perCommit }),
			medianOf(writers, func(w writerShare) float64 { return w.busy * 100 }),
			medianOf(writers, func(w writerShare) float64 { return w.perSave }),
			medianOf(writers, func(w writerShare) float64 { return w.commitPerSave }))
	}
	return nil
}

// writer reads the server's WriterStats from its -pprof listener, or
// gives nil when it is not known or does not answer within 5 s.
func (r ratios) writer(ctx context.Context) *db.WriterStats {
	if r.debug == "" {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, r.debug+"/debug/writer", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil
	}
	defer resp.Body.Close()
	var st db.WriterStats
	if resp.StatusCode != http.StatusOK || json.NewDecoder(resp.Body).Decode(&st) != nil {
		return nil
	}
	return &st
}

// writerShare is how the writer spent a measure: saves per commit, the
// share of the measure's time it was busy, its time per save (µs) and
// the part of it in commits.
type writerShare struct{ perCommit, busy, perSave, commitPerSave float64 }

// shareOf compares the writer's counts before and after a measure that
// took elapsed.
func shareOf(before, after db.WriterStats, elapsed time.Duration) writerShare {
	writes, commits := float64(after.Writes-before.Writes), float64(after.Commits-before.Commits)
	if writes == 0 || commits == 0 {
		return writerShare{}
	}
	busy := after.Busy - before.Busy
	return writerShare{
		perCommit:     writes / commits,
		busy:          busy.Seconds() / elapsed.Seconds(),
		perSave:       float64(busy.Microseconds()) / writes,
		commitPerSave: float64((after.InCommit - before.InCommit).Microseconds()) / writes,
	}
}

func medianOf[T any](xs []T, f func(T) float64) float64 {
	v := make([]float64, len(xs))
	for i, x := range xs {
		v[i] = f(x)
	}
	return median(v)
}

// cpuMeter returns a function that, called after each measure with its
// requests per second, gives process pid's CPU time per request over the
// time since the last call, in µs: a figure the other work on a shared
// machine disturbs less than the rates. Without a process (pid 0) it
// gives 0.
func cpuMeter(pid int) func(perSecond float64) float64 {
	last, _ := processCPU(pid)
	t := time.Now()
	return func(perSecond float64) float64 {
		now, err := processCPU(pid)
		elapsed := time.Since(t)
		used := now - last
		last, t = now, time.Now()
		if err != nil || pid == 0 || perSecond == 0 {
			return 0
		}
		return used.Seconds() * 1e6 / (perSecond * elapsed.Seconds())
	}
}

// processCPU is the user and system time process pid has used, from
// /proc/PID/stat (in clock ticks of 1/100 s).
func processCPU(pid int) (time.Duration, error) {
	if pid == 0 {
		return 0, nil
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name, in parentheses, may hold spaces: count fields
	// after its closing parenthesis. utime and stime are fields 14 and 15.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0, fmt.Errorf("/proc/%d/stat: %q", pid, b)
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: %q", pid, b)
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, fmt.Errorf("/proc/%d/stat: %w", pid, err)
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}

// latency is the median and the 99th percentile of a measure's requests.
type latency struct{ p50, p99 time.Duration }

// rate runs do from r.conc goroutines for r.dur and returns how many
// succeeded per second, and their latency; the first failure ends the
// run.
func (r ratios) rate(ctx context.Context, do func(*http.Client) error) (float64, latency, error) {
	ctx, cancel := context.WithTimeout(ctx, r.dur)
	defer cancel()
	var done atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	var firstErr error
	var wg sync.WaitGroup
	start := time.Now()
	for range r.conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client := measureClient()
			defer client.CloseIdleConnections() // or every round's connections would pile up at the server's limit
			var mine []time.Duration
			defer func() { mu.Lock(); lat = append(lat, mine...); mu.Unlock() }()
			for ctx.Err() == nil {
				t0 := time.Now()
				if err := do(client); err != nil {
					if ctx.Err() == nil {
						mu.Lock()
						firstErr = cmpErr(firstErr, err)
						mu.Unlock()
						cancel()
					}
					return
				}
				mine = append(mine, time.Since(t0))
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(lat)
	var l latency
	if len(lat) > 0 {
		l = latency{quantile(lat, 0.5), quantile(lat, 0.99)}
	}
	return float64(done.Load()) / elapsed.Seconds(), l, firstErr
}

func cmpErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

func phoneClient(conns int) *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 10 * time.Second,
		Transport:     &http.Transport{MaxIdleConnsPerHost: conns, DisableCompression: false},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// measureClient is a phone's client for one connection of a measure of
// pages (fetch): it leaves the bodies as they were sent.
func measureClient() *http.Client {
	c := phoneClient(1)
	c.Transport.(*http.Transport).DisableCompression = true
	return c
}

// fetch gets a page with 200 OK, asking for it compressed as a phone
// does, and reads its body as it was sent, without inflating it, as
// load tools (wrk, hey) do: inflating is the phone's work, on the phone.
// Here the client shares the server's two cores, and inflating the
// scorepad was 35% of the client's CPU in its measure (about 28 µs a
// page, where the server spent 45 µs in all): a measure as much of this
// client as of the server. compressed says the page must come
// compressed (gzip), as a scorepad does.
func fetch(ctx context.Context, client *http.Client, pageURL string, compressed bool) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, pageURL, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if err != nil {
		return fmt.Errorf("GET %s: %w", pageURL, err)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %d, want %d", pageURL, resp.StatusCode, http.StatusOK)
	}
	if enc := resp.Header.Get("Content-Encoding"); compressed && enc != "gzip" {
		return fmt.Errorf("GET %s: sent with Content-Encoding %q, want gzip", pageURL, enc)
	}
	return nil
}

// expect gets a page, as a phone does (gzip), and checks its status.
func expect(ctx context.Context, client *http.Client, pageURL string, status int) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, pageURL, nil)
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != status {
		return fmt.Errorf("GET %s: %d, want %d", pageURL, resp.StatusCode, status)
	}
	return nil
}

// saver saves rounds into a game by points of its own (four players, no
// end), as a phone would with a fresh form each time: a new idempotency
// token, the version it last saw, and points that move every total and
// now and then a seat's best or worst round, as a real round does (a
// round of zeros would leave the seats' rows as they were, which SQLite
// then does not write). Given several servers (of one database), it
// sends its saves to each in turn, as a round-robin load balancer would.
type saver struct {
	mu      sync.Mutex
	client  *http.Client
	bases   []string
	next    int // the server of the next save, an index in bases
	game    string
	form    map[string][]string
	version int
	round   int
}

func newSaver(ctx context.Context, bases ...string) (*saver, error) {
	client := phoneClient(len(bases))
	game, err := newPointsGame(ctx, client, bases[0])
	if err != nil {
		return nil, err
	}
	v, err := form(ctx, client, bases[0]+game+"/hands/new")
	if err != nil {
		return nil, err
	}
	version, _ := strconv.Atoi(v.Get("version"))
	return &saver{client: client, bases: bases, game: game, form: v, version: version}, nil
}

// newPointsGame starts a game by points (P1) of four players that goes on
// until the table ends it, and returns its link ("/g/...").
func newPointsGame(ctx context.Context, client *http.Client, base string) (string, error) {
	return startGame(ctx, client, base, "points", map[string][]string{"name": {"Load"}, "end": {"open"}, "wins": {"highest"},
		"players": {"Ann", "Bob", "Cy", "Di"}})
}

// roundPoints are round n's points: every seat's differ from the last
// round's, a few of them are new bests or worsts, and they sum to about
// zero, so no total runs away.
func roundPoints(n int) []string {
	out := make([]string, 4)
	for seat := range out {
		out[seat] = strconv.Itoa((n*7+seat*13)%41 - 20)
	}
	return out
}

func (s *saver) save(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := make(map[string][]string, len(s.form))
	for k, vs := range s.form {
		v[k] = vs
	}
	v["token"] = []string{db.NewToken()}
	v["version"] = []string{strconv.Itoa(s.version)}
	v["points"] = roundPoints(s.round)
	base := s.bases[s.next%len(s.bases)]
	s.next++
	status, loc, err := post(ctx, s.client, base+s.game+"/hands", v)
	if err != nil {
		return err
	}
	// Saved is a 303 to the scorepad; a page shown instead (a conflict, a
	// refusal) is a 303 to where it is kept (?shown=).
	if status != http.StatusSeeOther || strings.Contains(loc, "shown=") {
		return fmt.Errorf("POST %s%s/hands: %d %s", base, s.game, status, loc)
	}
	s.version++
	s.round++
	return nil
}

// fsyncRate is how many 4 KB writes, each followed by fsync, the disk
// holding dir completes per second: with synchronous=FULL, a commit
// costs at least one.
func fsyncRate(dir string, d time.Duration) (float64, error) {
	return syncedWrites(dir, d, 1, 4096)
}

// commitPages is about how many pages a save by points changes (the
// hand, its revision, the form's token, each with an index, the seats
// and the game), each a frame of SQLite's log: a 4 KB page and its
// 24-byte header.
const commitPages, frameBytes = 8, 4096 + 24

// commitRate is how many commits of one save's log frames, each followed
// by fsync, the disk completes per second: the rate if every save had a
// commit of its own.
func commitRate(dir string, d time.Duration) (float64, error) {
	return syncedWrites(dir, d, commitPages, frameBytes)
}

// syncedWrites writes blocks of size bytes, n at a time one after the
// other (in a file of 256 blocks, written again from its start as a
// log is), each n followed by fsync, for d, and returns the fsyncs a
// second.
func syncedWrites(dir string, d time.Duration, n, size int) (float64, error) {
	f, err := os.CreateTemp(dir, "fsync-")
	if err != nil {
		return 0, err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	block := make([]byte, size)
	syncs, at := 0, 0
	start := time.Now()
	for time.Since(start) < d {
		for range n {
			if _, err := f.WriteAt(block, int64(at%256)*int64(size)); err != nil {
				return 0, err
			}
			at++
		}
		if err := f.Sync(); err != nil {
			return 0, err
		}
		syncs++
	}
	return float64(syncs) / time.Since(start).Seconds(), nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// tempDirOf is where serve puts its database: the system's temporary
// directory.
func tempDirOf() string { return filepath.Clean(os.TempDir()) }
