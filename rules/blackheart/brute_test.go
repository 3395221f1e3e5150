package blackheart

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"meldpad/rules/cards"
)

// This file holds a second referee that reads B1-B3 literally and tries
// everything: every wild as every card it may stand for, every heart as a
// member or as the escort of every court card. It is slow and obviously
// right, and the property tests hold Check and CheckLayoff to it.

var deck = cards.BlackHeart()

// candidates lists every card a play may be read as, itself first, or nil
// when the play is bad input (a card the deck lacks, a declaration the
// rules do not allow).
func candidates(p cards.Play) []cards.Card {
	if !deck.Contains(p.Card) {
		return nil
	}
	var all []cards.Card
	all = append(all, p.Card)
	if deck.IsWild(p.Card) {
		for _, c := range deck.Cards() {
			if c == p.Card {
				continue
			}
			switch p.Card.Rank {
			case cards.Jack:
				if c.Suit != cards.Hearts {
					continue
				}
			case cards.Queen:
				if c.Suit != cards.Spades && c.Suit != cards.Clubs {
					continue
				}
			}
			all = append(all, c)
		}
	}
	if !p.Declared() {
		return all
	}
	if slices.Contains(all, p.As) {
		return []cards.Card{p.As}
	}
	return nil
}

type bruteResult struct {
	valid  bool
	kind   Kind
	points int
}

func blackCourt(c cards.Card) bool {
	return (c.Suit == cards.Spades || c.Suit == cards.Clubs) && c.Rank >= cards.Jack
}

// membersForm reports which kind the member readings make, if any (B1).
func membersForm(members []cards.Card) (Kind, bool) {
	if len(members) < 3 {
		return NoKind, false
	}
	sameRank, sameSuit := true, true
	for _, c := range members[1:] {
		sameRank = sameRank && c.Rank == members[0].Rank
		sameSuit = sameSuit && c.Suit == members[0].Suit
	}
	if sameRank {
		return Group, true
	}
	if !sameSuit {
		return NoKind, false
	}
	for _, c := range members {
		if c.Suit == cards.Diamonds {
			return NoKind, false // diamonds as themselves: only groups and the Royale (B3)
		}
	}
	var ranks uint16
	for _, c := range members {
		if ranks&(1<<c.Rank) != 0 {
			return NoKind, false
		}
		ranks |= 1 << c.Rank
	}
	// The members must be every rank from some start on, without wrapping
	// for hearts (A to 10), wrapping from K to A for spades and clubs.
	hearts := members[0].Suit == cards.Hearts
	for start := 1; start <= 13; start++ {
		ok := true
		for i := 0; i < len(members) && ok; i++ {
			r := start + i
			if hearts && r > 10 {
				ok = false
			}
			if !hearts {
				r = (r-1)%13 + 1
			}
			ok = ok && ranks&(1<<r) != 0
		}
		if ok {
			return Series, true
		}
	}
	return NoKind, false
}

