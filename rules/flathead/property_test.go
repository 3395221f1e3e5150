package flathead

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"meldpad/rules/cards"
)

var fanucciCards = cards.Fanucci().Cards()

// randomMeld returns a random list of cards that is often nearly a meld:
// cards sharing a rank, a suit or a colour with a first card, a trump now
// and then, and sometimes a repeated card or a card of another deck.
func randomMeld(rng *rand.Rand, maxLen int) []cards.Card {
	n := rng.IntN(maxLen + 1)
	first := fanucciCards[rng.IntN(len(fanucciCards))]
	meld := []cards.Card{first}
	for len(meld) < n {
		c := fanucciCards[rng.IntN(len(fanucciCards))]
		switch rng.IntN(12) {
		case 0:
			c = cards.NewTrump(cards.Trumps()[rng.IntN(9)])
		case 1:
			c = meld[rng.IntN(len(meld))] // a repeat
		case 2:
			c = cards.Card{Rank: cards.Rank(rng.IntN(14)), Suit: cards.Suit(rng.IntN(21))}
		default:
			if c.IsTrump() || first.IsTrump() {
				break
			}
			switch rng.IntN(3) {
			case 0:
				c.Rank = first.Rank
			case 1:
				c.Suit = first.Suit
			default:
				suits := first.Colour().Suits()
				c.Suit = suits[rng.IntN(len(suits))]
				if c.Rank != cards.Infinity && first.Rank != cards.Infinity {
					c.Rank = cards.Rank(max(0, min(9, int(first.Rank)+rng.IntN(7)-3)))
				}
			}
		}
		meld = append(meld, c)
	}
	return meld
}

func shuffled(rng *rand.Rand, cs []cards.Card) []cards.Card {
	out := slices.Clone(cs)
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// TestCheckShuffleInvariant: the order in which a meld's cards are listed
// never changes its verdict, reason included.
func TestCheckShuffleInvariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for range 20000 {
		meld := randomMeld(rng, 7)
		want := Check(meld)
		for range 3 {
			if got := Check(shuffled(rng, meld)); !reflect.DeepEqual(got, want) {
				t.Fatalf("Check(%v) = %+v, but shuffled %+v", meld, want, got)
			}
		}
	}
}

// TestCheckLayoffShuffleInvariant: neither the order of the meld on the
// table nor that of the added cards changes a lay-off's verdict.
func TestCheckLayoffShuffleInvariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for range 20000 {
		meld := randomMeld(rng, 8)
		cut := rng.IntN(len(meld) + 1)
		onto, added := meld[:cut], meld[cut:]
		want := CheckLayoff(onto, added)
		if got := CheckLayoff(shuffled(rng, onto), shuffled(rng, added)); !reflect.DeepEqual(got, want) {
			t.Fatalf("CheckLayoff(%v, %v) = %+v, but shuffled %+v", onto, added, want, got)
		}
		// F5: a lay-off is valid exactly when the meld on the table is and
		// the whole still is, of the whole's kind, and never earns a mark.
		whole := Check(meld)
		ok := Check(onto).Valid && len(added) > 0 && whole.Valid
		if want.Valid != ok || want.Valid && want.Kind != whole.Kind || want.Bonus {
			t.Fatalf("CheckLayoff(%v, %v) = %+v; Check(onto) %v, Check(whole) %+v", onto, added, want, Check(onto).Valid, whole)
		}
	}
}

// definedKinds judges distinct natural Fanucci cards straight from the
// words of F1, F2 and F4, with none of Check's machinery.
func definedKinds(naturals []cards.Card) []Kind {
	sameRank, sameSuit, sameColour := true, true, true
	var ranks []int
	for _, c := range naturals {
		sameRank = sameRank && c.Rank == naturals[0].Rank
		sameSuit = sameSuit && c.Suit == naturals[0].Suit
		sameColour = sameColour && c.Colour() == naturals[0].Colour()
		ranks = append(ranks, int(c.Rank))
	}
	slices.Sort(ranks)
	consecutive := true // F2: ranks 0-9 only, each one more than the last
	for i, r := range ranks {
		consecutive = consecutive && r <= 9 && (i == 0 || r == ranks[i-1]+1)
	}
	run := sameColour && consecutive
	var ks []Kind
	if sameRank && naturals[0].Rank == cards.Infinity {
		ks = append(ks, Infinity)
	}
	if sameSuit && consecutive {
		ks = append(ks, FlushRun)
	}
	if sameRank && sameColour {
		ks = append(ks, ColorSet)
	}
	if sameRank {
		ks = append(ks, Set)
	}
	if sameSuit {
		ks = append(ks, Flush)
	}
	if run {
		ks = append(ks, Run)
	}
	return ks
}

// definedVerdict judges a meld of three or more distinct Fanucci cards with
// at most one trump from the words of F1-F4: without a trump, the first of
// its kinds; with one, the meld is valid if some card not in it could stand
// in the trump's place, and it is then a set, flush or run, never a bonus
// meld (F3, F4).
func definedVerdict(meld []cards.Card) (bool, Kind) {
	var naturals []cards.Card
	trump := false
	for _, c := range meld {
		if c.IsTrump() {
			trump = true
		} else {
			naturals = append(naturals, c)
		}
	}
	if !trump {
		ks := definedKinds(naturals)
		if len(ks) == 0 {
			return false, NoKind
		}
		return true, ks[0]
	}
	possible := map[Kind]bool{}
	for _, stand := range fanucciCards {
		if stand.IsTrump() || slices.Contains(naturals, stand) {
			continue
		}
		for _, k := range definedKinds(append(slices.Clone(naturals), stand)) {
			switch k {
			case Infinity, ColorSet:
				possible[Set] = true
			case FlushRun:
				possible[Flush], possible[Run] = true, true
			default:
				possible[k] = true
			}
		}
	}
	for _, k := range []Kind{Set, Flush, Run} {
		if possible[k] {
			return true, k
		}
	}
	return false, NoKind
}

