package flathead

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// decodeCards turns fuzz bytes into cards: a byte below 174 is that card of
// the Fanucci deck, a larger one a card no Fanucci deck holds (a blank
// card, a standard card, or a rank or suit out of range).
func decodeCards(data []byte) []cards.Card {
	out := make([]cards.Card, len(data))
	for i, b := range data {
		if int(b) < len(fanucciCards) {
			out[i] = fanucciCards[b]
			continue
		}
		out[i] = cards.Card{Rank: cards.Rank(b % 23), Suit: cards.Suit(b % 21), Trump: cards.Trump(b % 3 * 5)}
	}
	return out
}

// encodeCards is the inverse of decodeCards for Fanucci cards, for seeds.
func encodeCards(cs []cards.Card) []byte {
	out := make([]byte, len(cs))
	for i, c := range cs {
		out[i] = byte(deckIndex[c])
	}
	return out
}

// checkVerdictShape checks what every verdict must be, whatever the input.
func checkVerdictShape(t *testing.T, v Verdict) {
	t.Helper()
	if v.Valid != (v.Kind != NoKind) {
		t.Fatalf("verdict %+v: Valid and Kind disagree", v)
	}
	if v.Rule == "" || !strings.HasPrefix(v.Rule, "F") || !strings.HasSuffix(reasonText(v), ")") || !strings.Contains(reasonText(v), v.Rule) {
		t.Fatalf("verdict %+v: the reason must end citing its rule", v)
	}
	// The rules cited are a field: the rule the verdict turns on is among
	// them, and the reason ends with exactly those.
	if !slices.Contains(v.Rules, v.Rule) || !strings.HasSuffix(reasonText(v), " ("+strings.Join(v.Rules, ", ")+")") {
		t.Fatalf("verdict %+v: Rules must be what the reason cites, Rule among them", v)
	}
}

func FuzzCheck(f *testing.F) {
	for _, m := range [][]string{
		{"2 Lamps", "3 Plungers", "4 Fromps"}, {"7 Zurfs", "8 Zurfs", "9 Rain", "∞ Tops"},
		{"Grue", "2 Scythes", "3 Scythes"}, {"6 Faces", "6 Hives", "6 Inkblots"},
		{"Grue", "Jester", "5 Lamps"}, {"∞ Lamps", "∞ Tops", "∞ Faces"}, {"8 Lamps", "9 Plungers", "Grue"},
	} {
		f.Add(encodeCards(mustCards(m...)))
	}
	f.Add([]byte{200, 0, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		meld := decodeCards(data)
		v := Check(meld)
		checkVerdictShape(t, v)
		if v.Bonus != (v.Valid && v.Kind.Bonus()) || v.Bonus && v.Trump {
			t.Fatalf("Check(%v) = %+v: bonus wrong (F4)", meld, v)
		}
		if v.Trump != hasTrump(meld) {
			t.Fatalf("Check(%v) = %+v: Trump wrong", meld, v)
		}
		reversed := slices.Clone(meld)
		slices.Reverse(reversed)
		if w := Check(reversed); !reflect.DeepEqual(w, v) {
			t.Fatalf("Check(%v) = %+v, reversed %+v", meld, v, w)
		}
	})
}

func FuzzCheckLayoff(f *testing.F) {
	f.Add(encodeCards(mustCards("5 Faces", "6 Faces", "7 Faces")), encodeCards(mustCards("9 Faces")))
	f.Add(encodeCards(mustCards("5 Faces", "6 Faces", "7 Faces")), encodeCards(mustCards("8 Hives")))
	f.Add(encodeCards(mustCards("6 Faces", "6 Hives", "6 Inkblots")), encodeCards(mustCards("6 Plungers")))
	f.Add(encodeCards(mustCards("6 Faces", "6 Hives", "Grue")), encodeCards(mustCards("Jester")))
	f.Fuzz(func(t *testing.T, ontoData, addedData []byte) {
		onto, added := decodeCards(ontoData), decodeCards(addedData)
		v := CheckLayoff(onto, added)
		checkVerdictShape(t, v)
		if v.Bonus {
			t.Fatalf("CheckLayoff(%v, %v) earns a bonus mark (F4)", onto, added)
		}
		whole := Check(append(slices.Clone(onto), added...))
		ok := Check(onto).Valid && len(added) > 0 && whole.Valid
		if v.Valid != ok || v.Valid && v.Kind != whole.Kind {
			t.Fatalf("CheckLayoff(%v, %v) = %+v, but the whole is %+v", onto, added, v, whole)
		}
	})
}

