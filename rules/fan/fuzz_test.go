package fan

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// fuzzCards reads one card per byte. Most bytes are standard cards; the
// rest are zero cards, Fanucci cards, trumps and out-of-range ranks, which
// the package must refuse without panicking.
func fuzzCards(data []byte) []cards.Card {
	out := make([]cards.Card, len(data))
	for i, b := range data {
		switch {
		case b < 208:
			out[i] = cardAt(int(b) % deckSize)
		case b < 224:
			out[i] = cards.Card{Rank: cards.Rank(b % 16), Suit: cards.Suit(b % 6)}
		case b < 240:
			out[i] = cards.Card{Rank: cards.Rank(b % 11), Suit: cards.Lamps}
		default:
			out[i] = cards.NewTrump(cards.Trump(b % 11))
		}
	}
	return out
}

func FuzzCheck(f *testing.F) {
	f.Add([]byte{0, 1, 2})     // three aces
	f.Add([]byte{44, 48, 0})   // Q-K-A of spades
	f.Add([]byte{4, 8, 12, 9}) // 2-3-4 of spades and a 3 of hearts
	f.Add([]byte{250, 1, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		meld := fuzzCards(data)
		v := Check(meld)
		if v.Valid != (v.Kind != NoKind) || v.Rule != "N2" || !strings.HasSuffix(reasonText(v), "(N2)") {
			t.Fatalf("Check(%v) = %+v", meld, v)
		}
		allStandard := true
		for _, c := range meld {
			_, ok := index(c)
			allStandard = allStandard && ok
		}
		if allStandard && v.Valid != slowIsMeld(meld) {
			t.Fatalf("Check(%v) = %+v, slow N2 says %v", meld, v, slowIsMeld(meld))
		}
		if !allStandard && v.Valid {
			t.Fatalf("Check(%v) accepts a card outside the deck", meld)
		}
		reversed := slices.Clone(meld)
		slices.Reverse(reversed)
		if w := Check(reversed); w.Valid != v.Valid || w.Kind != v.Kind {
			t.Fatalf("Check depends on order: %+v vs %+v", v, w)
		}
	})
}

func FuzzCheckLayoff(f *testing.F) {
	f.Add([]byte{16, 20, 24}, []byte{28, 12})
	f.Add([]byte{0, 1, 2}, []byte{3})
	f.Add([]byte{40, 44, 48}, []byte{0})
	f.Fuzz(func(t *testing.T, onto, added []byte) {
		o, a := fuzzCards(onto), fuzzCards(added)
		v := CheckLayoff(o, a)
		if v.Valid != (v.Kind != NoKind) || !strings.Contains(reasonText(v), "(N") {
			t.Fatalf("CheckLayoff(%v, %v) = %+v", o, a, v)
		}
		if v.Valid && (!Check(o).Valid || Check(append(slices.Clone(o), a...)).Kind != v.Kind) {
			t.Fatalf("CheckLayoff(%v, %v) = %+v disagrees with Check", o, a, v)
		}
	})
}

func FuzzDeadwood(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 8, 12})
	f.Add([]byte{0, 0, 250, 225})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 60 {
			data = data[:60]
		}
		h := fuzzCards(data)
		a := Deadwood(h)
		n, v := len(a.Deadwood), 0
		for _, c := range a.Deadwood {
			v += Value(c)
		}
		for _, m := range a.Melds {
			n += len(m)
			if !Check(m).Valid {
				t.Fatalf("Deadwood(%v) melds %v", h, m)
			}
		}
		if n != len(h) || v != a.Value {
			t.Fatalf("Deadwood(%v) = %v does not account for the hand", h, a)
		}
		if len(h) <= 11 && len(a.Deadwood) == len(h) {
			// Nothing melded: then no meld may exist among standard cards.
			for _, arr := range slowArrangements(h) {
				if len(arr) > 0 && allDistinctStandard(pick(h, covered(arr))) {
					t.Fatalf("Deadwood(%v) melds nothing, but %v is a meld", h, pick(h, arr[0]))
				}
			}
		}
	})
}

func allDistinctStandard(cs []cards.Card) bool {
	seen := map[cards.Card]bool{}
	for _, c := range cs {
		if _, ok := index(c); !ok || seen[c] {
			return false
		}
		seen[c] = true
	}
	return true
}

