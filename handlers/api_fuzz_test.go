package handlers

import (
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
)

// fuzzAPIHandler is the API with no limit on requests a second: a fuzzer
// sends thousands from one address, and the limit, tested on its own,
// would answer them 429 and end the run.
func fuzzAPIHandler(f *testing.F) http.Handler {
	return apiHandlerWith(f, Options{Limits: Limits{RateAPI: RateOff}})
}

// fuzzEndpoint checks that no body makes an endpoint answer 500, and that
// every answer is JSON with the fields API.md promises for its status.
func fuzzEndpoint(f *testing.F, path string, seeds ...string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"cards": [1, null, {}]}`))
	f.Add([]byte(`{"players": [{"extra": 1}], "plays": [{"seat": 0, "fold": true, "extra": null}], "extra": [{}]}`))
	h := fuzzAPIHandler(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		status, got, raw := callAPI(t, h, http.MethodPost, path, body)
		checkAnswer(t, status, got, raw)
	})
}

// checkAnswer fails the test unless an endpoint's answer is JSON with
// the fields API.md promises for its status (a 400 names its field,
// "" for the body as a whole), and no 500.
func checkAnswer(t *testing.T, status int, got map[string]any, raw []byte) {
	t.Helper()
	if status >= 500 {
		t.Fatalf("status %d: %s", status, raw)
	}
	if !json.Valid(raw) {
		t.Fatalf("answer is not JSON: %q", raw)
	}
	switch status {
	case http.StatusOK:
	case http.StatusBadRequest:
		_, hasError := got["error"].(string)
		_, hasField := got["field"].(string)
		if !hasError || !hasField {
			t.Fatalf("400 without error and field: %s", raw)
		}
	case http.StatusNotFound, http.StatusRequestEntityTooLarge:
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
}

func FuzzAPITrophyTrick(f *testing.F) {
	fuzzEndpoint(f, "/api/v1/trophy/tricks/score",
		`{"players": 4, "leader": 0, "plays": [{"seat": 0, "card": "3 Lamps"}, {"seat": 1, "card": "8 Fromps"}, {"seat": 2, "fold": true}, {"seat": 3, "card": "Grue"}]}`,
		`{"players": 3, "leader": 2, "plays": [{"seat": 2, "card": "0 Tops"}], "hands": [["1 Rain"], [], ["0 Tops", "Grue"]]}`)
}

func FuzzAPIMeldCheck(f *testing.F) {
	for _, game := range []string{"flathead", "fortune", "blackheart", "fan", "trophy", "poker"} {
		f.Add(game, []byte(`{"cards": ["7 Lamps", "7 Plungers", "Grue"]}`))
		f.Add(game, []byte(`{"cards": ["5H", "6H", "2C=7H"], "onto": ["3H", "4H"], "house_rules": {"big_sets": true}}`))
	}
	h := fuzzAPIHandler(f)
	f.Fuzz(func(t *testing.T, game string, body []byte) {
		status, got, raw := callAPI(t, h, http.MethodPost, "/api/v1/"+url.PathEscape(game)+"/melds/check", body)
		checkAnswer(t, status, got, raw)
		if status != http.StatusOK {
			return
		}
		_, valid := got["valid"].(bool)
		_, reason := got["reason"].(string)
		if !valid || !reason {
			t.Fatalf("200 without valid and reason: %s", raw)
		}
	})
}

func FuzzAPIFanScore(f *testing.F) {
	fuzzEndpoint(f, "/api/v1/fan/hands/score",
		`{"knock_card": "5H", "knocker": 0, "hands": [["AS","2S","3S","4H","4D","4C","7C","8C","9C","10C"], ["KS","KH","5D","6D","2H","9H","JD","QC","3D","8S"]]}`,
		`{"knock_card": "7S", "knocker": 1, "hands": [["AS"], ["KS"]], "knocker_melds": [["AS","2S","3S"]], "undercut_on_tie": true}`)
}

func FuzzAPIFortuneScore(f *testing.F) {
	fuzzEndpoint(f, "/api/v1/fortune/hands/score",
		`{"players": [{"melds": [["KS","KH","KD"], ["5H","6H","2C"]], "hand": []}, {"melds": [], "hand": ["QS","AH","2D"]}]}`,
		`{"players": [{"melds": [["2C=KD","KS","KH"]]}, {}], "house_rules": {"ace_set_15": true}}`)
}

func FuzzAPIFlatheadScore(f *testing.F) {
	fuzzEndpoint(f, "/api/v1/flathead/hands/score",
		`{"winner": 0, "hands": [[], ["3 Bugs", "Grue"], ["7 Lamps"]], "bonus_marks": [2, 1, 0], "table": [["7 Plungers", "7 Fromps", "7 Zurfs"]]}`,
		`{"winner": 1, "hands": [["1 Books"], []], "bonus_marks": [1, 2]}`,
		`{"winner": 0, "hands": [[], ["2 Plungers"], ["4 Fromps", "Grue"]], "table": [["1 Lamps", "3 Lamps", "5 Lamps"]]}`,
		`{"winner": 0, "hands": [[], ["0 Bugs", "1 Bugs", "2 Bugs", "3 Bugs", "4 Bugs", "5 Bugs", "6 Bugs", "7 Bugs", "8 Bugs", "9 Bugs", "∞ Bugs"]]}`)
}

func FuzzAPIBlackHeartScore(f *testing.F) {
	fuzzEndpoint(f, "/api/v1/blackheart/hands/score",
		`{"went_out": 0, "black_heart": false, "players": [{"melds": [["7S","7C","7H"]], "layoffs": ["8S"], "hand": []}, {"melds": [], "layoffs": [], "hand": ["KS","5H"]}]}`,
		`{"went_out": 1, "black_heart": true, "players": [{"hand": ["KD"]}, {"melds": [["JD","QD","KD"]]}]}`)
}

func FuzzAPIBlackHeartOpening(f *testing.F) {
	fuzzEndpoint(f, "/api/v1/blackheart/opening/check",
		`{"score": 250, "melds": [["7S","7C","7H","7S","7C"]]}`,
		`{"score": -5, "melds": [["JD","QD","KD"]]}`)
}

func FuzzAPIGinHandScore(f *testing.F) {
	fuzzEndpoint(f, "/api/v1/gin/hands/score",
		`{"knocker": 0, "hands": [["AS","2S","3S","4H","4D","4C","7C","8C","9C","10C"], ["KS","KH","5D","6D","2H","9H","JD","QC","3D","8S"]]}`,
		`{"knocker": 1, "up_card": "2S", "house_rules": {"oklahoma": true, "undercut_on_tie": false}, "hands": [["AS"], ["KS"]], "knocker_melds": [["AS","2S","3S"]]}`)
}

func FuzzAPIGinGameScore(f *testing.F) {
	fuzzEndpoint(f, "/api/v1/gin/games/score",
		`{"deals": [[25, 0], [0, 0], [0, 31], [80, 0]], "house_rules": {"box_bonus": true, "shutout": true}}`,
		`{"deals": [[258, 0]], "house_rules": {"oklahoma": true}}`)
}
