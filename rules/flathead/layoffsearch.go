package flathead

import (
	"context"
	"math/bits"
	"slices"

	"meldpad/rules/cards"
)

// runSearch is one F7 search (see bestLayoffs). It walks the colours in
// order and, in each, the ranks from 0 to 9 and then ∞. At the start of a
// colour it says which of the colour's flush or run melds stay flushes;
// at each rank every meld of that colour that may end as a run says what
// it does there (takes one of the losers' cards of that rank, leaves the
// rank to a trump, ends, or waits for its lowest card), then every card
// of that rank no run took joins a set or flush that takes it, or stays
// in hand. Runs of different colours share no card, and sets and flushes
// take what they are given, so the state the rest of the search depends
// on is small (see searchState).
//
// It asks whether the losers can lay off n cards, from the most there
// could be down (reach), remembering for each state what it has shown;
// a bound on what is still to come (upperBound) cuts off the states that
// cannot make n. The bound for the colours ahead comes from searching
// each colour on its own first (bound).
//
// Trumps are counted, not placed: a meld without a trump of its own ends
// able to hold one unless it is a run from 0 to 9 or a set or flush
// holding its whole rank or suit (F2, F3), so the losers lay off
// min(trumps, melds able to hold one) trumps, provided the runs that
// need one for a missing rank get theirs. The search tracks the trumps
// those runs take and the melds that end unable to hold one.
type runSearch struct {
	ctx context.Context
	err error // ctx's error, once the search has stopped for it
	// steps counts the states searched and the steps tried from them;
	// ctx is looked at when it passes checkAt.
	steps, checkAt int

	melds []searchMeld
	pool  []heldCard // the losers' cards in deck order, trumps last
	// loser holds each pool card's holder as an index among the losers,
	// who are numbered in the order of their lowest card in deck order,
	// so that seat numbers never steer the search.
	loser  []uint8
	trumps int // trumps among the pool's cards
	// holders counts the melds holding no trump, less the runs no card
	// can join that run from 0 to 9: the most that can take one.
	holders int
	// at holds the pool's natural cards by colour and rank (10 for ∞),
	// as indices into pool, in deck order.
	at      [cards.Yellow + 1][11][]int
	colours []colourRuns
	// sinks holds, for each pool card, the melds it fits as a set or a
	// flush, in table order; limFit those of them that are limitable.
	sinks  [][]int
	limFit []uint32
	// limitable holds the melds of a rank or suit all of whose cards are
	// in the meld or in the losers' hands (see newRunSearch).
	limitable []int

	// For the bound on what is still to come (upperBound): runsFor
	// holds, for each pool card, the runs of its colour (bit j for run
	// j) that could take it; want[ci][r] the runs of colour ci that could
	// take a card of rank r; after[ci][t][l] the most the colours from
	// ci on can add, trumps included, with t trumps in hand and l melds
	// already unable to hold one (see bound).
	runsFor []uint16
	want    [][11]uint16
	after   [][][]int
	maxLost int
	// sinkAlways marks the pool cards a set or flush can always take,
	// sinkSuit holds the bit of the suit (of its colour) of those a flush
	// or run meld staying a flush could take, sinkLim the limitable flush
	// or run melds (bit l for limitable meld l) that could take them as
	// flushes; colourBounds caches colourBound.
	sinkAlways []bool
	sinkSuit   []uint8
	sinkLim    []uint32
	// alike holds, for each pool card, the positions in at of the cards
	// before it of its colour and rank that nothing the search looks at
	// tells apart from it: the same sets and flushes fit them and, where
	// a run of the colour has gaps (fact 4), they are of one suit and one
	// loser's. A run tries only the first of such cards still in hand:
	// the others lead to the same ways.
	alike        []uint8
	colourBounds map[boundKey]int8
	// only is the colour being searched on its own (see alone), or -1;
	// lostCap the melds it may leave unable to hold a trump.
	only, lostCap int
	// local marks the limitable melds all of whose cards in hand are of
	// one colour, which a colour on its own settles.
	local []bool

	memo map[string]bounds
	// aloneMemo is the memo of a colour searched on its own: a state's
	// value grows with the melds it may still leave unable to hold a
	// trump, so what one budget shows holds for the others (see reach).
	aloneMemo map[string]*[maxBudget + 1]bounds
	maxBudget int
}

// maxBudget bounds the melds of one colour that may end unable to hold a
// trump that the memo of a colour on its own tells apart.
const maxBudget = 15

// bounds is what the search knows of a state's value: some way from it
// lays off lo cards at least, and none more than hi.
type bounds struct{ lo, hi int8 }

// colourRuns is one colour the search walks: its melds that may end as
// runs, in table order, and for each of its suits whether a flush always
// takes its cards (a flush that cannot be a run) or may (a flush or run
// meld of that suit).
type colourRuns struct {
	colour      cards.Colour
	runs        []int
	flushAlways uint8 // bit i: suit i of the colour
	flushMay    uint8
	// mayLim has bit l for each limitable meld l of the colour that is a
	// flush or run meld: whether it takes cards as a flush is chosen on
	// entering the colour.
	mayLim  uint32
	suitOf  [3]cards.Suit
	maxRank int // the last rank the colour has something at
	// later counts the runs of the later colours holding no trump: the
	// most trumps they can take, one each (F3).
	later int
	// resolve holds the limitable melds whose cards are all of this
	// colour or earlier ones: settled when the colour ends.
	resolve []int
	// twins holds the groups of runs (indices into runs) alike in all
	// the search knows of them: runs of several suits with the same
	// ranks, trump or not, and reach. Swapping their places between ranks
	// changes nothing, so the memo, kept at the start of each rank, sees
	// them in order.
	twins [][]int
}

// maxRuns bounds the melds of one colour that may end as runs: each holds
// at least two natural cards of the colour's thirty of ranks 0-9.
const maxRuns = 15

// searchState is where the search stands: the colour and rank it is at
// (rank -1 before the colour's flush or run melds are told which to be,
// 10 for ∞), the step within that rank (one per run of the colour, then
// one per card of that rank), the cards of that rank still free, the
// trumps still in hand, the melds that can no longer hold a trump, which
// suits of the colour have a flush taking their cards, what the
// limitable melds have been refused, and where each run of the colour
// stands.
type searchState struct {
	colour, rank, step int8
	avail              uint8 // bit i: at[colour][rank][i] is still in hand
	trumps, lost       int8
	suitOn             uint8
	// slack has bit l when some card of limitable meld l's rank or suit
	// is not on it; active has bit l when meld l is a set or flush (a
	// flush or run meld that chose to stay a flush).
	slack, active uint32
	runs          [maxRuns]runWord
}

// runWord is where one meld that may end as a run stands (see the
// phases), whether its lowest card is a 0, whether a trump stands in one
// of fact 4's gaps, and for a gated meld how many cards of other suits in
// its gaps each loser has laid off (0, 1, or 2 for more).
type runWord uint32

const (
	phBefore   runWord = iota // its lowest card is still to come
	phIn                      // growing upwards, no trump for a missing rank yet
	phInHole                  // growing, a trump stands for a rank below
	phHoleOpen                // a trump stands for the rank just below: a card must follow
	phDone                    // a run past its highest card, or a flush

	phaseBits  runWord = 7
	loZero     runWord = 1 << 3
	holeInGap  runWord = 1 << 4
	gateTrump  runWord = 1 << 5 // past its gaps, its gate needs a trump
	gateOther  runWord = 1 << 6 // one card from another loser than the one with two
	gateShift          = 7
	gateBits           = 2
	gateCapped runWord = 2
)

func (w runWord) phase() runWord          { return w & phaseBits }
func (w runWord) with(ph runWord) runWord { return w&^phaseBits | ph }
func (w runWord) gateCount(l int) runWord { return w >> (gateShift + gateBits*l) & 3 }

