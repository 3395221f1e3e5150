package fortune

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/cards"
)

// randomMeld returns a meld of n cards that is often nearly valid: a set
// or a run of one suit, or cards at random, with some cards replaced by
// deuces (a few of them declared) and sometimes one card spoilt. At most
// maxFree deuces are left undeclared, which bounds the brute force.
func randomMeld(r *rand.Rand, maxFree int) []cards.Play {
	n := 2 + r.IntN(6) // 2-7 cards
	if r.IntN(10) == 0 {
		n = 8 + r.IntN(6) // now and then a long one
	}
	randomCard := func() cards.Card {
		return cards.Card{Rank: cards.Rank(1 + r.IntN(13)), Suit: cards.Suit(1 + r.IntN(4))}
	}
	meld := make([]cards.Play, n)
	switch r.IntN(3) {
	case 0: // a set
		rank := cards.Rank(1 + r.IntN(13))
		for i := range meld {
			meld[i].Card = cards.Card{Rank: rank, Suit: cards.Suit(1 + r.IntN(4))}
		}
	case 1: // a run, which may run off the top into an ace or past it
		suit, lo := cards.Suit(1+r.IntN(4)), 1+r.IntN(13)
		for i := range meld {
			rank := (lo+i-1)%13 + 1
			meld[i].Card = cards.Card{Rank: cards.Rank(rank), Suit: suit}
		}
	default:
		for i := range meld {
			meld[i].Card = randomCard()
		}
	}
	if r.IntN(4) == 0 {
		meld[r.IntN(n)].Card = randomCard()
	}
	free := 0
	for i := range meld {
		if r.IntN(4) != 0 && meld[i].Card.Rank != 2 {
			continue
		}
		was := meld[i].Card
		meld[i].Card = cards.Card{Rank: 2, Suit: cards.Suit(1 + r.IntN(4))}
		switch {
		case r.IntN(5) == 0:
			meld[i].As = was // declared as the card it replaced
		case r.IntN(12) == 0:
			meld[i].As = randomCard()
		case free == maxFree:
			meld[i].As = was
		default:
			free++
		}
	}
	r.Shuffle(n, func(i, j int) { meld[i], meld[j] = meld[j], meld[i] })
	return meld
}

func randomHouse(r *rand.Rand) HouseRules {
	return HouseRules{BigSets: r.IntN(4) == 0, AceSet15: r.IntN(4) == 0}
}

// checkAgainstBrute holds one verdict to the brute-force referee: same
// validity and points, a set whenever a set reaches the best score, and
// readings that are a valid reading worth exactly Points.
func checkAgainstBrute(t *testing.T, meld []cards.Play, firstAdded int, h HouseRules, v Verdict, want bruteOutcome, points int) {
	t.Helper()
	if v.Valid != want.valid {
		t.Fatalf("%s (%+v): valid %v, brute force says %v; reason %q", playsString(meld), h, v.Valid, want.valid, english.Say(v.Reason))
	}
	if !v.Valid {
		if !strings.HasPrefix(english.Say(v.Reason), "Not a ") || v.Rule == "" {
			t.Fatalf("%s: invalid verdict with rule %q, reason %q", playsString(meld), v.Rule, english.Say(v.Reason))
		}
		return
	}
	if v.Points != points || (v.Kind == Set) != want.setAtBest {
		t.Fatalf("%s (%+v): %s worth %d, brute force says %d (set among the best: %v); reason %q",
			playsString(meld), h, v.Kind, v.Points, points, want.setAtBest, english.Say(v.Reason))
	}
	// The readings Check gives must themselves be a valid reading of that
	// value: read them back as declarations and ask the brute force.
	declared := make([]cards.Play, len(meld))
	for i, p := range meld {
		declared[i] = p
		if p.Card.Rank == 2 {
			declared[i].As = v.Readings[i]
		} else if v.Readings[i] != p.Card {
			t.Fatalf("%s: natural %s read as %s", playsString(meld), p.Card, v.Readings[i])
		}
	}
	again := bruteCheck(declared, firstAdded, h)
	if !again.valid || again.best != want.best {
		t.Fatalf("%s: readings %s are worth %d (valid %v), want %d", playsString(meld), cardsString(v.Readings), again.best, again.valid, want.best)
	}
	sum := 0
	for _, p := range v.CardPoints {
		sum += p
	}
	if sum != want.best {
		t.Fatalf("%s: card points %v add up to %d, want %d", playsString(meld), v.CardPoints, sum, want.best)
	}
}

