package fan

import (
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"testing"

	"meldpad/rules/cards"
)

// This file holds a slow referee written to be obviously correct rather
// than fast: it reads N1-N7 literally, enumerates every subset of a hand
// that is a meld, every collection of disjoint melds, and every sequence
// of single-card lay-offs. The property tests below check that the fast
// searches agree with it on thousands of random deals.

// slowValue is N1 read literally.
func slowValue(c cards.Card) int {
	switch {
	case c.Rank >= cards.Jack:
		return 10
	default:
		return int(c.Rank)
	}
}

// slowIsMeld is N2 read literally: 3 or 4 distinct cards of one rank, or 3
// or more cards of one suit whose ranks, ace as 1, are consecutive.
func slowIsMeld(cs []cards.Card) bool {
	if len(cs) < 3 {
		return false
	}
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			if cs[i] == cs[j] {
				return false
			}
		}
	}
	sameRank, sameSuit := true, true
	for _, c := range cs {
		sameRank = sameRank && c.Rank == cs[0].Rank
		sameSuit = sameSuit && c.Suit == cs[0].Suit
	}
	if sameRank {
		return len(cs) <= 4
	}
	if !sameSuit {
		return false
	}
	ranks := make([]int, len(cs))
	for i, c := range cs {
		ranks[i] = int(c.Rank)
	}
	sort.Ints(ranks)
	for i := range ranks {
		if ranks[i] != ranks[0]+i {
			return false
		}
	}
	return true
}

func pick(hand []cards.Card, m uint32) []cards.Card {
	var out []cards.Card
	for i, c := range hand {
		if m&(1<<i) != 0 {
			out = append(out, c)
		}
	}
	return out
}

func slowSum(cs []cards.Card) int {
	v := 0
	for _, c := range cs {
		v += slowValue(c)
	}
	return v
}

// slowArrangements returns every collection of pairwise disjoint melds in
// hand, each as masks over hand's positions, the empty collection
// included.
func slowArrangements(hand []cards.Card) [][]uint32 {
	var melds []uint32
	for m := uint32(1); m < 1<<len(hand); m++ {
		if slowIsMeld(pick(hand, m)) {
			melds = append(melds, m)
		}
	}
	var out [][]uint32
	var walk func(i int, used uint32, chosen []uint32)
	walk = func(i int, used uint32, chosen []uint32) {
		if i == len(melds) {
			out = append(out, slices.Clone(chosen))
			return
		}
		if melds[i]&used == 0 {
			walk(i+1, used|melds[i], append(chosen, melds[i]))
		}
		walk(i+1, used, chosen)
	}
	walk(0, 0, nil)
	return out
}

func covered(arr []uint32) uint32 {
	var u uint32
	for _, m := range arr {
		u |= m
	}
	return u
}

// slowDeadwood is N3: the least deadwood over every partition of the hand
// into melds and loose cards. The first card of what is left is either
// loose or in some meld with other cards that are left; every subset is
// tried.
func slowDeadwood(hand []cards.Card) int {
	memo := map[uint32]int{}
	var walk func(left uint32) int
	walk = func(left uint32) int {
		if left == 0 {
			return 0
		}
		if v, ok := memo[left]; ok {
			return v
		}
		first := left & -left
		best := slowSum(pick(hand, first)) + walk(left&^first)
		for m := left; m != 0; m = (m - 1) & left {
			if m&first != 0 && slowIsMeld(pick(hand, m)) {
				best = min(best, walk(left&^m))
			}
		}
		memo[left] = best
		return best
	}
	return walk(1<<len(hand) - 1)
}

// slowReply is the defender's side of N5: every sequence of laying one
// card at a time onto one of the table's melds, with the rest of the hand
// arranged by slowDeadwood; the least deadwood wins.
func slowReply(table [][]cards.Card, hand []cards.Card) int {
	memo := map[string]int{}
	var walk func(table [][]cards.Card, hand []cards.Card) int
	walk = func(table [][]cards.Card, hand []cards.Card) int {
		key := fmt.Sprint(table, hand)
		if v, ok := memo[key]; ok {
			return v
		}
		best := slowDeadwood(hand)
		for i, c := range hand {
			for j, meld := range table {
				grown := append(slices.Clone(meld), c)
				if !slowIsMeld(grown) {
					continue
				}
				next := slices.Clone(table)
				next[j] = grown
				rest := slices.Delete(slices.Clone(hand), i, i+1)
				best = min(best, walk(next, rest))
			}
		}
		memo[key] = best
		return best
	}
	return walk(table, hand)
}

