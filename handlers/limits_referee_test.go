package handlers

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v5"
)

// The routes with a referee deadline: the API (every game's, Flathead's
// too), the card sheet's preview and the referee page; not the saves,
// whose deadline covers only their judgement (sheetVM), nor other pages.
func TestRefereeDeadlineRoutes(t *testing.T) {
	s := New(Stores{}, slog.New(slog.NewTextHandler(io.Discard, nil)), Options{Limits: Limits{RefereeTimeout: time.Hour}})
	e := echo.New()
	e.Use(s.refereeDeadline())
	probe := func(c *echo.Context) error {
		if d, ok := c.Request().Context().Deadline(); ok && time.Until(d) > 59*time.Minute {
			return c.String(http.StatusOK, "deadline")
		}
		return c.String(http.StatusOK, "none")
	}
	for _, r := range []struct{ method, path string }{
		{"POST", "/api/v1/flathead/hands/score"}, {"POST", "/api/v1/fan/hands/score"}, {"POST", "/api/v1/:game/melds/check"},
		{"GET", "/api/v1/games"}, {"POST", "/g/:game/hands/preview"}, {"GET", "/adjudicate"},
		{"POST", "/g/:game/hands"}, {"POST", "/g/:game/hands/:hand"}, {"GET", "/g/:game"}, {"GET", "/healthz"}, {"POST", "/import"},
	} {
		e.Add(r.method, r.path, probe)
	}
	for _, tc := range []struct {
		method, path string
		want         string
	}{
		{"POST", "/api/v1/flathead/hands/score", "deadline"},
		{"POST", "/api/v1/fan/hands/score", "deadline"},
		{"POST", "/api/v1/fortune/melds/check", "deadline"},
		{"GET", "/api/v1/games", "deadline"},
		{"POST", "/g/abc/hands/preview", "deadline"},
		{"GET", "/adjudicate", "deadline"},
		{"POST", "/g/abc/hands", "none"},
		{"POST", "/g/abc/hands/3", "none"},
		{"GET", "/g/abc", "none"},
		{"GET", "/healthz", "none"},
		{"POST", "/import", "none"},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
			if rec.Body.String() != tc.want {
				t.Errorf("%s %s: %s, want %s", tc.method, tc.path, rec.Body.String(), tc.want)
			}
		})
	}
}

const (
	fanKnocker  = "AS 2S 3S 4H 4D 4C 7C 8C 9C 10C"
	fanDefender = "KS KH 5D 6D 2H 9H JD QC 3D 8S"
)

// TestRefereeTooLong gives the referee a deadline nothing can meet: every
// computation that searches is stopped and answered 503, as JSON on the
// API and as a page elsewhere, and nothing is saved.
func TestRefereeTooLong(t *testing.T) {
	app := newLimitedApp(t, Options{Limits: Limits{RefereeTimeout: time.Nanosecond}})
	jsonList := func(s string) string { return `["` + strings.ReplaceAll(s, " ", `","`) + `"]` }
	for _, tc := range []struct{ path, body string }{
		{"/api/v1/fan/hands/score", `{"knock_card": "5H", "knocker": 0, "hands": [` + jsonList(fanKnocker) + `, ` + jsonList(fanDefender) + `]}`},
		{"/api/v1/fortune/hands/score", `{"players": [{"melds": [["KS","KH","KD"]], "hand": []}, {"melds": [], "hand": ["QS"]}]}`},
		{"/api/v1/blackheart/hands/score", `{"players": [{"melds": [["7S","7C","7H"]]}, {"hand": ["AS"]}], "went_out": 0}`},
		{"/api/v1/blackheart/opening/check", `{"score": 150, "melds": [["7S","7C","7H","7S"]]}`},
	} {
		t.Run(tc.path, func(t *testing.T) {
			resp, err := http.Post(app.srv.URL+tc.path, "application/json", strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" ||
				!strings.Contains(string(body), `{"error":"the referee took too long (over 1ns) and stopped; nothing was decided"}`) {
				t.Errorf("%s past the deadline: %d, Retry-After %q, %s", tc.path, resp.StatusCode, resp.Header.Get("Retry-After"), body)
			}
		})
	}

	t.Run("the referee page", func(t *testing.T) {
		q := url.Values{"game": {"fan"}, "q": {"deal"}, "knock": {"5h"}, "ender": {"0"}, "hand1": {fanKnocker}, "hand2": {fanDefender}}
		p := app.get("/adjudicate?" + q.Encode())
		if p.status != http.StatusServiceUnavailable {
			t.Fatalf("referee page past the deadline: %d", p.status)
		}
		mustContain(t, p, "The referee took too long")
	})

	game := app.createGame("fan", "Ann", "Bob")
	// The card sheet itself cannot be shown under this deadline: its
	// hidden fields are the points form's.
	form := formValues(app.get(game + "/hands/new"))
	form.Set("by", "cards")
	form.Set("knock_card", "5h")
	form.Set("knocker", "0")
	form.Set("hand_0", fanKnocker)
	form.Set("hand_1", fanDefender)
	t.Run("the sheet's preview", func(t *testing.T) {
		if p := app.post(game+"/hands/preview", form); p.status != http.StatusServiceUnavailable {
			t.Errorf("preview past the deadline: %d", p.status)
		}
	})
	t.Run("a save by cards", func(t *testing.T) {
		form.Set("action", "save")
		p := app.post(game+"/hands", form)
		if p.status != http.StatusServiceUnavailable {
			t.Fatalf("save by cards past the deadline: %d", p.status)
		}
		mustContain(t, p, "The referee took too long", "Nothing was saved")
		if links := handLinks(app.get(game)); len(links) != 0 {
			t.Errorf("a hand was saved: %v", links)
		}
	})
	t.Run("a save by points", func(t *testing.T) {
		// No referee search: the deadline is not the save's.
		if p := app.recordPoints(game, "", "18", ""); p.status != http.StatusSeeOther {
			t.Errorf("save by points: %d", p.status)
		}
	})
}

// A request whose client has gone is answered 503, never 500, and its
// computation stops: the rules' own tests show the search looks at its
// context.
func TestRefereeClientGone(t *testing.T) {
	h := apiHandler(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	body := `{"knock_card": "5H", "knocker": 0, "hands": [["` + strings.ReplaceAll(fanKnocker, " ", `","`) + `"], ["` + strings.ReplaceAll(fanDefender, " ", `","`) + `"]]}`
	req := httptest.NewRequest(http.MethodPost, "/api/v1/fan/hands/score", strings.NewReader(body)).WithContext(ctx)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("client gone: %d %s", rec.Code, rec.Body)
	}
}
