package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// phones holds n live scorepads of one game open, as n phones at a
// table and around it would, saves a hand, and reports how long each
// phone took to hear of it (the event) and to have the new scorepad
// (brought by the event, or else the page fetched after it, as the
// phone's script does), and the server's memory.
type phones struct {
	base string
	n    int
	pid  int
}

func (p phones) run(ctx context.Context, out io.Writer) error {
	client := phoneClient(64)
	game, err := newGame(ctx, client, p.base)
	if err != nil {
		return err
	}
	host := strings.TrimPrefix(p.base, "http://")
	fetcher := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256}}
	type phone struct{ event, state time.Duration }
	results := make([]phone, p.n)
	var ready, done sync.WaitGroup
	start := make(chan time.Time, 1)
	var startAt time.Time
	var once sync.Once
	for i := range p.n {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			conn, version, lines, err := listen(ctx, host, game+"/events")
			ready.Done()
			if err != nil {
				results[i] = phone{-1, -1}
				return
			}
			defer conn.Close()
			var name string
			for {
				var v int
				if name, v, err = nextEvent(lines); err != nil {
					results[i] = phone{-1, -1}
					return
				}
				if v > version {
					break
				}
			}
			once.Do(func() { startAt = <-start })
			results[i].event = time.Since(startAt)
			if name == "scorepad" { // the event brought the new scorepad itself
				results[i].state = results[i].event
				return
			}
			if err := expect(ctx, fetcher, p.base+game, http.StatusOK); err != nil {
				results[i].state = -1
				return
			}
			results[i].state = time.Since(startAt)
		}()
	}
	ready.Wait()
	var before int
	if p.pid > 0 {
		before, _ = procStatus(p.pid, "VmRSS")
	}
	time.Sleep(time.Second) // every stream has its first event
	t0 := time.Now()
	start <- t0
	if err := saveHand(ctx, client, p.base, game); err != nil {
		return err
	}
	waited := make(chan struct{})
	go func() { done.Wait(); close(waited) }()
	select {
	case <-waited:
	case <-time.After(30 * time.Second):
	case <-ctx.Done():
	}
	var events, states []time.Duration
	failed := 0
	for _, r := range results {
		if r.event <= 0 || r.state <= 0 {
			failed++
			continue
		}
		events, states = append(events, r.event), append(states, r.state)
	}
	fmt.Fprintf(out, "%d phones on one game, one hand saved:\n", p.n)
	fmt.Fprintf(out, "%-40s %8s %8s %8s\n", "", "median", "p99", "last")
	quantiles(out, "the event reached the phone", events)
	quantiles(out, "the phone had the new scorepad", states)
	if failed > 0 {
		fmt.Fprintf(out, "%d phones failed (no stream, or no page)\n", failed)
	}
	if p.pid > 0 {
		peak, _ := procStatus(p.pid, "VmHWM")
		now, _ := procStatus(p.pid, "VmRSS")
		fmt.Fprintf(out, "server memory: %s resident with the streams open, %s after, peak %s (VmHWM)\n", mib(before), mib(now), mib(peak))
	}
	return nil
}

// mib prints a size /proc gives in kB as MiB.
func mib(kB int) string { return strconv.Itoa(kB/1024) + " MiB" }

func quantiles(out io.Writer, name string, ds []time.Duration) {
	if len(ds) == 0 {
		fmt.Fprintf(out, "%-40s none\n", name)
		return
	}
	slices.Sort(ds)
	at := func(q float64) time.Duration { return ds[min(len(ds)-1, int(q*float64(len(ds))))] }
	fmt.Fprintf(out, "%-40s %8s %8s %8s\n", name, round(at(0.5)), round(at(0.99)), round(ds[len(ds)-1]))
}

// listen opens a live-update stream and returns its connection, the
// version its first event gives, and its lines.
func listen(ctx context.Context, host, path string) (net.Conn, int, *bufio.Reader, error) {
	d := net.Dialer{Timeout: 10 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return nil, 0, nil, err
	}
	if _, err := fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n\r\n", path, host); err != nil {
		conn.Close()
		return nil, 0, nil, err
	}
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		conn.Close()
		return nil, 0, nil, fmt.Errorf("stream: %v %v", err, resp)
	}
	lines := bufio.NewReader(resp.Body)
	_, v, err := nextEvent(lines)
	if err != nil {
		conn.Close()
		return nil, 0, nil, err
	}
	return conn, v, lines, nil
}

// nextEvent reads events until one brings a version: its name and the
// version its first data line gives ("data: 7"). The "scorepad" event
// brings the new scorepad on its next lines, read with it.
func nextEvent(r *bufio.Reader) (string, int, error) {
	name, version, data := "", 0, 0
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return "", 0, err
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case line == "":
			if data > 0 {
				return name, version, nil
			}
			name = ""
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			if data++; data == 1 {
				if version, err = strconv.Atoi(strings.TrimPrefix(line, "data: ")); err != nil {
					data = 0 // not a version: skip the event
				}
			}
		}
	}
}