// slowPoints is N6 and N7 read literally, by seat.
func slowPoints(outcome Outcome, knocker, mine, theirs int, tieUndercuts, spade bool) [2]int {
	var p [2]int
	switch outcome {
	case Gin:
		p[knocker] = 25 + theirs
	case BigGin:
		p[knocker] = 31 + theirs
	default:
		switch {
		case mine > theirs:
			p[1-knocker] = 25 + mine - theirs
		case mine == theirs && tieUndercuts:
			p[1-knocker] = 25
		default:
			p[knocker] = theirs - mine
		}
	}
	if spade {
		p[0], p[1] = 2*p[0], 2*p[1]
	}
	return p
}

func slowOutcome(mine, theirs int, tieUndercuts bool) Outcome {
	if mine > theirs || mine == theirs && tieUndercuts {
		return Undercut
	}
	return Knock
}

// slowResult is what the slow referee says about a deal: the outcome,
// deadwood and points, or the rule an illegal deal breaks.
type slowResult struct {
	outcome  Outcome
	deadwood [2]int
	points   [2]int
	rule     string
}

// slowScore scores a deal by trying every arrangement of the knocker's
// hand (or the recorded one) against every defender reply.
func slowScore(d Deal) slowResult {
	k, def := d.Knocker, 1-d.Knocker
	kh, dh := d.Hands[k], d.Hands[def]
	kv := slowValue(d.KnockCard)
	spade := d.KnockCard.Suit == cards.Spades
	var arrs [][]cards.Card // candidate knocker arrangements, as melds
	var candidates [][][]cards.Card
	if d.KnockerMelds != nil {
		candidates = [][][]cards.Card{d.KnockerMelds}
	} else {
		for _, arr := range slowArrangements(kh) {
			arrs = nil
			for _, m := range arr {
				arrs = append(arrs, pick(kh, m))
			}
			candidates = append(candidates, arrs)
		}
	}
	deadwoodOf := func(melds [][]cards.Card) int {
		v := slowSum(kh)
		for _, m := range melds {
			v -= slowSum(m)
		}
		return v
	}
	least := slowSum(kh)
	for _, melds := range candidates {
		least = min(least, deadwoodOf(melds))
	}
	switch {
	case len(kh) == 11 && least > 0:
		return slowResult{rule: "N4"}
	case least > kv:
		return slowResult{rule: "N4"}
	case least == 0:
		outcome := Gin
		if len(kh) == 11 {
			outcome = BigGin
		}
		r := slowResult{outcome: outcome}
		r.deadwood[def] = slowDeadwood(dh)
		r.points = slowPoints(outcome, k, 0, r.deadwood[def], d.UndercutOnTie, spade)
		return r
	}
	var best slowResult
	bestNet, found := 0, false
	for _, melds := range candidates {
		mine := deadwoodOf(melds)
		if mine > kv {
			continue
		}
		theirs := slowReply(melds, dh)
		p := slowPoints(Knock, k, mine, theirs, d.UndercutOnTie, spade)
		net := p[k] - p[def]
		if !found || net > bestNet || net == bestNet && mine < best.deadwood[k] {
			found, bestNet = true, net
			best = slowResult{outcome: slowOutcome(mine, theirs, d.UndercutOnTie), points: p}
			best.deadwood[k], best.deadwood[def] = mine, theirs
		}
	}
	return best
}

