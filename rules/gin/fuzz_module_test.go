package gin

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"testing"

	"meldpad/rules/game"
	"meldpad/rules/ruling"
)

// FuzzJudge feeds the card sheet any form under any house rules: it must
// never panic, and a hand it stores must decode again and pass the checks
// by points.
func FuzzJudge(f *testing.F) {
	f.Add("0", "", ginHand, ginDefender, byte(0))
	f.Add("draw", "", "", "", byte(0))
	f.Add("1", "2s", layoffOther, layoffHand, byte(1))
	f.Add("7", "Grue", "AS AS", "10C 2C=KD", byte(3))
	f.Fuzz(func(t *testing.T, knocker, up, hand0, hand1 string, flags byte) {
		house := map[string]bool{KeyOklahoma: flags&1 != 0, KeyUndercutOnTie: flags&2 == 0}
		tb := table(house)
		form := url.Values{"knocker": {knocker}, "up_card": {up}, "hand_0": {hand0}, "hand_1": {hand1}}
		sh, hand, err := Module{}.Judge(context.Background(), tb, form)
		if err != nil {
			t.Fatalf("Judge: %v", err)
		}
		if hand == nil {
			if sh.Judgement.Ready || sh.Judgement.Problem == "" {
				t.Fatalf("nothing to store, yet %+v", sh.Judgement)
			}
			return
		}
		if _, err := (Module{}).Values(tb, hand.Record); err != nil {
			t.Fatalf("stored %s does not decode: %v", hand.Record, err)
		}
		if err := (Module{}).CheckPoints(tb, game.Round{Points: hand.Points}); err != nil {
			t.Fatalf("stored points %v: %v", hand.Points, err)
		}
	})
}

// FuzzDecodeRecord: any record decodes to a deal the sheet shows, or is
// refused; never a panic.
func FuzzDecodeRecord(f *testing.F) {
	f.Add([]byte(`{"knocker": 1, "up_card": "7S", "hands": [["AS"], ["KS"]]}`))
	f.Add([]byte(`{"draw": true, "knocker": -1, "hands": [[], []]}`))
	f.Add([]byte(`{"knocker": 0, "hands": [null, null]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		v, err := Module{}.Values(table(nil), raw)
		if err != nil {
			return
		}
		if _, _, err := (Module{}).Judge(context.Background(), table(nil), v); err != nil {
			t.Fatalf("Judge of a decoded record: %v", err)
		}
	})
}

// FuzzEndpoints feeds gin's endpoints any body: the answer is a value to
// encode, bad input naming its field, or a rule broken; never a panic.
func FuzzEndpoints(f *testing.F) {
	f.Add(0, []byte(`{"knocker": 0, "hands": [["AS","2S","3S","4H","4D","4C","7C","8C","9C","10C"], ["KS","KH","5D","6D","2H","9H","JD","QC","3D","8S"]]}`))
	f.Add(0, []byte(`{"knocker": 1, "up_card": "2S", "house_rules": {"oklahoma": true}, "hands": [[], []], "knocker_melds": [["AS"]]}`))
	f.Add(1, []byte(`{"deals": [[25, 0], [0, 0], [0, 31], [80, 0]], "house_rules": {"box_bonus": false}}`))
	f.Add(1, []byte(`{"deals": [[1e40, 0], [null], "x"]}`))
	endpoints := Module{}.Endpoints()
	f.Fuzz(func(t *testing.T, which int, raw []byte) {
		ep := endpoints[(which%len(endpoints)+len(endpoints))%len(endpoints)]
		out, err := ep.Serve(context.Background(), raw)
		var bad *ruling.InputError
		var broken *ruling.Error
		switch {
		case errors.As(err, &bad):
		case errors.As(err, &broken):
			if broken.Rule == "" {
				t.Fatalf("a ruling without its rule: %v", broken)
			}
		case err != nil:
			t.Fatalf("%s: an error of no known type: %v", ep.Path, err)
		default:
			if _, err := json.Marshal(out); err != nil {
				t.Fatalf("%s: answer %v does not encode: %v", ep.Path, out, err)
			}
		}
	})
}
