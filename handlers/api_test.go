package handlers

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"meldpad/db"
	"meldpad/db/dbtest"
)

// apiHandler is the server for API tests: the API never touches the
// database, but the handler is built exactly as in production.
func apiHandler(t testing.TB) http.Handler {
	t.Helper()
	return apiHandlerWith(t, Options{})
}

// apiHandlerWith is apiHandler with opts.
func apiHandlerWith(t testing.TB, opts Options) http.Handler {
	t.Helper()
	store, err := db.Open(t.Context(), dbtest.DSN(t, filepath.Join(t.TempDir(), "api.db")))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return apiContract(t, New(StoresOf(store), slog.New(slog.NewTextHandler(io.Discard, nil)), opts))
}

// callAPI posts body (raw bytes) to path and decodes the answer.
func callAPI(t testing.TB, h http.Handler, method, path string, body []byte) (int, map[string]any, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req := forTest(httptest.NewRequest(method, path, rd), t)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var out map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	return rec.Code, out, rec.Body.Bytes()
}

type apiCase struct {
	Name   string         `json:"name"`
	Path   string         `json:"path"`
	Method string         `json:"method"`
	Body   any            `json:"body"`
	Raw    *string        `json:"raw"`
	Status int            `json:"status"`
	Expect map[string]any `json:"expect"`
}

func loadCases(t *testing.T, path string) []apiCase {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []apiCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// runCases runs API cases the way the public examples' runner does:
// status first, then every expected field equal.
func runCases(t *testing.T, cases []apiCase) {
	h := apiHandler(t)
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			method := tc.Method
			var body []byte
			switch {
			case tc.Raw != nil:
				body = []byte(*tc.Raw)
			case tc.Body != nil:
				body, _ = json.Marshal(tc.Body)
			}
			if method == "" {
				method = http.MethodGet
				if body != nil {
					method = http.MethodPost
				}
			}
			status, got, raw := callAPI(t, h, method, tc.Path, body)
			if status != tc.Status {
				t.Fatalf("status %d, want %d: %s", status, tc.Status, raw)
			}
			for k, want := range tc.Expect {
				if !reflect.DeepEqual(got[k], want) {
					t.Errorf("%s = %v, want %v (%s)", k, got[k], want, raw)
				}
			}
		})
	}
}

// TestPublicAPICases runs the public API examples (api-cases.json) and
// api-cases-f7.json (rule F6 and F7 as now written), copied into
// testdata so a clean clone has them.
func TestPublicAPICases(t *testing.T) {
	for _, file := range []string{"api-cases.json", "api-cases-f7.json"} {
		t.Run(file, func(t *testing.T) {
			runCases(t, loadCases(t, filepath.Join("testdata", file)))
		})
	}
}

func TestAPIGames(t *testing.T) {
	h := apiHandler(t)
	req := httptest.NewRequest(http.MethodGet, "/api/v1/games", nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d", rec.Code)
	}
	var games []map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &games); err != nil {
		t.Fatal(err)
	}
	want := map[string][4]any{
		"flathead":   {"Flathead Rummy", 2.0, 6.0, 42.0},
		"fortune":    {"Fortune Rummy", 2.0, 8.0, 500.0},
		"blackheart": {"Black Heart Rum", 2.0, 6.0, 500.0},
		"fan":        {"Fan Rummy", 2.0, 2.0, 100.0},
		"gin":        {"Gin Rummy", 2.0, 2.0, 100.0},
		"trophy":     {"Trophy Case", 3.0, 5.0, 30.0},
		// Any game by points ends as each game is set up: no target.
		"points": {"Any game, by points", 1.0, 12.0, nil},
	}
	if len(games) != len(want) {
		t.Fatalf("%d games, want %d", len(games), len(want))
	}
	for _, g := range games {
		w, ok := want[g["id"].(string)]
		_, hasTarget := g["target"]
		if !ok || g["name"] != w[0] || g["min_players"] != w[1] || g["max_players"] != w[2] || g["target"] != w[3] || !hasTarget {
			t.Errorf("game %v, want %v", g, w)
		}
		// Gin's house rules say their defaults (G1, G3, G5).
		if g["id"] == "gin" {
			defaults := map[string]any{}
			for _, h := range g["house_rules"].([]any) {
				h := h.(map[string]any)
				defaults[h["key"].(string)] = h["default"]
			}
			if !reflect.DeepEqual(defaults, map[string]any{"oklahoma": false, "undercut_on_tie": true, "box_bonus": true, "shutout": true}) {
				t.Errorf("gin's house rules %v", g["house_rules"])
			}
		}
	}
}

