package handlers

import (
	"encoding/json"
	"net/http"
	"testing"
)

// fuzzEndpoint checks that no body makes an endpoint answer 500, and that
// every answer is JSON with the fields API.md promises for its status.
func fuzzEndpoint(f *testing.F, path string, seeds ...string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"cards": [1, null, {}]}`))
	h := apiHandler(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		status, got, raw := callAPI(t, h, http.MethodPost, path, body)
		if status >= 500 {
			t.Fatalf("status %d for %q: %s", status, body, raw)
		}
		if !json.Valid(raw) {
			t.Fatalf("answer is not JSON: %q", raw)
		}
		switch status {
		case http.StatusOK:
		case http.StatusBadRequest, http.StatusNotFound, http.StatusRequestEntityTooLarge:
			if _, ok := got["error"].(string); !ok {
				t.Fatalf("%d without error: %s", status, raw)
			}
		case http.StatusUnprocessableEntity:
			if _, ok := got["rule"].(string); !ok {
				t.Fatalf("422 without rule: %s", raw)
			}
		default:
			t.Fatalf("unexpected status %d: %s", status, raw)
		}
	})
}

func FuzzAPITrophyTrick(f *testing.F) {
	fuzzEndpoint(f, "/api/v1/trophy/tricks/score",
		`{"players": 4, "leader": 0, "plays": [{"seat": 0, "card": "3 Lamps"}, {"seat": 1, "card": "8 Fromps"}, {"seat": 2, "fold": true}, {"seat": 3, "card": "Grue"}]}`,
		`{"players": 3, "leader": 2, "plays": [{"seat": 2, "card": "0 Tops"}], "hands": [["1 Rain"], [], ["0 Tops", "Grue"]]}`)
}