// addGate counts one more card of another suit laid off by loser l in
// the meld's gaps. Once one loser has laid off two and another one, who
// that other was no longer matters: only gateOther says that the one
// card allowed from another loser is used.
func (w runWord) addGate(l int) runWord {
	if w.gateCount(l) != gateCapped {
		w += 1 << (gateShift + gateBits*l)
	}
	total, most := w.gateTally()
	if most == 2 && total == 3 {
		for x := range MaxPlayers {
			if w.gateCount(x) == 1 {
				w = w&^(3<<(gateShift+gateBits*x)) | gateOther
			}
		}
	}
	return w
}

// gateTally returns how many cards of other suits the losers have laid
// off in a gated meld's gaps (counts capped at 2, which is enough to tell
// 0, 1 and more), and the most any one of them has.
func (w runWord) gateTally() (total, most int) {
	for l := range MaxPlayers {
		n := int(w.gateCount(l))
		total += n
		most = max(most, n)
	}
	if w&gateOther != 0 {
		total++
	}
	return total, most
}

// gateOK reports whether the cards of other suits laid off in a gated
// meld's gaps all come from one loser but at most allow of them (fact 4).
func (w runWord) gateOK(allow int) bool {
	total, most := w.gateTally()
	return total-most <= allow
}

// event is what one step of the search does, for the replay.
type event struct {
	kind eventKind
	card int // index into pool
	meld int
}

type eventKind uint8

const (
	evNone  eventKind = iota
	evCard            // pool card card joins meld
	evSink            // pool card card joins the first set or flush that takes it
	evTrump           // a trump joins meld for a missing rank
	evFlush           // the flush or run melds of the colour's runs in card (bits) stay flushes
)

// newRunSearch prepares the search: the losers' cards, the role of each
// meld, and the bounds of the runs.
func newRunSearch(ctx context.Context, table, hands [][]cards.Card, winner int) *runSearch {
	s := &runSearch{ctx: ctx, memo: map[string]bounds{}, aloneMemo: map[string]*[maxBudget + 1]bounds{}, only: -1}
	counts := s.readPool(hands, winner)
	s.readMelds(table, &counts)
	s.planColours()
	s.planSinks()
	s.planLimitable()
	s.planSinkKinds()
	s.planAlike()
	s.planWants()
	return s
}

// poolCounts counts the losers' cards that are no trump (readPool).
type poolCounts struct {
	held   [cards.Yellow + 1]uint16 // ranks 0-9 of each colour in hand
	ofRank [cards.Infinity + 1]int
	ofSuit [cards.Zurfs + 1]int
}

// readPool takes the losers' cards into the pool, in deck order, each
// with its loser, and counts them.
func (s *runSearch) readPool(hands [][]cards.Card, winner int) poolCounts {
	var pc poolCounts
	for seat, hand := range hands {
		if seat != winner {
			for pos, c := range hand {
				s.pool = append(s.pool, heldCard{seat: seat, pos: pos, card: c})
			}
		}
	}
	slices.SortFunc(s.pool, deckOrder)
	loserOf := map[int]uint8{}
	for i, h := range s.pool {
		l, ok := loserOf[h.seat]
		if !ok {
			l = uint8(len(loserOf))
			loserOf[h.seat] = l
		}
		s.loser = append(s.loser, l)
		c := h.card
		if c.IsTrump() {
			s.trumps++
			continue
		}
		col, r := colourOf(c), rankIndex(c.Rank)
		s.at[col][r] = append(s.at[col][r], i)
		if r < 10 {
			pc.held[col] |= 1 << r
		}
		pc.ofRank[c.Rank]++
		pc.ofSuit[c.Suit]++
	}
	return pc
}

// readMelds gives each meld on the table its role (F1-F3): a set or a
// flush a card only sinks into, a run, a flush or run, a run that keeps
// what it has; and whether it is limitable.
func (s *runSearch) readMelds(table [][]cards.Card, pc *poolCounts) {
	s.melds = make([]searchMeld, len(table))
	for i, meld := range table {
		m := &s.melds[i]
		*m = searchMeld{base: shapeOf(meld), trump: hasTrump(meld), limit: -1, run: -1}
		b := m.base
		if !m.trump {
			s.holders++
		}
		switch {
		case b.sameRank():
			m.role = setSink
		case b.sameSuit && b.runnable():
			m.role = flushOrRun
		case b.sameSuit:
			m.role = flushSink
		default:
			m.role = runOnly
		}
		if (m.role == runOnly || m.role == flushOrRun) && (!s.boundRun(m, pc.held[b.colour]) || !s.gateOpens(m)) {
			// No card can join it as a run: a flush or run meld then
			// does as well as a flush (a trump joins a flush of ten, not
			// a run from 0 to 9), and a run keeps what it has.
			if m.role == runOnly {
				m.role = runKept
				if lo, hi := b.span(); !m.trump && lo == 0 && hi == 9 {
					s.holders--
				}
				continue
			}
			m.role = flushSink
		}
		// Ruling (F3): a trump needs a card it could stand for that is
		// not already in the meld, so a set holding all fifteen cards of
		// its rank, or a flush all eleven of its suit, holds no trump.
		// Such a meld is limitable when the cards it lacks are all in the
		// losers' hands: whether it takes them all then matters.
		switch m.role {
		case setSink:
			if b.n+pc.ofRank[b.rank()] >= suitsPerRank {
				m.limit = len(s.limitable)
			}
		case flushSink, flushOrRun:
			if b.n+pc.ofSuit[b.suit] >= ranksPerSuit {
				m.limit = len(s.limitable)
			}
		}
		if m.limit >= 0 {
			s.limitable = append(s.limitable, i)
		}
	}
}

// planColours gathers the runs of each colour that holds a card or a
// run, in colour order, with the suits a flush may stay (and their
// twins: planTwins).
func (s *runSearch) planColours() {
	for col := cards.Red; col <= cards.Yellow; col++ {
		cr := colourRuns{colour: col, maxRank: -1}
		copy(cr.suitOf[:], col.Suits())
		for i := range s.melds {
			m := &s.melds[i]
			if m.base.colour != col || !m.base.sameSuit && m.role != runOnly {
				continue
			}
			bit := uint8(1) << slices.Index(cr.suitOf[:], m.base.suit)
			switch {
			case m.role == runOnly || m.role == flushOrRun:
				m.run = len(cr.runs)
				cr.runs = append(cr.runs, i)
				switch {
				case m.role == flushOrRun && m.limit < 0:
					cr.flushMay |= bit
				case m.role == flushOrRun:
					cr.mayLim |= 1 << m.limit
				}
			case m.role == flushSink && m.limit < 0:
				cr.flushAlways |= bit
			}
		}
		for r, ks := range s.at[col] {
			if len(ks) > 0 {
				cr.maxRank = r
			}
		}
		if len(cr.runs) > 0 {
			cr.maxRank = 10 // the runs end at rank 10
		}
		if cr.maxRank >= 0 {
			s.colours = append(s.colours, cr)
		}
	}
	s.planTwins()
}

// planTwins finds the runs of each colour that are alike (the same
// cards, trump and bounds), and counts how many runs of later colours
// need a card.
func (s *runSearch) planTwins() {
	for ci := range s.colours {
		cr := &s.colours[ci]
		seen := map[[4]int][]int{}
		var order [][4]int
		for j, i := range cr.runs {
			m := &s.melds[i]
			if m.role != runOnly {
				continue
			}
			sig := [4]int{int(m.base.ranks), boolInt(m.trump), m.low, m.high}
			if seen[sig] == nil {
				order = append(order, sig)
			}
			seen[sig] = append(seen[sig], j)
		}
		for _, sig := range order {
			if len(seen[sig]) > 1 {
				cr.twins = append(cr.twins, seen[sig])
			}
		}
	}
	for ci := len(s.colours) - 2; ci >= 0; ci-- {
		s.colours[ci].later = s.colours[ci+1].later
		for _, i := range s.colours[ci+1].runs {
			if !s.melds[i].trump {
				s.colours[ci].later++
			}
		}
	}
}