// brute judges a set by trying every reading; added marks laid-off cards
// (nil for laying down).
func brute(meld []cards.Play, added []bool) bruteResult {
	n := len(meld)
	cands := make([][]cards.Card, n)
	copies := map[cards.Card]int{}
	for i, p := range meld {
		cands[i] = candidates(p)
		if cands[i] == nil {
			return bruteResult{}
		}
		copies[p.Card]++
		if copies[p.Card] > deck.Copies(p.Card) {
			return bruteResult{}
		}
	}
	isAdded := func(i int) bool { return added != nil && added[i] }
	points := 0 // what the player scores: the laid-off cards only for a lay-off
	for i, p := range meld {
		if !isAdded(i) && added != nil {
			continue
		}
		points += CardPoints(p.Card)
	}
	var courts, hearts, escorts []int
	var members []cards.Card
	isEscort := make([]bool, n)
	var best bruteResult
	consider := func(k Kind, pts int) {
		if !best.valid || pts > best.points || (pts == best.points && k > best.kind && k == Royale) ||
			(pts == best.points && best.kind == Series && k == Group) {
			best = bruteResult{true, k, pts}
		}
	}
	read := make([]cards.Card, n)
	var used [5 * 14]int
	var try func(i, firstFixed int)
	try = func(i, firstFixed int) {
		if i < n {
			for _, c := range cands[i] {
				// Prune as early as the rules allow: no more copies of a
				// card than the deck holds, and cards that are not hearts
				// can only be members, so they must agree on a rank or a
				// suit with the first of them.
				k := int(c.Suit)*14 + int(c.Rank)
				if used[k] == deck.Copies(c) {
					continue
				}
				ff := firstFixed
				if c.Suit != cards.Hearts {
					if ff < 0 {
						ff = i
					} else if f := read[ff]; c.Rank != f.Rank && c.Suit != f.Suit {
						continue
					}
				}
				used[k]++
				read[i] = c
				try(i+1, ff)
				used[k]--
			}
			return
		}
		if n == 3 && added == nil {
			royal := true
			for k, c := range read {
				royal = royal && c == meld[k].Card && c.Suit == cards.Diamonds
			}
			if royal {
				consider(Royale, RoyalePoints)
			}
		}
		courts, hearts = courts[:0], hearts[:0]
		for k, c := range read {
			if blackCourt(c) {
				courts = append(courts, k)
			}
			if c.Suit == cards.Hearts {
				hearts = append(hearts, k)
			}
		}
		if len(hearts) < len(courts) {
			return // every court card needs a heart of its own (B2)
		}
		// Every choice of which hearts are escorts (the rest are members),
		// and every pairing of those escorts with the court cards.
		for mask := 0; mask < 1<<len(hearts); mask++ {
			if bits.OnesCount(uint(mask)) != len(courts) {
				continue // a court without an escort, or an escort without a court
			}
			escorts = escorts[:0]
			clear(isEscort)
			for h, k := range hearts {
				if mask&(1<<h) != 0 {
					escorts = append(escorts, k)
					isEscort[k] = true
				}
			}
			if added != nil && !somePairing(escorts, courts, isAdded) {
				continue // a lay-off brings its own escorts (B2)
			}
			members = members[:0]
			natural := false
			for k, c := range read {
				if !isEscort[k] {
					members = append(members, c)
					natural = natural || c == meld[k].Card
				}
			}
			if !natural {
				continue
			}
			if k, ok := membersForm(members); ok {
				consider(k, points)
			}
		}
	}
	try(0, -1)
	return best
}

// somePairing reports whether the escorts can be paired one to one with
// the court cards so that each pair is on one side of a lay-off, trying
// every pairing.
func somePairing(escorts, courts []int, added func(int) bool) bool {
	if len(escorts) == 0 {
		return true
	}
	for i, c := range courts {
		if added(c) != added(escorts[0]) {
			continue
		}
		rest := append(slices.Clone(courts[:i]), courts[i+1:]...)
		if somePairing(escorts[1:], rest, added) {
			return true
		}
	}
	return false
}

