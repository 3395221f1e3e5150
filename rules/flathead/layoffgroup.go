package flathead

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"slices"

	"meldpad/rules/cards"
)

// maxTrumps is the number of trumps in the Fanucci deck: no loser's hand,
// nor all of them together, can hold more.
const maxTrumps = 9

// trumpValues holds, for each number t of trumps laid off, the most natural
// cards that can be laid off with exactly t trumps (noWay when none can).
// Trumps are all alike, so this is all a group of melds needs to tell the
// others.
type trumpValues [maxTrumps + 1]int16

// noWay marks a number of trumps that cannot be laid off.
const noWay = -1

// layoffOption is one meld a card may join: a searched meld (slot is its
// index in the group) or the first meld that never refuses the card (slot
// -1).
type layoffOption struct {
	meld, slot int
}

// form is the kind a searched meld ends as: the search fixes one for each
// meld, so that a meld's state holds only what that kind needs (a flush run
// that may end as a flush or a run is searched once as each).
type form uint8

const (
	asSet form = iota
	asFlush
	asRun
	// asEither leaves a meld free to end as a flush or a run; its state
	// then holds what both need. It is used beyond maxPlanned melds with
	// two forms in a group, so that the number of plans stays small.
	asEither
)

// maxPlanned is how many melds of a group that may end as a flush or a
// run get a form fixed by the plan: 2^maxPlanned plans at most. It is a
// variable so that the tests can search with asEither everywhere.
var maxPlanned = 6

// kinds returns the kinds that make a meld valid in this form.
func (f form) kinds() []Kind {
	return [...][]Kind{asSet: {Set}, asFlush: {Flush}, asRun: {Run}, asEither: {Flush, Run}}[f]
}

// layoffGroup is a group of searched melds that share candidate cards,
// with those cards in deck order, and the exact search of their lay-offs.
//
// The search fixes a plan first: the form (set, flush or run) each meld
// ends as, so that a meld's state holds only what its form needs. Within a
// plan it goes through the cards in deck order, which takes each colour's
// cards by rising rank, and memoises what can still be laid off from each
// card onwards, given the melds' states:
//   - a flush or a set needs no state, but its card count when it could
//     come to hold a whole suit or rank (F3);
//   - a run needs its ranks, and of those below the next card's only a
//     summary (runKey), since later cards come by rising rank; a flush with
//     gaps that may end as a run, who filled its gaps (F7's gate);
//   - a meld no later card can join is final: its status is folded into
//     the values where it becomes final, and the key only says so.
//
// Within a block, a run takes at most one card and any of them will do,
// so a block is placed by choosing which runs get a card (blockStep),
// unless the owner and suit of the card matter to F7's gate (cardStep). A
// plan is skipped when a bound shows that it cannot beat the plans tried
// before it (value), and so is a choice within a plan (covered).
type layoffGroup struct {
	problem *layoffProblem
	melds   []int        // meld indices, lowest first
	slots   []*tableMeld // the same melds
	// holes[s] is how many missing ranks meld slot s may have as a run:
	// one if it holds a trump or the losers hold one (F3), else none.
	holes   []int
	start   []uint32 // each meld's packed shape before any lay-off
	cards   []int    // indices into problem.pool, in deck order
	options [][]layoffOption
	// plans lists every choice of one form per meld; planOrder tries
	// those with the fewest runs first, as the cheapest to search.
	plans     [][]form
	planOrder []int
	// fitting[p][i] bounds the cards from i on that plan p can lay off;
	// fitting0[p][i] those it can lay off without a trump joining any
	// meld of the group.
	fitting, fitting0 [][]int
	// future[s][f][i] holds the rank bits of the cards from i on that
	// could join meld slot s in form f.
	future [][4][]uint16
	// gateSeats[s][i] holds, as bits by seat, the losers holding cards
	// from i on that could fill a gap of meld slot s (F7's gate).
	gateSeats [][]uint8
	// blockEnd[i] is, for the first card of a block of cards of one
	// colour and rank, the index after its last card; 0 elsewhere.
	blockEnd []int
	memo     map[string]trumpValues
	key      []byte
	// mode is the number of trumps the search is after: each number is
	// searched apart, so that a choice is skipped as soon as it cannot
	// improve that number's value (covered), and with none a run may miss
	// no rank but where it holds a trump of its own, which makes that
	// search far smaller. holes is the allowance of the mode, holesWith
	// and holesWithout those with trumps and without.
	mode         int
	holesWith    []int
	holesWithout []int
	// exactOf caches exact; tried[t] holds the plans exact searched for t
	// trumps, in the order it did.
	exactOf map[int]int16
	tried   [maxTrumps + 1][]int
	// words[i] holds the melds' words last written at position i, and
	// optionSlots[k] the slots card k may join, a bit each: memoKey
	// writes again only the words of melds that cards have reached.
	words       [][]uint64
	optionSlots []uint32
	// maxTrumps is the most trumps the group's melds can take: one for
	// each meld without a trump of its own, and no more than the losers
	// hold (F3).
	maxTrumps int
}

// accepts reports whether natural card c could join meld slot s in form f.
func (g *layoffGroup) accepts(s int, f form, c cards.Card) bool {
	b := g.slots[s].base
	switch f {
	case asSet:
		return c.Rank == b.rank()
	case asFlush:
		return c.Suit == b.suit
	case asEither:
		return g.accepts(s, asFlush, c) || g.accepts(s, asRun, c)
	}
	return colourOf(c) == b.colour && c.Rank <= 9 && b.ranks&rankBit(c.Rank) == 0
}