// TestSlowRefereeByHand checks the slow referee itself on deals worked out
// by hand, so that agreeing with it means something.
func TestSlowRefereeByHand(t *testing.T) {
	// A-2-3-4S melds 10, leaving 3H 3D 9C = 15; the set 3S 3H 3D leaves AS
	// 2S 4S 9C = 16. The least is 15.
	if got := slowDeadwood(list(t, "AS 2S 3S 3H 3D 4S 9C")); got != 15 {
		t.Errorf("slowDeadwood = %d, want 15", got)
	}
	// Onto 5-6-7H the defender lays 8H, then 9H, then 4H: only JC is left.
	table := [][]cards.Card{list(t, "5H 6H 7H")}
	if got := slowReply(table, list(t, "8H 9H 4H JC")); got != 10 {
		t.Errorf("slowReply = %d, want 10", got)
	}
	// The API's gin example.
	d := Deal{KnockCard: card(t, "5H"), Hands: [2][]cards.Card{
		list(t, "AS 2S 3S 4H 4D 4C 7C 8C 9C 10C"), list(t, "KS KH 5D 6D 2H 9H JD QC 3D 8S")}}
	if got := slowScore(d); got.outcome != Gin || got.points != [2]int{98, 0} {
		t.Errorf("slowScore = %+v, want gin for 98", got)
	}
}

// randomDeal deals a knocker's hand built mostly of sets and runs in a
// window of a few adjacent ranks, so that they overlap and the knocker has
// real choices, and a defender's hand with more cards of the window, so
// that lay-offs happen. The knock card is any card and is often worth 10,
// so that many knocks are legal.
func randomDeal(rng *rand.Rand) Deal {
	lo := 1 + rng.Intn(11)
	hi := min(13, lo+2+rng.Intn(4))
	free := map[cards.Card]bool{}
	for g := range deckSize {
		free[cardAt(g)] = true
	}
	draw := func(fromWindow bool) cards.Card {
		for {
			c := cardAt(rng.Intn(deckSize))
			if free[c] && (!fromWindow || int(c.Rank) >= lo && int(c.Rank) <= hi) {
				delete(free, c)
				return c
			}
		}
	}
	windowLeft := func() bool {
		for c := range free {
			if int(c.Rank) >= lo && int(c.Rank) <= hi {
				return true
			}
		}
		return false
	}
	size := HandSize
	if rng.Intn(10) == 0 {
		size++
	}
	// addMelds adds random sets and runs of the window to h until it
	// holds about n cards, and fills it up to size with loose cards.
	addMelds := func(h []cards.Card, n, size int) []cards.Card {
		for try := 0; try < 40 && len(h) < n; try++ {
			var meld []cards.Card
			if rng.Intn(2) == 0 {
				r := cards.Rank(lo + rng.Intn(hi-lo+1))
				for _, s := range cards.StandardSuits() {
					meld = append(meld, cards.Card{Rank: r, Suit: s})
				}
				rng.Shuffle(4, func(i, j int) { meld[i], meld[j] = meld[j], meld[i] })
				meld = meld[:3+rng.Intn(2)]
			} else {
				s := cards.StandardSuits()[rng.Intn(4)]
				start := max(1, lo-1+rng.Intn(hi-lo+1))
				for r := start; r < start+3+rng.Intn(3) && r <= 13; r++ {
					meld = append(meld, cards.Card{Rank: cards.Rank(r), Suit: s})
				}
			}
			ok := len(meld) >= 3 && len(h)+len(meld) <= size
			for _, c := range meld {
				ok = ok && free[c]
			}
			if ok {
				for _, c := range meld {
					delete(free, c)
				}
				h = append(h, meld...)
			}
		}
		for len(h) < size {
			h = append(h, draw(rng.Intn(2) == 0 && windowLeft()))
		}
		return h
	}
	loose := 1 + rng.Intn(4)
	if size > HandSize {
		loose = rng.Intn(2)
	}
	knocker := addMelds(nil, size-loose, size)
	var defender []cards.Card
	for range rng.Intn(7) {
		defender = append(defender, draw(windowLeft()))
	}
	defender = addMelds(defender, len(defender)+3*rng.Intn(3), HandSize)
	rng.Shuffle(len(knocker), func(i, j int) { knocker[i], knocker[j] = knocker[j], knocker[i] })
	knockCard := cardAt(rng.Intn(deckSize))
	if rng.Intn(2) == 0 {
		knockCard.Rank = cards.Rank(10 + rng.Intn(4))
	}
	seat := rng.Intn(2)
	d := Deal{KnockCard: knockCard, Knocker: seat, UndercutOnTie: rng.Intn(4) == 0}
	d.Hands[seat], d.Hands[1-seat] = knocker, defender
	return d
}