// decodeHand turns fuzz bytes into the end of a hand: the number of
// players, the winner and the bonus marks first, then pairs of a card and
// where it is (a seat's hand, or one of up to four table melds).
func decodeHand(data []byte) Hand {
	if len(data) < 2 {
		return Hand{}
	}
	players := int(data[0]%8) + 1
	h := Hand{Winner: int(data[1]%8) - 1, Hands: make([][]cards.Card, players), BonusMarks: make([]int, players)}
	data = data[2:]
	for seat := range players {
		h.Hands[seat] = []cards.Card{}
		if len(data) > 0 {
			h.BonusMarks[seat] = int(data[0]%5) - int(data[0]/250)
			data = data[1:]
		}
	}
	for ; len(data) >= 2; data = data[2:] {
		c := decodeCards(data[:1])[0]
		where := int(data[1]) % (players + 4)
		if where < players {
			h.Hands[where] = append(h.Hands[where], c)
			continue
		}
		for len(h.Table) <= where-players {
			h.Table = append(h.Table, nil)
		}
		h.Table[where-players] = append(h.Table[where-players], c)
	}
	return h
}

func FuzzScore(f *testing.F) {
	f.Add([]byte{2, 1, 2, 1, 0, 3, 1, 4, 1, 5, 2})
	f.Add(append([]byte{2, 1, 2, 1, 0}, pairs(mustCards("7 Plungers", "7 Fromps", "7 Zurfs"), 3, mustCards("3 Bugs", "Grue"), 1, mustCards("7 Lamps"), 2)...))
	f.Add(append([]byte{1, 1, 0, 0}, pairs(mustCards("5 Faces", "6 Faces", "7 Faces"), 2, mustCards("9 Faces", "4 Hives", "Grue"), 1)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		h := decodeHand(data)
		r, err := Score(h)
		if err != nil {
			// Only input the rules forbid, or input the HTTP layer
			// refuses, may fail; a hand within the rules always scores.
			if checkShape(h) == nil && checkRules(h) == nil {
				t.Fatalf("Score(%+v): %v, for a hand within the rules", h, err)
			}
			// A rules error carries a rule id; a plain one is bad input.
			var re *ruling.Error
			if errors.As(err, &re) && (re.Rule == "" || !strings.Contains(re.Msg.String(), "("+re.Rule)) {
				t.Fatalf("ruling error %q without its rule %q", re.Msg.String(), re.Rule)
			}
			return
		}
		checkLayoffsValid(t, h, r)
		total := 0
		for _, p := range r.Points {
			total += p
		}
		if r.Multiplier < 1 || total != r.Points[h.Winner] || r.Points[h.Winner] != r.Base*r.Multiplier {
			t.Fatalf("points %v, base %d, multiplier %d (F8)", r.Points, r.Base, r.Multiplier)
		}
		pool := 0
		for seat, hand := range h.Hands {
			if seat != h.Winner {
				pool += len(hand)
			}
		}
		if pool <= 6 && len(h.Table) <= 3 {
			if n, _ := sequentialLayoffs(h.Table, h.Hands, h.Winner); n != len(r.Layoffs) {
				t.Fatalf("Score lays off %d, sequentialLayoffs %d: %+v", len(r.Layoffs), n, h)
			}
		}
	})
}

// pairs encodes cards with where they are, for FuzzScore's seeds: a list
// of cards, then the place (seat, or players+meld) for all of them.
func pairs(args ...any) []byte {
	var out []byte
	for i := 0; i+1 < len(args); i += 2 {
		for _, b := range encodeCards(args[i].([]cards.Card)) {
			out = append(out, b, byte(args[i+1].(int)))
		}
	}
	return out
}

