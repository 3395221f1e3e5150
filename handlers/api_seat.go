package handlers

import (
	"errors"
	"net/http"
	"runtime"

	"github.com/labstack/echo/v5"

	"meldpad/rules/game"
	"meldpad/rules/ruling"
	"meldpad/rules/seating"
)

// seatAnswer is the answer of POST /api/v1/events/seat.
type seatAnswer struct {
	Rounds  []seatRound `json:"rounds"`
	Repeats int         `json:"repeats"`
}

type seatRound struct {
	Tables [][]int `json:"tables"`
	Bye    []int   `json:"bye"`
}

// apiNoSeating is the body of the 422 when not even one table can be
// filled. No rule of a game is broken, so rule is "": present, as in
// every 422 of the API, and empty, as field is in a 400 about the whole
// body.
type apiNoSeating struct {
	Error string `json:"error"`
	Rule  string `json:"rule"`
}

// apiSeat seats the players of an event night at tables for its rounds:
// POST /api/v1/events/seat (seating.Plan). Like every API route it runs
// under the API's rate and the referee's deadline (503 past it); the
// search inside bounds its own work, well inside the deadline.
func (s *Server) apiSeat(c *echo.Context) error {
	body, err := readJSON(c)
	if err != nil {
		return err
	}
	req, err := readSeatRequest(body)
	if err != nil {
		return apiFailure(err)
	}
	plan, err := seating.Plan(c.Request().Context(), req)
	var bad *seating.InputError
	var none *seating.NoTableError
	switch {
	case errors.As(err, &bad):
		return badInput(bad.Field, say(c, bad.Msg))
	case errors.As(err, &none):
		return &apiProblem{status: http.StatusUnprocessableEntity, body: apiNoSeating{Error: say(c, none.Message())}}
	case err != nil:
		return err // the context's: answered 503 (refereeDeadline)
	}
	out := seatAnswer{Rounds: make([]seatRound, len(plan.Rounds)), Repeats: plan.Repeats}
	for i, round := range plan.Rounds {
		out.Rounds[i] = seatRound{Tables: round.Tables, Bye: round.Bye}
		if out.Rounds[i].Bye == nil {
			out.Rounds[i].Bye = []int{}
		}
	}
	return c.JSON(http.StatusOK, out)
}

// seatGate lets at most slots seatings search at once; the others wait
// their turn, until the referee's deadline (503). A seating may search
// for about half a second, far longer than any other API call, so that
// a few clients sending many could otherwise take every processor from
// the scorepads.
func seatGate(slots int) echo.MiddlewareFunc {
	turns := make(chan struct{}, slots)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			select {
			case turns <- struct{}{}:
			default:
				select {
				case turns <- struct{}{}:
				case <-c.Request().Context().Done():
					return c.Request().Context().Err()
				}
			}
			defer func() { <-turns }()
			return next(c)
		}
	}
}

// seatSlots is how many seatings search at once: half the processors,
// so that the rest of meldpad keeps the other half.
func seatSlots() int { return max(1, runtime.GOMAXPROCS(0)/2) }

// seatRequest is the body of events/seat (API.md): players, sizes and
// rounds required, met, byes and seed optional. The numbers' ranges are
// seating.Request's to check.
type seatRequest struct {
	Players int     `json:"players" api:"required"`
	Sizes   []int   `json:"sizes" api:"required"`
	Rounds  int     `json:"rounds" api:"required"`
	Met     [][]int `json:"met"`
	Byes    []int   `json:"byes"`
	Seed    *int64  `json:"seed"`
}

// readSeatRequest reads the body of events/seat: each pair of met must
// be two players.
func readSeatRequest(body []byte) (seating.Request, error) {
	var in seatRequest
	if err := game.Decode(body, &in); err != nil {
		return seating.Request{}, err
	}
	req := seating.Request{Players: in.Players, Sizes: in.Sizes, Rounds: in.Rounds, Byes: in.Byes}
	for i, pair := range in.Met {
		if len(pair) != 2 {
			field := game.Index("met", i)
			return seating.Request{}, ruling.BadInput(field, "%s must be a pair of players, like [0, 1]", field)
		}
		req.Met = append(req.Met, [2]int{pair[0], pair[1]})
	}
	if in.Seed != nil {
		req.Seed = uint64(*in.Seed)
	}
	return req, nil
}
