package fan

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// apiCase is one example of API.md in the form of
// the public API examples (api-cases.json); testdata/api-cases.json holds the
// Fan Rummy ones from there and a few more.
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
	raw, err := os.ReadFile("testdata/api-cases.json")
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
			case "/api/v1/fan/hands/score":
				status, got = apiScore(t, tc.Body)
			case "/api/v1/fan/melds/check":
				status, got = apiCheck(t, tc.Body)
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

func apiScore(t *testing.T, body json.RawMessage) (int, map[string]any) {
	var req struct {
		KnockCard     string     `json:"knock_card"`
		Knocker       int        `json:"knocker"`
		Hands         [][]string `json:"hands"`
		KnockerMelds  [][]string `json:"knocker_melds"`
		UndercutOnTie bool       `json:"undercut_on_tie"`
	}
	if err := json.Unmarshal(body, &req); err != nil || len(req.Hands) != 2 {
		t.Fatalf("bad example body: %v", err)
	}
	deck := cards.Standard()
	d := Deal{KnockCard: card(t, req.KnockCard), Knocker: req.Knocker, UndercutOnTie: req.UndercutOnTie}
	for seat, h := range req.Hands {
		cs, err := deck.ParseList(h)
		if err != nil {
			return 400, map[string]any{"error": english.Error(err)}
		}
		d.Hands[seat] = cs
	}
	if req.KnockerMelds != nil {
		d.KnockerMelds = [][]cards.Card{}
		for _, m := range req.KnockerMelds {
			cs, err := deck.ParseList(m)
			if err != nil {
				return 400, map[string]any{"error": english.Error(err)}
			}
			d.KnockerMelds = append(d.KnockerMelds, cs)
		}
	}
	r, err := Score(d)
	var rulingErr *ruling.Error
	var dealErr *DealError
	switch {
	case errors.As(err, &rulingErr):
		return 422, map[string]any{"error": locale.English().Say(rulingErr.Msg), "rule": rulingErr.Rule}
	case errors.As(err, &dealErr):
		return 400, map[string]any{"error": locale.English().Say(dealErr.Msg), "field": dealErr.Field}
	case err != nil:
		t.Fatalf("Score returned an error of no known type: %v", err)
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
		"doubled": r.Doubled, "melds": melds, "layoffs": layoffs,
	}
}

func apiCheck(t *testing.T, body json.RawMessage) (int, map[string]any) {
	var req struct {
		Cards []string `json:"cards"`
		Onto  []string `json:"onto"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatalf("bad example body: %v", err)
	}
	deck := cards.Standard()
	cs, err := deck.ParseList(req.Cards)
	if err != nil {
		return 400, map[string]any{"error": english.Error(err)}
	}
	v := Check(cs)
	if req.Onto != nil {
		onto, err := deck.ParseList(req.Onto)
		if err != nil {
			return 400, map[string]any{"error": english.Error(err)}
		}
		v = CheckLayoff(onto, cs)
	}
	var kind any
	if v.Valid {
		kind = v.Kind.String()
	}
	return 200, map[string]any{"valid": v.Valid, "kind": kind, "bonus": false, "points": nil, "reason": reasonText(v)}
}

// roundTrip passes v through JSON, so that it compares with what the
// example file decodes to.
func roundTrip(t *testing.T, v any) any {
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.NewDecoder(strings.NewReader(string(raw))).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}
