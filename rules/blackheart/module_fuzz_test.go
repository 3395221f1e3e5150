package blackheart

import (
	"context"
	"encoding/json"
	"testing"

	"meldpad/rules/game"
	"meldpad/rules/game/gametest"
)

// fuzzTable is a table of 2 to 6 players whose totals before the deal
// come from the bytes, -500 to 1000 in steps of 5.
func fuzzTable(seats uint8, totals []byte) game.Table {
	n := MinPlayers + int(seats)%(MaxPlayers-MinPlayers+1)
	tb := game.Table{Names: make([]string, n), Tally: game.Tally{Totals: make([]int, n)}}
	for i := range n {
		tb.Names[i] = "P" + itoa(i)
		if i < len(totals) {
			tb.Tally.Totals[i] = 5*int(totals[i])*300/255 - 500
		}
	}
	return tb
}

// checkJudged holds a judged sheet to what every judgement must be: a
// hand only when ready, a record that decodes and, shown again, is judged
// the same.
func checkJudged(t *testing.T, tb game.Table, sh game.Sheet, hand *game.Hand) {
	t.Helper()
	if (hand != nil) != sh.Judgement.Ready || (hand == nil) != (sh.Judgement.Problem != "") {
		t.Fatalf("hand %v, ready %v, problem %q", hand, sh.Judgement.Ready, sh.Judgement.Problem)
	}
	if hand == nil {
		return
	}
	if len(hand.Points) != tb.Seats() || hand.Seat < 0 || hand.Seat >= tb.Seats() || !hand.EndsHand {
		t.Fatalf("hand %+v at a table of %d", hand, tb.Seats())
	}
	gametest.ShownAgain(t, Module{}, tb, hand)
}

// FuzzJudge fills the sheet with whatever comes: never a panic, and a
// deal saved only when ready, with a record that shows it again.
func FuzzJudge(f *testing.F) {
	f.Add(uint8(0), []byte{0, 0}, "went_out=0\nmeld_0_0=7s 7c 7h\nlayoffs_0=8s\nhand_1=ks 5h")
	f.Add(uint8(1), []byte{164, 100, 100}, "went_out=0\nblack_heart=on\nmeld_0_0=as 2s 3s 4s\nmeld_0_1=9c 9s 9h\nmeld_0_2=10c 10s jd\nhand_1=ks 5h\nhand_2=ac")
	f.Add(uint8(0), []byte{0, 0}, "went_out=1\nmeld_1_0=qc 2h qs 7h kd\nmeld_1_1=jd=4h 5h 6h\nhand_0=5s 5s 5s\nfields_meld_1=2\nmore=meld_0\nfields_meld_0=40")
	f.Add(uint8(4), []byte{255, 0, 50}, "went_out=-1\nblack_heart=x\nmeld_5_39=jd qd kd\nhand_2=kd=ks\nlayoffs_3=zz\nfields_meld_2=-3")
	f.Fuzz(func(t *testing.T, seats uint8, totals []byte, text string) {
		tb := fuzzTable(seats, totals)
		sh, hand, err := Module{}.Judge(context.Background(), tb, gametest.FuzzForm(text))
		if err != nil {
			t.Fatalf("Judge: %v", err)
		}
		checkJudged(t, tb, sh, hand)
	})
}

// FuzzDecodeRecord decodes whatever comes as a stored deal: never a
// panic, and a record it passes is shown and judged without one.
func FuzzDecodeRecord(f *testing.F) {
	f.Add(uint8(0), `{"went_out":0,"black_heart":false,"players":[{"melds":[["7S","7C","7H"]],"layoffs":["8S"],"hand":[]},{"melds":[],"layoffs":[],"hand":["KS","5H"]}]}`)
	f.Add(uint8(3), `{"went_out":4,"black_heart":true,"players":[{"melds":[["KD=7S","5S","6S"]]},{},{},{},{"hand":["QD"]}]}`)
	f.Add(uint8(1), `{"went_out":-7,"players":{"hand":1}}`)
	f.Add(uint8(0), `null`)
	f.Fuzz(func(t *testing.T, seats uint8, record string) {
		tb := fuzzTable(seats, nil)
		rec, err := DecodeRecord(json.RawMessage(record), tb.Seats())
		if err != nil {
			return
		}
		if rec.WentOut < -1 || rec.WentOut >= tb.Seats() || len(rec.Players) > tb.Seats() {
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

// FuzzEndpoints posts whatever comes to hands/score, opening/check and
// melds/check: never a panic, an answer that encodes, or bad input or a
// rule broken, never another error.
func FuzzEndpoints(f *testing.F) {
	paths := []string{"hands/score", "opening/check", "melds/check"}
	f.Add(uint8(0), []byte(`{"went_out": 0, "black_heart": false, "players": [{"melds": [["7S","7C","7H"]], "layoffs": ["8S"], "hand": []}, {"melds": [], "layoffs": [], "hand": ["KS","5H"]}]}`))
	f.Add(uint8(0), []byte(`{"went_out": 1, "black_heart": true, "players": [{"hand": ["KD"]}, {"melds": [["JD","QD","KD"]]}]}`))
	f.Add(uint8(1), []byte(`{"score": 250, "melds": [["7S","7C","7H","7S","7C"]]}`))
	f.Add(uint8(1), []byte(`{"score": -5, "melds": [["JD","QD","KD"], ["KS", "KC"]]}`))
	f.Add(uint8(2), []byte(`{"cards": ["JD"], "onto": ["4H", "5H", "6H"]}`))
	f.Fuzz(func(t *testing.T, which uint8, raw []byte) {
		out, err := gametest.Serve(context.Background(), Module{}, paths[int(which)%len(paths)], raw)
		gametest.CheckServed(t, out, err)
	})
}
