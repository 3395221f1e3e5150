package handlers

import (
	"bufio"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// slowPost starts a POST of a form of 60,000 bytes on conn and sends its
// body one byte every every until stop is closed or the connection ends.
func slowPost(conn net.Conn, every time.Duration, stop <-chan struct{}) {
	if _, err := io.WriteString(conn, "POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\n"); err != nil {
		return
	}
	for {
		if _, err := io.WriteString(conn, "a"); err != nil {
			return
		}
		select {
		case <-stop:
			return
		case <-time.After(every):
		}
	}
}

// TestSlowBodiesDoNotHoldEveryConnection: connections that send a body a
// byte at a time, as many as the total allows, from several addresses,
// do not keep another client out: /healthz on a new connection is
// answered within a second each time (finding: 9 addresses x 56 such
// connections, and /healthz from a tenth timed out on 6 of 11 tries).
func TestSlowBodiesDoNotHoldEveryConnection(t *testing.T) {
	const total = 8
	app := newLimitedApp(t, Options{Limits: Limits{MaxConns: total, MaxConnsPerClient: total / 2,
		BodyTimeout: time.Minute, RateWrites: RateOff}})
	stop := make(chan struct{})
	var attackers sync.WaitGroup
	defer func() { close(stop); attackers.Wait() }()
	// The attackers open again every connection the server closes.
	for i := range total + 2 {
		from := "127.0.0." + itoa(2+i%3)
		attackers.Add(1)
		go func() {
			defer attackers.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 2 * time.Second}
				conn, err := d.Dial("tcp", app.srv.Listener.Addr().String())
				if err != nil {
					time.Sleep(50 * time.Millisecond)
					continue
				}
				go func() { <-stop; conn.Close() }()
				slowPost(conn, 300*time.Millisecond, stop)
				conn.Close()
			}
		}()
	}
	time.Sleep(time.Second) // every connection held
	for try := range 5 {
		start := time.Now()
		if !answers(dialFrom(t, app, "127.0.0.9"), 2*time.Second) {
			t.Fatalf("try %d: /healthz not answered within 2 s beside slow bodies", try+1)
		}
		if took := time.Since(start); took > time.Second {
			t.Errorf("try %d: /healthz took %s beside slow bodies", try+1, took)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestSlowBodyIsCutOff: a body that arrives slower than MinBodyRate after
// BodyTimeout is cut off and its connection closed, while one that keeps
// the rate is read whole.
func TestSlowBodyIsCutOff(t *testing.T) {
	app := newLimitedApp(t, Options{Limits: Limits{BodyTimeout: 500 * time.Millisecond, MinBodyRate: 1000, RateWrites: RateOff}})

	conn := dialFrom(t, app, "127.0.0.2")
	stop := make(chan struct{})
	defer close(stop)
	start := time.Now()
	go slowPost(conn, 100*time.Millisecond, stop)
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, _ = io.Copy(io.Discard, conn) // until the server closes it
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("a body of 10 bytes a second was cut off after %s, want about 0.5 s", took)
	}

	// 6,000 bytes at about 6,000 a second: read whole, and answered.
	fast := dialFrom(t, app, "127.0.0.3")
	io.WriteString(fast, "POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 6000\r\n\r\n")
	for range 6 {
		time.Sleep(150 * time.Millisecond)
		io.WriteString(fast, strings.Repeat("a", 1000))
	}
	fast.SetReadDeadline(time.Now().Add(5 * time.Second))
	line, err := bufio.NewReader(fast).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "HTTP/1.1 ") {
		t.Fatalf("a body sent at 6 KB/s was not answered: %q, %v", line, err)
	}
}