// FuzzScoreAnyInput feeds Score arbitrary, mostly malformed deals: it must
// answer each with a result, a *DealError or a *ruling.Error, never panic.
func FuzzScoreAnyInput(f *testing.F) {
	f.Add([]byte{0, 4, 8, 5, 6, 7, 27, 31, 35, 39}, []byte{48, 49, 18, 22, 5, 33, 42, 47, 10, 28}, byte(17), byte(0), false, []byte{})
	f.Add([]byte{0, 4, 8, 5, 6, 7, 27, 31, 35, 39, 43}, []byte{48, 49, 18, 22, 5, 33, 42, 47, 10, 28}, byte(17), byte(1), true, []byte{0, 4, 8, 255, 5, 6, 7})
	f.Fuzz(func(t *testing.T, knocker, defender []byte, knockCard, seat byte, tie bool, recorded []byte) {
		d := Deal{KnockCard: fuzzCards([]byte{knockCard})[0], Knocker: int(seat % 3), UndercutOnTie: tie}
		if d.Knocker > 1 {
			d.Knocker = -1
		}
		k := max(d.Knocker, 0)
		d.Hands[k], d.Hands[1-k] = fuzzCards(knocker), fuzzCards(defender)
		if len(recorded) > 0 {
			// Melds separated by byte 255.
			d.KnockerMelds = [][]cards.Card{}
			for _, part := range splitBytes(recorded, 255) {
				d.KnockerMelds = append(d.KnockerMelds, fuzzCards(part))
			}
		}
		r, err := Score(d)
		var de *DealError
		var re *ruling.Error
		switch {
		case errors.As(err, &de):
			return
		case errors.As(err, &re):
			if re.Rule != "N2" && re.Rule != "N4" || !strings.HasPrefix(english.Say(re.Msg), "fan: ") || !strings.HasSuffix(english.Say(re.Msg), ")") {
				t.Fatalf("ruling %+v", re)
			}
			return
		case err != nil:
			t.Fatalf("Score error of no known type: %v", err)
		}
		checkResult(t, d, r)
		kk, def := d.Knocker, 1-d.Knocker
		if r.Points[0] < 0 || r.Points[1] < 0 || r.Points[0] > 0 && r.Points[1] > 0 {
			t.Fatalf("points %v: only one seat scores, never below 0 (N6)", r.Points)
		}
		if r.Deadwood[kk] > r.KnockValue {
			t.Fatalf("knocked with %d over %d (N4)", r.Deadwood[kk], r.KnockValue)
		}
		if r.Outcome == Undercut && r.Points[def] == 0 || r.Outcome != Undercut && r.Points[def] != 0 {
			t.Fatalf("outcome %v with points %v", r.Outcome, r.Points)
		}
		if d.KnockerMelds == nil && r.Outcome != Gin && r.Outcome != BigGin && r.Deadwood[kk] < Deadwood(d.Hands[kk]).Value {
			t.Fatalf("knocker deadwood %d below the least", r.Deadwood[kk])
		}
	})
}

func splitBytes(data []byte, sep byte) [][]byte {
	var out [][]byte
	start := 0
	for i, b := range data {
		if b == sep {
			out = append(out, data[start:i])
			start = i + 1
		}
	}
	return append(out, data[start:])
}

// FuzzScore builds a well-formed deal from the bytes (each card picked from
// what is left of the deck) and checks Score against the slow referee.
func FuzzScore(f *testing.F) {
	f.Add([]byte{17, 0, 0, 4, 8, 5, 6, 7, 27, 31, 35, 39, 48, 49, 18, 22, 5, 33, 42, 47, 10, 28})
	f.Add([]byte{49, 0b1110, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7})
	f.Fuzz(func(t *testing.T, data []byte) {
		next := func() byte {
			if len(data) == 0 {
				return 0
			}
			b := data[0]
			data = data[1:]
			return b
		}
		knockCard := cardAt(int(next()) % deckSize)
		flags := next()
		d := Deal{KnockCard: knockCard, Knocker: int(flags & 1), UndercutOnTie: flags&2 != 0}
		left := make([]int, deckSize)
		for i := range left {
			left[i] = i
		}
		draw := func(n int) []cards.Card {
			var h []cards.Card
			for range n {
				i := int(next()) % len(left)
				h = append(h, cardAt(left[i]))
				left = slices.Delete(left, i, i+1)
			}
			return h
		}
		size := HandSize
		if flags&4 != 0 {
			size++
		}
		d.Hands[d.Knocker] = draw(size)
		d.Hands[1-d.Knocker] = draw(HandSize)
		if flags&8 != 0 {
			// Record the least-deadwood melds, perhaps one fewer.
			d.KnockerMelds = Deadwood(d.Hands[d.Knocker]).Melds
			if drop := int(flags >> 4); drop < len(d.KnockerMelds) {
				d.KnockerMelds = slices.Delete(d.KnockerMelds, drop, drop+1)
			}
		}
		compareWithSlow(t, d, map[string]int{})
	})
}