// TestCheckAgainstDefinition compares Check with definedVerdict on random
// melds of three to seven distinct cards with at most one trump.
func TestCheckAgainstDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	checked, valid, withTrump := 0, 0, 0
	want := 30000
	if testing.Short() {
		want = 3000
	}
	for checked < want {
		meld := randomMeld(rng, 7)
		if _, bad := cardFault(meld); bad {
			continue // repeats, strangers, two trumps, too few cards: table tests
		}
		checked++
		wantValid, wantKind := definedVerdict(meld)
		v := Check(meld)
		if v.Valid != wantValid || v.Kind != wantKind || v.Bonus != wantKind.Bonus() {
			t.Fatalf("Check(%v) = %v %q; the rules' words say %v %q", meld, v.Valid, v.Kind, wantValid, wantKind)
		}
		if v.Valid {
			valid++
			if v.Trump {
				withTrump++
			}
		}
	}
	if valid < checked/5 || withTrump < valid/20 {
		t.Errorf("only %d valid melds (%d with a trump) in %d; the generator is too weak", valid, withTrump, checked)
	}
}

// mirror maps a card to its mirror image: rank r to 9-r (∞ stays), and
// each suit to the next of its colour. Runs, sets and flushes map to runs,
// sets and flushes, and ∞ after 9 to ∞ before 0.
func mirror(c cards.Card) cards.Card {
	if c.IsTrump() || !c.Suit.IsFanucci() {
		return c
	}
	if c.Rank <= 9 {
		c.Rank = 9 - c.Rank
	}
	suits := c.Colour().Suits()
	i := slices.Index(suits, c.Suit)
	c.Suit = suits[(i+1)%len(suits)]
	return c
}

// TestCheckMirrorSymmetry: mirroring a meld never changes whether it is
// valid, nor its kind, nor the rule it breaks.
func TestCheckMirrorSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for range 20000 {
		meld := randomMeld(rng, 7)
		mirrored := make([]cards.Card, len(meld))
		for i, c := range meld {
			mirrored[i] = mirror(c)
		}
		a, b := Check(meld), Check(mirrored)
		if a.Valid != b.Valid || a.Kind != b.Kind || a.Bonus != b.Bonus || a.Rule != b.Rule {
			t.Fatalf("Check(%v) = %+v, but mirrored Check(%v) = %+v", meld, a, mirrored, b)
		}
	}
}

// TestScoreSymmetry: the order of the cards in each hand and the seat
// numbers make no difference to the lay-offs or the count (F7's
// tie-break never looks at them), and the order of the melds on the table
// none to the count. Which loser holds which card can: one loser may lay
// off together what two cannot (F7), so the cards stay with their holders.
func TestScoreSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for d := range 1000 {
		var h Hand
		switch d % 5 {
		case 0:
			h = crowdedDeal(rng)
		case 1:
			h = smallDeal(rng, 7)
		case 2:
			h = gappyDeal(rng, 8)
		case 3:
			h = nearDeal(rng, 10)
		default:
			h = oneMeldDeal(rng, 10)
		}
		want, err := Score(h)
		if err != nil {
			t.Fatal(err)
		}

		// New seat numbers for everyone, and every hand shuffled.
		seats := rng.Perm(len(h.Hands))
		relabelled := Hand{Winner: seats[h.Winner], Table: h.Table, Hands: make([][]cards.Card, len(h.Hands)), BonusMarks: make([]int, len(h.Hands))}
		for seat, hand := range h.Hands {
			relabelled.Hands[seats[seat]] = shuffled(rng, hand)
			relabelled.BonusMarks[seats[seat]] = h.BonusMarks[seat]
		}
		got, err := Score(relabelled)
		if err != nil {
			t.Fatal(err)
		}
		checkLayoffsValid(t, relabelled, got)
		if got.CardsLeft != want.CardsLeft || got.Points[seats[h.Winner]] != want.Points[h.Winner] || !sameMelds(got.Layoffs, want.Layoffs) {
			t.Fatalf("deal %d: %v leaves %d; relabelled %v leaves %d", d, want.Layoffs, want.CardsLeft, got.Layoffs, got.CardsLeft)
		}

		// The melds in another order.
		melds := rng.Perm(len(h.Table))
		permuted := Hand{Winner: h.Winner, Hands: h.Hands, BonusMarks: h.BonusMarks, Table: make([][]cards.Card, len(h.Table))}
		for i, m := range h.Table {
			permuted.Table[melds[i]] = shuffled(rng, m)
		}
		got, err = Score(permuted)
		if err != nil {
			t.Fatal(err)
		}
		checkLayoffsValid(t, permuted, got)
		if got.CardsLeft != want.CardsLeft {
			t.Fatalf("deal %d: %v leaves %d; with the melds reordered %v leaves %d", d, want.Layoffs, want.CardsLeft, got.Layoffs, got.CardsLeft)
		}
	}
}

// sameMelds reports whether two lists of lay-offs put the same cards on
// the same melds, whoever held them.
func sameMelds(a, b []Layoff) bool {
	if len(a) != len(b) {
		return false
	}
	where := map[cards.Card]int{}
	for _, l := range a {
		where[l.Card] = l.Meld
	}
	for _, l := range b {
		if m, ok := where[l.Card]; !ok || m != l.Meld {
			return false
		}
	}
	return true
}
