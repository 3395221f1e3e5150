package gin

import (
	"context"
	"encoding/json"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"meldpad/rules/game"
	"meldpad/rules/game/gametest"
)

// The hands of the sheet cases, knocker first.
const (
	ginHand      = "AS 2S 3S 4H 4D 4C 7C 8C 9C 10C"
	ginDefender  = "KS KH 5D 6D 2H 9H JD QC 3D 8S"
	bigGinHand   = "AC 2C 3C 4C 5C 6C 7C 8C 10S JS QS"
	layoffHand   = "5H 6H 7H KS KH KD 2C 3C 4C AD"
	layoffOther  = "4H 8H 9H QS JD 9S 6D 3S 10D 7S"
	overTenHand  = "4S 4H 4D 4C 7C 8C 9C 10C 5D 6S"
	overTenOther = "KH QD 2C 5H 9D 3H JD 6H 8H 10S"
)

func sheetForm(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v
}

func TestJudge(t *testing.T) {
	oklahoma := map[string]bool{KeyOklahoma: true}
	tests := []struct {
		name    string
		house   map[string]bool
		form    url.Values
		points  []int    // nil: not ready
		seat    int      // the seat stored, when ready
		lines   []string // parts of the working, in any line
		problem string   // part of the problem, when not ready
	}{
		{name: "gin (G3)", form: sheetForm("knocker", "0", "hand_0", ginHand, "hand_1", ginDefender),
			points: []int{98, 0}, seat: 0, lines: []string{"Knock value 10: a player may knock with 10 or less deadwood (G1).",
				"Ann lays A♠ 2♠ 3♠ · ", "Gin: all 10 cards melded, so the knocker scores 25 + 73 = 98 (G2, G3)"}},
		{name: "big gin (G3)", form: sheetForm("knocker", "1", "hand_1", bigGinHand, "hand_0", ginDefender),
			points: []int{0, 104}, seat: 1, lines: []string{"Big Gin: all 11 cards melded, so the knocker scores 31 + 73 = 104 (G2, G3)"}},
		{name: "a tie is an undercut (G3)", form: sheetForm("knocker", "0", "hand_0", tieKnocker, "hand_1", tieDefender),
			points: []int{0, 25}, seat: 0, lines: []string{"ties the knocker's 5, and a tie is an undercut, so the defender scores 25 (G3)"}},
		{name: "undercut only when less (G3)", house: map[string]bool{KeyUndercutOnTie: false},
			form:   sheetForm("knocker", "0", "hand_0", tieKnocker, "hand_1", tieDefender),
			points: []int{0, 0}, seat: 0, lines: []string{"a tie, and under the house rule \"undercut only when less\" it scores nothing"}},
		{name: "a draw (G2)", form: sheetForm("knocker", "draw", "hand_0", "AS"),
			points: []int{0, 0}, seat: -1, lines: []string{"Draw: the stock ran down to its last two cards with nobody knocking, so nobody scores (G2)."}},
		{name: "knock over 10 (G2)", form: sheetForm("knocker", "0", "hand_0", overTenHand, "hand_1", overTenOther),
			problem: "Knock with 11 deadwood over knock value 10 (G2)."},
		{name: "who ended it", form: sheetForm("hand_0", ginHand, "hand_1", ginDefender), problem: "Who ended the deal"},
		{name: "a short hand", form: sheetForm("knocker", "1", "hand_0", ginHand, "hand_1", "KS KH"),
			problem: "Bob holds 2 cards here: enter all 10 (11 for Big Gin)."},
		{name: "a card twice", form: sheetForm("knocker", "0", "hand_0", ginHand, "hand_1", "AS KH 5D 6D 2H 9H JD QC 3D 8S"),
			problem: "Fix Bob's cards."},
		{name: "Oklahoma needs the up-card (G1)", house: oklahoma, form: sheetForm("knocker", "0", "hand_0", ginHand, "hand_1", ginDefender),
			problem: "Enter the first up-card: under Oklahoma it sets the knock value (G1)."},
		{name: "Oklahoma: a spade doubles (G1)", house: oklahoma,
			form:   sheetForm("up_card", "2s", "knocker", "0", "hand_0", layoffHand, "hand_1", layoffOther),
			points: []int{108, 0}, seat: 0, lines: []string{"Up-card 2♠: a player may knock with 2 or less deadwood (G1); a spade: the deal's points are doubled (G1).",
				"lays off 4♥ onto meld 2, 8♥ onto meld 2, 9♥ onto meld 2 (N5)", "so the knocker scores 55 - 1 = 54, doubled to 108 by the spade up-card (N5, G3, G1)"}},
		{name: "Oklahoma: an ace, gin only (G1, G2)", house: oklahoma,
			form:    sheetForm("up_card", "AD", "knocker", "0", "hand_0", tieKnocker, "hand_1", tieDefender),
			problem: "Only Gin ends this deal (knock value 0), but 5 deadwood is left (G2)."},
		{name: "Oklahoma: the up-card may be in a hand", house: oklahoma,
			form:   sheetForm("up_card", "KH", "knocker", "0", "hand_0", ginHand, "hand_1", ginDefender),
			points: []int{98, 0}, seat: 0, lines: []string{"Up-card K♥: a player may knock with 10 or less deadwood (G1)."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := table(tc.house)
			sh, hand, err := Module{}.Judge(gametest.English(), tb, tc.form)
			if err != nil {
				t.Fatal(err)
			}
			j := sh.Judgement
			if tc.points == nil {
				if hand != nil || j.Ready || !strings.Contains(j.Problem, tc.problem) {
					t.Fatalf("ready %v, problem %q; want %q", j.Ready, j.Problem, tc.problem)
				}
				return
			}
			if hand == nil || !j.Ready {
				t.Fatalf("not ready: %q (%v)", j.Problem, j.Lines)
			}
			if !reflect.DeepEqual(hand.Points, tc.points) || !reflect.DeepEqual(j.Points, tc.points) || hand.Seat != tc.seat || !hand.EndsHand {
				t.Errorf("hand %+v, judgement points %v; want %v seat %d", hand, j.Points, tc.points, tc.seat)
			}
			all := strings.Join(j.Lines, "\n")
			for _, l := range tc.lines {
				if !strings.Contains(all, l) {
					t.Errorf("working lacks %q:\n%s", l, all)
				}
			}
			// What is stored shows again as the same deal (Values), and
			// the points by numbers pass the checks by points.
			again, err := Module{}.Values(tb, hand.Record)
			if err != nil {
				t.Fatalf("Values(%s): %v", hand.Record, err)
			}
			_, hand2, _ := Module{}.Judge(gametest.English(), tb, again)
			if hand2 == nil || !reflect.DeepEqual(hand2.Points, hand.Points) || string(hand2.Record) != string(hand.Record) {
				t.Errorf("stored %s shows again as %v", hand.Record, again)
			}
			if err := (Module{}).CheckPoints(tb, game.Round{Points: hand.Points}); err != nil {
				t.Errorf("CheckPoints(%v): %v", hand.Points, err)
			}
		})
	}
}