// prepare lists the forms each meld may end as and the ranks still to
// come, once the cards are known.
func (g *layoffGroup) prepare() {
	g.markBlocks()
	g.fillSlots()
	g.plans = [][]form{nil}
	g.future = make([][4][]uint16, len(g.melds))
	g.gateSeats = make([][]uint8, len(g.melds))
	planned := 0
	for s, i := range g.melds {
		forms := meldForms(g.problem.melds[i], planned < maxPlanned)
		if len(forms) > 1 {
			planned++
		}
		g.plans = extendPlans(g.plans, forms)
		for f := asSet; f <= asEither; f++ {
			g.future[s][f] = g.futureRanks(s, f)
		}
		g.gateSeats[s] = g.futureGateSeats(s)
	}
	g.words = make([][]uint64, len(g.cards)+1)
	for i := range g.words {
		g.words[i] = make([]uint64, len(g.slots))
	}
	g.optionSlots = make([]uint32, len(g.cards))
	for k, opts := range g.options {
		for _, o := range opts {
			if o.slot >= 0 {
				g.optionSlots[k] |= 1 << o.slot
			}
		}
	}
	g.orderPlans()
}

// markBlocks fills in blockEnd: for the first card of each block of cards
// of one colour and rank, the index after its last card.
func (g *layoffGroup) markBlocks() {
	g.blockEnd = make([]int, len(g.cards))
	for i := range g.cards {
		c := g.problem.pool[g.cards[i]].card
		if i > 0 {
			prev := g.problem.pool[g.cards[i-1]].card
			if colourOf(prev) == colourOf(c) && prev.Rank == c.Rank {
				continue
			}
		}
		end := i + 1
		for end < len(g.cards) {
			next := g.problem.pool[g.cards[end]].card
			if colourOf(next) != colourOf(c) || next.Rank != c.Rank {
				break
			}
			end++
		}
		g.blockEnd[i] = end
	}
}

// fillSlots lists the group's melds in slots, with the missing ranks each
// may have as a run (holes, and holesWithout for the search without
// trumps), and counts the trumps the melds can take (maxTrumps).
func (g *layoffGroup) fillSlots() {
	for _, i := range g.melds {
		m := &g.problem.melds[i]
		g.slots = append(g.slots, m)
		holes := 0
		if m.trump || g.problem.trumps > 0 {
			holes = 1
		}
		g.holes = append(g.holes, holes)
		g.holesWithout = append(g.holesWithout, min(holes, boolInt(m.trump)))
	}
	for _, m := range g.slots {
		if !m.trump {
			g.maxTrumps++
		}
	}
	g.maxTrumps = min(g.maxTrumps, g.problem.trumps, maxTrumps)
}

// meldForms returns the forms meld m may end as: a set of one rank, a
// flush run as a flush and as a run when the plan may fix its form
// (plannable), else free to end as either, and any other meld as a flush
// or a run alone.
func meldForms(m tableMeld, plannable bool) []form {
	switch {
	case m.base.sameRank():
		return []form{asSet}
	case m.base.sameSuit && m.runCapable && plannable:
		return []form{asFlush, asRun}
	case m.base.sameSuit && m.runCapable:
		return []form{asEither}
	case m.base.sameSuit:
		return []form{asFlush}
	}
	return []form{asRun}
}

// extendPlans returns every plan of plans followed by each of the next
// meld's forms.
func extendPlans(plans [][]form, forms []form) [][]form {
	var extended [][]form
	for _, p := range plans {
		for _, f := range forms {
			extended = append(extended, append(p[:len(p):len(p)], f))
		}
	}
	return extended
}

// futureRanks returns, for each position k, the rank bits of the cards
// from k on that could join meld slot s in form f.
func (g *layoffGroup) futureRanks(s int, f form) []uint16 {
	future := make([]uint16, len(g.cards)+1)
	for k := len(g.cards) - 1; k >= 0; k-- {
		future[k] = future[k+1]
		c := g.problem.pool[g.cards[k]].card
		for _, o := range g.options[k] {
			if o.slot == s && g.accepts(s, f, c) {
				future[k] |= rankBit(c.Rank)
			}
		}
	}
	return future
}

// futureGateSeats returns, for each position k, as bits by seat, the
// losers holding cards from k on that could fill a gap of meld slot s
// with a card of another suit than its own (F7's gate).
func (g *layoffGroup) futureGateSeats(s int) []uint8 {
	m := g.slots[s]
	seats := make([]uint8, len(g.cards)+1)
	for k := len(g.cards) - 1; k >= 0; k-- {
		seats[k] = seats[k+1]
		h := g.problem.pool[g.cards[k]]
		for _, o := range g.options[k] {
			if o.slot == s && m.gate&rankBit(h.card.Rank) != 0 && h.card.Suit != m.base.suit {
				seats[k] |= 1 << h.seat
			}
		}
	}
	return seats
}

// orderPlans bounds what each plan can lay off (fitting, fitting0) and
// orders the plans, those with the fewest runs first (planOrder).
func (g *layoffGroup) orderPlans() {
	g.planOrder = make([]int, len(g.plans))
	g.fitting = make([][]int, len(g.plans))
	g.fitting0 = make([][]int, len(g.plans))
	for p := range g.plans {
		g.planOrder[p] = p
		g.fitting[p] = g.bounds(p, false)
		g.fitting0[p] = g.bounds(p, true)
	}
	slices.SortStableFunc(g.planOrder, func(a, b int) int { return runCount(g.plans[a]) - runCount(g.plans[b]) })
}

// runCount returns how many melds plan fixes as runs.
func runCount(plan []form) int {
	n := 0
	for _, f := range plan {
		if f == asRun {
			n++
		}
	}
	return n
}

