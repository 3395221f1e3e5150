package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// attack is one of two attacks on a meldpad, each run for a while as
// the others are measured: /healthz asked every 100 ms on a new
// connection (in a process of its own, as -siege does) and a hand saved
// every second, from 127.0.0.1.
//
//   - slow-body: addrs addresses (127.0.0.2 and on) each open conns
//     connections of POST /games with Content-Length: 60000 and send the
//     body one byte every every, opening again each connection the
//     server closes a tenth of a second later;
//   - heavy-get: a league of 5,000 games is imported (its export, 23 MB),
//     then conns connections from one address (127.0.0.2) ask for its
//     export (/lo/ORG/export.json) over and over, and as many for its
//     games' CSV.
type attack struct {
	kind      string
	base      string
	pid       int
	addrs     int
	conns     int
	every     time.Duration
	dur       time.Duration
	maxHealth time.Duration
	maxSave   time.Duration
}

func (a *attack) run(ctx context.Context, out io.Writer) error {
	from := net.IPv4(127, 0, 0, 1)
	checker := newClient(from, true)
	game, err := newGame(ctx, checker, a.base)
	if err != nil {
		return fmt.Errorf("attack: start a game: %w", err)
	}
	var target string
	if a.kind == "heavy-get" {
		if target, err = a.importLeague(ctx, out); err != nil {
			return err
		}
	}
	sg := &siege{base: a.base, pid: a.pid, checkFrom: from, healthEvery: 100 * time.Millisecond, saveEvery: time.Second}
	rep := &siegeReport{streamsByAddr: map[string]*streamCounts{}, importStatus: map[int]int{}}

	checkCtx, stopChecks := context.WithCancel(ctx)
	var checks sync.WaitGroup
	checks.Add(2)
	go func() { defer checks.Done(); sg.checkHealth(checkCtx, rep) }()
	go func() { defer checks.Done(); sg.save(checkCtx, rep, checker, game) }()
	quietFrom := time.Now()
	sleep(ctx, 3*time.Second) // quiet, for a baseline

	if a.pid > 0 {
		_ = os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", a.pid), []byte("5"), 0)
	}
	attackCtx, stopAttack := context.WithTimeout(ctx, a.dur)
	statuses := &statusCounts{byStatus: map[int]int{}}
	started := time.Now()
	savesBefore := len(rep.saveTimes)
	switch a.kind {
	case "slow-body":
		a.slowBodies(attackCtx, statuses)
	case "heavy-get":
		a.heavyGets(attackCtx, statuses, target)
	default:
		stopAttack()
		stopChecks()
		checks.Wait()
		return fmt.Errorf("attack %q: want slow-body or heavy-get", a.kind)
	}
	stopAttack()
	ended := time.Now()
	peak := 0
	if a.pid > 0 {
		peak, _ = procStatus(a.pid, "VmHWM")
	}
	stopChecks()
	checks.Wait()

	var before, during []time.Duration
	for _, h := range rep.health {
		switch {
		case !h.at.Before(quietFrom) && h.at.Before(started):
			before = append(before, h.took)
		case !h.at.Before(started) && h.at.Before(ended):
			during = append(during, h.took)
		}
	}
	saves := rep.saveTimes[min(savesBefore, len(rep.saveTimes)):]
	fmt.Fprintf(out, "attack %s for %s: %s\n", a.kind, a.dur, statuses)
	fmt.Fprintf(out, "/healthz before the attack: %s\n", percentiles(before))
	fmt.Fprintf(out, "/healthz during the attack: %s; %d failed\n", percentiles(during), rep.healthFailed)
	fmt.Fprintf(out, "saves during the attack:    %s; %d of %d saved\n", percentiles(saves), rep.saved, rep.saves)
	for _, e := range rep.saveErrors {
		fmt.Fprintf(out, "  save failed: %s\n", e)
	}
	if a.pid > 0 {
		fmt.Fprintf(out, "server memory at its peak during the attack: %s (VmHWM)\n", kbWords(peak))
	}
	var failures []string
	if len(during) == 0 {
		failures = append(failures, "/healthz never answered during the attack")
	} else if p99 := quantile(sortedCopy(during), 0.99); p99 > a.maxHealth {
		failures = append(failures, fmt.Sprintf("/healthz p99 %s over %s", round(p99), a.maxHealth))
	}
	if rep.healthFailed > 0 {
		failures = append(failures, fmt.Sprintf("/healthz failed %d times", rep.healthFailed))
	}
	if len(saves) == 0 || rep.saved < rep.saves {
		failures = append(failures, fmt.Sprintf("%d of %d saves", rep.saved, rep.saves))
	} else if worst := quantile(sortedCopy(saves), 1); worst > a.maxSave {
		failures = append(failures, fmt.Sprintf("a save took %s, over %s", round(worst), a.maxSave))
	}
	if len(failures) > 0 {
		return errors.New("attack: " + strings.Join(failures, "; "))
	}
	fmt.Fprintln(out, "the server stayed healthy")
	return nil
}

func sortedCopy(ds []time.Duration) []time.Duration { return slices.Sorted(slices.Values(ds)) }

