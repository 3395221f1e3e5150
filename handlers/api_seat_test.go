package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v5"
)

const seatPath = "/api/v1/events/seat"

// seatBody is a request of events/seat as a client sends it.
type seatBody struct {
	Players int      `json:"players"`
	Sizes   []int    `json:"sizes"`
	Rounds  int      `json:"rounds"`
	Met     [][2]int `json:"met"`
	Byes    []int    `json:"byes"`
	Seed    int64    `json:"seed"`
}

// checkSeating fails the test unless raw, the answer to body, seats
// every player once a round at tables of the sizes asked or in the
// fewest byes, gives byes only to those who have sat out least, and
// counts its repeats right.
func checkSeating(t *testing.T, body seatBody, raw []byte) {
	t.Helper()
	var got struct {
		Rounds []struct {
			Tables [][]int `json:"tables"`
			Bye    []int   `json:"bye"`
		} `json:"rounds"`
		Repeats *int `json:"repeats"`
	}
	if err := json.Unmarshal(raw, &got); err != nil || got.Repeats == nil || len(got.Rounds) != body.Rounds {
		t.Fatalf("answer %s (%v)", raw, err)
	}
	n := body.Players
	seatable := make([]bool, n+1)
	seatable[0] = true
	for m := 1; m <= n; m++ {
		for _, s := range body.Sizes {
			seatable[m] = seatable[m] || (s <= m && seatable[m-s])
		}
	}
	fewest := 0
	for !seatable[n-fewest] {
		fewest++
	}
	byes := make([]int, n)
	for _, p := range body.Byes {
		byes[p]++
	}
	meet := map[[2]int]int{}
	for _, pair := range body.Met {
		meet[[2]int{min(pair[0], pair[1]), max(pair[0], pair[1])}]++
	}
	for r, round := range got.Rounds {
		if round.Bye == nil || round.Tables == nil {
			t.Fatalf("round %d: tables or bye missing: %s", r, raw)
		}
		seen := make([]int, n)
		for _, table := range round.Tables {
			if !slices.Contains(body.Sizes, len(table)) {
				t.Fatalf("round %d: a table of %d: %s", r, len(table), raw)
			}
			for i, p := range table {
				if p < 0 || p >= n {
					t.Fatalf("round %d: player %d: %s", r, p, raw)
				}
				seen[p]++
				for _, q := range table[i+1:] {
					meet[[2]int{min(p, q), max(p, q)}]++
				}
			}
		}
		most := -1
		for _, p := range round.Bye {
			if p < 0 || p >= n {
				t.Fatalf("round %d: bye %d: %s", r, p, raw)
			}
			seen[p]++
			most = max(most, byes[p])
		}
		for p, c := range seen {
			if c != 1 {
				t.Fatalf("round %d: player %d seated %d times: %s", r, p, c, raw)
			}
			if !slices.Contains(round.Bye, p) && byes[p] < most {
				t.Fatalf("round %d: a second bye while player %d has had fewer: %s", r, p, raw)
			}
		}
		if len(round.Bye) != fewest {
			t.Fatalf("round %d: %d byes, the fewest is %d: %s", r, len(round.Bye), fewest, raw)
		}
		for _, p := range round.Bye {
			byes[p]++
		}
	}
	repeats := 0
	for _, m := range meet {
		repeats += max(0, m-1)
	}
	if repeats != *got.Repeats {
		t.Fatalf("repeats %d, counted %d: %s", *got.Repeats, repeats, raw)
	}
}