// planSinks lists for each pool card the melds it fits, and the
// limitable ones among them.
func (s *runSearch) planSinks() {
	s.sinks = make([][]int, len(s.pool))
	s.limFit = make([]uint32, len(s.pool))
	for k, h := range s.pool {
		if h.card.IsTrump() {
			continue
		}
		for i := range s.melds {
			m := &s.melds[i]
			if !m.fits(h.card) {
				continue
			}
			s.sinks[k] = append(s.sinks[k], i)
			if m.limit >= 0 {
				s.limFit[k] |= 1 << m.limit
			}
		}
	}
}

// planLimitable settles each limitable meld after the last colour
// holding a card that fits it, and says which depend on that colour
// alone.
func (s *runSearch) planLimitable() {
	// A limitable meld is settled after the last colour holding a card
	// that fits it.
	last := make([]int, len(s.limitable))
	for ci, cr := range s.colours {
		for _, ks := range s.at[cr.colour] {
			for _, k := range ks {
				for l := range s.limitable {
					if s.limFit[k]&(1<<l) != 0 {
						last[l] = ci
					}
				}
			}
		}
	}
	for l, ci := range last {
		s.colours[ci].resolve = append(s.colours[ci].resolve, l)
	}
	s.local = make([]bool, len(s.limitable))
	for l := range s.limitable {
		s.local[l] = true
		for k, c := range s.pool {
			if s.limFit[k]&(1<<l) != 0 && colourOf(c.card) != s.colours[last[l]].colour {
				s.local[l] = false
			}
		}
	}
}

// planSinkKinds says for each pool card how it may sink: always, into a
// limitable meld, or into a flush or run that stays a flush.
func (s *runSearch) planSinkKinds() {
	s.sinkAlways = make([]bool, len(s.pool))
	s.sinkSuit = make([]uint8, len(s.pool))
	s.sinkLim = make([]uint32, len(s.pool))
	s.colourBounds = map[boundKey]int8{}
	for k := range s.pool {
		for _, i := range s.sinks[k] {
			m := &s.melds[i]
			switch {
			case m.role != flushOrRun:
				s.sinkAlways[k] = true
			case m.limit >= 0:
				s.sinkLim[k] |= 1 << m.limit
			default:
				cr := &s.colours[slices.IndexFunc(s.colours, func(cr colourRuns) bool { return cr.colour == m.base.colour })]
				s.sinkSuit[k] |= 1 << slices.Index(cr.suitOf[:], m.base.suit)
			}
		}
	}
}

// planAlike marks the pool cards that are alike to the search (the same
// sinks, and the same suit and loser where a run's gap tells them
// apart).
func (s *runSearch) planAlike() {
	s.alike = make([]uint8, len(s.pool))
	for ci := range s.colours {
		cr := &s.colours[ci]
		var gaps uint16
		for _, i := range cr.runs {
			gaps |= s.melds[i].gaps
		}
		for r, ks := range s.at[cr.colour] {
			for x, k := range ks {
				for y, o := range ks[:x] {
					if slices.Equal(s.sinks[k], s.sinks[o]) &&
						(gaps&(1<<r) == 0 || s.pool[k].card.Suit == s.pool[o].card.Suit && s.loser[k] == s.loser[o]) {
						s.alike[k] |= 1 << y
					}
				}
			}
		}
	}
}

// planWants says for each colour and rank the runs that want a card
// there, and for each pool card the runs it could join.
func (s *runSearch) planWants() {
	s.runsFor = make([]uint16, len(s.pool))
	s.want = make([][11]uint16, len(s.colours))
	for ci := len(s.colours) - 1; ci >= 0; ci-- {
		cr := &s.colours[ci]
		for j, i := range cr.runs {
			m := &s.melds[i]
			for r := m.low; r <= m.high; r++ {
				if m.base.ranks&(1<<r) == 0 {
					s.want[ci][r] |= 1 << j
				}
			}
		}
		for r, ks := range s.at[cr.colour] {
			for _, k := range ks {
				s.runsFor[k] = s.want[ci][r]
			}
		}
	}
}

// alone returns the most natural cards of colour ci the losers can lay
// off, as if it were the only colour, with trumps trumps for the runs and
// leaving at most lost more melds unable to hold a trump; no more than
// atMost, which is known to be a bound. It returns too how many trumps
// and melds unable to hold one the best way it found takes. A limitable
// meld with cards of other colours is not settled, so with such a meld
// this is only a bound.
//
// It climbs: from the first way it meets, it asks for one card more than
// the best found until there is none, so that only the last question is
// answered no, the costly kind of answer.
func (s *runSearch) alone(ci, trumps, lost, atMost int) (best, usedTrumps, leftLost int) {
	s.only, s.lostCap = ci, lost
	_, s.maxBudget = s.colourLimits(ci)
	s.maxBudget = min(s.maxBudget, maxBudget)
	defer func() { s.only = -1 }()
	st := s.start()
	st = s.enterColour(st, ci)
	st.trumps = int8(trumps)
	atMost = min(atMost, s.upperBound(st))
	// Keeping every card is a way, so there is always a first one.
	end, best, ok := s.follow(st, 0, nil)
	for ok && best < atMost && s.reach(st, best+1) {
		end, best, ok = s.follow(st, best+1, nil)
	}
	return best, trumps - int(end.trumps), int(end.lost)
}

// colourLimits returns how many trumps the runs of colour ci can take,
// one each, and how many of its melds may end unable to hold a trump:
// runs that may come to run from 0 to 9, and limitable melds of its own.
func (s *runSearch) colourLimits(ci int) (usable, maxLost int) {
	cr := &s.colours[ci]
	for _, i := range cr.runs {
		m := &s.melds[i]
		if !m.trump {
			usable++
			if m.low == 0 && m.high == 9 {
				maxLost++
			}
		}
	}
	for _, l := range cr.resolve {
		if s.local[l] && !s.melds[s.limitable[l]].trump {
			maxLost++
		}
	}
	return usable, maxLost
}

// colourBound bounds the natural cards of st's colour at ranks from
// onwards that can still join a meld: at each rank, those that fit a set
// or flush taking them, and as many of the others as there are runs not
// yet past their end that could take them; of those beyond their lowest
// or highest card, no more than can reach that rank (chainBounds).
func (s *runSearch) colourBound(st searchState, from int) int {
	cr := &s.colours[st.colour]
	spare := st.trumps > 0
	open, free, started := s.openRuns(st, from, spare)
	key := boundKey{open: open, free: free, started: started, suitOn: st.suitOn, active: st.active & cr.mayLim,
		from: int8(from), colour: st.colour, spare: spare}
	if n, ok := s.colourBounds[key]; ok {
		if n < 0 {
			return -1 << 10
		}
		return int(n)
	}
	var cards [10]int // cards of each rank some run could take
	for r := from; r <= 9; r++ {
		for _, k := range s.at[cr.colour][r] {
			if s.runsFor[k]&open != 0 {
				cards[r]++
			}
		}
	}
	// A run that started below its lowest card needs a card at every
	// rank up to it but one, which its trump may fill: when the cards
	// cannot carry all such runs, st leads to no way at all.
	if s.shortfall(cr, started, from, &cards) > bits.OnesCount16(started&free) {
		s.colourBounds[key] = -1
		return -1 << 10
	}
	down, up := s.chainBounds(st, open, free, from, &cards)
	n := 0
	for r := from; r <= 10; r++ {
		others := 0
		for _, k := range s.at[cr.colour][r] {
			switch {
			case s.sinkable(st, k):
				n++
			case s.runsFor[k]&open != 0:
				others++
			}
		}
		runs := s.want[st.colour][r] & open
		var below, above uint16 // runs that would take a card below their lowest, above their highest
		for j, i := range cr.runs {
			switch m := &s.melds[i]; {
			case r < m.lo:
				below |= 1 << j
			case r > m.hi:
				above |= 1 << j
			}
		}
		below &= runs
		above &= runs
		takers := bits.OnesCount16(runs &^ below &^ above)
		if r <= 9 {
			takers += min(bits.OnesCount16(below), down[r]) + min(bits.OnesCount16(above), up[r])
		}
		n += min(others, takers)
	}
	s.colourBounds[key] = int8(n)
	return n
}