// checkRoles checks that a valid verdict's Roles are a legal reading of
// the set, independently of how Check found it.
func checkRoles(meld []cards.Play, added []bool, v Verdict) error {
	if len(v.Roles) != len(meld) {
		return fmt.Errorf("%d roles for %d cards", len(v.Roles), len(meld))
	}
	if v.Kind == Royale {
		for _, r := range v.Roles {
			if r.Part != RoyaleCard || r.Wild() {
				return fmt.Errorf("royale with role %v", r)
			}
		}
		return nil
	}
	read := make([]cards.Card, len(meld))
	used := map[cards.Card]int{}
	var members []cards.Card
	escorts := map[int]int{}
	natural := false
	for i, p := range meld {
		r := v.Roles[i]
		read[i] = p.Card
		if r.Wild() {
			if !slices.Contains(candidates(p), r.As) || r.As == p.Card {
				return fmt.Errorf("%v may not stand for %v", p, r.As)
			}
			read[i] = r.As
		} else if p.Declared() && p.As != p.Card {
			return fmt.Errorf("%v read as itself", p)
		}
		used[read[i]]++
		if used[read[i]] > deck.Copies(read[i]) {
			return fmt.Errorf("too many %v", read[i])
		}
		switch r.Part {
		case Member:
			members = append(members, read[i])
			natural = natural || !r.Wild()
			if r.Court != -1 {
				return fmt.Errorf("member %d with court %d", i, r.Court)
			}
		case Escort:
			if read[i].Suit != cards.Hearts {
				return fmt.Errorf("escort %d is %v", i, read[i])
			}
			if r.Court < 0 || r.Court >= len(meld) {
				return fmt.Errorf("escort %d of %d", i, r.Court)
			}
			escorts[r.Court]++
			if added != nil && added[i] != added[r.Court] {
				return fmt.Errorf("escort %d crosses the lay-off", i)
			}
		default:
			return fmt.Errorf("card %d has part %v", i, r.Part)
		}
	}
	for i := range meld {
		court := v.Roles[i].Part == Member && blackCourt(read[i])
		if court && escorts[i] != 1 || !court && escorts[i] != 0 {
			return fmt.Errorf("card %d (%v) has %d escorts", i, read[i], escorts[i])
		}
	}
	if !natural {
		return fmt.Errorf("no natural member")
	}
	if k, ok := membersForm(members); !ok || k != v.Kind {
		return fmt.Errorf("members %v do not form a %v", members, v.Kind)
	}
	return nil
}

// meldMaker deals random sets that are often nearly right: groups and
// series with escorts, wilds and declarations, then a mistake or two.
type meldMaker struct {
	rng  *rand.Rand
	left map[cards.Card]int
	out  []cards.Play
}

func newMeldMaker(rng *rand.Rand) *meldMaker {
	m := &meldMaker{rng: rng, left: map[cards.Card]int{}}
	for _, c := range deck.Cards() {
		m.left[c] = deck.Copies(c)
	}
	return m
}

func (m *meldMaker) take(c cards.Card) bool {
	if m.left[c] == 0 {
		return false
	}
	m.left[c]--
	m.out = append(m.out, cards.Play{Card: c})
	return true
}

func (m *meldMaker) randomCard() cards.Card {
	all := deck.Cards()
	return all[m.rng.IntN(len(all))]
}

func (m *meldMaker) heart() cards.Card {
	return cards.Card{Rank: cards.Rank(1 + m.rng.IntN(10)), Suit: cards.Hearts}
}

func (m *meldMaker) meld() []cards.Play {
	rng := m.rng
	switch rng.IntN(5) {
	case 0, 1: // a group
		r := cards.Rank(1 + rng.IntN(13))
		suits := []cards.Suit{cards.Spades, cards.Clubs, cards.Spades, cards.Clubs, cards.Hearts, cards.Hearts, cards.Diamonds}
		k := 2 + rng.IntN(4)
		for range k {
			m.take(cards.Card{Rank: r, Suit: suits[rng.IntN(len(suits))]})
		}
	case 2: // a black series, perhaps wrapping
		s := []cards.Suit{cards.Spades, cards.Clubs}[rng.IntN(2)]
		start, l := 1+rng.IntN(13), 2+rng.IntN(5)
		for i := range l {
			m.take(cards.Card{Rank: cards.Rank((start-1+i)%13 + 1), Suit: s})
		}
	case 3: // a heart series, perhaps trying to wrap
		start, l := 1+rng.IntN(10), 2+rng.IntN(4)
		for i := range l {
			m.take(cards.Card{Rank: cards.Rank((start-1+i)%10 + 1), Suit: cards.Hearts})
		}
	default:
		for range 2 + rng.IntN(5) {
			m.take(m.randomCard())
		}
	}
	// Escorts for most court cards.
	for _, p := range slices.Clone(m.out) {
		if blackCourt(p.Card) && rng.IntN(5) > 0 {
			m.take(m.heart())
		}
	}
	// Wilds: replace a card or add one.
	for range []int{0, 0, 0, 1, 1, 2, 3}[rng.IntN(7)] {
		w := slotCards[rng.IntN(3)]
		if m.left[w] == 0 {
			continue
		}
		if len(m.out) > 0 && rng.IntN(2) == 0 {
			i := rng.IntN(len(m.out))
			m.left[m.out[i].Card]++
			m.out = slices.Delete(m.out, i, i+1)
		}
		m.take(w)
	}
	// Mistakes and extras.
	if rng.IntN(5) == 0 {
		m.take(m.heart())
	}
	if rng.IntN(8) == 0 {
		m.take(m.randomCard())
	}
	if rng.IntN(8) == 0 && len(m.out) > 0 {
		m.out = m.out[:len(m.out)-1]
	}
	// Declarations, mostly legal ones.
	for i, p := range m.out {
		if p.Card.Suit != cards.Diamonds || rng.IntN(6) > 0 {
			continue
		}
		if rng.IntN(8) == 0 {
			m.out[i].As = m.randomCard()
			continue
		}
		c := candidates(p)
		m.out[i].As = c[rng.IntN(len(c))]
	}
	rng.Shuffle(len(m.out), func(i, j int) { m.out[i], m.out[j] = m.out[j], m.out[i] })
	return m.out
}