func TestAPISeat(t *testing.T) {
	h := apiHandler(t)
	tests := []struct {
		name    string
		body    seatBody
		repeats int
	}{
		// API.md's example: 16 at four tables of four have five rounds in
		// which everyone meets everyone once, so 0-1 and 2-3, who met,
		// meet again (or someone else does, instead).
		{"API.md's example", seatBody{Players: 16, Sizes: []int{4}, Rounds: 5, Met: [][2]int{{0, 1}, {2, 3}}, Byes: []int{5}, Seed: 7}, 2},
		{"Kirkman's schoolgirls", seatBody{Players: 15, Sizes: []int{3}, Rounds: 7}, 0},
		{"24 at six tables of four", seatBody{Players: 24, Sizes: []int{4}, Rounds: 7, Seed: 3}, 0},
		{"32 at eight tables of four", seatBody{Players: 32, Sizes: []int{4}, Rounds: 9}, 0},
		{"a round robin", seatBody{Players: 12, Sizes: []int{2}, Rounds: 11}, 0},
		{"mixed sizes", seatBody{Players: 14, Sizes: []int{3, 4, 5}, Rounds: 3}, 0},
		{"byes", seatBody{Players: 18, Sizes: []int{4}, Rounds: 4, Byes: []int{0, 1}}, 0},
		{"two players, again and again", seatBody{Players: 2, Sizes: []int{2}, Rounds: 3}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw, _ := json.Marshal(tc.body)
			status, got, answer := callAPI(t, h, http.MethodPost, seatPath, raw)
			if status != http.StatusOK {
				t.Fatalf("status %d: %s", status, answer)
			}
			checkSeating(t, tc.body, answer)
			if got["repeats"] != float64(tc.repeats) {
				t.Errorf("repeats %v, want %d", got["repeats"], tc.repeats)
			}
			// The same body, the same answer.
			if _, _, again := callAPI(t, h, http.MethodPost, seatPath, raw); !bytes.Equal(again, answer) {
				t.Errorf("asked again: %s\nfirst: %s", again, answer)
			}
		})
	}
}

