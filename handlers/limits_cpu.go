package handlers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"meldpad/rules/msg"

	"github.com/labstack/echo/v5"
)

// The referee's cost is bounded per client, not only per request
// (Limits.RefereeTimeout): each address has a budget of processor time
// for the referee's routes (the API, the card sheet's preview, the
// referee page), a token bucket of time that holds Budget.Burst and
// refills Burst every Budget.Per. A request is let in while the bucket
// is not empty and charged, once it ends, the processor time it used
// (cpuClock), which may take the bucket below empty; the next waits
// until it refills, with 429 and Retry-After meanwhile. A phone's
// previews cost a few milliseconds a minute and an API script's calls
// microseconds each; a client asking for the slowest deals over and
// over gets a share of one core, not both.

// CPUBudget is the processor time one address may use: Burst at once,
// refilled at Burst every Per. The zero value is the default; Off means
// no budget.
type CPUBudget struct {
	Burst, Per time.Duration
	Off        bool
}

// defaultRefereeCPU lets one address use a fifth of a core on average,
// and two seconds at once: hundreds of the slowest deals' searches.
const defaultRefereeCPU = "2s/10s"

// ParseCPUBudget reads a budget as the flags give it: "2s/10s" (two
// seconds of processor time at once, two more every ten seconds), or
// "off".
func ParseCPUBudget(s string) (CPUBudget, error) {
	s = strings.TrimSpace(s)
	if s == "off" {
		return CPUBudget{Off: true}, nil
	}
	burst, per, ok := strings.Cut(s, "/")
	b, err1 := time.ParseDuration(burst)
	p, err2 := time.ParseDuration(per)
	if !ok || err1 != nil || err2 != nil || b < time.Millisecond || p < b {
		return CPUBudget{}, fmt.Errorf("budget %q: want processor time over a longer time, as 2s/10s, or off", s)
	}
	return CPUBudget{Burst: b, Per: p}, nil
}

func mustParseCPUBudget(s string) CPUBudget {
	b, err := ParseCPUBudget(s)
	if err != nil {
		panic(err)
	}
	return b
}

// String prints the budget as ParseCPUBudget reads it.
func (b CPUBudget) String() string {
	switch {
	case b.Off:
		return "off"
	case b == CPUBudget{}:
		return "default"
	}
	return b.Burst.String() + "/" + b.Per.String()
}

// cpuBuckets hold each address's processor time left.
type cpuBuckets struct {
	budget CPUBudget
	mu     sync.Mutex
	left   map[string]*cpuBucket
	sweep  time.Time // when full buckets were last forgotten
}

type cpuBucket struct {
	left time.Duration // may be below 0: used beyond the budget
	at   time.Time     // when left was worked out
}

func newCPUBuckets(b CPUBudget) *cpuBuckets {
	return &cpuBuckets{budget: b, left: map[string]*cpuBucket{}, sweep: time.Now()}
}

// refill brings b up to now; the caller holds mu.
func (cb *cpuBuckets) refill(b *cpuBucket, now time.Time) {
	gained := time.Duration(float64(now.Sub(b.at)) * float64(cb.budget.Burst) / float64(cb.budget.Per))
	b.left = min(cb.budget.Burst, b.left+gained)
	b.at = now
}

// admit reports whether client has time left; if not, how long until it
// has.
func (cb *cpuBuckets) admit(client string, now time.Time) (bool, time.Duration) {
	cb.mu.Lock()
	defer cb.mu.Unlock()
	b, ok := cb.left[client]
	if !ok {
		return true, 0
	}
	cb.refill(b, now)
	if b.left > 0 {
		return true, 0
	}
	wait := time.Duration(float64(-b.left)*float64(cb.budget.Per)/float64(cb.budget.Burst)) + time.Millisecond
	return false, wait
}

// charge takes used from client's time.
func (cb *cpuBuckets) charge(client string, used time.Duration, now time.Time) {
	cb.mu.Lock()
	defer cb.mu.Unlock()
	b, ok := cb.left[client]
	if !ok {
		b = &cpuBucket{left: cb.budget.Burst, at: now}
		cb.left[client] = b
	}
	cb.refill(b, now)
	b.left -= used
	if now.Sub(cb.sweep) > cb.budget.Per {
		// A full bucket is as good as none: forgotten, so that the map
		// holds only the clients of the last while.
		for k, other := range cb.left {
			if cb.refill(other, now); other.left >= cb.budget.Burst {
				delete(cb.left, k)
			}
		}
		cb.sweep = now
	}
}

// refereeBudget charges the referee's routes to their client's budget
// (Limits.RefereeCPU), and refuses with 429 a client that has none left.
// It also runs them through a gate of their own (as heavy reads do,
// limits_heavy.go): one at a time per address with heavyQueue waiting,
// half the processors at most over all addresses, refereeWait at most
// spent waiting. A budget of "off" turns both off.
func (s *Server) refereeBudget() echo.MiddlewareFunc {
	budget := s.limits.RefereeCPU
	buckets := newCPUBuckets(budget)
	gate := newHeavyGate(heavySlots())
	gate.wait = refereeWait
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		if budget.Off {
			return next
		}
		return func(c *echo.Context) error {
			if !refereeRoute(c) {
				return next(c)
			}
			client := clientKey(c.RealIP())
			if ok, wait := buckets.admit(client, time.Now()); !ok {
				return refusal{status: http.StatusTooManyRequests, retry: wait,
					title:   msg.New("limits.referee_moment"),
					message: msg.New("limits.referee_share_text", msg.S("Budget", budget.String()), msg.M("Wait", retryIn(wait))),
					apiMessage: "rate limit: this address used its share of the referee's processor time (" + budget.String() +
						"); retry after " + waitWords(wait),
				}.send(c)
			}
			// One computation at a time per address, and no more at once
			// than half the processors: a burst within the budget (eight
			// connections of one address) must not take every core from
			// the saves and /healthz of everyone else.
			ctx := c.Request().Context()
			leave, err := gate.turn(ctx, client)
			if err == nil {
				var free func()
				if free, err = gate.slot(ctx); err != nil {
					leave()
				} else {
					defer leave()
					defer free()
				}
			}
			if err != nil {
				if r := refereeGateRefusal(err); r != nil {
					return r.send(c)
				}
				return err
			}
			clock := startCPUClock()
			err = next(c)
			buckets.charge(client, clock.stop(), time.Now())
			return err
		}
	}
}

// refereeWait is the longest a referee computation waits for its turn.
const refereeWait = 2 * time.Second

// refereeGateRefusal answers a referee computation its gate refused, or
// nil for any other error.
func refereeGateRefusal(err error) *refusal {
	const retry = 2 * time.Second
	switch {
	case errors.Is(err, errHeavyBusy):
		return &refusal{status: http.StatusTooManyRequests, retry: retry,
			title:      msg.New("limits.referee_moment"),
			message:    msg.New("limits.referee_waiting_text", msg.M("Wait", retryIn(retry))),
			apiMessage: "rate limit: this address has referee questions under way; retry after " + waitWords(retry)}
	case errors.Is(err, errHeavyFull), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		// Waited too long, or the client went while it waited.
		return &refusal{status: http.StatusServiceUnavailable, retry: retry,
			title:      msg.New("limits.busy"),
			message:    msg.New("limits.referee_busy_text", msg.M("Wait", retryIn(retry))),
			apiMessage: "the referee is busy; retry after " + waitWords(retry)}
	}
	return nil
}