// TestCheckMatchesBruteForce compares Check with the brute-force referee on
// thousands of random melds (seeded, so every run is the same).
func TestCheckMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 2024))
	melds, valid := 5000, 0
	if testing.Short() {
		melds = 500
	}
	for range melds {
		meld, h := randomMeld(r, 2), randomHouse(r)
		want := bruteCheck(meld, len(meld), h)
		v := Check(meld, h)
		checkAgainstBrute(t, meld, len(meld), h, v, want, want.best)
		if v.Valid {
			valid++
		}
	}
	// A generator that never made valid melds would test little.
	if valid < melds/4 {
		t.Errorf("only %d of %d random melds were valid", valid, melds)
	}
}

// TestCheckMatchesBruteForceThreeDeuces does the same with up to three
// undeclared deuces (52³ readings each, so fewer melds).
func TestCheckMatchesBruteForceThreeDeuces(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	r := rand.New(rand.NewPCG(7, 3))
	for tried := 0; tried < 60; {
		meld, h := randomMeld(r, 3), randomHouse(r)
		if len(meld) > 7 || freeDeuces(meld) != 3 {
			continue
		}
		tried++
		want := bruteCheck(meld, len(meld), h)
		checkAgainstBrute(t, meld, len(meld), h, Check(meld, h), want, want.best)
	}
}

// TestCheckLayoffMatchesBruteForce lays random cards off onto random valid
// melds: the lay-off stands exactly when the whole is a meld, and scores
// the most the added cards get among the best readings of the whole.
func TestCheckLayoffMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 5))
	tried := 0
	for tried < 1500 {
		onto, h := randomMeld(r, 1), randomHouse(r)
		if !bruteCheck(onto, len(onto), h).valid {
			continue
		}
		tried++
		var added []cards.Play
		for _, p := range randomMeld(r, 1)[:1+r.IntN(2)] {
			if p.Card.Rank == 2 && p.As.IsZero() && hasFreeDeuce(onto) {
				p.As = cards.Card{Rank: cards.Rank(1 + r.IntN(13)), Suit: p.Card.Suit}
			}
			added = append(added, p)
		}
		whole := slices.Concat(onto, added)
		want := bruteCheck(whole, len(onto), h)
		v := CheckLayoff(onto, added, h)
		if v.Valid != want.valid {
			t.Fatalf("%s onto %s (%+v): valid %v, brute force says %v; reason %q", playsString(added), playsString(onto), h, v.Valid, want.valid, english.Say(v.Reason))
		}
		if !v.Valid {
			if !strings.HasPrefix(english.Say(v.Reason), "Not a lay-off: ") {
				t.Fatalf("%s onto %s: reason %q", playsString(added), playsString(onto), english.Say(v.Reason))
			}
			continue
		}
		checkAgainstBrute(t, whole, len(onto), h, v, want, want.bestAdded)
	}
}

func hasFreeDeuce(meld []cards.Play) bool { return freeDeuces(meld) > 0 }

// freeDeuces counts the undeclared deuces of a meld.
func freeDeuces(meld []cards.Play) int {
	n := 0
	for _, p := range meld {
		if p.Card.Rank == 2 && p.As.IsZero() {
			n++
		}
	}
	return n
}

