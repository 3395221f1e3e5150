package trophy

import (
	"errors"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// trickFromBytes decodes fuzz input into a trick: a header byte for the
// player count, the leader and whether hands are given, then hands and
// plays, one byte or two per item. Seats and counts may fall outside the
// table on purpose: Score must answer them with an error, never a panic.
func trickFromBytes(data []byte) Trick {
	deck := cards.Fanucci().Cards()
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
	head := next()
	t := Trick{Players: 2 + head&0x7f%5, Leader: head & 0x7f / 5 % 6}
	if head&0x80 != 0 {
		t.Hands = make([][]cards.Card, t.Players)
		for seat := range t.Hands {
			for n := next() % 16; n > 0; n-- {
				t.Hands[seat] = append(t.Hands[seat], deck[next()%len(deck)])
			}
		}
	}
	for len(data) > 0 {
		b := next()
		p := Play{Seat: b & 0x3f % 7, Fold: b&0x80 != 0}
		if !p.Fold || b&0x40 != 0 {
			c := next()
			if c < len(deck) {
				p.Card = deck[c]
			} else {
				p.Card = cards.Card{Rank: cards.Rank(c % 24), Suit: cards.Suit(c % 21), Trump: cards.Trump(c % 11)}
			}
		}
		t.Plays = append(t.Plays, p)
	}
	return t
}

// trickToBytes encodes a trick for trickFromBytes, to seed the fuzzer with
// legal tricks that run to their end.
func trickToBytes(t Trick) []byte {
	index := map[cards.Card]byte{}
	for i, c := range cards.Fanucci().Cards() {
		index[c] = byte(i)
	}
	head := byte(t.Players - 2 + 5*t.Leader)
	if t.Hands != nil {
		head |= 0x80
	}
	out := []byte{head}
	for _, h := range t.Hands {
		out = append(out, byte(len(h)))
		for _, c := range h {
			out = append(out, index[c])
		}
	}
	for _, p := range t.Plays {
		if p.Fold {
			out = append(out, 0x80|byte(p.Seat))
		} else {
			out = append(out, byte(p.Seat), index[p.Card])
		}
	}
	return out
}

// FuzzScore checks that no trick makes Score panic, that every error is
// one of the two kinds documented, and that every result keeps the
// invariants of T2-T7.
func FuzzScore(f *testing.F) {
	f.Add([]byte{0x02, 0, 5, 1, 30, 0x82, 3, 170})
	f.Add([]byte{0x81, 3, 1, 2, 3, 1, 80, 2, 4, 5, 0, 1, 1, 2, 0x82})
	f.Add([]byte{0x00, 0, 0, 1, 1, 2, 2, 0, 3})
	rng := rand.New(rand.NewPCG(7, 8))
	for range 30 {
		trick, _ := randomLegalTrick(rng)
		if rng.IntN(2) == 0 {
			trick.Hands = nil
		}
		f.Add(trickToBytes(trick))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		trick := trickFromBytes(data)
		res, err := Score(trick)
		if err != nil {
			var ie *InputError
			var re *ruling.Error
			switch {
			case errors.As(err, &ie):
			case errors.As(err, &re):
				if !strings.HasPrefix(english.Say(re.Msg), "trophy: ") || !strings.Contains(english.Say(re.Msg), re.Rule+")") {
					t.Fatalf("ruling message %q does not cite %s", english.Say(re.Msg), re.Rule)
				}
			default:
				t.Fatalf("error of an undocumented kind: %T %v", err, err)
			}
			return
		}
		n := trick.Players
		if len(res.Folded) != n || res.Points < 0 || res.Highest < -1 || res.Highest >= n {
			t.Fatalf("bad result %+v", res)
		}
		if res.Ended {
			if res.Winner < 0 || res.Winner >= n || res.Folded[res.Winner] || res.Next != -1 || res.NextLeader != (res.Winner+1)%n {
				t.Fatalf("ended trick with a bad winner: %+v", res)
			}
			if res.Trumped && res.Highest != res.Winner {
				t.Fatalf("after a trump the trumper holds the highest card: %+v", res)
			}
		} else {
			if res.Winner != -1 || res.NextLeader != -1 || res.Next < 0 || res.Next >= n || res.Folded[res.Next] || res.Trumped || res.HandEnds {
				t.Fatalf("open trick with a bad state: %+v", res)
			}
		}
		if res.Reason.IsZero() || !strings.Contains(english.Say(res.Reason), res.Rule) {
			t.Fatalf("reason %q does not cite %s", english.Say(res.Reason), res.Rule)
		}
		if got := citedIDs(english.Say(res.Reason)); !slices.Equal(res.Rules, got) || !slices.Contains(res.Rules, res.Rule) {
			t.Fatalf("Rules %v, but the reason %q cites %v (rule %s)", res.Rules, english.Say(res.Reason), got, res.Rule)
		}
		if trick.Hands == nil && res.HandEnds {
			t.Fatalf("HandEnds without hands")
		}
	})
}

// TestTrickBytesRoundTrip makes sure the fuzz seeds are the legal tricks
// they were made from, so that the fuzzer starts from tricks that end.
func TestTrickBytesRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 200 {
		trick, _ := randomLegalTrick(rng)
		back := trickFromBytes(trickToBytes(trick))
		want, err := Score(trick)
		got, err2 := Score(back)
		if err != nil || err2 != nil || got.Winner != want.Winner || len(back.Plays) != len(trick.Plays) {
			t.Fatalf("trick %+v came back as %+v (%v, %v)", trick, back, err, err2)
		}
	}
}

var ruleID = regexp.MustCompile(`\bT[1-8]\b`)

// citedIDs are the rule ids a sentence cites, each once, in order.
func citedIDs(s string) []string {
	var out []string
	for _, id := range ruleID.FindAllString(s, -1) {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}