// openRuns are the runs of st's colour not done with, by their bit
// among the colour's runs (colourBound): open, all of them; free, those
// whose trump is still free for a rank beyond their cards
// (chainBounds); started, those that took a card below their lowest
// card and have yet to reach it. spare says a trump is still in hand.
func (s *runSearch) openRuns(st searchState, from int, spare bool) (open, free, started uint16) {
	for j, i := range s.colours[st.colour].runs {
		m := &s.melds[i]
		ph := st.runs[j].phase()
		if ph == phDone {
			continue
		}
		open |= 1 << j
		if ph != phBefore && from < m.lo {
			started |= 1 << j
		}
		// Past its highest card, no rank inside it needs the trump.
		if (ph == phBefore || ph == phIn) && (m.holeFree || from > m.hi+1) && (m.trump || spare) {
			free |= 1 << j
		}
	}
	return open, free, started
}

// shortfall is how many cards the runs started (bits among cr's runs)
// lack, rank by rank from from, to reach their lowest cards with the
// cards each rank offers.
func (s *runSearch) shortfall(cr *colourRuns, started uint16, from int, cards *[10]int) int {
	short := 0
	for r := from; r <= 9; r++ {
		going := 0
		for j, i := range cr.runs {
			if started&(1<<j) != 0 && r < s.melds[i].lo {
				going++
			}
		}
		short += max(0, going-cards[r])
	}
	return short
}

// chainBounds returns, for each rank r from from to 9, bounds on how
// many runs of st's colour can take a card at r below their lowest card
// (down) and above their highest (up). Such a run takes a card at every
// rank from its lowest or highest card to the furthest it reaches, but
// for one rank it may leave to a trump (holeFree); so, walking the ranks
// away from its cards, the runs still going on at a rank are at most
// those going on at the rank before, and each needs a card there or its
// one trump (chain).
func (s *runSearch) chainBounds(st searchState, open, free uint16, from int, cards *[10]int) (down, up [10]int) {
	cr := &s.colours[st.colour]
	var downCh, upCh chain
	downCh.start()
	upCh.start()
	for r := 9; r >= from; r-- {
		for j, i := range cr.runs {
			// A run that took a card below its lowest goes on up to it.
			if m := &s.melds[i]; open&(1<<j) != 0 && m.lo-1 == r {
				downCh.join(free&(1<<j) != 0)
			}
		}
		down[r] = downCh.step(cards[r])
	}
	for r := from; r <= 9; r++ {
		for j, i := range cr.runs {
			if m := &s.melds[i]; open&(1<<j) != 0 && max(m.hi+1, from) == r {
				upCh.join(free&(1<<j) != 0)
			}
		}
		up[r] = upCh.step(cards[r])
	}
	return down, up
}

// boundKey is what colourBound's bound depends on.
type boundKey struct {
	open, free, started uint16
	active              uint32
	suitOn              uint8
	from                int8
	colour              int8
	spare               bool
}

// chain is the walk of chainBounds: for each number a of the runs going
// on whose trump is still free, the most runs b going on whose trump is
// used (or -1), over every way the cards of the ranks passed could go.
type chain [maxRuns + 2]int

func (ch *chain) start() {
	for a := range ch {
		ch[a] = -1
	}
	ch[0] = 0
}

// join adds a run to those going on.
func (ch *chain) join(free bool) {
	if free {
		copy(ch[1:], ch[:len(ch)-1])
		ch[0] = -1
		return
	}
	for a := range ch {
		if ch[a] >= 0 {
			ch[a]++
		}
	}
}

// step returns the most runs going on that can take one of c cards at
// this rank, and moves on past it: the runs with a card keep their trump
// as it was; the others with a free trump use it; those whose trump is
// used stop.
func (ch *chain) step(c int) int {
	going := 0
	for a, b := range ch {
		if b >= 0 {
			going = max(going, a+b)
		}
	}
	var next chain
	for x := range next {
		next[x] = -1
	}
	for a, b := range ch {
		if b < 0 {
			continue
		}
		// x runs with a free trump take a card and keep it; the rest of
		// the cards go to runs whose trump is used.
		for x := 0; x <= min(a, c); x++ {
			next[x] = max(next[x], min(b, c-x)+a-x)
		}
	}
	for x := len(next) - 2; x >= 0; x-- {
		if next[x+1] >= 0 {
			next[x] = max(next[x], next[x+1])
		}
	}
	*ch = next
	return min(going, c)
}

// sinkable reports whether a set or flush could take pool card k at st:
// one that always takes it, or a flush or run meld that stays a flush.
func (s *runSearch) sinkable(st searchState, k int) bool {
	return s.sinkAlways[k] || s.sinkSuit[k]&st.suitOn != 0 || s.sinkLim[k]&st.active != 0
}

// upperBound bounds the value of st: the trumps, and the natural cards
// still to come that could join a meld (colourBound).
func (s *runSearch) upperBound(st searchState) int {
	if s.done(st) {
		return s.endValue(st)
	}
	n := 0
	if s.only >= 0 && int(st.lost) > s.lostCap {
		return -1 << 10
	}
	if s.only < 0 {
		t, l := min(int(st.trumps), s.trumps), min(int(st.lost), s.maxLost)
		if st.rank < 0 {
			return s.after[st.colour][t][l]
		}
		n = s.after[st.colour+1][t][l]
	} else if st.rank < 0 {
		st.suitOn = s.colours[st.colour].flushAlways | s.colours[st.colour].flushMay
		st.active |= s.colours[st.colour].mayLim
		return s.colourBound(st, 0)
	}
	// At st's rank, only the runs still to take their step can take a
	// card, one each.
	cr := &s.colours[st.colour]
	var open uint16
	for j := int(st.step); j < len(cr.runs); j++ {
		if st.runs[j].phase() != phDone {
			open |= 1 << j
		}
	}
	others := 0
	for i, k := range s.at[cr.colour][st.rank] {
		switch {
		case st.avail&(1<<i) == 0:
		case s.sinkable(st, k):
			n++
		case s.runsFor[k]&open != 0:
			others++
		}
	}
	n += min(others, bits.OnesCount16(s.want[st.colour][st.rank]&open))
	if !s.gatesOpen(st) {
		return -1 << 10
	}
	return n + s.colourBound(st, int(st.rank)+1) - s.fullCost(st, open)
}

