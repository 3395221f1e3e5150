package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// flatheadScoreBody is the body of POST /api/v1/flathead/hands/score.
type flatheadScoreBody struct {
	Winner     int        `json:"winner"`
	Hands      [][]string `json:"hands"`
	BonusMarks []int      `json:"bonus_marks"`
	Table      [][]string `json:"table"`
}

// TestAPIFlatheadLayoffsInOrder scores hands through the API and replays
// the lay-offs it lists in their order, one lay-off at a time (a seat's
// consecutive cards onto one meld), asking the API's own meld checker
// (melds/check with onto) whether each is allowed: the meld must be valid
// after every lay-off (F5, F7). The cards must come from that loser's
// hand, and cards_left must be what is left.
func TestAPIFlatheadLayoffsInOrder(t *testing.T) {
	h := apiHandler(t)
	tests := []struct {
		name      string
		body      flatheadScoreBody
		cardsLeft int
	}{
		{"F7 example: neither loser can go first", flatheadScoreBody{0,
			[][]string{{}, {"2 Plungers"}, {"4 Fromps"}}, []int{0, 0, 0},
			[][]string{{"1 Lamps", "3 Lamps", "5 Lamps"}}}, 2},
		{"F7 example: one loser lays both off together", flatheadScoreBody{0,
			[][]string{{}, {"2 Plungers", "4 Fromps"}, {"9 Bugs"}}, []int{0, 0, 0},
			[][]string{{"1 Lamps", "3 Lamps", "5 Lamps"}}}, 1},
		{"F7: a trump laid first lets two losers fill two gaps", flatheadScoreBody{0,
			[][]string{{}, {"2 Plungers"}, {"4 Fromps"}, {"Grue"}}, []int{0, 0, 0, 0},
			[][]string{{"1 Lamps", "3 Lamps", "5 Lamps"}}}, 0},
		{"F7: one loser's lay-off opens the way for another's", flatheadScoreBody{0,
			[][]string{{}, {"7 Plungers"}, {"6 Fromps"}}, []int{0, 0, 0},
			[][]string{{"3 Lamps", "4 Lamps", "5 Lamps"}}}, 0},
		{"API example: both lay off onto the set of 7s", flatheadScoreBody{0,
			[][]string{{}, {"3 Bugs", "Grue"}, {"7 Lamps"}}, []int{2, 1, 0},
			[][]string{{"7 Plungers", "7 Fromps", "7 Zurfs"}}}, 1},
		{"a crowded table", flatheadScoreBody{2,
			[][]string{
				{"2 Plungers", "4 Fromps", "6 Lamps", "8 Fromps", "0 Lamps", "9 Plungers", "Jester", "3 Tops", "∞ Lamps", "5 Rain"},
				{"2 Fromps", "4 Plungers", "6 Plungers", "7 Tops", "1 Zurfs", "Snail", "∞ Fromps", "3 Zurfs", "8 Lamps", "0 Fromps"},
				{},
				{"2 Lamps", "6 Fromps", "8 Plungers", "0 Plungers", "4 Tops", "2 Rain", "6 Zurfs", "Death", "9 Lamps", "9 Fromps"},
				{"5 Tops", "7 Rain", "5 Zurfs", "1 Fromps", "9 Rain", "0 Tops", "8 Zurfs", "Light", "1 Plungers", "4 Lamps"},
			},
			[]int{0, 0, 1, 0, 0},
			[][]string{
				{"1 Lamps", "3 Lamps", "5 Lamps"},
				{"3 Plungers", "5 Plungers", "7 Plungers"},
				{"3 Fromps", "5 Fromps", "7 Fromps", "Grue"},
				{"6 Tops", "7 Zurfs", "8 Tops"},
				{"1 Rain", "3 Rain", "4 Rain"},
				{"2 Tops", "2 Zurfs", "2 Faces"},
				{"7 Lamps", "7 Faces", "7 Books"},
			}}, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body, _ := json.Marshal(tc.body)
			status, got, raw := callAPI(t, h, http.MethodPost, "/api/v1/flathead/hands/score", body)
			if status != http.StatusOK {
				t.Fatalf("status %d: %s", status, raw)
			}
			var res struct {
				CardsLeft int `json:"cards_left"`
				Layoffs   []struct {
					Seat *int   `json:"seat"`
					Card string `json:"card"`
					Meld int    `json:"meld"`
				} `json:"layoffs"`
			}
			if err := json.Unmarshal(raw, &res); err != nil || got["layoffs"] == nil {
				t.Fatalf("answer %s: %v", raw, err)
			}
			melds := make([][]string, len(tc.body.Table))
			copy(melds, tc.body.Table)
			held := 0
			for seat, hand := range tc.body.Hands {
				if seat != tc.body.Winner {
					held += len(hand)
				}
			}
			laid := map[string]bool{}
			for i := 0; i < len(res.Layoffs); {
				first := res.Layoffs[i]
				if first.Seat == nil || *first.Seat == tc.body.Winner || first.Meld < 0 || first.Meld >= len(melds) {
					t.Fatalf("lay-off %d is not a loser's onto a meld: %s", i, raw)
				}
				var added []string
				for ; i < len(res.Layoffs) && *res.Layoffs[i].Seat == *first.Seat && res.Layoffs[i].Meld == first.Meld; i++ {
					c := res.Layoffs[i].Card
					if laid[c] || !containsString(tc.body.Hands[*first.Seat], c) {
						t.Fatalf("%s is not in seat %d's hand, or laid off twice: %s", c, *first.Seat, raw)
					}
					laid[c] = true
					added = append(added, c)
				}
				check, _ := json.Marshal(map[string][]string{"cards": added, "onto": melds[first.Meld]})
				status, verdict, vraw := callAPI(t, h, http.MethodPost, "/api/v1/flathead/melds/check", check)
				if status != http.StatusOK || verdict["valid"] != true {
					t.Fatalf("seat %d cannot lay off %v onto meld %d %v now: %s\n(lay-offs %s)", *first.Seat, added, first.Meld, melds[first.Meld], vraw, raw)
				}
				melds[first.Meld] = append(append([]string{}, melds[first.Meld]...), added...)
			}
			if res.CardsLeft != held-len(laid) {
				t.Errorf("cards_left %d, but %d of %d cards were laid off", res.CardsLeft, len(laid), held)
			}
			if tc.cardsLeft >= 0 && res.CardsLeft != tc.cardsLeft {
				t.Errorf("cards_left %d, want %d: %s", res.CardsLeft, tc.cardsLeft, raw)
			}
			if tc.cardsLeft < 0 && len(laid) < 10 {
				t.Errorf("only %d cards laid off on a crowded table; the case tests too little: %s", len(laid), raw)
			}
		})
	}
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// TestAPIFlatheadScoreStops: the search runs under the request's context,
// so a request whose client has gone is answered 503 rather than searched
// to the end; a hand the rules refuse is refused first (F6, 422), and a
// hand without a table needs no search.
func TestAPIFlatheadScoreStops(t *testing.T) {
	h := apiHandler(t)
	table := `"table": [["1 Lamps", "3 Lamps", "5 Lamps"], ["7 Plungers", "7 Fromps", "7 Zurfs"]]`
	tests := []struct {
		name   string
		body   string
		status int
		rule   string
	}{
		{"a client gone: 503", `{"winner": 0, "hands": [[], ["2 Plungers"], ["4 Fromps", "7 Lamps"]], ` + table + `}`, http.StatusServiceUnavailable, ""},
		{"F6: eleven cards are refused before any search", `{"winner": 0, "hands": [[], ["0 Bugs", "1 Bugs", "2 Bugs", "3 Bugs", "4 Bugs", "5 Bugs", "6 Bugs", "7 Bugs", "8 Bugs", "9 Bugs", "∞ Bugs"]], ` + table + `}`, http.StatusUnprocessableEntity, "F6"},
		{"no table, no search", `{"winner": 0, "hands": [[], ["2 Plungers"]]}`, http.StatusOK, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			req := httptest.NewRequest(http.MethodPost, "/api/v1/flathead/hands/score", strings.NewReader(tc.body)).WithContext(ctx)
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			var got map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatalf("not JSON: %s", rec.Body)
			}
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			if tc.status != http.StatusOK && got["error"] == nil {
				t.Errorf("no error message: %s", rec.Body)
			}
			if tc.rule != "" && got["rule"] != tc.rule {
				t.Errorf("rule %v, want %s", got["rule"], tc.rule)
			}
		})
	}
}