func TestAPIErrors(t *testing.T) {
	h := apiHandler(t)
	tests := []struct {
		name   string
		method string
		path   string
		body   string
		status int
		field  string
	}{
		{"unknown path", "GET", "/api/v1/nothing", "", 404, ""},
		{"unknown method, unknown path", "FOO", "/api/v1/nothing", "", 404, ""},
		{"unknown method, known endpoint", "QUERY", "/api/v1/gin/melds/check", "", 404, ""},
		{"unknown game", "POST", "/api/v1/poker/melds/check", `{"cards":["AS"]}`, 404, ""},
		{"trophy has no melds", "POST", "/api/v1/trophy/melds/check", `{"cards":["3 Lamps"]}`, 404, ""},
		{"bad JSON", "POST", "/api/v1/trophy/tricks/score", `{"players": 4,`, 400, ""},
		{"not an object", "POST", "/api/v1/trophy/tricks/score", `[1,2]`, 400, ""},
		{"two values", "POST", "/api/v1/trophy/tricks/score", `{} {}`, 400, ""},
		{"empty body", "POST", "/api/v1/trophy/tricks/score", ``, 400, ""},
		{"missing field", "POST", "/api/v1/trophy/tricks/score", `{"leader": 0, "plays": []}`, 400, "players"},
		{"wrong type", "POST", "/api/v1/trophy/tricks/score", `{"players": "4", "leader": 0, "plays": []}`, 400, "players"},
		{"fraction", "POST", "/api/v1/trophy/tricks/score", `{"players": 4.5, "leader": 0, "plays": []}`, 400, "players"},
		{"huge number", "POST", "/api/v1/trophy/tricks/score", `{"players": 1e300, "leader": 0, "plays": []}`, 400, "players"},
		{"bad card", "POST", "/api/v1/trophy/tricks/score", `{"players": 4, "leader": 0, "plays": [{"seat":0,"card":"3 Lampz"}]}`, 400, "plays[0].card"},
		{"standard card in a Fanucci game", "POST", "/api/v1/trophy/tricks/score", `{"players": 4, "leader": 0, "plays": [{"seat":0,"card":"3H"}]}`, 400, "plays[0].card"},
		{"play without card", "POST", "/api/v1/trophy/tricks/score", `{"players": 4, "leader": 0, "plays": [{"seat":0}]}`, 400, "plays[0].card"},
		{"hand card wrong", "POST", "/api/v1/trophy/tricks/score", `{"players": 3, "leader": 0, "plays": [], "hands": [["3 Lamps"], ["x"], []]}`, 400, "hands[1][0]"},
		{"wrong number of players", "POST", "/api/v1/trophy/tricks/score", `{"players": 6, "leader": 0, "plays": []}`, 400, "players"},
		{"out of turn", "POST", "/api/v1/trophy/tricks/score", `{"players": 4, "leader": 0, "plays": [{"seat":1,"card":"3 Lamps"}]}`, 422, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var body []byte
			if tc.method == "POST" {
				body = []byte(tc.body)
			}
			status, got, raw := callAPI(t, h, tc.method, tc.path, body)
			if status != tc.status {
				t.Fatalf("status %d, want %d: %s", status, tc.status, raw)
			}
			if msg, _ := got["error"].(string); msg == "" {
				t.Errorf("no error message: %s", raw)
			}
			if tc.field != "" && got["field"] != tc.field {
				t.Errorf("field = %v, want %s (%s)", got["field"], tc.field, raw)
			}
			if status == 422 && got["rule"] == nil {
				t.Errorf("422 without a rule: %s", raw)
			}
		})
	}
}

func TestAPIBodyLimit(t *testing.T) {
	h := apiHandler(t)
	big := `{"players": 4, "leader": 0, "plays": []` + strings.Repeat(" ", 64*1024) + `}`
	status, got, raw := callAPI(t, h, "POST", "/api/v1/trophy/tricks/score", []byte(big))
	if status != http.StatusRequestEntityTooLarge || got["error"] == nil {
		t.Errorf("over 64 KiB: %d %s", status, raw)
	}
	// Exactly at the limit is fine (and then judged on its content).
	pad := 64*1024 - len(`{"players": 4, "leader": 0, "plays": []}`)
	atLimit := `{"players": 4, "leader": 0, "plays": []` + strings.Repeat(" ", pad) + `}`
	if len(atLimit) != 64*1024 {
		t.Fatalf("test body is %d bytes", len(atLimit))
	}
	if status, _, raw := callAPI(t, h, "POST", "/api/v1/trophy/tricks/score", []byte(atLimit)); status != http.StatusOK {
		t.Errorf("at 64 KiB: %d %s", status, raw)
	}
}

func TestAPITrophyTrick(t *testing.T) {
	h := apiHandler(t)
	body := `{"players": 3, "leader": 1, "plays": [{"seat": 1, "card": "3 lam"}, {"seat": 2, "card": "9 plu"}, {"seat": 0, "fold": true}]}`
	status, got, raw := callAPI(t, h, "POST", "/api/v1/trophy/tricks/score", []byte(body))
	if status != 200 {
		t.Fatalf("status %d: %s", status, raw)
	}
	// Seat 2's 9 of Plungers is the second red suit, above the led Lamps
	// (T4); the trick goes on with seat 1 to play (T2).
	if got["ended"] != false || got["winner"] != nil || got["highest"] != 2.0 || got["next"] != 1.0 || got["highest_card"] != "9 Plungers" {
		t.Errorf("partial trick = %s", raw)
	}
}

// TestRulesAPICases runs the API cases each referee package keeps in its
// testdata through the HTTP layer, so the endpoint and the referee are
// checked together.
func TestRulesAPICases(t *testing.T) {
	files, err := filepath.Glob("../rules/*/testdata/api-cases.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no API cases under rules/: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(filepath.Dir(filepath.Dir(f))), func(t *testing.T) {
			runCases(t, loadCases(t, f))
		})
	}
}