// gatesOpen reports whether every flush or run meld of st's colour that
// grows as a run and has gaps still to fill can still fill them as fact 4
// asks: for some loser, the cards of other suits it has taken in its gaps
// from other losers, the trump standing in one of them, and the gaps
// still to come that neither that loser nor the meld's suit has a card
// in hand for come to one at most.
func (s *runSearch) gatesOpen(st searchState) bool {
	cr := &s.colours[st.colour]
	r := int(st.rank)
	for j, i := range cr.runs {
		m := &s.melds[i]
		w := st.runs[j]
		if m.gaps == 0 || w.phase() == phDone || w&gateTrump != 0 {
			continue
		}
		left := m.gaps &^ (1<<(r+1) - 1)
		if int(st.step) <= j && r < 10 {
			left |= m.gaps & (1 << r)
		}
		total, _ := w.gateTally()
		if w&holeInGap != 0 {
			total++
		}
		open := false
		for l := 0; l < MaxPlayers && !open; l++ {
			short := total - int(w.gateCount(l))
			for g := 0; g < 10 && short <= 1; g++ {
				if left&(1<<g) == 0 {
					continue
				}
				filled := false
				for x, k := range s.at[cr.colour][g] {
					if (g > r || st.avail&(1<<x) != 0) && (s.pool[k].card.Suit == m.base.suit || int(s.loser[k]) == l) {
						filled = true
						break
					}
				}
				if !filled {
					short++
				}
			}
			open = short <= 1
		}
		if !open {
			return false
		}
	}
	return true
}

// fullCost bounds from below what the limitable melds settled at the end
// of st's colour cost, in cards, beyond what colourBound counts: a set or
// flush that takes every card of its rank or suit holds no trump (F3).
// One that holds a trump already must leave one of those cards to
// another meld or in hand; so must those beyond the melds a colour on its
// own may still leave unable to hold a trump. When every card of the
// meld's rank or suit still in hand fits no other meld (no other set or
// flush, no run still open; open has the runs that may still take a card
// at st's rank), that card stays in hand, one for each such meld. It
// returns a great cost when st leads to no way at all.
func (s *runSearch) fullCost(st searchState, open uint16) int {
	cr := &s.colours[st.colour]
	var cand uint32
	for _, l := range cr.resolve {
		if (s.only < 0 || s.local[l]) && st.active&^st.slack&(1<<l) != 0 {
			cand |= 1 << l
		}
	}
	if cand == 0 {
		return 0
	}
	var later uint16 // the runs that may take a card at the later ranks
	for j := range cr.runs {
		if st.runs[j].phase() != phDone {
			later |= 1 << j
		}
	}
	var held, free uint32 // limitable melds with a card in hand; one that may go elsewhere
	for r := int(st.rank); r <= 10; r++ {
		runs := later
		if r == int(st.rank) {
			runs = open
		}
		for i, k := range s.at[cr.colour][r] {
			lim := s.limFit[k] & cand
			if lim == 0 || r == int(st.rank) && st.avail&(1<<i) == 0 {
				continue
			}
			held |= lim
			if len(s.sinks[k]) > 1 || s.runsFor[k]&runs != 0 {
				free |= lim
			}
		}
	}
	cost, full, kept := 0, 0, 0
	for l := range s.limitable {
		switch bit := uint32(1) << l; {
		case cand&bit == 0 || free&bit != 0:
		case s.melds[s.limitable[l]].trump && held&bit == 0:
			return 1 << 10
		case s.melds[s.limitable[l]].trump:
			cost++
		case held&bit == 0:
			full++
		default:
			kept++
		}
	}
	if s.only >= 0 {
		budget := s.lostCap - int(st.lost) - full
		if budget < 0 {
			return 1 << 10
		}
		cost += max(0, kept-budget)
	}
	return cost
}

// rankIndex returns the index of rank r in runSearch.at: the rank for
// 0-9, 10 for ∞.
func rankIndex(r cards.Rank) int {
	if r > 9 {
		return 10
	}
	return int(r)
}

// boundRun sets the lowest and highest ranks run meld m could reach with
// the losers' cards of its colour, held (by rank), filling one missing
// rank with a trump if there is one (a bound: it ignores that cards may be
// wanted elsewhere), and the gaps of fact 4. It reports whether any card
// could join the meld as a run at all.
func (s *runSearch) boundRun(m *searchMeld, held uint16) bool {
	b := m.base
	m.lo, m.hi = b.span()
	holes := 0
	if m.trump || s.trumps > 0 {
		holes = 1
	}
	inside := uint16(1<<(m.hi+1)-1) &^ uint16(1<<m.lo-1) &^ b.ranks
	missing := bits.OnesCount16(inside &^ held)
	if missing > holes {
		return false
	}
	holes -= missing
	m.holeFree = holes > 0
	if m.role == flushOrRun && !b.is(Run, m.trump) && bits.OnesCount16(inside) >= 2 {
		m.gaps = inside
	}
	m.low = m.lo
	for r, skip := m.lo-1, holes; r >= 0; r-- {
		if held&(1<<r) == 0 {
			if skip == 0 {
				break
			}
			skip--
			continue
		}
		m.low = r
	}
	m.high = m.hi
	for r, skip := m.hi+1, holes; r <= 9; r++ {
		if held&(1<<r) == 0 {
			if skip == 0 {
				break
			}
			skip--
			continue
		}
		m.high = r
	}
	reach := uint16(1<<(m.high+1)-1) &^ uint16(1<<m.low-1) &^ b.ranks
	return held&reach != 0
}

// gateOpens reports whether the losers hold cards that could fill the
// gaps of flush or run meld m as fact 4 asks (true when it has none): for
// some loser, every gap but one at most holds a card of the meld's suit,
// whoever lays it, or of that loser; and when one gap does not, there is
// a trump, which either stands for that rank or lets one card of another
// loser in. A meld whose gaps cannot open never ends as a run.
func (s *runSearch) gateOpens(m *searchMeld) bool {
	if m.gaps == 0 {
		return true
	}
	col := m.base.colour
	for l := range MaxPlayers {
		open := 0
		for g := range 10 {
			if m.gaps&(1<<g) == 0 {
				continue
			}
			filled := false
			for _, k := range s.at[col][g] {
				if s.pool[k].card.Suit == m.base.suit || int(s.loser[k]) == l {
					filled = true
				}
			}
			if !filled {
				open++
			}
		}
		if open == 0 || open == 1 && (m.trump || s.trumps > 0) {
			return true
		}
	}
	return false
}

// stopped reports whether the search must stop because ctx is done,
// looking at ctx once every few hundred states.
func (s *runSearch) stopped() bool {
	if s.err != nil {
		return true
	}
	s.steps++
	if s.steps >= s.checkAt {
		s.checkAt = s.steps + 256
		s.err = s.ctx.Err()
	}
	return s.err != nil
}

// start returns the state before anything is decided.
func (s *runSearch) start() searchState {
	st := searchState{trumps: int8(s.trumps)}
	for l, i := range s.limitable {
		if s.melds[i].role != flushOrRun {
			st.active |= 1 << l
		}
	}
	return s.enterColour(st, 0)
}

// enterColour returns st at the start of colour ci, before its flush or
// run melds are told which to be; every run of the colour is before its
// lowest card.
func (s *runSearch) enterColour(st searchState, ci int) searchState {
	st.colour, st.rank, st.step, st.avail = int8(ci), -1, 0, 0
	st.suitOn = 0
	st.runs = [maxRuns]runWord{}
	return st
}

// done reports whether st is past the last colour.
func (s *runSearch) done(st searchState) bool {
	return int(st.colour) == len(s.colours) || s.only >= 0 && int(st.colour) > s.only
}