// TestJudgeParts: the up-card is asked only under Oklahoma (G1), and who
// ended the deal offers the draw beside the two players (G2).
func TestJudgeParts(t *testing.T) {
	for _, house := range []map[string]bool{nil, {KeyOklahoma: true}} {
		sh, _, _ := Module{}.Judge(gametest.English(), table(house), url.Values{})
		var names []string
		var ender *game.Part
		for i, p := range sh.Parts {
			names = append(names, p.Name)
			if p.Name == "knocker" {
				ender = &sh.Parts[i]
			}
		}
		want := []string{"knocker", "hand_0", "hand_1"}
		if house[KeyOklahoma] {
			want = append([]string{"up_card"}, want...)
		}
		if !reflect.DeepEqual(names, want) {
			t.Errorf("house %v: parts %v, want %v", house, names, want)
		}
		if ender == nil || ender.Kind != game.Choice || len(ender.Options) != 3 || ender.Options[2].Value != "draw" ||
			!strings.Contains(ender.Options[2].Label, "draw") || ender.Options[0].Label != "Ann" {
			t.Errorf("who ended the deal: %+v", ender)
		}
	}
}

func TestDecodeRecord(t *testing.T) {
	tests := []struct {
		raw string
		ok  bool
	}{
		{`{"knocker": 1, "up_card": "7S", "hands": [["AS"], ["KS"]]}`, true},
		{`{"draw": true, "knocker": -1, "hands": [[], []]}`, true},
		{`{"draw": true, "knocker": 0, "hands": [[], []]}`, false},
		{`{"knocker": 2, "hands": [[], []]}`, false},
		{`{"knocker": -1, "hands": [[], []]}`, false},
		{`{"knocker": "0", "hands": [[], []]}`, false},
		{`{"knocker": 0, "hands": [[], [], []]}`, false},
		{`[]`, false},
	}
	for _, tc := range tests {
		_, err := DecodeRecord(json.RawMessage(tc.raw))
		if (err == nil) != tc.ok {
			t.Errorf("DecodeRecord(%s) = %v, want ok %v", tc.raw, err, tc.ok)
		}
	}
}

// TestJudgeStopped: a referee stopped by its context says so and stores
// nothing.
func TestJudgeStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(gametest.English())
	cancel()
	_, hand, err := Module{}.Judge(ctx, table(nil), sheetForm("knocker", "0", "hand_0", ginHand, "hand_1", ginDefender))
	if err == nil || hand != nil {
		t.Errorf("Judge under a cancelled context = %v, %v", hand, err)
	}
}
