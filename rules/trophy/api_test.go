package trophy

import (
	"encoding/json"
	"os"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// apiCase is one case of testdata/api-cases.json, the Trophy Case cases of
// /work/shared/examples/api-cases.json (POST /api/v1/trophy/tricks/score).
type apiCase struct {
	Name string `json:"name"`
	Body struct {
		Players int `json:"players"`
		Leader  int `json:"leader"`
		Plays   []struct {
			Seat int    `json:"seat"`
			Card string `json:"card"`
			Fold bool   `json:"fold"`
		} `json:"plays"`
		Hands [][]string `json:"hands"`
	} `json:"body"`
	Status int            `json:"status"`
	Expect map[string]any `json:"expect"`
}

// TestAPICases answers the public API examples by calling Score as the
// HTTP layer would, and checks every field each example expects.
func TestAPICases(t *testing.T) {
	data, err := os.ReadFile("testdata/api-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []apiCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	deck := cards.Fanucci()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			trick := Trick{Players: tc.Body.Players, Leader: tc.Body.Leader}
			for _, p := range tc.Body.Plays {
				play := Play{Seat: p.Seat, Fold: p.Fold}
				if !p.Fold {
					if play.Card, err = deck.Parse(p.Card); err != nil {
						t.Fatal(err)
					}
				}
				trick.Plays = append(trick.Plays, play)
			}
			for _, h := range tc.Body.Hands {
				hand, err := deck.ParseList(h)
				if err != nil {
					t.Fatal(err)
				}
				trick.Hands = append(trick.Hands, hand)
			}
			res, err := Score(trick)
			if tc.Status == 422 {
				if rule, _ := ruling.RuleOf(err); rule != tc.Expect["rule"] {
					t.Fatalf("error %v; want rule %v", err, tc.Expect["rule"])
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			winner := any(float64(res.Winner))
			if res.Winner < 0 {
				winner = nil
			}
			got := map[string]any{
				"ended": res.Ended, "winner": winner, "points": float64(res.Points),
				"trumped": res.Trumped, "highest": float64(res.Highest),
			}
			for field, want := range tc.Expect {
				if got[field] != want {
					t.Errorf("%s = %v, want %v", field, got[field], want)
				}
			}
		})
	}
}
