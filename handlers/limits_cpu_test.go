package handlers

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v5"
)

// slowFlatheadBody is the API body of the Flathead deal that took the
// referee longest to score (rules/flathead/testdata/slow-deals.json): the
// first loser holds nothing, so the winner is seat 0.
func slowFlatheadBody(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../rules/flathead/testdata/slow-deals.json")
	if err != nil {
		t.Fatal(err)
	}
	var deals []flatheadScoreBody
	if err := json.Unmarshal(b, &deals); err != nil {
		t.Fatal(err)
	}
	deal := deals[0]
	deal.BonusMarks = make([]int, len(deal.Hands))
	body, _ := json.Marshal(deal)
	return string(body)
}

// TestRefereeCPUBudget: a client that keeps the referee busy is refused
// with 429 and Retry-After once it has used its processor time, whatever
// the rate of its requests, while another address is still served
// (finding: 8 connections from one address, within the API's rate,
// asking for the slowest Flathead deal filled both cores).
func TestRefereeCPUBudget(t *testing.T) {
	app := newLimitedApp(t, Options{TrustedProxies: loopback, Limits: Limits{
		RateAPI: RateOff, RefereeCPU: CPUBudget{Burst: 5 * time.Millisecond, Per: time.Hour},
	}})
	body := slowFlatheadBody(t)
	send := func(from string) *http.Response {
		req, _ := http.NewRequest(http.MethodPost, app.srv.URL+"/api/v1/flathead/hands/score", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", from)
		resp, err := app.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	const attacker = "198.51.100.7"
	refused := 0
	var sent int
	for sent = 1; sent <= 2000; sent++ {
		resp := send(attacker)
		if resp.StatusCode == http.StatusTooManyRequests {
			refused = sent
			if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err != nil || s < 1 {
				t.Errorf("429 with Retry-After %q", resp.Header.Get("Retry-After"))
			}
			break
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("request %d: %d", sent, resp.StatusCode)
		}
	}
	if refused == 0 {
		t.Fatalf("2,000 of the slowest deals from one address, none refused")
	}
	if resp := send(attacker); resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("after its budget, the same address got %d, want 429", resp.StatusCode)
	}
	if resp := send("198.51.100.8"); resp.StatusCode != http.StatusOK {
		t.Errorf("another address got %d beside a refused one, want 200", resp.StatusCode)
	}
}

// TestCPUBucketsRefill: the budget is a bucket of time that refills at
// Burst per Per, may be overdrawn by one request, and forgets full
// buckets.
func TestCPUBucketsRefill(t *testing.T) {
	b := newCPUBuckets(CPUBudget{Burst: time.Second, Per: 10 * time.Second})
	at := time.Now()
	if ok, _ := b.admit("a", at); !ok {
		t.Fatal("a new client was refused")
	}
	b.charge("a", 3*time.Second, at) // one long request overdraws
	ok, wait := b.admit("a", at)
	if ok || wait < 20*time.Second || wait > 21*time.Second {
		t.Errorf("2 s overdrawn at 0.1 s a second: admitted %v, wait %s; want refused for 20 s", ok, wait)
	}
	if ok, _ := b.admit("a", at.Add(21*time.Second)); !ok {
		t.Errorf("refused once refilled")
	}
	if ok, _ := b.admit("b", at); !ok {
		t.Errorf("another client refused")
	}
	b.charge("b", time.Millisecond, at.Add(time.Minute)) // sweeps: a is full again by now
	if _, kept := b.left["a"]; kept {
		t.Errorf("a full bucket was kept")
	}
}

func TestParseCPUBudget(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want CPUBudget
		bad  bool
	}{
		{in: "2s/10s", want: CPUBudget{Burst: 2 * time.Second, Per: 10 * time.Second}},
		{in: "500ms/1m", want: CPUBudget{Burst: 500 * time.Millisecond, Per: time.Minute}},
		{in: "off", want: CPUBudget{Off: true}},
		{in: "2s", bad: true},
		{in: "10s/2s", bad: true},
		{in: "0s/1s", bad: true},
		{in: "fast/1s", bad: true},
	} {
		got, err := ParseCPUBudget(tc.in)
		if (err != nil) != tc.bad || (!tc.bad && got != tc.want) {
			t.Errorf("ParseCPUBudget(%q) = %v, %v", tc.in, got, err)
		}
		if again, err := ParseCPUBudget(got.String()); !tc.bad && (err != nil || again != got) {
			t.Errorf("%v prints as %q, which reads as %v, %v", got, got.String(), again, err)
		}
	}
}

// TestRefereeGate: the referee's routes run one at a time per address,
// with heavyQueue more waiting and the rest refused with 429 at once,
// and no more at once over all addresses than heavySlots (finding: eight
// connections of one address within its budget ran eight computations
// at once, /healthz p99 629-890 ms and saves over 1 s).
func TestRefereeGate(t *testing.T) {
	s := &Server{limits: newLimiter(Limits{RefereeCPU: CPUBudget{Burst: time.Hour, Per: time.Hour}})}
	e := echo.New()
	e.IPExtractor = echo.ExtractIPDirect()
	var running, most atomic.Int32
	unblock := make(chan struct{})
	e.Use(s.refereeBudget())
	e.POST("/api/v1/flathead/hands/score", func(c *echo.Context) error {
		n := running.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		<-unblock
		running.Add(-1)
		return c.NoContent(http.StatusOK)
	})
	send := func(from string) chan int {
		done := make(chan int, 1)
		go func() {
			req := httptest.NewRequest(http.MethodPost, "/api/v1/flathead/hands/score", strings.NewReader("{}"))
			req.RemoteAddr = from + ":1234"
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			done <- rec.Code
		}()
		return done
	}
	var answers []chan int
	for range 8 {
		answers = append(answers, send("198.51.100.7"))
	}
	refused := 0
	var waiting []chan int
	for _, a := range answers {
		select {
		case code := <-a:
			if code != http.StatusTooManyRequests {
				t.Errorf("a request beyond the address's queue answered %d, want 429 at once", code)
			}
			refused++
		case <-time.After(300 * time.Millisecond):
			waiting = append(waiting, a)
		}
	}
	if want := 8 - 1 - heavyQueue; refused != want {
		t.Errorf("8 at once from one address: %d refused at once, want %d", refused, want)
	}
	others := []chan int{}
	for i := range 3 * heavySlots() {
		others = append(others, send("198.51.100."+strconv.Itoa(20+i)))
	}
	time.Sleep(200 * time.Millisecond)
	if n := running.Load(); int(n) != heavySlots() {
		t.Errorf("%d computations at once from many addresses, want %d (heavySlots)", n, heavySlots())
	}
	close(unblock)
	for _, a := range append(waiting, others...) {
		select {
		case code := <-a:
			if code != http.StatusOK && code != http.StatusTooManyRequests && code != http.StatusServiceUnavailable {
				t.Errorf("answered %d", code)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("a request never answered")
		}
	}
	if m := most.Load(); int(m) > heavySlots() {
		t.Errorf("at most %d computations ran at once, want at most %d", m, heavySlots())
	}
}