// bounds returns, for each position i, a bound on the cards from i on that
// plan p can lay off: every card that a set, a flush or a meld that never
// refuses it would take, and of the cards that only runs take, in each
// block of one colour and rank, no more than there are runs that take
// that rank, since a run takes one card of a rank.
func (g *layoffGroup) bounds(p int, noTrump bool) []int {
	plan := g.plans[p]
	bound := make([]int, len(g.cards)+1)
	runTakes := make([]bool, len(g.melds))
	for i := len(g.cards) - 1; i >= 0; i-- {
		// The cards from i to the end of i's block.
		start := i
		for start > 0 && g.blockEnd[start] == 0 {
			start--
		}
		end := g.blockEnd[start]
		elsewhere, runOnly, runSlots := 0, 0, 0
		clear(runTakes)
		for k := i; k < end; k++ {
			c := g.problem.pool[g.cards[k]].card
			other, run := false, false
			for _, o := range g.options[k] {
				switch {
				case o.slot < 0:
					other = true
				case !g.accepts(o.slot, plan[o.slot], c):
				case noTrump && plan[o.slot] != asSet && !(plan[o.slot] != asRun && c.Suit == g.slots[o.slot].base.suit) &&
					!g.problem.reachesWithout(g.slots[o.slot], c):
					// Only a run could take it, and only with a trump.
				case plan[o.slot] == asRun:
					run = true
					if !runTakes[o.slot] {
						runTakes[o.slot] = true
						runSlots++
					}
				default:
					other = true
				}
			}
			switch {
			case other:
				elsewhere++
			case run:
				runOnly++
			}
		}
		bound[i] = elsewhere + min(runOnly, runSlots) + bound[end]
	}
	return bound
}

// A meld's packed state holds, above its shape (pack), who filled the
// gaps of a flush with two or more gaps (tableMeld.gate) with cards of
// another suit than its own: the loser who filled most of them (A), with
// whether A filled two or more, and one other loser who filled one (B).
// The meld can open as a run only if one loser filled them all, or all
// but one while it holds a trump (F7; see bestLayoffs).
const (
	gateAShift   = 18
	gateTwice    = 1 << 21
	gateBShift   = 22
	gateMask     = 0x7f << gateAShift
	gateSeatMask = 7
)

// with returns meld slot s's packed state w with natural card c added,
// where c fills none of its gaps (or is of its suit).
func (g *layoffGroup) with(s int, w uint32, c cards.Card) uint32 {
	return pack(unpack(w, g.slots[s].base).with(c)) | w&gateMask
}

// add returns meld slot s's packed state w with natural card c added,
// held by seat: with, and F7's gate kept up to date. It returns false once
// the meld can no longer open as a run, since too many losers filled its
// gaps.
func (g *layoffGroup) add(s int, w uint32, c cards.Card, seat int) (uint32, bool) {
	m := g.slots[s]
	next := g.with(s, w, c)
	if m.gate&rankBit(c.Rank) == 0 || c.Suit == m.base.suit || c.Rank > 9 {
		return next, true
	}
	return gateAdd(next, seat)
}

// gateAdd records that seat filled one of a meld's gaps with a card of
// another suit than the meld's, or returns false when the meld can then
// no longer open as a run (F7).
func gateAdd(w uint32, seat int) (uint32, bool) {
	o := uint32(seat + 1)
	a := w >> gateAShift & gateSeatMask
	b := w >> gateBShift & gateSeatMask
	twice := w&gateTwice != 0
	switch {
	case a == 0:
		a = o
	case a == o:
		twice = true
	case b == 0:
		b = o
	case b == o && !twice:
		a, b, twice = o, a, true
	default:
		return 0, false
	}
	if !twice && b != 0 && b < a {
		a, b = b, a // A and B filled one gap each: either may be the one
	}
	w = w&^gateMask | a<<gateAShift | b<<gateBShift
	if twice {
		w |= gateTwice
	}
	return w, true
}

// gateExtra returns 1 when a loser other than the one who filled most of
// a meld's gaps filled one too: to open as a run the meld then needs a
// trump's allowance (F7).
func gateExtra(w uint32) int {
	if w>>gateBShift&gateSeatMask != 0 {
		return 1
	}
	return 0
}

// gateOK reports whether meld slot s, with naturals sh and packed state w,
// could have opened as a run holding h trumps (0 or 1): its gaps that no
// card fills, and those filled by a second loser, at most h (F7).
func (g *layoffGroup) gateOK(s int, sh shape, w uint32, h int) bool {
	m := g.slots[s]
	return m.gate == 0 || bits.OnesCount16(m.gate&^sh.ranks)+gateExtra(w) <= h
}

// pack stores the parts of a shape a lay-off can change in one word; the
// suit and colour it is compared with stay those of the meld's own cards.
func pack(s shape) uint32 {
	w := uint32(s.ranks) | uint32(s.n)<<13
	if s.sameSuit {
		w |= 1 << 11
	}
	if s.sameColour {
		w |= 1 << 12
	}
	return w
}

// unpack restores a packed shape of the meld whose own cards have shape
// base.
func unpack(w uint32, base shape) shape {
	return shape{
		n: int(w >> 13 & 0x1f), ranks: uint16(w & 0x7ff),
		suit: base.suit, colour: base.colour,
		sameSuit: w&(1<<11) != 0, sameColour: w&(1<<12) != 0,
	}
}

// runPossible reports whether meld slot s, with naturals sh and packed
// state w, can still end as a run once the cards from next on have been
// dealt with: one colour, no ∞, no rank twice, and every rank missing
// between its ends still to come, but one, which a trump may fill (F3);
// and its gaps still to be filled as F7's gate allows. Cards come in deck
// order, so a run's cards come by rising rank.
func (g *layoffGroup) runPossible(s int, sh shape, w uint32, next int) bool {
	if !sh.runnable() {
		return false
	}
	lo, hi := sh.span()
	var span uint16 = (1<<(hi+1) - 1) &^ (1<<lo - 1)
	unfillable := span &^ sh.ranks &^ g.future[s][asRun][next]
	if bits.OnesCount16(unfillable) > g.holes[s] {
		return false
	}
	gate := g.slots[s].gate
	return gate == 0 || bits.OnesCount16(gate&^sh.ranks&^g.future[s][asRun][next])+gateExtra(w) <= g.holes[s]
}