// statusCounts counts the attacker's answers.
type statusCounts struct {
	mu       sync.Mutex
	byStatus map[int]int // 0: closed or cut without an answer
	bytes    atomic.Int64
}

func (s *statusCounts) add(status int) {
	s.mu.Lock()
	s.byStatus[status]++
	s.mu.Unlock()
}

func (s *statusCounts) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var parts []string
	for st, n := range s.byStatus {
		what := fmt.Sprint(st)
		if st == 0 {
			what = "closed by the server"
		}
		parts = append(parts, fmt.Sprintf("%d x %s", n, what))
	}
	if b := s.bytes.Load(); b > 0 {
		parts = append(parts, megabytes(int(b))+" received")
	}
	return strings.Join(parts, ", ")
}

// slowBodies holds a.conns connections from each of a.addrs addresses,
// each sending a body a byte at a time, until ctx ends.
func (a *attack) slowBodies(ctx context.Context, st *statusCounts) {
	host := strings.TrimPrefix(a.base, "http://")
	var wg sync.WaitGroup
	for i := range a.addrs {
		from := addrPlus(net.IPv4(127, 0, 0, 2), i)
		for range a.conns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for ctx.Err() == nil {
					st.add(slowPostOnce(ctx, from, host, a.every))
					// Open again a tenth of a second later: at once, this
					// process (on the same processors) would measure
					// itself more than the server.
					sleep(ctx, 100*time.Millisecond)
				}
			}()
		}
	}
	wg.Wait()
}

// slowPostOnce sends one slow POST on a new connection until the server
// answers or closes it, or ctx ends; it returns the status, 0 when the
// connection ended without one.
func slowPostOnce(ctx context.Context, from net.IP, host string, every time.Duration) int {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: from}, Timeout: 10 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		sleep(ctx, 100*time.Millisecond)
		return 0
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	if _, err := fmt.Fprintf(conn, "POST /games HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\n", host); err != nil {
		return 0
	}
	answered := make(chan int, 1)
	go func() {
		line := make([]byte, 12)
		if n, err := io.ReadFull(conn, line); err == nil && n == 12 && bytes.HasPrefix(line, []byte("HTTP/1.1 ")) {
			var status int
			fmt.Sscanf(string(line[9:12]), "%d", &status)
			answered <- status
			return
		}
		answered <- 0
	}()
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case status := <-answered:
			return status
		case <-tick.C:
			if _, err := conn.Write([]byte("a")); err != nil {
				return <-answered
			}
		}
	}
}

// importLeague imports the seeded league of 5,000 games and returns its
// organizer's path ("/lo/...").
func (a *attack) importLeague(ctx context.Context, out io.Writer) (string, error) {
	sg := &siege{}
	file, err := sg.loadImportFile(ctx, out)
	if err != nil {
		return "", err
	}
	resp, err := postImport(ctx, newClient(net.IPv4(127, 0, 0, 9), true), a.base, file)
	if err != nil {
		return "", err
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	org := organizerRe.Find(page)
	if org == nil {
		return "", fmt.Errorf("import: %d, no organizer's link on the page", resp.StatusCode)
	}
	fmt.Fprintf(out, "imported a league of 5,000 games (%s): %s\n", megabytes(len(file)), org)
	return string(org), nil
}

var organizerRe = regexp.MustCompile(`/lo/[a-z2-7]{26}`)

// heavyGets asks, on a.conns connections from one address, for the
// league's export, and on as many for its games' CSV, over and over
// until ctx ends.
func (a *attack) heavyGets(ctx context.Context, st *statusCounts, organizer string) {
	client := newClient(net.IPv4(127, 0, 0, 2), true)
	client.Transport.(*http.Transport).MaxIdleConnsPerHost = 2 * a.conns
	client.Timeout = time.Minute
	members := a.membersOf(ctx, client, organizer)
	paths := []string{organizer + "/export.json", members + "/games.csv"}
	var wg sync.WaitGroup
	for i := range 2 * a.conns {
		path := paths[i%2]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, a.base+path, nil)
				req.Header.Set("Accept-Encoding", "identity") // the whole file, as a script reads it
				resp, err := client.Do(req)
				if err != nil {
					if ctx.Err() == nil {
						st.add(0)
					}
					continue
				}
				n, _ := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				st.bytes.Add(n)
				st.add(resp.StatusCode)
				if resp.StatusCode != http.StatusOK {
					sleep(ctx, 100*time.Millisecond) // a script that retries at once
				}
			}
		}()
	}
	wg.Wait()
}

var membersRe = regexp.MustCompile(`/l/[a-z2-7]{26}`)

// membersOf finds the members' link on the organizer's page.
func (a *attack) membersOf(ctx context.Context, client *http.Client, organizer string) string {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, a.base+organizer, nil)
	resp, err := client.Do(req)
	if err != nil {
		return organizer
	}
	defer resp.Body.Close()
	page, _ := io.ReadAll(resp.Body)
	if m := membersRe.Find(page); m != nil {
		return string(m)
	}
	return organizer
}