func randomDeals(t *testing.T) int {
	if testing.Short() {
		return 300
	}
	return 3000
}

// checkResult checks that a Result is a legal account of the deal on its
// own terms: the melds are melds from the right hands, the lay-offs can be
// made one after another, and the deadwood adds up.
func checkResult(t *testing.T, d Deal, r Result) {
	t.Helper()
	k, def := d.Knocker, 1-d.Knocker
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s\ndeal %s\nresult %+v", fmt.Sprintf(format, args...), dealString(d), r)
	}
	take := func(pool map[cards.Card]bool, cs []cards.Card, what string) {
		for _, c := range cs {
			if !pool[c] {
				fail("%s uses %s, which is not available", what, c)
			}
			delete(pool, c)
		}
	}
	left := func(pool map[cards.Card]bool) []cards.Card {
		var out []cards.Card
		for c := range pool {
			out = append(out, c)
		}
		return out
	}
	kpool, dpool := map[cards.Card]bool{}, map[cards.Card]bool{}
	for _, c := range d.Hands[k] {
		kpool[c] = true
	}
	for _, c := range d.Hands[def] {
		dpool[c] = true
	}
	table := make([][]cards.Card, len(r.Melds[k]))
	for i, m := range r.Melds[k] {
		if !slowIsMeld(m) {
			fail("knocker meld %v is not a meld", m)
		}
		take(kpool, m, "knocker meld")
		table[i] = slices.Clone(m)
	}
	if !sameCards(left(kpool), r.DeadwoodCards[k]) || slowSum(r.DeadwoodCards[k]) != r.Deadwood[k] {
		fail("knocker deadwood cards %v do not add up", r.DeadwoodCards[k])
	}
	if (r.Outcome == Gin || r.Outcome == BigGin) && len(r.Layoffs) > 0 {
		fail("lay-offs after %v", r.Outcome)
	}
	var laid []cards.Card
	for _, l := range r.Layoffs {
		if l.Meld < 0 || l.Meld >= len(table) {
			fail("lay-off onto meld %d of %d", l.Meld, len(table))
		}
		take(dpool, []cards.Card{l.Card}, "lay-off")
		table[l.Meld] = append(table[l.Meld], l.Card)
		if !slowIsMeld(table[l.Meld]) {
			fail("lay-off %v makes %v, not a meld", l, table[l.Meld])
		}
		laid = append(laid, l.Card)
	}
	for _, m := range r.Melds[def] {
		if !slowIsMeld(m) {
			fail("defender meld %v is not a meld", m)
		}
		take(dpool, m, "defender meld")
	}
	if !sameCards(left(dpool), r.DeadwoodCards[def]) || slowSum(r.DeadwoodCards[def]) != r.Deadwood[def] {
		fail("defender deadwood cards %v do not add up", r.DeadwoodCards[def])
	}
	if !sameCards(append(slices.Clone(r.DeadwoodCards[def]), laid...), r.DeadwoodBeforeLayoffs) ||
		slowSum(r.DeadwoodBeforeLayoffs) != r.ValueBeforeLayoffs {
		fail("defender's deadwood before lay-offs %v is not the deadwood plus the lay-offs", r.DeadwoodBeforeLayoffs)
	}
	if !strings.Contains(english.Say(r.Reason), "(N") {
		fail("reason %q cites no rule", english.Say(r.Reason))
	}
}

func sameCards(a, b []cards.Card) bool {
	key := func(cs []cards.Card) string {
		s := cards.Strings(cs)
		sort.Strings(s)
		return strings.Join(s, " ")
	}
	return key(a) == key(b)
}

func dealString(d Deal) string {
	return fmt.Sprintf("knock card %s, knocker %d, hands %v / %v, melds %v, tie undercuts %v",
		d.KnockCard, d.Knocker, d.Hands[0], d.Hands[1], d.KnockerMelds, d.UndercutOnTie)
}

