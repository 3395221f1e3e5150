package gin

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// apiCase is one example of API.md in the form of
// /work/shared/examples/api-cases-gin.json; testdata/gin-api-cases.json
// holds those and more. It is not named api-cases.json, which handlers'
// TestRulesAPICases runs through the HTTP layer, until the gin endpoints
// are served.
type apiCase struct {
	Name   string          `json:"name"`
	Path   string          `json:"path"`
	Body   json.RawMessage `json:"body"`
	Status int             `json:"status"`
	Expect map[string]any  `json:"expect"`
}

// TestAPICases answers each example as the HTTP layer would, through this
// package, and compares the fields the example expects.
func TestAPICases(t *testing.T) {
	raw, err := os.ReadFile("testdata/gin-api-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []apiCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			var status int
			var got map[string]any
			switch tc.Path {
			case "/api/v1/gin/melds/check":
				status, got = apiCheck(t, tc.Body)
			case "/api/v1/gin/hands/score":
				status, got = apiScore(t, tc.Body)
			case "/api/v1/gin/games/score":
				status, got = apiGame(t, tc.Body)
			default:
				t.Fatalf("no such path %s", tc.Path)
			}
			if status != tc.Status {
				t.Fatalf("status %d, want %d (%v)", status, tc.Status, got)
			}
			for key, want := range tc.Expect {
				if !reflect.DeepEqual(roundTrip(t, got[key]), want) {
					t.Errorf("%s = %v, want %v", key, got[key], want)
				}
			}
		})
	}
}

// apiError answers an error as API.md does: 422 with the rule, or 400 with
// the field.
func apiError(t *testing.T, err error) (int, map[string]any) {
	var rulingErr *ruling.Error
	var dealErr *DealError
	switch {
	case errors.As(err, &rulingErr):
		return 422, map[string]any{"error": rulingErr.Msg, "rule": rulingErr.Rule}
	case errors.As(err, &dealErr):
		return 400, map[string]any{"error": dealErr.Msg, "field": dealErr.Field}
	}
	t.Fatalf("an error of no known type: %v", err)
	return 0, nil
}

func decodeBody(t *testing.T, body json.RawMessage, req any) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(req); err != nil {
		t.Fatalf("bad example body: %v", err)
	}
}

func apiCheck(t *testing.T, body json.RawMessage) (int, map[string]any) {
	var req struct {
		Cards []string `json:"cards"`
		Onto  []string `json:"onto"`
	}
	decodeBody(t, body, &req)
	deck := cards.Standard()
	cs, err := deck.ParseList(req.Cards)
	if err != nil {
		return 400, map[string]any{"error": err.Error()}
	}
	v := Check(cs)
	if req.Onto != nil {
		onto, err := deck.ParseList(req.Onto)
		if err != nil {
			return 400, map[string]any{"error": err.Error()}
		}
		v = CheckLayoff(onto, cs)
	}
	var kind any
	if v.Valid {
		kind = v.Kind.String()
	}
	return 200, map[string]any{"valid": v.Valid, "kind": kind, "bonus": false, "points": nil, "reason": v.Reason, "rule": v.Rule}
}

func apiScore(t *testing.T, body json.RawMessage) (int, map[string]any) {
	var req struct {
		Knocker      int             `json:"knocker"`
		UpCard       string          `json:"up_card"`
		Hands        [][]string      `json:"hands"`
		KnockerMelds [][]string      `json:"knocker_melds"`
		HouseRules   map[string]bool `json:"house_rules"`
	}
	decodeBody(t, body, &req)
	house, err := ParseHouseRules(req.HouseRules)
	if err != nil {
		return apiError(t, err)
	}
	deck := cards.Standard()
	d := Deal{Knocker: req.Knocker}
	if req.UpCard != "" {
		d.UpCard = card(t, req.UpCard)
	}
	for seat, h := range req.Hands {
		cs, err := deck.ParseList(h)
		if err != nil {
			return 400, map[string]any{"error": err.Error()}
		}
		d.Hands[seat] = cs
	}
	if req.KnockerMelds != nil {
		d.KnockerMelds = [][]cards.Card{}
		for _, m := range req.KnockerMelds {
			cs, err := deck.ParseList(m)
			if err != nil {
				return 400, map[string]any{"error": err.Error()}
			}
			d.KnockerMelds = append(d.KnockerMelds, cs)
		}
	}
	r, err := Score(d, house)
	if err != nil {
		return apiError(t, err)
	}
	layoffs := []map[string]any{}
	for _, l := range r.Layoffs {
		layoffs = append(layoffs, map[string]any{"card": l.Card.String(), "meld": l.Meld})
	}
	var melds [2][][]string
	for seat := range melds {
		melds[seat] = [][]string{}
		for _, m := range r.Melds[seat] {
			melds[seat] = append(melds[seat], cards.Strings(m))
		}
	}
	return 200, map[string]any{
		"outcome": r.Outcome.String(), "deadwood": r.Deadwood, "points": r.Points,
		"doubled": r.Doubled, "melds": melds, "layoffs": layoffs, "reason": r.Reason, "rules": r.Rules,
	}
}

func apiGame(t *testing.T, body json.RawMessage) (int, map[string]any) {
	var req struct {
		Deals      [][]int         `json:"deals"`
		HouseRules map[string]bool `json:"house_rules"`
	}
	decodeBody(t, body, &req)
	house, err := ParseHouseRules(req.HouseRules)
	if err != nil {
		return apiError(t, err)
	}
	g, err := ScoreGame(req.Deals, house)
	if err != nil {
		return apiError(t, err)
	}
	var winner any
	if g.Finished {
		winner = g.Winner
	}
	return 200, map[string]any{
		"totals": g.Totals, "finished": g.Finished, "winner": winner, "shutout": g.Shutout,
		"bonus": map[string]any{"game": g.Bonus.Game, "box": g.Bonus.Box}, "final": g.Final,
	}
}

// roundTrip passes v through JSON, so that it compares with what the
// example file decodes to.
func roundTrip(t *testing.T, v any) any {
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