// TestAPISeatErrors: malformed bodies are 400 naming the field, an
// evening where no table fills is 422, and nothing is a 500.
func TestAPISeatErrors(t *testing.T) {
	h := apiHandler(t)
	tests := []struct {
		name   string
		body   string
		status int
		field  string
	}{
		{"not JSON", `{"players": 16,`, 400, ""},
		{"not an object", `[16, [4], 5]`, 400, ""},
		{"empty", ``, 400, ""},
		{"players missing", `{"sizes": [4], "rounds": 5}`, 400, "players"},
		{"players a string", `{"players": "16", "sizes": [4], "rounds": 5}`, 400, "players"},
		{"players a fraction", `{"players": 16.5, "sizes": [4], "rounds": 5}`, 400, "players"},
		{"one player", `{"players": 1, "sizes": [4], "rounds": 5}`, 400, "players"},
		{"201 players", `{"players": 201, "sizes": [4], "rounds": 5}`, 400, "players"},
		{"sizes missing", `{"players": 16, "rounds": 5}`, 400, "sizes"},
		{"sizes not a list", `{"players": 16, "sizes": 4, "rounds": 5}`, 400, "sizes"},
		{"sizes empty", `{"players": 16, "sizes": [], "rounds": 5}`, 400, "sizes"},
		{"a size not a number", `{"players": 16, "sizes": [4, "5"], "rounds": 5}`, 400, "sizes[1]"},
		{"a size too big", `{"players": 16, "sizes": [4, 13], "rounds": 5}`, 400, "sizes[1]"},
		{"a size of one", `{"players": 16, "sizes": [1], "rounds": 5}`, 400, "sizes[0]"},
		{"rounds missing", `{"players": 16, "sizes": [4]}`, 400, "rounds"},
		{"no rounds", `{"players": 16, "sizes": [4], "rounds": 0}`, 400, "rounds"},
		{"21 rounds", `{"players": 16, "sizes": [4], "rounds": 21}`, 400, "rounds"},
		{"met not a list", `{"players": 16, "sizes": [4], "rounds": 5, "met": {"0": 1}}`, 400, "met"},
		{"met a player, not a pair", `{"players": 16, "sizes": [4], "rounds": 5, "met": [3]}`, 400, "met[0]"},
		{"met a triple", `{"players": 16, "sizes": [4], "rounds": 5, "met": [[0, 1], [0, 1, 2]]}`, 400, "met[1]"},
		{"met a stranger", `{"players": 16, "sizes": [4], "rounds": 5, "met": [[0, 16]]}`, 400, "met[0][1]"},
		{"met oneself", `{"players": 16, "sizes": [4], "rounds": 5, "met": [[2, 3], [4, 4]]}`, 400, "met[1][1]"},
		{"met a name", `{"players": 16, "sizes": [4], "rounds": 5, "met": [["Ann", 1]]}`, 400, "met[0][0]"},
		{"a bye twice", `{"players": 16, "sizes": [4], "rounds": 5, "byes": [3, 3]}`, 400, "byes[1]"},
		{"a bye for a stranger", `{"players": 16, "sizes": [4], "rounds": 5, "byes": [-1]}`, 400, "byes[0]"},
		{"byes not a list", `{"players": 16, "sizes": [4], "rounds": 5, "byes": 3}`, 400, "byes"},
		{"seed a fraction", `{"players": 16, "sizes": [4], "rounds": 5, "seed": 0.5}`, 400, "seed"},
		{"seed a string", `{"players": 16, "sizes": [4], "rounds": 5, "seed": "7"}`, 400, "seed"},
		{"no table fills", `{"players": 3, "sizes": [4], "rounds": 1}`, 422, ""},
		{"nulls are left out", `{"players": 4, "sizes": [2], "rounds": 1, "met": null, "byes": null, "seed": null}`, 200, ""},
		{"a negative seed", `{"players": 4, "sizes": [2], "rounds": 1, "seed": -7}`, 200, ""},
		{"a field the request does not have", `{"players": 4, "sizes": [2], "rounds": 1, "names": ["Ann"]}`, 400, "names"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, got, raw := callAPI(t, h, http.MethodPost, seatPath, []byte(tc.body))
			if status != tc.status {
				t.Fatalf("status %d, want %d: %s", status, tc.status, raw)
			}
			checkAnswer(t, status, got, raw)
			switch status {
			case http.StatusBadRequest:
				if field, ok := got["field"].(string); !ok || field != tc.field || got["error"] == "" {
					t.Errorf("field %v, want %q: %s", got["field"], tc.field, raw)
				}
			case http.StatusUnprocessableEntity:
				if got["rule"] != "" || !strings.Contains(got["error"].(string), "3 players cannot fill a single table") {
					t.Errorf("422 body %s", raw)
				}
			}
		})
	}

	t.Run("over 64 KiB", func(t *testing.T) {
		met := strings.Repeat("[0, 1], ", 64<<10/8+1)
		body := `{"players": 16, "sizes": [4], "rounds": 5, "met": [` + met + `[0, 1]]}`
		status, got, raw := callAPI(t, h, http.MethodPost, seatPath, []byte(body))
		if status != http.StatusRequestEntityTooLarge {
			t.Fatalf("status %d: %.200s", status, raw)
		}
		checkAnswer(t, status, got, raw)
	})
	t.Run("just under 64 KiB", func(t *testing.T) {
		met := strings.Repeat("[0,1],", (64<<10-100)/6)
		body := `{"players": 16, "sizes": [4], "rounds": 5, "met": [` + met + `[0,1]]}`
		if len(body) > 64<<10 {
			t.Fatalf("body of %d bytes", len(body))
		}
		if status, _, raw := callAPI(t, h, http.MethodPost, seatPath, []byte(body)); status != http.StatusOK {
			t.Fatalf("status %d: %.200s", status, raw)
		}
	})
	t.Run("GET", func(t *testing.T) {
		if status, _, raw := callAPI(t, h, http.MethodGet, seatPath, nil); status != http.StatusNotFound && status != http.StatusMethodNotAllowed {
			t.Errorf("status %d: %s", status, raw)
		}
	})
}

