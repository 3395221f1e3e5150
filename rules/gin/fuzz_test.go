package gin

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// fuzzCards reads one card per byte: most bytes are cards of the
// standard deck, the rest trumps and the zero card, which Score must
// refuse as bad input.
func fuzzCards(data []byte) []cards.Card {
	out := make([]cards.Card, len(data))
	for i, b := range data {
		if int(b) < 4*len(standardCards) {
			out[i] = standardCards[int(b)%len(standardCards)]
		} else {
			out[i] = cards.Card{Trump: cards.Trump(b % 10)}
		}
	}
	return out
}

// FuzzScore feeds Score arbitrary deals, mostly malformed ones, under any
// house rules: it must answer with a result, a *DealError or a
// *ruling.Error citing G2 or N2, never panic, and a result must keep G1-G3.
func FuzzScore(f *testing.F) {
	f.Add([]byte{0, 4, 8, 5, 6, 7, 27, 31, 35, 39}, []byte{48, 49, 18, 22, 5, 33, 42, 47, 10, 28}, byte(17), byte(0), []byte{})
	f.Add([]byte{0, 4, 8, 5, 6, 7, 27, 31, 35, 39, 43}, []byte{48, 49, 18, 22, 5, 33, 42, 47, 10, 28}, byte(0), byte(0b1111), []byte{0, 4, 8, 255, 5, 6, 7})
	f.Add([]byte{}, []byte{}, byte(250), byte(0b100000), []byte{})
	f.Fuzz(func(t *testing.T, knocker, defender []byte, upCard, flags byte, recorded []byte) {
		house := HouseRules{Oklahoma: flags&1 != 0, UndercutOnlyWhenLess: flags&2 != 0}
		d := Deal{Knocker: int(flags>>2) % 3, UpCard: fuzzCards([]byte{upCard})[0], Draw: flags&32 != 0}
		if d.Knocker == 2 {
			d.Knocker = -1
		}
		k := max(d.Knocker, 0)
		d.Hands[k], d.Hands[1-k] = fuzzCards(knocker), fuzzCards(defender)
		if len(recorded) > 0 {
			d.KnockerMelds = [][]cards.Card{}
			for part := range strings.SplitSeq(string(recorded), "\xff") {
				d.KnockerMelds = append(d.KnockerMelds, fuzzCards([]byte(part)))
			}
		}
		r, err := Score(d, house)
		var de *DealError
		var re *ruling.Error
		switch {
		case errors.As(err, &de):
			if !strings.HasPrefix(english.Say(de.Msg), "gin: ") || de.Field == "" {
				t.Fatalf("bad input error %+v", de)
			}
			return
		case errors.As(err, &re):
			if re.Rule != "G2" && re.Rule != "N2" || !strings.HasPrefix(english.Say(re.Msg), "gin: ") || !strings.HasSuffix(english.Say(re.Msg), "("+re.Rule+")") {
				t.Fatalf("ruling %+v", re)
			}
			return
		case err != nil:
			t.Fatalf("Score error of no known type: %v", err)
		}
		if d.Draw {
			if r.Outcome != Draw || r.Points != [2]int{} {
				t.Fatalf("draw scored %+v", r)
			}
			return
		}
		kk, def := d.Knocker, 1-d.Knocker
		knockValue, doubled := house.KnockValue(d.UpCard)
		if r.KnockValue != knockValue || r.Doubled != doubled || r.Deadwood[kk] > knockValue {
			t.Fatalf("knock value %d doubled %v deadwood %v under %+v, up-card %v", r.KnockValue, r.Doubled, r.Deadwood, house, d.UpCard)
		}
		if err := (Entry{Points: r.Points[:]}).Check(house); err != nil {
			t.Fatalf("points %v: %v", r.Points, err)
		}
		switch r.Outcome {
		case Gin, BigGin:
			if r.Deadwood[kk] != 0 || len(r.Layoffs) != 0 || r.Points[def] != 0 {
				t.Fatalf("%v with %+v", r.Outcome, r)
			}
		case Undercut:
			if r.Deadwood[def] > r.Deadwood[kk] || r.Points[def] == 0 || r.Deadwood[def] == r.Deadwood[kk] && house.UndercutOnlyWhenLess {
				t.Fatalf("undercut with %+v", r)
			}
		case Knock:
			if r.Deadwood[def] < r.Deadwood[kk] || r.Deadwood[def] == r.Deadwood[kk] && !house.UndercutOnlyWhenLess || r.Points[def] != 0 {
				t.Fatalf("knock with %+v", r)
			}
		default:
			t.Fatalf("outcome %v", r.Outcome)
		}
	})
}

// FuzzScoreGame feeds ScoreGame any deals: each byte pair is a deal's two
// numbers, as small signed numbers or, with the high bit of the first,
// as large ones. It must answer with a score, a *DealError or a
// *ruling.Error citing G1, G3 or G4, and a score must add up.
func FuzzScoreGame(f *testing.F) {
	f.Add([]byte{25, 0, 0, 0, 0, 31, 80, 0}, byte(0), byte(0))
	f.Add([]byte{50, 0, 60, 0, 0, 0}, byte(0b110), byte(0))
	f.Add([]byte{0xff, 0xff, 0, 0, 0xff, 0xff}, byte(1), byte(3))
	f.Fuzz(func(t *testing.T, data []byte, flags, short byte) {
		house := HouseRules{Oklahoma: flags&1 != 0, NoBoxBonus: flags&2 != 0, NoShutout: flags&4 != 0}
		var deals [][]int
		for len(data) >= 2 {
			var points []int
			if data[0]&0x80 != 0 && len(data) >= 16 {
				points = []int{int(int64(binary.LittleEndian.Uint64(data))), int(int64(binary.LittleEndian.Uint64(data[8:])))}
				data = data[16:]
			} else {
				points = []int{int(int8(data[0])), int(int8(data[1]))}
				data = data[2:]
			}
			deals = append(deals, points)
		}
		if short > 0 && int(short) <= len(deals) {
			deals[short-1] = deals[short-1][:short%3]
		}
		g, err := ScoreGame(deals, house)
		var de *DealError
		var re *ruling.Error
		switch {
		case errors.As(err, &de):
			if !strings.HasPrefix(de.Field, "deals[") {
				t.Fatalf("bad input error %+v", de)
			}
			return
		case errors.As(err, &re):
			if re.Rule != "G1" && re.Rule != "G3" && re.Rule != "G4" || !strings.HasPrefix(english.Say(re.Msg), "gin: deal ") {
				t.Fatalf("ruling %+v", re)
			}
			return
		case err != nil:
			t.Fatalf("ScoreGame error of no known type: %v", err)
		}
		if seat, ok := Winner(deals); seat != g.Winner || ok != g.Finished {
			t.Fatalf("Winner = %d, %v; ScoreGame %+v", seat, ok, g)
		}
		for seat := range g.Final {
			if g.Totals[seat] < 0 || g.Final[seat] != g.Totals[seat]+g.Bonus.Game[seat]+g.Bonus.Box[seat]+g.Bonus.Shutout[seat] {
				t.Fatalf("final does not add up: %+v", g)
			}
		}
		if g.Finished && (g.Totals[g.Winner] < Target || g.Totals[1-g.Winner] >= Target || g.Final[g.Winner] <= g.Final[1-g.Winner]) {
			t.Fatalf("winner %d with %+v", g.Winner, g)
		}
		if !g.Finished && (g.Final != g.Totals || g.Bonus != Bonus{}) {
			t.Fatalf("an unfinished game with bonuses: %+v", g)
		}
	})
}
