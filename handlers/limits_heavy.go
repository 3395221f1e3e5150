package handlers

import (
	"context"
	"errors"
	"net/http"
	"runtime"
	"sync"
	"time"

	"meldpad/rules/msg"

	"github.com/labstack/echo/v5"
	"golang.org/x/sync/singleflight"
)

// Heavy reads are the pages and files whose cost grows with what is
// stored: a league's standings, a player's page, the list of a league's
// games, its CSV files and its export, a game's history and its
// scorepad. Each is computed once per version of what it shows and kept
// (pageCache, fileCache, leagueCache), so that asking again costs
// nothing; what is left to bound is computing them, which for a league
// of 5,000 games takes a second of processor time and a few hundred MB.
//
// So a computation (not an answer from a cache) runs under heavyGate:
//
//   - the same computation asked for at once by several phones runs once
//     (singleflight), the others waiting for its answer;
//   - one address computes one at a time, and heavyQueue more may wait
//     for their turn; more are refused with 429 and Retry-After;
//   - at most heavySlots computations run at once over all addresses
//     (half the processors, at least one), so that the rest of the
//     server (saves, /healthz) keeps a processor; a computation that
//     waits longer than heavyWait is refused with 503 and Retry-After.
const (
	heavyQueue = 2
	heavyWait  = 10 * time.Second
	heavyRetry = 5 * time.Second
)

// heavySlots is how many heavy computations run at once.
func heavySlots() int { return max(1, runtime.GOMAXPROCS(0)/2) }

// heavyGate admits heavy computations (see above).
type heavyGate struct {
	flights singleflight.Group
	slots   chan struct{}
	wait    time.Duration // heavyWait; shorter in tests

	mu       sync.Mutex
	byClient map[string]*clientTurns
}

// clientTurns is one address's computation under way and those waiting.
type clientTurns struct {
	admitted int           // running and waiting
	turn     chan struct{} // holds a value while one of its computations runs
}

func newHeavyGate(slots int) *heavyGate {
	return &heavyGate{slots: make(chan struct{}, slots), wait: heavyWait, byClient: map[string]*clientTurns{}}
}

// errHeavyBusy and errHeavyFull are computations refused: the address
// has its share waiting already, or the server's turns are taken.
var (
	errHeavyBusy = errors.New("handlers: this address has heavy reads under way")
	errHeavyFull = errors.New("handlers: the server's heavy reads are all taken")
)

// clientCtxKey marks a request's context with its client's address
// (clientKey), for the computations that have only the context.
type clientCtxKey struct{}

// withClient puts the request's client into its context.
func withClient() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			if c.Request().Method == http.MethodGet {
				ctx := context.WithValue(c.Request().Context(), clientCtxKey{}, clientKey(c.RealIP()))
				c.SetRequest(c.Request().WithContext(ctx))
			}
			return next(c)
		}
	}
}

func clientOf(ctx context.Context) string {
	client, _ := ctx.Value(clientCtxKey{}).(string)
	return client
}

// do runs compute for key under the gate, or returns the answer of the
// same computation under way. A computation refused for another address
// (whose answer this one was waiting for) is tried again for this one.
//
// A computation within another (a league's CSV file reading the league)
// runs in the slot of the one it is part of; one asked for by a request
// that has its address's turn already (keptFile) takes only a slot.
func (g *heavyGate) do(ctx context.Context, key string, compute func(ctx context.Context) (any, error)) (any, error) {
	if ctx.Value(heavySlotKey{}) != nil {
		return compute(ctx)
	}
	run := func() (any, error) {
		if ctx.Value(heavyTurnKey{}) == nil {
			release, err := g.turn(ctx, clientOf(ctx))
			if err != nil {
				return nil, err
			}
			defer release()
		}
		release, err := g.slot(ctx)
		if err != nil {
			return nil, err
		}
		defer release()
		return compute(context.WithValue(context.WithoutCancel(ctx), heavySlotKey{}, true))
	}
	v, err, shared := g.flights.Do(key, run)
	if shared && (errors.Is(err, errHeavyBusy) || errors.Is(err, errHeavyFull) || errors.Is(err, context.Canceled)) {
		return run()
	}
	return v, err
}