// TestAPISeatLimits: the seating is an API call like the others,
// counted against the API's rate, and answered 503 past the referee's
// deadline; a body that cannot be seated is refused all the same.
func TestAPISeatLimits(t *testing.T) {
	body := []byte(`{"players": 24, "sizes": [4], "rounds": 7}`)
	h := apiHandlerWith(t, Options{Limits: Limits{RateAPI: Rate{Requests: 2, Per: time.Minute}}})
	for i, want := range []int{http.StatusOK, http.StatusOK, http.StatusTooManyRequests} {
		if status, _, raw := callAPI(t, h, http.MethodPost, seatPath, body); status != want {
			t.Fatalf("call %d: %d, want %d: %s", i+1, status, want, raw)
		}
	}

	h = apiHandlerWith(t, Options{Limits: Limits{RefereeTimeout: time.Nanosecond}})
	status, got, raw := callAPI(t, h, http.MethodPost, seatPath, body)
	if status != http.StatusServiceUnavailable || !strings.Contains(fmt.Sprint(got["error"]), "took too long") {
		t.Errorf("past the deadline: %d %s", status, raw)
	}
	for _, tc := range []struct {
		body   string
		status int
	}{
		{`{"players": 24, "sizes": [13], "rounds": 7}`, http.StatusBadRequest},
		{`{"players": 3, "sizes": [4], "rounds": 7}`, http.StatusUnprocessableEntity},
	} {
		if status, _, raw := callAPI(t, h, http.MethodPost, seatPath, []byte(tc.body)); status != tc.status {
			t.Errorf("%s past the deadline: %d, want %d: %s", tc.body, status, tc.status, raw)
		}
	}
}

// FuzzSeat: no body makes events/seat answer other than 200, 400, 413
// or 422, and every 200 is a valid seating of what was asked.
func FuzzSeat(f *testing.F) {
	for _, s := range []string{
		`{"players": 16, "sizes": [4], "rounds": 5, "met": [[0, 1], [2, 3]], "byes": [5], "seed": 7}`,
		`{"players": 14, "sizes": [3, 4, 5], "rounds": 3}`,
		`{"players": 3, "sizes": [4], "rounds": 1}`,
		`{"players": 9, "sizes": [2, 3], "rounds": 2, "met": [[8, 0], [0, 8]], "byes": [0, 1, 2]}`,
		`{"players": 200, "sizes": [12], "rounds": 1}`,
		`{"players": 7, "sizes": [4, 4], "rounds": 2, "met": [[1]], "seed": 1e3}`,
		`{}`, `null`, `[]`,
	} {
		f.Add([]byte(s))
	}
	h := fuzzAPIHandler(f)
	f.Fuzz(func(t *testing.T, raw []byte) {
		status, got, answer := callAPI(t, h, http.MethodPost, seatPath, raw)
		checkAnswer(t, status, got, answer)
		if status != http.StatusOK {
			return
		}
		// A seating answered has only the request's members, by their
		// exact names; the seed aside, they read as a seatBody.
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			t.Fatalf("200 for a body that is not an object: %v", err)
		}
		known := map[string]json.RawMessage{}
		for key, v := range fields {
			switch key {
			case "players", "sizes", "rounds", "met", "byes":
				known[key] = v
			case "seed":
			default:
				t.Fatalf("200 for a body with the member %q, which the request does not have", key)
			}
		}
		exact, _ := json.Marshal(known)
		var body seatBody
		if err := json.Unmarshal(exact, &body); err != nil {
			t.Fatalf("200 for a body that does not read as a request: %v", err)
		}
		checkSeating(t, body, answer)
	})
}

// TestSeatGate: a seating waits while all the slots search, and gives up
// when its context ends first; a slot given back lets the next in.
func TestSeatGate(t *testing.T) {
	gate := seatGate(1)
	release := make(chan struct{})
	started := make(chan struct{})
	slow := gate(func(c *echo.Context) error {
		close(started)
		<-release
		return c.NoContent(http.StatusOK)
	})
	quick := gate(func(c *echo.Context) error { return c.NoContent(http.StatusOK) })
	e := echo.New()
	run := func(h echo.HandlerFunc, ctx context.Context) error {
		req := httptest.NewRequest(http.MethodPost, seatPath, nil).WithContext(ctx)
		return h(e.NewContext(req, httptest.NewRecorder()))
	}
	done := make(chan error)
	go func() { done <- run(slow, context.Background()) }()
	<-started
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := run(quick, ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("while the slot is taken: %v", err)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := run(quick, context.Background()); err != nil {
		t.Errorf("after the slot is back: %v", err)
	}
}