// The status of a meld once no more cards will join it.
const (
	statusDead      = iota // no valid meld, trump or not
	statusNoTrump          // valid only without a trump
	statusOptional         // valid with or without a trump
	statusMandatory        // valid only with a trump filling a gap
	statusHasTrump         // holds its own trump, and is valid
)

// status judges meld slot s in its final packed state, as a meld of any
// kind in allowed.
func (g *layoffGroup) status(s int, state uint32, allowed kindSet) int {
	m := g.slots[s]
	sh := unpack(state, m.base)
	valid := func(h int) bool {
		ks := sh.kinds(h == 1) & allowed
		// A plain run must have opened as F7's gate allows; the other
		// kinds are of one rank or suit, and have no gate.
		return ks&^(1<<Run) != 0 || ks.has(Run) && g.gateOK(s, sh, state, h)
	}
	return statusOf(valid(1), m.trump, valid(0))
}

// formStatus judges meld slot s in its final packed state w as a meld of
// form f; a run must have opened as F7's gate allows.
func (g *layoffGroup) formStatus(s int, w uint32, f form) int {
	m := g.slots[s]
	sh := unpack(w, m.base)
	withTrump, without := false, false
	for _, k := range f.kinds() {
		withTrump = withTrump || sh.is(k, true) && (k != Run || g.gateOK(s, sh, w, 1))
		without = without || !m.trump && sh.is(k, false) && (k != Run || g.gateOK(s, sh, w, 0))
	}
	return statusOf(withTrump, m.trump, without)
}

// statusOf combines whether a meld is valid with a trump, whether it holds
// one already, and whether it is valid without one.
func statusOf(withTrump, holdsTrump, without bool) int {
	if holdsTrump {
		if withTrump {
			return statusHasTrump
		}
		return statusDead
	}
	switch {
	case without && withTrump:
		return statusOptional
	case without:
		return statusNoTrump
	case withTrump:
		return statusMandatory
	}
	return statusDead
}

// anyKind allows every kind, for the final judgement of a meld.
const anyKind = ^kindSet(0)

// noValues returns trumpValues that allow nothing.
func noValues() trumpValues {
	var v trumpValues
	for t := range v {
		v[t] = noWay
	}
	return v
}

// value returns, for each number of trumps, the most cards from i on that
// can be laid off with the melds in the given states, whatever form each
// meld ends as.
//
// A plan is skipped when it cannot do better: when, for every number of
// trumps the group could take, the plans already tried lay off as many
// cards as the plan has cards that fit its melds at all.
// exact returns the most natural cards the group's melds can lay off
// taking exactly t trumps (noWay if none can), searched in that mode.
func (g *layoffGroup) exact(t int) int16 {
	if v, ok := g.exactOf[t]; ok {
		return v
	}
	g.setMode(t)
	start := slices.Clone(g.start)
	v := noValues()
	g.tried[t] = g.tried[t][:0]
	for _, p := range g.planOrder {
		if !g.covered(v, int16(g.fitting0[p][0]), int16(g.fitting[p][0])) {
			v = maxValues(v, g.best(0, start, p, -1))
			g.tried[t] = append(g.tried[t], p)
		}
	}
	g.exactOf[t] = v[t]
	return v[t]
}

// bound returns a bound on the natural cards the group's melds lay off
// when they take exactly t trumps, without searching: the most cards that
// fit its melds in any plan (those that fit without a trump, for none).
func (g *layoffGroup) bound(t int) int16 {
	if t > g.maxTrumps {
		return noWay
	}
	best := 0
	for p := range g.plans {
		if t == 0 {
			best = max(best, g.fitting0[p][0])
		} else {
			best = max(best, g.fitting[p][0])
		}
	}
	return int16(best)
}

// setMode switches the search to the values with exactly t trumps; see
// mode.
func (g *layoffGroup) setMode(t int) {
	if g.holesWith == nil {
		g.holesWith = g.holes
	}
	g.mode = t
	g.holes = g.holesWith
	if t == 0 {
		g.holes = g.holesWithout
	}
}