// decodeDeal turns fuzz bytes into the end of a hand within the rules:
// two to six players and the winner first, then pairs of a card of the
// Fanucci deck and where it is (a seat's hand, or one of up to fourteen
// table melds). A card given twice keeps its first place, the winner's
// cards and a loser's beyond the tenth (F6) are dropped, and so is a
// table meld that is not a meld.
func decodeDeal(data []byte) Hand {
	h := Hand{Winner: 0, Hands: [][]cards.Card{{}, {}}, BonusMarks: []int{0, 0}}
	if len(data) < 2 {
		return h
	}
	players := 2 + int(data[0])%5
	h = Hand{Winner: int(data[1]) % players, Hands: make([][]cards.Card, players), BonusMarks: make([]int, players)}
	for seat := range h.Hands {
		h.Hands[seat] = []cards.Card{}
	}
	table := make([][]cards.Card, 14)
	seen := map[cards.Card]bool{}
	for data = data[2:]; len(data) >= 2; data = data[2:] {
		c := fanucciCards[int(data[0])%len(fanucciCards)]
		if seen[c] {
			continue
		}
		seen[c] = true
		switch where := int(data[1]) % (players + len(table)); {
		case where >= players:
			table[where-players] = append(table[where-players], c)
		case where != h.Winner && len(h.Hands[where]) < HandSize:
			h.Hands[where] = append(h.Hands[where], c)
		}
	}
	for _, meld := range table {
		if Check(meld).Valid {
			h.Table = append(h.Table, meld)
		}
	}
	return h
}

// encodeDeal is the inverse of decodeDeal, for seeds.
func encodeDeal(h Hand) []byte {
	players := len(h.Hands)
	out := []byte{byte(players - 2), byte(h.Winner)}
	for seat, hand := range h.Hands {
		for _, c := range hand {
			out = append(out, byte(deckIndex[c]), byte(seat))
		}
	}
	for m, meld := range h.Table {
		for _, c := range meld {
			out = append(out, byte(deckIndex[c]), byte(players+m))
		}
	}
	return out
}

// FuzzLayoffs scores ends of hands within the rules (decodeDeal): the F7
// search must never fail nor panic, its lay-offs must be valid one by
// one in the order given and leave the count it gives, and on small
// deals it must lay off as many cards as exhaustiveLayoffs.
func FuzzLayoffs(f *testing.F) {
	f.Add(encodeDeal(Hand{Winner: 0, Hands: [][]cards.Card{{}, mustCards("Light", "4 Bugs"), mustCards("Granola", "8 Plungers", "9 Fromps")},
		Table: [][]cards.Card{mustCards("2 Mazes", "0 Mazes", "3 Mazes"), mustCards("1 Fromps", "2 Fromps", "3 Lamps")}}))
	f.Add(encodeDeal(Hand{Winner: 0, Hands: [][]cards.Card{{}, mustCards("0 Scythes"), mustCards("Time", "4 Lamps", "Lobster"), mustCards("9 Scythes")},
		Table: [][]cards.Card{mustCards("6 Faces", "0 Faces", "7 Faces"), mustCards("6 Plungers", "7 Fromps", "8 Lamps"), mustCards("2 Mazes", "3 Bugs", "4 Bugs", "5 Scythes", "6 Scythes")}}))
	f.Add(encodeDeal(Hand{Winner: 0, Hands: [][]cards.Card{{}, mustCards("2 Plungers"), mustCards("4 Fromps")},
		Table: [][]cards.Card{mustCards("1 Lamps", "3 Lamps", "5 Lamps")}}))
	f.Add(encodeDeal(hardLayoffs()))
	f.Add(encodeDeal(runLayoffs()))
	data, err := os.ReadFile("testdata/slow-deals.json")
	if err != nil {
		f.Fatal(err)
	}
	var slow []slowDeal
	if err := json.Unmarshal(data, &slow); err != nil {
		f.Fatal(err)
	}
	for _, d := range slow {
		f.Add(encodeDeal(d.hand()))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h := decodeDeal(data)
		r, err := Score(h)
		if err != nil {
			t.Fatalf("Score(%s): %v", dealString(h), err)
		}
		checkLayoffsValid(t, h, r)
		pool := 0
		for seat, hand := range h.Hands {
			if seat != h.Winner {
				pool += len(hand)
			}
		}
		if pool <= 7 && len(h.Table) <= 4 {
			if n := exhaustiveLayoffs(h.Table, h.Hands, h.Winner); n != len(r.Layoffs) {
				t.Fatalf("Score(%s) lays off %d, %v; exhaustiveLayoffs %d", dealString(h), len(r.Layoffs), r.Layoffs, n)
			}
		}
	})
}
