package fortune

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// fuzzCard turns a byte into a card: mostly standard cards, sometimes a
// rank or suit out of range, a Fanucci card, or a trump, so that the
// referee meets input the parser would have refused.
func fuzzCard(b byte) cards.Card {
	if b == 255 {
		return cards.NewTrump(cards.Grue)
	}
	rank := cards.Rank(b % 14)                // 0 is no rank
	suit := cards.Suit(b / 14 % 6)            // 0 is no suit, 5 is Books
	return cards.Card{Rank: rank, Suit: suit} // 0,0 is the blank card
}

// fuzzPlays reads two bytes per card: the card, then a declared reading
// when the second byte's top bit is set.
func fuzzPlays(data []byte) []cards.Play {
	var meld []cards.Play
	for i := 0; i+1 < len(data); i += 2 {
		p := cards.Play{Card: fuzzCard(data[i])}
		if data[i+1]&0x80 != 0 {
			p.As = fuzzCard(data[i+1] &^ 0x80)
		}
		meld = append(meld, p)
	}
	return meld
}

// encode is fuzzPlays in reverse, for seeding the corpus with real melds.
func encode(meld []cards.Play) []byte {
	enc := func(c cards.Card) byte { return byte(c.Suit)*14 + byte(c.Rank) }
	var out []byte
	for _, p := range meld {
		second := byte(0)
		if p.Declared() {
			second = 0x80 | enc(p.As)
		}
		out = append(out, enc(p.Card), second)
	}
	return out
}

var fuzzSeeds = []string{
	"QH KH AH", "7H 7H 7S 7D 7C", "KH AH 2C", "KH AH 2H=2H", "2C 2D 2H", "7H 2C=7S 2D",
	"JS 2C KS", "AS AH 2C", "5H 6H 2C", "7H 7S 8D", "AH 2C 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
	"2S 2H 2D 2C 9D", "5H 9H 2C 2D 2S",
}

// citedIDs finds the rule ids a reason cites.
var citedIDs = regexp.MustCompile(`\bR[1-8]\b`)

// checkInvariants are what every verdict must satisfy, whatever the input.
// Points counts the cards from counted on: 0 for a meld, the first added
// card for a lay-off.
func checkInvariants(t *testing.T, meld []cards.Play, counted int, v Verdict, h HouseRules) {
	t.Helper()
	if v.Rule == "" || v.Reason.IsZero() {
		t.Fatalf("%s: verdict without rule or reason: %+v", playsString(meld), v)
	}
	if cited := citedIDs.FindAllString(english.Say(v.Reason), -1); !slices.Equal(cited, v.Rules) || !slices.Contains(v.Rules, v.Rule) {
		t.Fatalf("%s: Rules %v and Rule %s, but the reason cites %v: %q", playsString(meld), v.Rules, v.Rule, cited, english.Say(v.Reason))
	}
	if !v.Valid {
		if v.Kind != NoKind || v.Points != 0 || v.Readings != nil || !strings.HasPrefix(english.Say(v.Reason), "Not a ") {
			t.Fatalf("%s: invalid verdict %+v", playsString(meld), v)
		}
		return
	}
	if v.Kind != Set && v.Kind != Sequence || len(v.Readings) != len(meld) || len(v.CardPoints) != len(meld) {
		t.Fatalf("%s: valid verdict %+v", playsString(meld), v)
	}
	sum := 0
	for i, p := range meld {
		if p.Card.Rank != 2 && v.Readings[i] != p.Card || p.Declared() && v.Readings[i] != p.As {
			t.Fatalf("%s: card %d read as %s", playsString(meld), i, v.Readings[i])
		}
		if want := MeldedPoints(p.Card, v.Readings[i], v.Kind, v.AceHigh, h); v.CardPoints[i] != want {
			t.Fatalf("%s: card %d scores %d, MeldedPoints says %d", playsString(meld), i, v.CardPoints[i], want)
		}
		if i >= counted {
			sum += v.CardPoints[i]
		}
	}
	if sum != v.Points {
		t.Fatalf("%s: card points %v do not add up to %d", playsString(meld), v.CardPoints, v.Points)
	}
}

