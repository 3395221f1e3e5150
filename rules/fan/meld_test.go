package fan

import (
	"math/rand"
	"slices"
	"testing"

	"meldpad/rules/cards"
)

func TestKindString(t *testing.T) {
	for kind, want := range map[Kind]string{NoKind: "", Set: "set", Run: "run"} {
		if got := kind.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", kind, got, want)
		}
	}
}

func TestCheckN2(t *testing.T) {
	tests := []struct {
		name   string
		meld   string
		kind   Kind // NoKind: invalid
		reason string
	}{
		{"three of a rank", "7S 7H 7D", Set, "three 7s (N2)"},
		{"four of a rank", "KS KH KD KC", Set, "four kings (N2)"},
		{"a set of aces", "AD AS AC", Set, "three aces (N2)"},
		{"ace-low run", "AH 2H 3H", Run, "a run of hearts, A to 3 (N2)"},
		{"run given out of order", "5H 3H 4H", Run, "a run of hearts, 3 to 5 (N2)"},
		{"long run to the king", "9C 10C JC QC KC", Run, "a run of clubs, 9 to K (N2)"},
		{"Q-K-A is not a run", "QS KS AS", NoKind, "Not a run: the ace is low only, so Q-K-A is not a run (N2)"},
		{"J-Q-K-A is not a run", "AD JD KD QD", NoKind, "Not a run: the ace is low only, so J-Q-K-A is not a run (N2)"},
		{"no turning the corner", "KS AS 2S", NoKind, "Not a run: KS does not follow 2S (N2)"},
		{"gap in a run", "4H 6H 7H", NoKind, "Not a run: 6H does not follow 4H (N2)"},
		{"two cards", "7S 7H", NoKind, "Not a meld: a meld needs at least 3 cards, not 2 (N2)"},
		{"no cards", "", NoKind, "Not a meld: there are no cards (N2)"},
		{"set with another rank", "7S 7H 8D", NoKind, "Not a set: 8D is not a 7 (N2)"},
		{"set of 8s with a 9", "8S 8H 9D 8C", NoKind, "Not a set: 9D is not an 8 (N2)"},
		{"run with another suit", "4H 5H 6S", NoKind, "Not a run: 6S is not a heart (N2)"},
		{"neither rank nor suit", "4H 5S 6D", NoKind, "Not a meld: 4H and 5S share neither rank nor suit (N2)"},
		{"same card twice", "7S 7S 7H", NoKind, "Not a meld: 7S appears twice, and the deck holds only one (N2)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := Check(parseAny(t, tc.meld))
			if v.Valid != (tc.kind != NoKind) || v.Kind != tc.kind || reasonText(v) != tc.reason || v.Rule != "N2" {
				t.Errorf("Check(%s) = %+v, want kind %v, reason %q", tc.meld, v, tc.kind, tc.reason)
			}
		})
	}
}

func TestCheckN2CardsOfOtherDecks(t *testing.T) {
	lamp := cards.Card{Rank: 7, Suit: cards.Lamps}
	v := Check([]cards.Card{lamp, card(t, "7S"), card(t, "7H")})
	if v.Valid || reasonText(v) != "Not a meld: 7 Lamps is not a card of the standard deck (N2)" {
		t.Errorf("Check with a Fanucci card = %+v", v)
	}
	v = Check([]cards.Card{{}, card(t, "7S"), card(t, "7H")})
	if v.Valid || reasonText(v) != "Not a meld: a blank card is not a card of the standard deck (N2)" {
		t.Errorf("Check with a zero card = %+v", v)
	}
}

func TestCheckLayoffN5(t *testing.T) {
	tests := []struct {
		name        string
		onto, added string
		kind        Kind
		rule        string
		reason      string
	}{
		{"one card up a run", "5H 6H 7H", "8H", Run, "N5", "8H makes a run of hearts, 5 to 8 (N5)"},
		{"chained at both ends", "5H 6H 7H", "8H 9H 4H", Run, "N5", "8H, 9H and 4H make a run of hearts, 4 to 9 (N5)"},
		{"fourth card of a set", "7S 7H 7D", "7C", Set, "N5", "7C makes four 7s (N5)"},
		{"a set is full at four", "7S 7H 7D 7C", "7C", NoKind, "N5", "Not a lay-off: 7C appears twice, and the deck holds only one (N2, N5)"},
		{"another rank on a set", "7S 7H 7D", "8H", NoKind, "N5", "Not a lay-off: 8H is not a 7 (N2, N5)"},
		{"a gap off a run", "5H 6H 7H", "9H", NoKind, "N5", "Not a lay-off: 9H does not join a run of hearts, 5 to 7 (N2, N5)"},
		{"a gap after a good card", "5H 6H 7H", "8H 10H", NoKind, "N5", "Not a lay-off: 10H does not join a run of hearts, 5 to 7 (N2, N5)"},
		{"no ace on a king", "JH QH KH", "AH", NoKind, "N5", "Not a lay-off: the ace is low only, so J-Q-K-A is not a run (N2, N5)"},
		{"another suit on a run", "5H 6H 7H", "8S", NoKind, "N5", "Not a lay-off: 8S is not a heart (N2, N5)"},
		{"onto something not a meld", "5H 6H 8H", "7H", NoKind, "N2", "Not a lay-off: the cards on the table are not a meld, since 8H does not follow 6H (N2)"},
		{"nothing laid off", "5H 6H 7H", "", NoKind, "N5", "Not a lay-off: there are no cards to lay off (N5)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := CheckLayoff(parseAny(t, tc.onto), parseAny(t, tc.added))
			if v.Valid != (tc.kind != NoKind) || v.Kind != tc.kind || v.Rule != tc.rule || reasonText(v) != tc.reason {
				t.Errorf("CheckLayoff(%s, %s) = %+v, want kind %v, rule %s, reason %q", tc.onto, tc.added, v, tc.kind, tc.rule, tc.reason)
			}
		})
	}
}

