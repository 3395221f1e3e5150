package fortune

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/game"
	"meldpad/rules/game/gametest"
)

// fuzzTable is a table of 2 to 8 players, with the house rules the bits
// of house say.
func fuzzTable(seats, house uint8) game.Table {
	n := MinPlayers + int(seats)%(MaxPlayers-MinPlayers+1)
	names := make([]string, n)
	for i := range names {
		names[i] = "P" + itoa(i)
	}
	return tableOf(map[string]bool{"big_sets": house&1 != 0, "ace_set_15": house&2 != 0}, names...)
}

// fuzzValues spreads text over the sheet's inputs: each line "name=value".
func fuzzValues(text string) url.Values {
	form := url.Values{}
	for _, line := range strings.Split(text, "\n") {
		if name, value, ok := strings.Cut(line, "="); ok {
			form.Add(name, value)
		}
	}
	return form
}

// checkJudged holds a judged sheet to what every judgement must be: a
// hand only when ready, a record that decodes and, shown again, is judged
// the same, and every verdict citing the rules it carries.
func checkJudged(t *testing.T, tb game.Table, sh game.Sheet, hand *game.Hand) {
	t.Helper()
	if (hand != nil) != sh.Judgement.Ready || (hand == nil) != (sh.Judgement.Problem != "") {
		t.Fatalf("hand %v, ready %v, problem %q", hand, sh.Judgement.Ready, sh.Judgement.Problem)
	}
	for _, f := range sh.Fields() {
		if v := f.Verdict; v != nil && !slices.Equal(citedIDs.FindAllString(v.Text, -1), v.Rules) {
			t.Fatalf("%s: verdict %q carries %v", f.Name, v.Text, v.Rules)
		}
	}
	if hand == nil {
		return
	}
	if len(hand.Points) != tb.Seats() || hand.Seat < -1 || hand.Seat >= tb.Seats() || !hand.EndsHand {
		t.Fatalf("hand %+v at a table of %d", hand, tb.Seats())
	}
	gametest.ShownAgain(t, Module{}, tb, hand)
}

// FuzzJudge fills the sheet with whatever comes: never a panic, and a
// hand saved only when ready, with a record that shows it again.
func FuzzJudge(f *testing.F) {
	f.Add(uint8(0), uint8(0), "meld_0_0=KS KH KD\nmeld_0_1=5h 6h 2c\nhand_1=qs ah 2d")
	f.Add(uint8(1), uint8(3), "meld_0_0=7h 7h 7s 7d 7c\nmeld_0_1=as ah 2c=ad\nhand_1=3c\nhand_2=\nmeld_2_0=2c 2d 2h")
	f.Add(uint8(0), uint8(0), "meld_1_0=kh ah 2c\nhand_0=2c=7h\nfields_meld_1=2\nmore=meld_0\nfields_meld_0=40")
	f.Add(uint8(6), uint8(1), "meld_7_39=qs ks as\nhand_2=ks ks ks\nmeld_3_0=zz\nfields_meld_2=-3")
	f.Fuzz(func(t *testing.T, seats, house uint8, text string) {
		tb := fuzzTable(seats, house)
		sh, hand, err := Module{}.Judge(context.Background(), tb, fuzzValues(text))
		if err != nil {
			t.Fatalf("Judge: %v", err)
		}
		checkJudged(t, tb, sh, hand)
	})
}

// FuzzDecodeRecord decodes whatever comes as a stored hand: never a
// panic, and a record it passes is shown and judged without one.
func FuzzDecodeRecord(f *testing.F) {
	f.Add(uint8(0), `{"players":[{"melds":[["KS","KH","KD"],["5H","6H","2C"]],"hand":[]},{"melds":[],"hand":["QS","AH","2D"]}]}`)
	f.Add(uint8(3), `{"players":[{"melds":[["2C=7S","5S","6S"]]},{},{},{},{"hand":["QD"]}]}`)
	f.Add(uint8(1), `{"players":{"hand":1}}`)
	f.Add(uint8(0), `null`)
	f.Fuzz(func(t *testing.T, seats uint8, record string) {
		tb := fuzzTable(seats, 0)
		rec, err := DecodeRecord(json.RawMessage(record), tb.Seats())
		if err != nil {
			return
		}
		if len(rec.Players) > tb.Seats() {
			t.Fatalf("DecodeRecord passed %+v at a table of %d", rec, tb.Seats())
		}
		values, err := Module{}.Values(tb, json.RawMessage(record))
		if err != nil {
			t.Fatalf("Values refused what DecodeRecord passed: %v", err)
		}
		sh, hand, err := Module{}.Judge(context.Background(), tb, values)
		if err != nil {
			t.Fatal(err)
		}
		checkJudged(t, tb, sh, hand)
	})
}

// FuzzEndpoints posts whatever comes to hands/score and melds/check:
// never a panic, an answer that encodes, or bad input or a rule broken,
// never another error.
func FuzzEndpoints(f *testing.F) {
	paths := []string{"hands/score", "melds/check"}
	f.Add(uint8(0), []byte(`{"players": [{"melds": [["KS","KH","KD"],["5H","6H","2C"]], "hand": []}, {"melds": [], "hand": ["QS","AH","2D"]}]}`))
	f.Add(uint8(0), []byte(`{"players": [{"melds": [["7H","7S","8D"]]}, {"hand": ["KS"]}], "house_rules": {"big_sets": true}}`))
	f.Add(uint8(1), []byte(`{"cards": ["KH", "AH", "2C"]}`))
	f.Add(uint8(1), []byte(`{"cards": ["2C"], "onto": ["4H", "5H", "6H"], "house_rules": {"ace_set_15": true}}`))
	f.Fuzz(func(t *testing.T, which uint8, raw []byte) {
		out, err := gametest.Serve(context.Background(), Module{}, paths[int(which)%len(paths)], raw)
		gametest.CheckServed(t, out, err)
	})
}