func randomMeld(rng *rand.Rand) []cards.Play { return newMeldMaker(rng).meld() }

// TestCheckAgreesWithBruteForce holds Check to the brute-force referee on
// thousands of random sets (B1-B3), and checks every valid reading it
// shows.
func TestCheckAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 0xb1ac4ea7))
	n := 6000
	if testing.Short() {
		n = 1000
	}
	valid := map[Kind]int{}
	for range n {
		meld := randomMeld(rng)
		v := Check(meld)
		b := brute(meld, nil)
		if v.Valid != b.valid || v.Kind != b.kind || v.Points != b.points {
			t.Fatalf("Check(%v) = %v %v %d (%s); brute force says %v %v %d", meld, v.Valid, v.Kind, v.Points, english.Say(v.Reason), b.valid, b.kind, b.points)
		}
		verdictInvariants(t, v, len(meld))
		if v.Valid {
			valid[v.Kind]++
			if err := checkRoles(meld, nil, v); err != nil {
				t.Fatalf("Check(%v) roles %v: %v", meld, v.Roles, err)
			}
		}
	}
	t.Logf("valid of %d: %v", n, valid)
	if valid[Group] < n/20 || valid[Series] < n/20 {
		t.Errorf("the random sets are too seldom valid to test much: %v", valid)
	}
}

// TestCheckLayoffAgreesWithBruteForce splits random sets into a set on the
// table and cards laid off, and holds CheckLayoff to the brute force.
func TestCheckLayoffAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 0x1a40ff))
	n := 4000
	if testing.Short() {
		n = 700
	}
	validCount := 0
	for range n {
		meld := randomMeld(rng)
		if len(meld) < 4 {
			continue
		}
		cut := 3 + rng.IntN(len(meld)-3)
		onto, add := meld[:cut], meld[cut:]
		v := CheckLayoff(onto, add)
		ontoB := brute(onto, nil)
		want := bruteResult{}
		if ontoB.valid && ontoB.kind != Royale {
			added := make([]bool, len(meld))
			for i := cut; i < len(meld); i++ {
				added[i] = true
			}
			want = brute(meld, added)
			if want.valid {
				validCount++
				if err := checkRoles(meld, added, v); v.Valid && err != nil {
					t.Fatalf("CheckLayoff(%v, %v) roles %v: %v", onto, add, v.Roles, err)
				}
			}
		}
		if v.Valid != want.valid || v.Kind != want.kind || v.Points != want.points {
			t.Fatalf("CheckLayoff(%v, %v) = %v %v %d (%s); brute force says %v %v %d", onto, add, v.Valid, v.Kind, v.Points, english.Say(v.Reason), want.valid, want.kind, want.points)
		}
		verdictInvariants(t, v, len(meld))
	}
	t.Logf("%d valid lay-offs of %d", validCount, n)
	if validCount < n/50 {
		t.Errorf("too few valid lay-offs (%d) to test much", validCount)
	}
}