func FuzzCheck(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(encode(plays(s)), false, false)
	}
	f.Add([]byte{255, 0, 0, 0, 70, 0xff}, true, true)
	f.Fuzz(func(t *testing.T, data []byte, bigSets, aceSet15 bool) {
		h := HouseRules{BigSets: bigSets, AceSet15: aceSet15}
		meld := fuzzPlays(data)
		v := Check(meld, h)
		checkInvariants(t, meld, 0, v, h)
		reversed := slices.Clone(meld)
		slices.Reverse(reversed)
		if diff := sameVerdict(v, Check(reversed, h), meld, reversed); diff != "" {
			t.Fatalf("%s reversed differs: %s", playsString(meld), diff)
		}
		if len(meld) <= 10 && freeDeuces(meld) <= 1 {
			want := bruteCheck(meld, len(meld), h)
			if v.Valid != want.valid || v.Valid && (v.Points != want.best || (v.Kind == Set) != want.setAtBest) {
				t.Fatalf("%s: %v %s %d; brute force %+v", playsString(meld), v.Valid, v.Kind, v.Points, want)
			}
		}
	})
}

func FuzzCheckLayoff(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(encode(plays(s)), uint8(3), false, false)
	}
	f.Add(encode(plays("5H 6H 7H 8H 2C")), uint8(3), false, false)
	f.Add(encode(plays("7H 7S 7D 7C 7H")), uint8(4), true, false)
	f.Fuzz(func(t *testing.T, data []byte, split uint8, bigSets, aceSet15 bool) {
		h := HouseRules{BigSets: bigSets, AceSet15: aceSet15}
		meld := fuzzPlays(data)
		k := min(int(split), len(meld))
		onto, added := meld[:k], meld[k:]
		v := CheckLayoff(onto, added, h)
		checkInvariants(t, meld, k, v, h)
		whole := Check(meld, h)
		stands := Check(onto, h).Valid && len(added) > 0 && whole.Valid
		if v.Valid != stands {
			t.Fatalf("%s onto %s: lay-off valid %v, but onto and whole say %v", playsString(added), playsString(onto), v.Valid, stands)
		}
		if !v.Valid {
			if !strings.HasPrefix(english.Say(v.Reason), "Not a lay-off: ") {
				t.Fatalf("reason %q", english.Say(v.Reason))
			}
			return
		}
		total := 0
		for _, p := range v.CardPoints {
			total += p
		}
		if v.Kind != whole.Kind || total != whole.Points {
			t.Fatalf("%s onto %s: %s worth %d in all; Check of the whole says %s, %d", playsString(added), playsString(onto), v.Kind, total, whole.Kind, whole.Points)
		}
	})
}

// fuzzPlayers reads players from bytes: 0xFE starts a new player, 0xFD
// closes a meld; what follows a player's last meld is the hand.
func fuzzPlayers(data []byte) []Player {
	var players []Player
	for _, seat := range splitBytes(data, 0xFE) {
		parts := splitBytes(seat, 0xFD)
		p := Player{}
		for _, m := range parts[:len(parts)-1] {
			p.Melds = append(p.Melds, fuzzPlays(m))
		}
		for _, b := range parts[len(parts)-1] {
			p.Hand = append(p.Hand, fuzzCard(b))
		}
		players = append(players, p)
	}
	return players
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

func FuzzScore(f *testing.F) {
	api := slices.Concat(encode(plays("KS KH KD")), []byte{0xFD}, encode(plays("5H 6H 2C")), []byte{0xFD, 0xFE})
	for _, c := range hand("QS AH 2D") {
		api = append(api, encode([]cards.Play{{Card: c}})[0])
	}
	f.Add(api, false, false)
	f.Add(slices.Concat(encode(plays("7H 7S 8D")), []byte{0xFD, 0xFE, 0xFE}), true, false)
	f.Fuzz(func(t *testing.T, data []byte, bigSets, aceSet15 bool) {
		h := HouseRules{BigSets: bigSets, AceSet15: aceSet15}
		players := fuzzPlayers(data)
		res, err := Score(players, h)
		if err != nil {
			var re *ruling.Error
			var bad *ruling.InputError
			switch {
			case errors.As(err, &re) && !strings.HasPrefix(english.Say(re.Msg), "fortune: player "):
				t.Fatalf("ruling error %q", english.Say(re.Msg))
			case re == nil && !errors.As(err, &bad):
				t.Fatalf("neither a rule nor bad input: %v", err)
			}
			return
		}
		for i, p := range players {
			held := 0
			for _, c := range p.Hand {
				held += HeldPoints(c)
			}
			if res.Held[i] != held || res.Points[i] != res.Melded[i]-res.Held[i] || len(res.MeldVerdicts[i]) != len(p.Melds) {
				t.Fatalf("player %d: %+v", i+1, res)
			}
			melded := 0
			for j, v := range res.MeldVerdicts[i] {
				checkInvariants(t, p.Melds[j], 0, v, h)
				melded += v.Points
			}
			if melded != res.Melded[i] {
				t.Fatalf("player %d: melded %d, verdicts add up to %d", i+1, res.Melded[i], melded)
			}
		}
	})
}
