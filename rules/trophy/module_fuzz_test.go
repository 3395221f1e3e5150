package trophy

import (
	"context"
	"encoding/json"
	"testing"

	"meldpad/rules/game"
	"meldpad/rules/game/gametest"
)

// fuzzTable is a table of 3 to 5 players after a few tricks, whose
// winners and points come from the bytes (a winner past the table is a
// round that names nobody).
func fuzzTable(seats uint8, tricks []byte) game.Table {
	n := MinPlayers + int(seats)%(MaxPlayers-MinPlayers+1)
	names := make([]string, n)
	for i := range names {
		names[i] = "P" + itoa(i)
	}
	var rounds [][2]int
	for i := 0; i+1 < len(tricks) && len(rounds) < 20; i += 2 {
		seat := int(tricks[i]) % (n + 1)
		if seat == n {
			seat = -1
		}
		rounds = append(rounds, [2]int{seat, int(tricks[i+1]) % 8})
	}
	tb := tableOf(names, rounds...)
	tb.FirstDealer = int(seats) / 3 % n
	return tb
}

// checkJudged holds a judged sheet to what every judgement must be: a
// hand only when ready, for its winner alone, with a record that decodes
// and, shown again, is judged the same.
func checkJudged(t *testing.T, tb game.Table, sh game.Sheet, hand *game.Hand) {
	t.Helper()
	if (hand != nil) != sh.Judgement.Ready || (hand == nil) != (sh.Judgement.Problem != "") {
		t.Fatalf("hand %v, ready %v, problem %q", hand, sh.Judgement.Ready, sh.Judgement.Problem)
	}
	if rows := len(partsOf(sh, game.Row)); rows > MaxPlays(tb.Seats()) {
		t.Fatalf("%d rows at a table of %d", rows, tb.Seats())
	}
	if hand == nil {
		return
	}
	if len(hand.Points) != tb.Seats() || hand.Seat < 0 || hand.Seat >= tb.Seats() {
		t.Fatalf("hand %+v at a table of %d", hand, tb.Seats())
	}
	if err := (Module{}).CheckPoints(tb, game.Round{Points: hand.Points, Seat: hand.Seat}); err != nil {
		t.Fatalf("the trick's points %v break the check by points: %v", hand.Points, err)
	}
	gametest.ShownAgain(t, Module{}, tb, hand)
}

// FuzzJudge fills the sheet with whatever comes: never a panic, and a
// trick saved only when ready, with a record that shows it again.
func FuzzJudge(f *testing.F) {
	f.Add(uint8(1), []byte{}, "leader=0\nplay_0_seat=0\nplay_0_card=3 Lamps\nplay_1_card=8 Fromps\nplay_2_fold=1\nplay_3_card=Grue")
	f.Add(uint8(1), []byte{1, 3, 2, 7}, "leader=0\nwinner=1\ntrick_cards=0 Lamps, 9 Tops, Grue\nends_hand=1")
	f.Add(uint8(0), []byte{0, 1}, "leader=1\nplay_0_card=3 lam\nplay_1_card=9 plu\nplay_2_fold=1\nplay_3_fold=1\nwinner=2\ntrick_cards=9 plu")
	f.Add(uint8(2), []byte{9, 9}, "leader=7\nrows=-4\naction=more\nplay_40_card=Grue\nplay_3_seat=9\nplay_3_fold=x\nplay_3_card=zz\nwinner=-1\ntrick_cards=Grue, Time")
	f.Add(uint8(0), []byte{}, "leader=0\nrows=99999\naction=more\nplay_0_card=3 Lamps\nplay_1_card=3 Lamps, 4 Lamps")
	f.Fuzz(func(t *testing.T, seats uint8, tricks []byte, text string) {
		tb := fuzzTable(seats, tricks)
		sh, hand, err := Module{}.Judge(context.Background(), tb, gametest.FuzzForm(text))
		if err != nil {
			t.Fatalf("Judge: %v", err)
		}
		checkJudged(t, tb, sh, hand)
	})
}

// FuzzDecodeRecord decodes whatever comes as a stored trick: never a
// panic, and a record it passes is shown and judged without one.
func FuzzDecodeRecord(f *testing.F) {
	f.Add(uint8(1), `{"leader":0,"plays":[{"seat":0,"card":"3 Lamps"},{"seat":1,"card":"8 Fromps"},{"seat":2,"fold":true},{"seat":3,"card":"Grue"}]}`)
	f.Add(uint8(0), `{"quick":{"winner":2,"cards":["0 Rain","∞ Tops","Time"]},"ends_hand":true}`)
	f.Add(uint8(2), `{"leader":4,"plays":[{"seat":4,"card":"Grue"},{"seat":-1}],"quick":{"winner":9}}`)
	f.Add(uint8(0), `{"plays":[{"seat":"Ann"}]}`)
	f.Add(uint8(0), `null`)
	f.Fuzz(func(t *testing.T, seats uint8, record string) {
		tb := fuzzTable(seats, nil)
		rec, err := DecodeRecord(json.RawMessage(record), tb.Seats())
		if err != nil {
			return
		}
		if rec.Leader != nil && (*rec.Leader < 0 || *rec.Leader >= tb.Seats()) || len(rec.Plays) > MaxPlays(tb.Seats()) {
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

// FuzzEndpoint posts whatever comes to tricks/score: never a panic, an
// answer that encodes, or bad input or a rule broken, never another
// error.
func FuzzEndpoint(f *testing.F) {
	f.Add([]byte(`{"players": 4, "leader": 0, "plays": [{"seat": 0, "card": "3 Lamps"}, {"seat": 1, "card": "8 Fromps"}, {"seat": 2, "fold": true}, {"seat": 3, "card": "Grue"}]}`))
	f.Add([]byte(`{"players": 3, "leader": 2, "plays": [{"seat": 2, "card": "0 Tops"}], "hands": [["1 Rain"], [], ["0 Tops", "Grue"]]}`))
	f.Add([]byte(`{"players": 3, "leader": 0, "plays": [{"seat": 0, "card": "3 Lamps"}, {"seat": 1, "fold": true}], "hands": [[], ["5 Lamps", "2 Tops"], []]}`))
	f.Add([]byte(`{"players": 5, "leader": 9, "plays": [{"seat": 0, "fold": true, "card": "x"}], "hands": 3}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		out, err := gametest.Serve(context.Background(), Module{}, "tricks/score", raw)
		gametest.CheckServed(t, out, err)
	})
}