// reach reports whether the losers can lay off need more cards from st
// (trumps included). The states at the start of a rank or colour are
// searched at most once for each need, and remember what they showed;
// the steps between them are followed as they come, those with one way
// on without a search (forced).
func (s *runSearch) reach(st searchState, need int) bool {
	for !s.done(st) && st.rank >= 0 && st.step != 0 {
		gain, next, ok := s.forced(st)
		if !ok {
			return s.upperBound(st) >= need && s.reachNext(st, need)
		}
		st, need = next, need-gain
	}
	if s.done(st) {
		return s.endValue(st) >= need
	}
	if s.upperBound(st) < need {
		return false
	}
	st.trumps = min(st.trumps, s.trumpsUsable(st))
	var buf [24 + 3*maxRuns]byte
	key := s.appendKey(buf[:0], st)
	if s.only >= 0 {
		return s.reachAlone(st, need, key)
	}
	b, ok := s.memo[string(key)]
	switch {
	case !ok:
		b = bounds{lo: -128, hi: 127}
	case int(b.lo) >= need:
		return true
	case int(b.hi) < need:
		return false
	}
	if s.stopped() {
		return false
	}
	found := s.reachNext(st, need)
	if found {
		b.lo = int8(max(int(b.lo), need))
	} else {
		b.hi = int8(min(int(b.hi), need-1))
	}
	s.memo[string(key)] = b
	return found
}

// forced returns the one step from st, a state within a rank, when
// there is only one and it is plain: a run that is done or still waits
// below the lowest rank it could reach, a card already taken, a card
// that a set or flush takes or that nothing could take, the move to the
// next rank. It reports false otherwise; each then yields the steps.
func (s *runSearch) forced(st searchState) (int, searchState, bool) {
	cr := &s.colours[st.colour]
	here := s.at[cr.colour][st.rank]
	next := st
	next.step++
	switch step := int(st.step); {
	case step < len(cr.runs):
		m := &s.melds[cr.runs[step]]
		r := int(st.rank)
		switch w := st.runs[m.run]; {
		case w.phase() == phDone:
			return 0, next, true
		case w.phase() == phBefore && r < m.low && r < 10:
			return 0, next, true
		}
	case step < len(cr.runs)+len(here):
		i := step - len(cr.runs)
		if st.avail&(1<<i) == 0 {
			return 0, next, true
		}
		k := here[i]
		next.avail &^= 1 << i
		next.slack |= s.limFit[k]
		switch {
		case s.sinkFor(st, k):
			return 1, next, true
		case s.limFit[k] == 0:
			return 0, next, true
		}
	case int(st.rank) < cr.maxRank:
		next.rank++
		next.step = 0
		next.avail = uint8(1)<<len(s.at[cr.colour][next.rank]) - 1
		return 0, next, true
	}
	return 0, st, false
}

// reachNext reports whether some step from st reaches need.
func (s *runSearch) reachNext(st searchState, need int) bool {
	s.steps++
	found := false
	s.each(st, func(gain int, next searchState, _ event) bool {
		found = s.reach(next, need-gain)
		return !found
	})
	return found
}

// reachAlone is reach for a colour on its own, whose memo is indexed by
// the budget of melds st may still leave unable to hold a trump: with a
// larger budget the value is no smaller.
func (s *runSearch) reachAlone(st searchState, need int, key []byte) bool {
	budget := min(s.lostCap-int(st.lost), s.maxBudget)
	e := s.aloneMemo[string(key)]
	if e == nil {
		e = new([maxBudget + 1]bounds)
		for r := range e {
			e[r] = bounds{lo: -128, hi: 127}
		}
		s.aloneMemo[string(key)] = e
	}
	switch {
	case int(e[budget].lo) >= need:
		return true
	case int(e[budget].hi) < need:
		return false
	}
	if s.stopped() {
		return false
	}
	found := s.reachNext(st, need)
	if found {
		for r := budget; r <= s.maxBudget; r++ {
			e[r].lo = int8(max(int(e[r].lo), need))
		}
	} else {
		for r := 0; r <= budget; r++ {
			e[r].hi = int8(min(int(e[r].hi), need-1))
		}
	}
	return found
}

// trumpsUsable returns the most trumps the runs can still take for
// missing ranks: one each for those of this colour holding none and not
// yet past their highest card, and for those of the later colours. Trumps
// beyond it change nothing.
func (s *runSearch) trumpsUsable(st searchState) int8 {
	cr := &s.colours[st.colour]
	n := 0
	if s.only < 0 {
		n = cr.later
	}
	for j, i := range cr.runs {
		if !s.melds[i].trump && st.runs[j].phase() != phDone {
			n++
		}
	}
	return int8(n)
}