// TestShuffleKeepsVerdict: the order cards are given in never changes a
// verdict, its points, its rule, or a valid set's reason.
func TestShuffleKeepsVerdict(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 0x5a0ff1e))
	for range 3000 {
		meld := randomMeld(rng)
		v := Check(meld)
		for range 4 {
			shuffled := slices.Clone(meld)
			rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			w := Check(shuffled)
			if w.Valid != v.Valid || w.Kind != v.Kind || w.Points != v.Points || w.Rule != v.Rule {
				t.Fatalf("Check(%v) = %v %v %d %s but Check(%v) = %v %v %d %s", meld, v.Valid, v.Kind, v.Points, v.Rule, shuffled, w.Valid, w.Kind, w.Points, w.Rule)
			}
			if v.Valid && english.Say(w.Reason) != english.Say(v.Reason) {
				t.Fatalf("reason changed with the order: %q vs %q", english.Say(v.Reason), english.Say(w.Reason))
			}
		}
	}
}

// courtsAndWilds deals the hardest sets: a black series around the court
// cards with gaps, hearts, and one to three wilds, which is where the
// pairing of escorts in a lay-off gets subtle.
func (m *meldMaker) courtsAndWilds() []cards.Play {
	rng := m.rng
	s := []cards.Suit{cards.Spades, cards.Clubs}[rng.IntN(2)]
	start, l := 8+rng.IntN(6), 2+rng.IntN(4)
	for i := range l {
		if rng.IntN(4) > 0 {
			m.take(cards.Card{Rank: cards.Rank((start-1+i)%13 + 1), Suit: s})
		}
	}
	for range rng.IntN(4) {
		m.take(m.heart())
	}
	wilds := slices.Clone(slotCards[:])
	rng.Shuffle(len(wilds), func(i, j int) { wilds[i], wilds[j] = wilds[j], wilds[i] })
	for _, w := range wilds[:1+rng.IntN(3)] {
		m.take(w)
	}
	for range rng.IntN(2) {
		m.take(m.heart())
	}
	if rng.IntN(2) == 0 {
		rng.Shuffle(len(m.out), func(i, j int) { m.out[i], m.out[j] = m.out[j], m.out[i] })
	}
	return m.out
}

// TestManyWildsAgreeWithBruteForce holds Check and CheckLayoff to the brute
// force on sets full of court cards, hearts and wilds (B2, B3).
func TestManyWildsAgreeWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	n := 6000
	if testing.Short() {
		n = 1000
	}
	for range n {
		meld := newMeldMaker(rng).courtsAndWilds()
		b := brute(meld, nil)
		if v := Check(meld); v.Valid != b.valid || v.Kind != b.kind || v.Points != b.points {
			t.Fatalf("Check(%v) = %v %v %d (%s); brute force says %v %v %d", meld, v.Valid, v.Kind, v.Points, english.Say(v.Reason), b.valid, b.kind, b.points)
		}
		if len(meld) < 4 {
			continue
		}
		cut := 3 + rng.IntN(len(meld)-3)
		onto, add := meld[:cut], meld[cut:]
		v := CheckLayoff(onto, add)
		want := bruteResult{}
		if ob := brute(onto, nil); ob.valid && ob.kind != Royale {
			added := make([]bool, len(meld))
			for i := cut; i < len(meld); i++ {
				added[i] = true
			}
			want = brute(meld, added)
			if err := checkRoles(meld, added, v); v.Valid && err != nil {
				t.Fatalf("CheckLayoff(%v, %v) roles %v: %v", onto, add, v.Roles, err)
			}
		}
		if v.Valid != want.valid || v.Kind != want.kind || v.Points != want.points {
			t.Fatalf("CheckLayoff(%v, %v) = %v %v %d (%s); brute force says %v %v %d", onto, add, v.Valid, v.Kind, v.Points, english.Say(v.Reason), want.valid, want.kind, want.points)
		}
	}
}