// TestDeadwoodN3AgreesWithSlow checks the exact deadwood search against
// every arrangement, on hands with many overlapping sets and runs.
func TestDeadwoodN3AgreesWithSlow(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for range randomDeals(t) {
		d := randomDeal(rng)
		for _, h := range d.Hands {
			got := Deadwood(h)
			if want := slowDeadwood(h); got.Value != want {
				t.Fatalf("Deadwood(%v).Value = %d, want %d (%v)", h, got.Value, want, got)
			}
			var all []cards.Card
			for _, m := range got.Melds {
				if !slowIsMeld(m) {
					t.Fatalf("Deadwood(%v) melds %v", h, m)
				}
				all = append(all, m...)
			}
			if !sameCards(append(all, got.Deadwood...), h) || slowSum(got.Deadwood) != got.Value {
				t.Fatalf("Deadwood(%v) = %v does not account for the hand", h, got)
			}
		}
	}
}

// TestScoreN5AgreesWithSlow checks the knocker's arrangement search and the
// defender's lay-offs against the slow referee, which tries every
// arrangement and every sequence of lay-offs.
func TestScoreN5AgreesWithSlow(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	counts := map[string]int{}
	for range randomDeals(t) {
		d := randomDeal(rng)
		compareWithSlow(t, d, counts)
	}
	t.Logf("outcomes: %v", counts)
	if counts["knock"]+counts["undercut"] < randomDeals(t)/10 || counts["layoffs"] == 0 || counts["N4"] == 0 ||
		counts["undercut"] == 0 || counts["more than least deadwood"] == 0 {
		t.Errorf("the random deals do not exercise knocks, lay-offs and illegal knocks enough: %v", counts)
	}
}

// TestScoreN5RecordedMeldsAgreeWithSlow records a random arrangement of the
// knocker's hand within the knock value as the melds laid, and checks the
// defender's reply against the slow referee.
func TestScoreN5RecordedMeldsAgreeWithSlow(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	counts := map[string]int{}
	for range randomDeals(t) {
		d := randomDeal(rng)
		kh := d.Hands[d.Knocker]
		var within [][]uint32
		for _, arr := range slowArrangements(kh) {
			if slowSum(pick(kh, ^covered(arr))) <= slowValue(d.KnockCard) {
				within = append(within, arr)
			}
		}
		if len(within) == 0 {
			continue
		}
		d.KnockerMelds = [][]cards.Card{}
		for _, m := range within[rng.Intn(len(within))] {
			d.KnockerMelds = append(d.KnockerMelds, pick(kh, m))
		}
		compareWithSlow(t, d, counts)
	}
	t.Logf("outcomes: %v", counts)
	if counts["layoffs"] == 0 {
		t.Errorf("no deal had lay-offs: %v", counts)
	}
}

func compareWithSlow(t *testing.T, d Deal, counts map[string]int) {
	t.Helper()
	want := slowScore(d)
	got, err := Score(d)
	if want.rule != "" {
		counts[want.rule]++
		if rule := ruleOf(err); rule != want.rule {
			t.Fatalf("Score error %v, want a ruling citing %s\ndeal %s", err, want.rule, dealString(d))
		}
		return
	}
	if err != nil {
		t.Fatalf("Score: %v\ndeal %s", err, dealString(d))
	}
	counts[got.Outcome.String()]++
	if len(got.Layoffs) > 0 {
		counts["layoffs"]++
	}
	if d.KnockerMelds == nil && got.Deadwood[d.Knocker] > Deadwood(d.Hands[d.Knocker]).Value {
		counts["more than least deadwood"]++
	}
	if got.Outcome != want.outcome || got.Deadwood != want.deadwood || got.Points != want.points {
		t.Fatalf("Score = %v deadwood %v points %v, slow referee says %v %v %v\ndeal %s\nresult %+v",
			got.Outcome, got.Deadwood, got.Points, want.outcome, want.deadwood, want.points, dealString(d), got)
	}
	checkResult(t, d, got)
}