// sameVerdict reports how two verdicts on the same cards in different
// orders differ, if they do: everything but the order of the readings
// must agree, and each card must keep its reading and points.
func sameVerdict(a, b Verdict, meldA, meldB []cards.Play) string {
	if a.Valid != b.Valid || a.Kind != b.Kind || a.Points != b.Points || a.AceHigh != b.AceHigh || a.Rule != b.Rule || english.Say(a.Reason) != english.Say(b.Reason) {
		return fmt.Sprintf("%v %s %d %q\nvs %v %s %d %q", a.Valid, a.Kind, a.Points, english.Say(a.Reason), b.Valid, b.Kind, b.Points, english.Say(b.Reason))
	}
	cardsOf := func(meld []cards.Play, v Verdict) []string {
		out := make([]string, len(meld))
		for i, p := range meld {
			out[i] = p.String()
			if v.Valid {
				out[i] += fmt.Sprintf(" as %s for %d", v.Readings[i], v.CardPoints[i])
			}
		}
		slices.Sort(out)
		return out
	}
	if x, y := cardsOf(meldA, a), cardsOf(meldB, b); !slices.Equal(x, y) {
		return fmt.Sprintf("readings %v vs %v", x, y)
	}
	return ""
}

// TestCheckShuffle checks that the order of a meld's cards never changes
// its verdict, its points, its reason or any card's reading.
func TestCheckShuffle(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	for range 5000 {
		meld, h := randomMeld(r, 4), randomHouse(r)
		shuffled := slices.Clone(meld)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		if diff := sameVerdict(Check(meld, h), Check(shuffled, h), meld, shuffled); diff != "" {
			t.Fatalf("%s and %s differ: %s", playsString(meld), playsString(shuffled), diff)
		}
		if len(meld) > 3 {
			k := 3 + r.IntN(len(meld)-3)
			onto, added := meld[:k], meld[k:]
			ontoShuffled, addedShuffled := slices.Clone(onto), slices.Clone(added)
			r.Shuffle(len(ontoShuffled), func(i, j int) { ontoShuffled[i], ontoShuffled[j] = ontoShuffled[j], ontoShuffled[i] })
			r.Shuffle(len(addedShuffled), func(i, j int) { addedShuffled[i], addedShuffled[j] = addedShuffled[j], addedShuffled[i] })
			a, b := CheckLayoff(onto, added, h), CheckLayoff(ontoShuffled, addedShuffled, h)
			if diff := sameVerdict(a, b, meld, slices.Concat(ontoShuffled, addedShuffled)); diff != "" {
				t.Fatalf("lay-off %s onto %s, shuffled, differs: %s", playsString(added), playsString(onto), diff)
			}
		}
	}
}

// TestCheckSuitSymmetry checks that renaming suits never changes whether a
// meld is valid, and, as long as spades stay spades (the queen of spades
// scores 50), never changes its kind or points either.
func TestCheckSuitSymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 21))
	rename := func(meld []cards.Play, to []cards.Suit) []cards.Play {
		out := slices.Clone(meld)
		for i := range out {
			out[i].Card.Suit = to[out[i].Card.Suit]
			if !out[i].As.IsZero() {
				out[i].As.Suit = to[out[i].As.Suit]
			}
		}
		return out
	}
	for range 3000 {
		meld, h := randomMeld(r, 3), randomHouse(r)
		to := []cards.Suit{0, 1, 2, 3, 4}
		r.Shuffle(4, func(i, j int) { to[i+1], to[j+1] = to[j+1], to[i+1] })
		a, b := Check(meld, h), Check(rename(meld, to), h)
		if a.Valid != b.Valid {
			t.Fatalf("%s is valid %v, renamed %s valid %v", playsString(meld), a.Valid, playsString(rename(meld, to)), b.Valid)
		}
		for x := range to { // put spades back
			if to[x] == cards.Spades {
				to[x], to[cards.Spades] = to[cards.Spades], cards.Spades
				break
			}
		}
		a, b = Check(meld, h), Check(rename(meld, to), h)
		if a.Valid != b.Valid || a.Kind != b.Kind || a.Points != b.Points {
			t.Fatalf("%s: %v %s %d; renamed %s: %v %s %d", playsString(meld), a.Valid, a.Kind, a.Points,
				playsString(rename(meld, to)), b.Valid, b.Kind, b.Points)
		}
	}
}