// heavyTurnKey marks the context of a request that has its address's
// turn; heavySlotKey that of a computation that has a slot.
type (
	heavyTurnKey struct{}
	heavySlotKey struct{}
)

// withTurn waits for the address's turn (turn) and returns the context
// that says it has it, and the function that gives it back.
func (g *heavyGate) withTurn(ctx context.Context) (context.Context, func(), error) {
	release, err := g.turn(ctx, clientOf(ctx))
	if err != nil {
		return ctx, nil, err
	}
	return context.WithValue(ctx, heavyTurnKey{}, true), release, nil
}

// turn waits for client's turn: one heavy read at a time, heavyQueue
// waiting, more refused (errHeavyBusy); waiting longer than the gate's
// wait is errHeavyFull.
func (g *heavyGate) turn(ctx context.Context, client string) (release func(), err error) {
	g.mu.Lock()
	turns := g.byClient[client]
	if turns == nil {
		turns = &clientTurns{turn: make(chan struct{}, 1)}
		g.byClient[client] = turns
	}
	if turns.admitted > heavyQueue {
		g.mu.Unlock()
		return nil, errHeavyBusy
	}
	turns.admitted++
	g.mu.Unlock()
	leave := func() {
		g.mu.Lock()
		if turns.admitted--; turns.admitted == 0 {
			delete(g.byClient, client)
		}
		g.mu.Unlock()
	}
	select {
	case turns.turn <- struct{}{}: // free: taken, whatever the context
		return func() { <-turns.turn; leave() }, nil
	default:
	}
	timer := time.NewTimer(g.wait)
	defer timer.Stop()
	select {
	case turns.turn <- struct{}{}:
		return func() { <-turns.turn; leave() }, nil
	case <-ctx.Done():
		leave()
		return nil, ctx.Err()
	case <-timer.C:
		leave()
		return nil, errHeavyFull
	}
}

// slot waits for one of the server's slots (errHeavyFull past the gate's
// wait).
func (g *heavyGate) slot(ctx context.Context) (release func(), err error) {
	select {
	case g.slots <- struct{}{}: // free: taken, whatever the context
		return func() { <-g.slots }, nil
	default:
	}
	timer := time.NewTimer(g.wait)
	defer timer.Stop()
	select {
	case g.slots <- struct{}{}:
		return func() { <-g.slots }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-timer.C:
		return nil, errHeavyFull
	}
}

// heavyRefusal is the answer to a computation the gate refused, or nil
// for any other error.
func heavyRefusal(err error) *refusal {
	switch {
	case errors.Is(err, errHeavyBusy):
		return &refusal{status: http.StatusTooManyRequests, retry: heavyRetry,
			title:      msg.New("limits.one_page"),
			message:    msg.New("limits.one_page_text", msg.M("Wait", retryIn(heavyRetry))),
			apiMessage: "this address has large reads under way; retry after " + waitWords(heavyRetry)}
	case errors.Is(err, errHeavyFull):
		return &refusal{status: http.StatusServiceUnavailable, retry: heavyRetry,
			title:      msg.New("limits.busy"),
			message:    msg.New("limits.pages_busy_text", msg.M("Wait", retryIn(heavyRetry))),
			apiMessage: "the server is busy with large reads; retry after " + waitWords(heavyRetry)}
	}
	return nil
}

// heavyErrors answers a refused heavy computation (heavyRefusal) with
// its page and Retry-After.
func heavyErrors() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			err := next(c)
			if r := heavyRefusal(err); r != nil && !response(c).Committed {
				return r.send(c)
			}
			return err
		}
	}
}