// appendKey appends st's encoding to key.
func (s *runSearch) appendKey(key []byte, st searchState) []byte {
	lost := st.lost
	if s.only >= 0 {
		lost = 0 // the budget left indexes the memo instead (reachAlone)
	}
	key = append(key, byte(s.only+1), byte(st.colour), byte(st.rank), byte(st.step), st.avail, byte(st.trumps), byte(lost), st.suitOn)
	if len(s.limitable) > 0 {
		key = append(key, byte(st.slack), byte(st.slack>>8), byte(st.slack>>16), byte(st.slack>>24),
			byte(st.active), byte(st.active>>8), byte(st.active>>16), byte(st.active>>24))
	}
	cr := &s.colours[st.colour]
	words := st.runs
	for _, twins := range cr.twins {
		var ws [maxRuns]runWord
		for x, j := range twins {
			ws[x] = words[j]
		}
		slices.Sort(ws[:len(twins)])
		for x, j := range twins {
			words[j] = ws[x]
		}
	}
	for _, w := range words[:len(cr.runs)] {
		key = append(key, byte(w), byte(w>>8), byte(w>>16))
	}
	return key
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// endValue is the value of the state past the last colour: the trumps
// the losers lay off, those the runs took included.
func (s *runSearch) endValue(st searchState) int {
	switch {
	case s.only < 0:
		return min(s.trumps, s.holders-int(st.lost))
	case int(st.lost) > s.lostCap:
		return -1 << 10
	}
	return 0
}

// each calls yield with every step the search can take from st: the
// natural cards it lays off, the state it leads to, and what it does. It
// stops when yield returns false. Steps come in the tie-break's order
// (see bestLayoffs).
func (s *runSearch) each(st searchState, yield func(gain int, next searchState, ev event) bool) {
	cr := &s.colours[st.colour]
	next := st
	if st.rank < 0 {
		s.settleModes(st, yield)
		return
	}
	here := s.at[cr.colour][st.rank]
	k := len(cr.runs)
	switch step := int(st.step); {
	case step < k:
		next.step++
		s.runStep(st, next, cr.runs[step], yield)
	case step < k+len(here):
		next.step++
		i := step - k
		if st.avail&(1<<i) == 0 {
			yield(0, next, event{})
			return
		}
		next.avail &^= 1 << i
		s.leftover(next, here[i], yield)
	case int(st.rank) < cr.maxRank:
		next.rank++
		next.step = 0
		next.avail = uint8(1)<<len(s.at[cr.colour][next.rank]) - 1
		yield(0, next, event{})
	default:
		// The limitable melds whose cards have all been placed settle.
		if !s.settle(&st, cr.resolve) {
			return
		}
		yield(0, s.enterColour(st, int(st.colour)+1), event{})
	}
}

// settle settles the limitable melds l of resolve, all of whose cards
// have been placed: a set or flush that took every card of its rank or
// suit holds no trump (F3), so it is dead if it held one already, and
// otherwise can take none. It reports false for dead.
func (s *runSearch) settle(st *searchState, resolve []int) bool {
	for _, l := range resolve {
		if s.only >= 0 && !s.local[l] {
			continue // a colour on its own is only bounded
		}
		bit := uint32(1) << l
		if st.active&bit != 0 && st.slack&bit == 0 {
			if s.melds[s.limitable[l]].trump {
				return false
			}
			st.lost++
		}
		st.active &^= bit
		st.slack &^= bit
	}
	return true
}

// settleModes yields, for the colour st enters, each choice of which of
// its flush or run melds stay flushes, taking any card of their suit, and
// which may grow as runs. A flush or run meld stays a flush if that is as
// good, the first in table order first (the tie-break).
func (s *runSearch) settleModes(st searchState, yield func(int, searchState, event) bool) {
	cr := &s.colours[st.colour]
	st.rank, st.step = 0, 0
	st.avail = uint8(1)<<len(s.at[cr.colour][0]) - 1
	var either []int // runs j that are flush or run melds, in table order
	for j, i := range cr.runs {
		if s.melds[i].role == flushOrRun {
			either = append(either, j)
		}
	}
	// flush has bit len(either)-1-x for either[x] staying a flush.
	for flush := 1<<len(either) - 1; flush >= 0; flush-- {
		next := st
		next.suitOn = cr.flushAlways
		var modes uint16
		for x, j := range either {
			m := &s.melds[cr.runs[j]]
			if flush&(1<<(len(either)-1-x)) == 0 {
				continue
			}
			modes |= 1 << j
			next.runs[j] = phDone
			if m.limit >= 0 {
				next.active |= 1 << m.limit
			} else {
				next.suitOn |= 1 << slices.Index(cr.suitOf[:], m.base.suit)
			}
		}
		if !yield(0, next, event{kind: evFlush, card: int(modes)}) {
			return
		}
	}
}

// runStep yields what meld mi, a meld of the colour that may end as a
// run, can do at st's rank; next is st moved on to the next step.
func (s *runSearch) runStep(st, next searchState, mi int, yield func(int, searchState, event) bool) {
	m := &s.melds[mi]
	j := m.run
	w := st.runs[j]
	r := int(st.rank)
	if r == 10 {
		s.runPastNine(next, mi, w, yield)
		return
	}
	inBase := m.base.ranks&(1<<r) != 0
	if m.gaps != 0 && r >= bits.Len16(m.gaps) && w&gateTrump == 0 && (w.phase() == phIn || w.phase() == phInHole) {
		// Past its gaps, the gate only says whether it needs a trump.
		switch {
		case w.gateOK(0):
			w = w &^ (holeInGap | gateTrump | gateOther) &^ (1<<(gateShift+gateBits*MaxPlayers) - 1<<gateShift)
		case w.gateOK(1) && w&holeInGap == 0:
			w = w&^(gateOther|(1<<(gateShift+gateBits*MaxPlayers)-1<<gateShift)) | gateTrump
		default:
			return
		}
		st.runs[j], next.runs[j] = w, w
	}
	switch w.phase() {
	case phDone:
		yield(0, next, event{})
	case phBefore:
		if inBase {
			next.runs[j] = w.with(phIn)
			if r == 0 {
				next.runs[j] |= loZero
			}
			yield(0, next, event{})
			return
		}
		if r >= m.low {
			started := w.with(phIn)
			if r == 0 {
				started |= loZero
			}
			if !s.takeCard(next, mi, started, yield) {
				return
			}
		}
		yield(0, next, event{})
	default: // phIn, phInHole, phHoleOpen
		s.runInside(st, next, mi, w, inBase, yield)
	}
}

// runPastNine ends run w of meld mi once every rank is passed.
func (s *runSearch) runPastNine(next searchState, mi int, w runWord, yield func(int, searchState, event) bool) {
	switch w.phase() {
	case phIn, phInHole:
		s.finish(next, mi, 9, yield)
	case phHoleOpen:
		// A trump for 9 with no card after it extends the run: that
		// is the run ending at 8, able to hold a trump.
	default:
		yield(0, next, event{})
	}
}

// runInside steps run w of meld mi, begun, through st's rank: a card of
// the meld already (inBase), a card taken, the run finished below it,
// or a hole left for a trump (runStep).
func (s *runSearch) runInside(st, next searchState, mi int, w runWord, inBase bool, yield func(int, searchState, event) bool) {
	m := &s.melds[mi]
	j := m.run
	r := int(st.rank)
	if inBase {
		if w.phase() == phHoleOpen {
			next.runs[j] = w.with(phInHole)
		}
		yield(0, next, event{})
		return
	}
	grown := w
	if w.phase() == phHoleOpen {
		grown = w.with(phInHole)
	}
	if r <= m.high && !s.takeCard(next, mi, grown, yield) {
		return
	}
	if w.phase() == phHoleOpen {
		return // the trump's rank must be followed by a card
	}
	if r > m.hi && !s.finish(next, mi, r-1, yield) {
		return
	}
	if w.phase() == phIn && r < m.high && (m.trump || st.trumps > 0) {
		hole := next
		hole.runs[j] = w.with(phHoleOpen)
		if m.gaps&(1<<r) != 0 {
			hole.runs[j] |= holeInGap
		}
		if m.trump {
			yield(0, hole, event{})
			return
		}
		hole.trumps--
		yield(0, hole, event{kind: evTrump, meld: mi})
	}
}

// takeCard yields meld mi taking each card of st's rank still in hand,
// ending with w as its word. It returns false if yield did.
func (s *runSearch) takeCard(st searchState, mi int, w runWord, yield func(int, searchState, event) bool) bool {
	m := &s.melds[mi]
	here := s.at[s.colours[st.colour].colour][st.rank]
	for i, k := range here {
		if st.avail&(1<<i) == 0 || st.avail&s.alike[k] != 0 {
			continue
		}
		next := st
		next.avail &^= 1 << i
		next.slack |= s.limFit[k]
		next.runs[m.run] = w
		if m.gaps&(1<<st.rank) != 0 && s.pool[k].card.Suit != m.base.suit {
			next.runs[m.run] = w.addGate(int(s.loser[k]))
			if !next.runs[m.run].gateOK(1) {
				continue
			}
		}
		if !yield(1, next, event{kind: evCard, card: k, meld: mi}) {
			return false
		}
	}
	return true
}

// finish yields run meld mi ending with hi its highest natural rank, if
// it is then a valid run that the losers can reach (facts 3 and 4): a
// trump is laid off for it if its gate needs one. A run from 0 to 9 can
// hold no trump (F2, F3). It returns false if yield did.
func (s *runSearch) finish(st searchState, mi, hi int, yield func(int, searchState, event) bool) bool {
	m := &s.melds[mi]
	w := st.runs[m.run]
	holeUsed := w.phase() == phInHole
	hasTrump := m.trump || holeUsed
	full := w&loZero != 0 && hi == 9 && !holeUsed
	st.runs[m.run] = phDone
	switch {
	case m.trump && full:
		// Its trump could stand for no card (F2, F3).
	case w&gateTrump == 0 && w.gateOK(0):
		if full {
			st.lost++
		}
		return yield(0, st, event{})
	case w&gateTrump == 0 && !w.gateOK(1):
	case hasTrump:
		if w&holeInGap == 0 {
			return yield(0, st, event{})
		}
	case !full && st.trumps > 0:
		st.trumps--
		return yield(0, st, event{kind: evTrump, meld: mi})
	}
	return true
}

// leftover yields what becomes of pool card k when no run took it: it
// joins a set or flush that takes any card of its rank or suit (fact 2);
// failing that, each limitable meld that fits it in turn, or it stays in
// hand.
func (s *runSearch) leftover(st searchState, k int, yield func(int, searchState, event) bool) {
	lim := s.limFit[k]
	if s.sinkFor(st, k) {
		st.slack |= lim
		yield(1, st, event{kind: evSink, card: k})
		return
	}
	for _, i := range s.sinks[k] {
		l := s.melds[i].limit
		if l < 0 || st.active&(1<<l) == 0 {
			continue
		}
		next := st
		next.slack |= lim &^ (1 << l)
		if !yield(1, next, event{kind: evCard, card: k, meld: i}) {
			return
		}
	}
	st.slack |= lim
	yield(0, st, event{})
}

// sinkFor reports whether a set or flush that takes any card of its rank
// or suit takes pool card k: a set of its rank, or a flush of its suit if
// its suit is on (st.suitOn).
func (s *runSearch) sinkFor(st searchState, k int) bool {
	cr := &s.colours[st.colour]
	for _, i := range s.sinks[k] {
		m := &s.melds[i]
		switch {
		case m.limit >= 0:
		case m.role == setSink:
			return true
		case st.suitOn&(1<<slices.Index(cr.suitOf[:], m.base.suit)) != 0:
			return true
		}
	}
	return false
}

// bound fills in after, the bound on what the colours from each on can
// add. Each colour is searched on its own with every trump it can use;
// if the ways found need no more trumps than there are and leave enough
// melds able to hold one, their sum and the trumps are the best there
// is. Otherwise each colour is searched again for each number of trumps
// it may take and of melds it may leave unable to hold one, as far as
// that matters, and the best split of those is the bound.
func (s *runSearch) bound() {
	type colourBest struct{ naturals, trumps, lost, usable, maxLost int }
	bests := make([]colourBest, len(s.colours))
	s.maxLost = len(s.limitable)
	trumps, lost := 0, 0
	for ci := range s.colours {
		b := &bests[ci]
		b.usable, b.maxLost = s.colourLimits(ci)
		b.usable = min(b.usable, s.trumps)
		s.maxLost += b.maxLost
		b.naturals, b.trumps, b.lost = s.alone(ci, b.usable, b.maxLost, 1<<10)
		trumps += b.trumps
		lost += b.lost
	}
	// The trumps the ways found take beyond those there are, and the
	// melds they leave unable to hold one beyond those that cost nothing
	// (while more melds can hold a trump than there are trumps): no
	// colour need give up more than that.
	trumpsOver := trumps - s.trumps
	lostOver := lost - max(0, s.holders-s.trumps)
	// tables[ci][t][x]: the best of colour ci with t trumps, x lost,
	// searched from what its way found down by what is over; below that,
	// the last searched stands as a bound (the best split never goes
	// there when only one of trumps and lost is over; when both are, the
	// search of all colours together makes up for it).
	tables := make([][][]int, len(s.colours))
	for ci, b := range bests {
		table := make([][]int, b.usable+1)
		for t := range table {
			table[t] = make([]int, b.maxLost+1)
		}
		tFrom, xFrom := b.usable, b.maxLost
		if trumpsOver > 0 {
			tFrom = max(0, b.trumps-trumpsOver)
		}
		if lostOver > 0 {
			xFrom = max(0, b.lost-lostOver)
		}
		// From the most trumps and lost down: each is at most those with
		// more, which bounds its search from above.
		for t := b.usable; t >= tFrom; t-- {
			for x := b.maxLost; x >= xFrom; x-- {
				atMost := b.naturals
				if t < b.usable {
					atMost = table[t+1][x]
				}
				if x < b.maxLost {
					atMost = min(atMost, table[t][x+1])
				}
				if t >= b.trumps && x >= b.lost {
					table[t][x] = b.naturals
				} else {
					table[t][x], _, _ = s.alone(ci, t, x, atMost)
				}
			}
		}
		for t := range table {
			for x := range table[t] {
				table[t][x] = table[max(t, tFrom)][max(x, xFrom)]
			}
		}
		tables[ci] = table
	}
	s.after = make([][][]int, len(s.colours)+1)
	for ci := len(s.colours); ci >= 0; ci-- {
		s.after[ci] = make([][]int, s.trumps+1)
		for t := range s.after[ci] {
			s.after[ci][t] = make([]int, s.maxLost+1)
			for l := range s.after[ci][t] {
				if ci == len(s.colours) {
					s.after[ci][t][l] = min(s.trumps, s.holders-l)
					continue
				}
				best := -1 << 10
				for tc, row := range tables[ci][:min(t, bests[ci].usable)+1] {
					for x, n := range row {
						best = max(best, n+s.after[ci+1][t-tc][min(l+x, s.maxLost)])
					}
				}
				s.after[ci][t][l] = best
			}
		}
	}
}

// follow walks from st the first way that lays off need more cards (the
// tie-break's), calling visit, if not nil, with each step's state and
// event, and returns where it ends (past st's colour when searching one
// colour on its own) and how many cards that way lays off. It reports
// false if there is no such way.
func (s *runSearch) follow(st searchState, need int, visit func(searchState, event)) (end searchState, laid int, ok bool) {
	for !s.done(st) {
		moved := false
		s.each(st, func(gain int, next searchState, ev event) bool {
			if !s.reach(next, need-gain) {
				return true
			}
			if visit != nil {
				visit(st, ev)
			}
			need -= gain
			laid += gain
			st, moved = next, true
			return false
		})
		if !moved {
			return st, laid, false
		}
	}
	return st, laid + s.endValue(st), true
}

// solve runs the search and replays the tie-break's choice, returning
// the cards laid off and their melds. It returns ctx's error if ctx is
// done first.
func (s *runSearch) solve() ([]laidCard, error) {
	if err := s.ctx.Err(); err != nil {
		return nil, err
	}
	s.bound()
	if s.err != nil {
		return nil, s.err
	}
	// The most the losers can lay off: the bound, or a little less (only
	// with a limitable meld of several colours).
	st := s.start()
	need := s.upperBound(st)
	for ; need >= 0 && !s.reach(st, need); need-- {
		if s.err != nil {
			return nil, s.err
		}
	}
	if need < 0 {
		return nil, errNoWay
	}
	var laid []laidCard
	var toSink []int
	needTrump := make([]bool, len(s.melds))
	flush := make([]bool, len(s.melds))
	st, _, ok := s.follow(st, need, func(st searchState, ev event) {
		switch ev.kind {
		case evCard:
			laid = append(laid, laidCard{s.pool[ev.card], ev.meld})
		case evSink:
			toSink = append(toSink, ev.card)
		case evTrump:
			needTrump[ev.meld] = true
		case evFlush:
			for j, i := range s.colours[st.colour].runs {
				flush[i] = flush[i] || ev.card&(1<<j) != 0
			}
		}
	})
	switch {
	case s.err != nil:
		return nil, s.err
	case !ok:
		return nil, errNoWay
	}
	// Cards for a set or flush join the first in table order that takes
	// any card of their rank or suit.
	for _, k := range toSink {
		for _, i := range s.sinks[k] {
			m := &s.melds[i]
			if m.limit < 0 && (m.role != flushOrRun || flush[i]) {
				laid = append(laid, laidCard{s.pool[k], i})
				break
			}
		}
	}
	return s.placeTrumps(laid, needTrump, s.endValue(st))
}

// placeTrumps adds the trumps to laid: in deck order, to the melds that
// need one for a missing rank and to the first melds in table order that
// can hold one, trumps in all.
func (s *runSearch) placeTrumps(laid []laidCard, needTrump []bool, trumps int) ([]laidCard, error) {
	final := make([]shape, len(s.melds))
	for i, m := range s.melds {
		final[i] = m.base
	}
	for _, l := range laid {
		final[l.meld] = final[l.meld].with(l.card)
	}
	var to []int
	for i := range s.melds {
		if needTrump[i] {
			to = append(to, i)
		}
	}
	for i, m := range s.melds {
		if len(to) < trumps && !needTrump[i] && !m.trump && final[i].kinds(true) != 0 {
			to = append(to, i)
		}
	}
	if len(to) != trumps {
		return nil, errNoWay
	}
	slices.Sort(to)
	for i, m := range to {
		laid = append(laid, laidCard{s.pool[len(s.pool)-s.trumps+i], m})
	}
	return laid, nil
}
