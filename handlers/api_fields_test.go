package handlers

import (
	"encoding/json"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestAPIUnknownMemberAnywhere: a member a request does not have is bad
// input naming it by path, wherever it is: at the top, in an object in a
// list ("players[1].extra", "plays[2].extra"), or among the house rules.
// Every answered body of the API's cases (and an evening's seating) is
// sent again with "extra" added to each object in it in turn.
func TestAPIUnknownMemberAnywhere(t *testing.T) {
	files, err := filepath.Glob("../rules/*/testdata/api-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	more, err := filepath.Glob("testdata/api-cases*.json")
	if err != nil || len(files)+len(more) == 0 {
		t.Fatalf("no API cases: %v", err)
	}
	cases := []apiCase{{Name: "seating", Path: seatPath, Status: http.StatusOK,
		Body: map[string]any{"players": 4.0, "sizes": []any{2.0}, "rounds": 1.0, "met": []any{[]any{0.0, 1.0}}, "byes": []any{}, "seed": 7.0}}}
	for _, f := range append(files, more...) {
		cases = append(cases, loadCases(t, f)...)
	}
	h := apiHandlerWith(t, Options{Limits: Limits{RateAPI: RateOff}})
	tried := 0
	for _, tc := range cases {
		body, isObject := tc.Body.(map[string]any)
		if !isObject || tc.Raw != nil || (tc.Status != http.StatusOK && tc.Status != http.StatusUnprocessableEntity) {
			continue
		}
		eachObject(body, "", func(obj map[string]any, path string) {
			tried++
			field := "extra"
			if path != "" {
				field = path + ".extra"
			}
			obj["extra"] = []any{1.0}
			raw, err := json.Marshal(body)
			delete(obj, "extra")
			if err != nil {
				t.Fatal(err)
			}
			status, got, answer := callAPI(t, h, http.MethodPost, tc.Path, raw)
			if status != http.StatusBadRequest || got["field"] != field || !strings.Contains(got["error"].(string), "unknown") {
				t.Errorf("%s with %s: %d %s", tc.Name, field, status, answer)
			}
		})
		raw, _ := json.Marshal(body)
		if status, _, answer := callAPI(t, h, http.MethodPost, tc.Path, raw); status != tc.Status {
			t.Errorf("%s as it was: %d %s", tc.Name, status, answer)
		}
	}
	if tried < 100 {
		t.Errorf("only %d objects tried", tried)
	}
}

// eachObject calls visit with every JSON object inside v, v included,
// and its path as the API names fields ("players[1].melds").
func eachObject(v any, path string, visit func(obj map[string]any, path string)) {
	switch v := v.(type) {
	case map[string]any:
		visit(v, path)
		for key, item := range v {
			member := key
			if path != "" {
				member = path + "." + key
			}
			eachObject(item, member, visit)
		}
	case []any:
		for i, item := range v {
			eachObject(item, path+"["+strconv.Itoa(i)+"]", visit)
		}
	}
}