// planKey writes plan p and the search's mode for the memo key.
func (g *layoffGroup) planKey(p int) uint16 {
	return uint16(p) | uint16(g.mode)<<12
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// choose makes the tie-break's choice in the group, whose melds take
// trumps trumps and lay off need natural cards at best (see solve): the
// first plan value searched that reaches it, and card by card the first
// meld, or keeping the card, that still does. It sets the problem's meldOf
// for the group's cards and returns the melds' final states and the
// number of cards laid off.
func (g *layoffGroup) choose(trumps int, need int16) ([]uint32, int, error) {
	g.setMode(trumps)
	plan := -1
	for _, p := range g.tried[trumps] {
		if g.best(0, slices.Clone(g.start), p, -1)[trumps] == need {
			plan = p
			break
		}
	}
	if plan < 0 {
		return nil, 0, errors.New("flathead: internal error: no plan reaches the best count (F7)")
	}
	states := slices.Clone(g.start)
	placed := int16(0)
	for i, k := range g.cards {
		h := g.problem.pool[k]
		reaches := func(gain int16) bool {
			bound := g.fitting[plan][i+1]
			if trumps == 0 {
				bound = g.fitting0[plan][i+1]
			}
			if placed+gain+int16(bound) < need {
				return false
			}
			v := g.best(i+1, states, plan, -1)
			return v[trumps] != noWay && placed+gain+v[trumps] == need
		}
		chosen := false
		for _, o := range g.options[i] {
			if o.slot < 0 {
				if chosen = reaches(1); chosen {
					g.problem.meldOf[k] = o.meld
					break
				}
				continue
			}
			if !g.accepts(o.slot, g.plans[plan][o.slot], h.card) {
				continue
			}
			old := states[o.slot]
			w, ok := g.add(o.slot, old, h.card, h.seat)
			if !ok {
				continue
			}
			states[o.slot] = w
			if chosen = reaches(1); chosen {
				g.problem.meldOf[k] = o.meld
				break
			}
			states[o.slot] = old
		}
		switch {
		case g.problem.err != nil:
			return nil, 0, g.problem.err
		case chosen:
			placed++
		case !reaches(0):
			// Unreachable: the best is reached through one of the choices
			// above, or it would not be the best.
			return nil, 0, errors.New("flathead: internal error: no lay-off keeps the best count (F7)")
		}
	}
	return states, int(placed), nil
}

// best is value for one plan of forms: for each number of trumps the
// group's melds take in all, the most natural cards from position i on
// that can be laid off. A meld that no card can join any more is final:
// the memo key keeps only how many final melds must take a trump and how
// many may (capped by the number of trumps the search is after), and
// they are reckoned with at the end, so that a number of trumps' value
// depends on that number's values only (see covered). states is restored
// before returning.
func (g *layoffGroup) best(i int, states []uint32, p int, from int) trumpValues {
	if g.problem.stopped() {
		return noValues()
	}
	key, alive, final, mandatory, optional := g.memoKey(i, states, p, from)
	if !alive || mandatory > g.mode {
		return noValues()
	}
	if i == len(g.cards) {
		return foldStatuses(zeroValues(), mandatory, optional)
	}
	v, ok := g.memo[string(key)]
	if !ok {
		memoKey := string(key)
		if g.blockEnd[i] == 0 {
			v = g.cardStep(i, states, p, final) // inside a block placed card by card
		} else {
			v = g.blockStep(i, states, p, final)
		}
		g.memo[memoKey] = v
	}
	return v
}

// cardStep tries every place for card i: each meld it may join in the
// plan's forms, and staying in hand.
func (g *layoffGroup) cardStep(i int, states []uint32, p int, final uint32) trumpValues {
	plan := g.plans[p]
	c := g.problem.pool[g.cards[i]].card
	// A choice is skipped when it cannot lay off more than the choices
	// before it, even if every later card that fits were laid off.
	bound0, bound := int16(g.fitting0[p][i+1])+1, int16(g.fitting[p][i+1])+1
	v := noValues()
	sink := false
	for _, o := range g.options[i] {
		if o.slot < 0 {
			// A meld that never refuses the card: as good as keeping it,
			// and one card more.
			sink = true
			v = maxValues(v, plus(g.best(i+1, states, p, i), 1))
		}
	}
	for _, o := range g.options[i] {
		// A final meld takes no more cards: any would leave it invalid.
		if o.slot < 0 || final&(1<<o.slot) != 0 || !g.accepts(o.slot, plan[o.slot], c) || g.covered(v, bound0, bound) {
			continue
		}
		old := states[o.slot]
		w, ok := g.add(o.slot, old, c, g.problem.pool[g.cards[i]].seat)
		if !ok {
			continue
		}
		states[o.slot] = w
		v = maxValues(v, plus(g.best(i+1, states, p, i), 1))
		states[o.slot] = old
	}
	if !sink && !g.covered(v, bound0-1, bound-1) {
		v = maxValues(v, g.best(i+1, states, p, i)) // the card is kept
	}
	return v
}

// covered reports whether v already lays off at least bound cards for the
// number of trumps the search's mode is after (bound0 for none): no choice
// whose bounds are no more can improve it. The values for other numbers
// may then be short; they are not used.
func (g *layoffGroup) covered(v trumpValues, bound0, bound int16) bool {
	if g.mode == 0 {
		return v[0] != noWay && v[0] >= bound0
	}
	return v[g.mode] != noWay && v[g.mode] >= bound
}

// blockStep places the block of cards of one colour and rank that starts
// at i all at once. A run takes at most one card of a rank, and any of
// them will do, while a flush of the card's suit or a meld that never
// refuses it takes any card without changing what comes later; so all
// that matters is which runs get a card of this rank, and the cards with
// nowhere else to go are the ones given to runs. Only sets and flushes
// whose card count matters (they could hold a whole rank or suit, F3) need
// a choice per card: whether each card they accept joins them.
func (g *layoffGroup) blockStep(i int, states []uint32, p int, final uint32) trumpValues {
	bp := blockPlacement{
		p: p, plan: g.plans[p], end: g.blockEnd[i], size: g.blockEnd[i] - i,
		card: g.problem.pool[g.cards[i]].card, states: states,
	}
	// Which card fills the gap of a flush that may end as a run, and whose
	// it is, matters to F7's gate: such a block is placed card by card.
	if g.fillsGate(i, &bp, final) {
		return g.cardStep(i, states, p, final)
	}
	var runSpace [8]int
	runs, ok := g.blockRuns(i, &bp, final, runSpace[:0])
	if !ok {
		return g.cardStep(i, states, p, final) // too many runs to enumerate subsets of
	}
	bp.runs = runs
	if bp.size > len(bp.block) {
		return g.cardStep(i, states, p, final) // cannot happen: a colour has three suits
	}
	choices, ok := g.readBlock(i, &bp, final)
	if !ok {
		return g.cardStep(i, states, p, final)
	}
	v := noValues()
	bp.words = make([]uint64, len(states))
	for choice := range choices {
		g.joinChoice(&bp, choice)
		if g.blockWords(&bp) {
			v = g.giveRuns(v, &bp)
		}
		g.undoChoice(&bp)
	}
	return v
}

// blockPlacement is what blockStep knows of the block it places, and of
// the choice it is trying: which counted meld, if any, each card joins.
type blockPlacement struct {
	p    int    // the plan
	plan []form // its forms
	end  int    // the index after the block's last card
	size int    // how many cards the block holds
	// card is the block's first card: its colour and rank are all a run
	// that takes one of the block's cards needs.
	card   cards.Card
	states []uint32
	runs   []int        // run slots that may take this rank
	block  [3]blockCard // the block's cards, as readBlock found them
	undo   [3]blockUndo // how to take back the choice's cards
	// words holds each meld's key word at the end of the block, and
	// withCard each run's with a card of this rank.
	words    []uint64
	withCard [8]uint64
	// joined counts the choice's cards that join a counted meld, left
	// those that do not, and leftTaken those of them that a flush or a
	// meld that never refuses them would take.
	joined, left, leftTaken int
}

// blockCard is one card of a block: whether a flush or a meld that never
// refuses it would take it, and the counted sets and flushes it may join.
type blockCard struct {
	card     cards.Card
	taken    bool
	counted  [4]int
	nCounted int
}

// blockUndo is a meld slot's state before a block's card joined it (slot
// -1 when the card joined none).
type blockUndo struct {
	slot  int
	state uint32
}

// fillsGate reports whether a card of the block could fill a gap of a
// meld, not final, that may end as a run (F7's gate).
func (g *layoffGroup) fillsGate(i int, bp *blockPlacement, final uint32) bool {
	for k := i; k < bp.end; k++ {
		for _, o := range g.options[k] {
			if o.slot >= 0 && bp.plan[o.slot] != asFlush && final&(1<<o.slot) == 0 && g.slots[o.slot].gate&rankBit(bp.card.Rank) != 0 {
				return true
			}
		}
	}
	return false
}

// blockRuns appends to runs the run slots, not final, that may take a card
// of the block's rank and still end as runs; false when there are more
// than runs has room for.
func (g *layoffGroup) blockRuns(i int, bp *blockPlacement, final uint32, runs []int) ([]int, bool) {
	c := bp.card
	for _, o := range g.options[i] {
		if o.slot >= 0 && final&(1<<o.slot) == 0 && bp.plan[o.slot] == asRun && g.accepts(o.slot, asRun, c) &&
			g.runPossible(o.slot, unpack(bp.states[o.slot], g.slots[o.slot].base).with(c), bp.states[o.slot], bp.end) {
			if len(runs) == cap(runs) {
				return nil, false
			}
			runs = append(runs, o.slot)
		}
	}
	return runs, true
}

// readBlock fills in bp.block for the block's cards and returns the number
// of choices: for each card, one per counted meld it may join, and one for
// none. It returns false when a card may join more counted melds than a
// blockCard has room for.
func (g *layoffGroup) readBlock(i int, bp *blockPlacement, final uint32) (int, bool) {
	choices := 1
	for k := range bp.size {
		b := &bp.block[k]
		b.card = g.problem.pool[g.cards[i+k]].card
		for _, o := range g.options[i+k] {
			switch {
			case o.slot < 0:
				b.taken = true
			case final&(1<<o.slot) != 0 || bp.plan[o.slot] == asRun || !g.accepts(o.slot, bp.plan[o.slot], b.card):
			case bp.plan[o.slot] == asSet || bp.plan[o.slot] == asEither || g.slots[o.slot].wholeSuitPossible:
				if b.nCounted == len(b.counted) {
					return 0, false
				}
				b.counted[b.nCounted] = o.slot
				b.nCounted++
			default:
				b.taken = true
			}
		}
		choices *= 1 + b.nCounted
	}
	return choices, true
}

// joinChoice lays the block's cards on the counted melds as choice number
// choice says, and counts the cards that joined and those left.
func (g *layoffGroup) joinChoice(bp *blockPlacement, choice int) {
	bp.joined, bp.left, bp.leftTaken = 0, 0, 0
	rest := choice
	for k := range bp.size {
		b := &bp.block[k]
		pick := rest % (1 + b.nCounted)
		rest /= 1 + b.nCounted
		bp.undo[k].slot = -1
		if pick == 0 {
			bp.left++
			if b.taken {
				bp.leftTaken++
			}
			continue
		}
		s := b.counted[pick-1]
		bp.undo[k].slot, bp.undo[k].state = s, bp.states[s]
		bp.states[s] = g.with(s, bp.states[s], b.card)
		bp.joined++
	}
}

// undoChoice takes back what joinChoice laid, last card first.
func (g *layoffGroup) undoChoice(bp *blockPlacement) {
	for k := bp.size - 1; k >= 0; k-- {
		if bp.undo[k].slot >= 0 {
			bp.states[bp.undo[k].slot] = bp.undo[k].state
		}
	}
}

// blockWords writes the key words of every meld at the end of the block,
// and of each run with a card of this rank. It returns false when a meld
// other than those runs can no longer end valid.
func (g *layoffGroup) blockWords(bp *blockPlacement) bool {
	alive := true
	for s, st := range bp.states {
		var ok bool
		bp.words[s], ok = g.slotWord(s, st, bp.plan[s], bp.end)
		isRun := false
		for _, r := range bp.runs {
			isRun = isRun || r == s
		}
		alive = alive && (ok || isRun)
		if !ok {
			bp.words[s] = deadWord
		}
	}
	for b, s := range bp.runs {
		w, ok := g.slotWord(s, g.with(s, bp.states[s], bp.card), asRun, bp.end)
		if !ok {
			w = deadWord
		}
		bp.withCard[b] = w
	}
	return alive
}

// giveRuns tries, for the choice laid, every subset of the runs to get a
// card of this rank, no more of them than there are cards left, and
// returns v improved by what they lay off.
func (g *layoffGroup) giveRuns(v trumpValues, bp *blockPlacement) trumpValues {
	for subset := 0; subset < 1<<len(bp.runs); subset++ {
		given := bits.OnesCount(uint(subset))
		if given > bp.left {
			continue
		}
		gain := int16(bp.joined + min(bp.left, given+bp.leftTaken))
		if g.covered(v, gain+int16(g.fitting0[bp.p][bp.end]), gain+int16(g.fitting[bp.p][bp.end])) {
			continue
		}
		if bp.end == len(g.cards) {
			v = maxValues(v, plus(g.withRuns(bp.end, bp.states, bp.p, bp.runs, subset, bp.card), gain))
			continue
		}
		k, dead, mandatory := g.subsetKey(bp, subset)
		if dead || mandatory > g.mode {
			continue
		}
		if known, ok := g.memo[string(k)]; ok {
			v = maxValues(v, plus(known, gain))
			continue
		}
		v = maxValues(v, plus(g.withRuns(bp.end, bp.states, bp.p, bp.runs, subset, bp.card), gain))
	}
	return v
}

// subsetKey writes the memo key at the end of the block when the runs of
// the subset get a card of this rank, as memoKey would, without laying
// the cards. It also reports whether a meld can no longer end valid, and
// how many final melds must take a trump.
func (g *layoffGroup) subsetKey(bp *blockPlacement, subset int) ([]byte, bool, int) {
	k := g.key[:0]
	k = binary.LittleEndian.AppendUint16(k, uint16(bp.end))
	k = binary.LittleEndian.AppendUint16(k, g.planKey(bp.p))
	dead := false
	mandatory, optional := 0, 0
	for s := range bp.states {
		w := bp.words[s]
		for b, r := range bp.runs {
			if r == s && subset&(1<<b) != 0 {
				w = bp.withCard[b]
			}
		}
		dead = dead || w == deadWord
		w, status, isFinal := keyPart(w)
		if isFinal {
			mandatory, optional = countStatus(status, mandatory, optional)
		}
		k = binary.LittleEndian.AppendUint64(k, w)
	}
	k = g.appendCounts(k, mandatory, optional)
	g.key = k
	return k, dead, mandatory
}

// deadWord marks, in blockStep, a meld that can no longer end valid.
const deadWord = 1<<64 - 1

// withRuns returns best at end after giving card c to the runs of the
// subset.
func (g *layoffGroup) withRuns(end int, states []uint32, p int, runs []int, subset int, c cards.Card) trumpValues {
	var saved [8]uint32
	for b, s := range runs {
		saved[b] = states[s]
		if subset&(1<<b) != 0 {
			states[s] = g.with(s, states[s], c)
		}
	}
	v := g.best(end, states, p, end-g.blockSize(end))
	for b, s := range runs {
		states[s] = saved[b]
	}
	return v
}

// memoKey writes the position, the plan and the melds' states, each in a
// form that keeps only what the rest of the search can tell apart, so that
// states with the same future share an entry:
//   - a meld no later card can join, as final: its status is only
//     counted, with the others', after the melds (see best);
//   - a flush, as its card count when it could come to hold its whole suit
//     (F3), and as nothing otherwise;
//   - a set, as its card count;
//   - a run, as runKey writes it.
//
// It returns false when some meld can no longer end valid in its form.
func (g *layoffGroup) memoKey(i int, states []uint32, p int, from int) (key []byte, alive bool, final uint32, mandatory, optional int) {
	plan := g.plans[p]
	k := g.key[:0]
	k = binary.LittleEndian.AppendUint16(k, uint16(i))
	k = binary.LittleEndian.AppendUint16(k, g.planKey(p))
	alive = true
	// The words of the melds no card from "from" to i could join are those
	// written at from: neither their state nor the cards to come changed.
	var changed uint32 = 1<<len(states) - 1
	if from >= 0 {
		changed = 0
		for c := from; c < i; c++ {
			changed |= g.optionSlots[c]
		}
	}
	words := g.words[i]
	for s, st := range states {
		w, ok := g.words[max(from, 0)][s], true
		if changed&(1<<s) != 0 {
			w, ok = g.slotWord(s, st, plan[s], i)
		}
		words[s] = w
		alive = alive && ok
		w, status, isFinal := keyPart(w)
		if isFinal {
			final |= 1 << s
			mandatory, optional = countStatus(status, mandatory, optional)
		}
		k = binary.LittleEndian.AppendUint64(k, w)
	}
	g.key = g.appendCounts(k, mandatory, optional)
	return g.key, alive, final, mandatory, optional
}

// appendCounts writes into a memo key how many final melds must take a
// trump and how many may, the latter only as far as the search's mode can
// use them.
func (g *layoffGroup) appendCounts(k []byte, mandatory, optional int) []byte {
	return append(k, byte(mandatory), byte(min(optional, max(g.mode-mandatory, 0))))
}

// blockSize returns, for the position end just after a block of cards of
// one colour and rank, how many cards the block holds.
func (g *layoffGroup) blockSize(end int) int {
	start := end - 1
	for start > 0 && g.blockEnd[start] == 0 {
		start--
	}
	return end - start
}

// finalWord marks, in a meld's memo word, a meld no later card can join;
// its status is in the low bits.
const finalWord = 1 << 31

// keyPart returns what a meld's word puts in the memo key, and whether it
// is final, with its status: the key only says that it is final, and
// counts the final melds' statuses apart (see best).
func keyPart(w uint64) (uint64, int, bool) {
	if w == deadWord || w&finalWord == 0 {
		return w, 0, false
	}
	return finalWord, int(w &^ finalWord), true
}

// countStatus adds a final meld's status to the counts of melds that
// must take a trump and that may.
func countStatus(status, mandatory, optional int) (int, int) {
	switch status {
	case statusMandatory:
		mandatory++
	case statusOptional:
		optional++
	}
	return mandatory, optional
}

// foldStatuses adds to v final melds: mandatory of them take a trump
// each, and optional of them may.
func foldStatuses(v trumpValues, mandatory, optional int) trumpValues {
	for range mandatory {
		for t := maxTrumps; t > 0; t-- {
			v[t] = v[t-1]
		}
		v[0] = noWay
	}
	for range optional {
		for t := maxTrumps; t > 0; t-- {
			v[t] = max(v[t], v[t-1])
		}
	}
	return v
}

// zeroValues returns the values of nothing left to lay off: no card, and
// no trump.
func zeroValues() trumpValues {
	v := noValues()
	v[0] = 0
	return v
}

// slotWord writes meld slot s, in packed state st and form f, for the memo
// key at position i, as memoKey describes; false when it can no longer
// end valid in that form.
func (g *layoffGroup) slotWord(s int, st uint32, f form, i int) (uint64, bool) {
	m := g.slots[s]
	sh := unpack(st, m.base)
	switch {
	case g.future[s][f][i] == 0:
		status := g.formStatus(s, st, f)
		return 1<<31 | uint64(status), status != statusDead
	case f == asSet:
		return uint64(sh.n), sh.sameRank()
	case f == asFlush:
		return uint64(g.flushWord(s, sh)), sh.sameSuit
	}
	if !g.runPossible(s, sh, st, i) {
		if f == asEither && sh.sameSuit {
			return uint64(g.flushWord(s, sh)), true
		}
		return 0, false
	}
	w, closed := runKey(sh, g.future[s][asRun][i], g.holes[s])
	switch {
	case closed && f == asEither && sh.sameSuit && g.future[s][asFlush][i] != 0:
		// No card can join the run, but cards of its suit may still join
		// the flush, which it then is.
		return uint64(g.flushWord(s, sh)), true
	case closed:
		// No later card can join it: it is final.
		return 1<<31 | uint64(g.formStatus(s, st, f)), true
	case f == asEither && sh.sameSuit:
		w |= 1 << 30 // it may end as a flush too
	}
	return uint64(w) | g.gateWord(s, sh, st, i), true
}

// gateWord writes, for the memo key at position i, what F7's gate of meld
// slot s still needs: while cards may fill its gaps, who filled them and
// how many gaps no card can fill any more; after that, whether a second
// loser filled one.
func (g *layoffGroup) gateWord(s int, sh shape, st uint32, i int) uint64 {
	gate := g.slots[s].gate
	if gate == 0 {
		return 0
	}
	future := g.future[s][asRun][i]
	if gate&future == 0 {
		return uint64(gateExtra(st)) << 41
	}
	unfilled := bits.OnesCount16(gate &^ sh.ranks &^ future)
	// Who filled gaps matters only as far as the losers who may still
	// fill one: any other loser is written as the same stranger.
	later := g.gateSeats[s][i]
	seat := func(o uint32) uint32 {
		if o == 0 || later&(1<<(o-1)) != 0 {
			return o
		}
		return gateSeatMask
	}
	a, b := seat(st>>gateAShift&gateSeatMask), seat(st>>gateBShift&gateSeatMask)
	if st&gateTwice == 0 && b != 0 && b < a {
		a, b = b, a
	}
	w := uint64(a) | uint64(b)<<4 | uint64(unfilled)<<7
	if st&gateTwice != 0 {
		w |= 1 << 3
	}
	return w << 32
}

// flushWord writes a meld that can only end as a flush: its card count
// when it could come to hold its whole suit (F3), nothing else.
func (g *layoffGroup) flushWord(s int, sh shape) uint32 {
	w := uint32(1 << 28)
	if g.slots[s].wholeSuitPossible {
		w |= uint32(sh.n)
	}
	return w
}

// runKey writes the ranks of a meld that may still end as a run. Its
// later cards come by rising rank, from the lowest rank in future, so of
// the ranks below that one only a summary matters: whether there are any,
// how many are missing between the lowest and the highest of them (0 or
// 1), how far below the next rank the highest is (0, 1, or 2 for more),
// and whether the lowest is 0 (where a trump cannot extend the run, F2,
// F3; only when it matters) or the highest 9. The ranks from the next one up are kept. It
// also reports whether the run is closed: nothing above the summary, and
// too many ranks missing to reach the next one, so no card can join.
func runKey(sh shape, future uint16, holesAllowed int) (uint32, bool) {
	ranks := uint32(sh.ranks)
	next := bits.TrailingZeros16(future)
	if next > 9 {
		return ranks, false
	}
	low := sh.ranks & (1<<next - 1)
	if low == 0 {
		return ranks, false
	}
	lo, top := bits.TrailingZeros16(low), 15-bits.LeadingZeros16(low)
	holes := top - lo + 1 - bits.OnesCount16(low)
	gap := min(next-1-top, 2)
	high := ranks &^ uint32(1<<next-1) // the ranks from next up
	if high == 0 && holes+gap > holesAllowed {
		return 0, true
	}
	w := high | 1<<29 // marks the summary form
	w |= uint32(holes)<<20 | uint32(gap)<<22
	// A lowest rank of 0 matters only to a run that may end holding every
	// rank 0-9, where no trump can stand (F2, F3): none that is missing a
	// rank below the next card's, or that can take no trump, or that can
	// never hold a 9.
	if lo == 0 && holes == 0 && gap == 0 && holesAllowed > 0 && (sh.ranks|future)&(1<<9) != 0 {
		w |= 1 << 24
	}
	if top == 9 {
		w |= 1 << 25
	}
	return w, false
}

// plus adds n cards to every possible value.
func plus(v trumpValues, n int16) trumpValues {
	for t := range v {
		if v[t] != noWay {
			v[t] += n
		}
	}
	return v
}

// maxValues returns the better value for each number of trumps.
func maxValues(a, b trumpValues) trumpValues {
	for t := range a {
		a[t] = max(a[t], b[t])
	}
	return a
}

// combine returns the most cards, trumps included, the groups can lay off
// together with at most trumps trumps, each group's values counting its
// natural cards for exactly t trumps; noWay if they cannot all be valid.
func combine(groups []trumpValues, trumps int) int {
	dp := noValues()
	dp[0] = 0
	for _, gv := range groups {
		next := noValues()
		for a := 0; a <= trumps; a++ {
			if dp[a] == noWay {
				continue
			}
			for b := 0; a+b <= trumps; b++ {
				if gv[b] != noWay {
					next[a+b] = max(next[a+b], dp[a]+gv[b])
				}
			}
		}
		dp = next
	}
	best := noWay // no way at all, when some group has none
	for t, v := range dp {
		if v != noWay {
			best = max(best, int(v)+t)
		}
	}
	return best
}