// parseAny parses cards without the deck's copy limit, so that tests can
// repeat a card.
func parseAny(t *testing.T, s string) []cards.Card {
	t.Helper()
	var out []cards.Card
	for _, f := range splitFields(s) {
		out = append(out, card(t, f))
	}
	return out
}

// randomCards draws n cards, repeats allowed, shaped like a set or like a
// run (wrapping past the king, to meet Q-K-A) or loose, and sometimes
// spoils one card, so that about half the draws are melds.
func randomCards(rng *rand.Rand, n int) []cards.Card {
	suits := cards.StandardSuits()
	rank := 1 + rng.Intn(13)
	suit := suits[rng.Intn(4)]
	out := make([]cards.Card, n)
	shape := rng.Intn(5)
	for i := range out {
		switch shape {
		case 0, 1:
			out[i] = cards.Card{Rank: cards.Rank(rank), Suit: suits[(int(suit)+i)%4]}
		case 2, 3:
			out[i] = cards.Card{Rank: cards.Rank((rank+i-1)%13 + 1), Suit: suit}
		default:
			out[i] = cards.Card{Rank: cards.Rank(1 + rng.Intn(13)), Suit: suits[rng.Intn(4)]}
		}
	}
	if n > 0 && rng.Intn(4) == 0 {
		out[rng.Intn(n)] = cards.Card{Rank: cards.Rank(1 + rng.Intn(13)), Suit: suits[rng.Intn(4)]}
	}
	rng.Shuffle(n, func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// TestCheckN2AgreesWithSlow checks Check against N2 read literally, and
// that the order of a meld's cards never changes whether it is valid or
// what kind it is, nor how a valid one is described.
func TestCheckN2AgreesWithSlow(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	valid := 0
	for range 20000 {
		meld := randomCards(rng, 1+rng.Intn(6))
		v := Check(meld)
		if v.Valid != slowIsMeld(meld) {
			t.Fatalf("Check(%v) = %+v, slow N2 says valid=%v", meld, v, slowIsMeld(meld))
		}
		if v.Valid {
			valid++
		}
		shuffled := slices.Clone(meld)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		w := Check(shuffled)
		if w.Valid != v.Valid || w.Kind != v.Kind || v.Valid && reasonText(w) != reasonText(v) {
			t.Fatalf("Check(%v) = %+v but Check(%v) = %+v", meld, v, shuffled, w)
		}
	}
	t.Logf("%d valid melds", valid)
	if valid < 4000 {
		t.Errorf("only %d valid melds drawn; the test needs more", valid)
	}
}

// TestCheckLayoffN5AgreesWithSlow checks that a lay-off stands exactly when
// the cards on the table are a meld and stay one with the added cards, and
// that the order of either list does not matter.
func TestCheckLayoffN5AgreesWithSlow(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	valid := 0
	for range 20000 {
		// The table holds a stretch of the sorted draw, so that a run's
		// lay-offs come at both ends.
		all := randomCards(rng, 3+rng.Intn(4))
		slices.SortFunc(all, func(a, b cards.Card) int { return int(a.Rank) - int(b.Rank) })
		from := rng.Intn(len(all) - 2)
		to := from + 3 + rng.Intn(len(all)-from-2)
		onto := slices.Clone(all[from:to])
		added := append(slices.Clone(all[:from]), all[to:]...)
		v := CheckLayoff(onto, added)
		want := len(added) > 0 && slowIsMeld(onto) && slowIsMeld(append(slices.Clone(onto), added...))
		if v.Valid != want {
			t.Fatalf("CheckLayoff(%v, %v) = %+v, want valid=%v", onto, added, v, want)
		}
		if v.Valid {
			valid++
			if v.Kind != Check(append(slices.Clone(onto), added...)).Kind {
				t.Fatalf("CheckLayoff(%v, %v) kind %v differs from the resulting meld's", onto, added, v.Kind)
			}
		}
		rng.Shuffle(len(onto), func(i, j int) { onto[i], onto[j] = onto[j], onto[i] })
		rng.Shuffle(len(added), func(i, j int) { added[i], added[j] = added[j], added[i] })
		if w := CheckLayoff(onto, added); w.Valid != v.Valid || w.Kind != v.Kind {
			t.Fatalf("CheckLayoff changed with the order of the cards: %+v vs %+v", v, w)
		}
	}
	t.Logf("%d valid lay-offs", valid)
	if valid < 2000 {
		t.Errorf("only %d valid lay-offs drawn; the test needs more", valid)
	}
}
