package flathead

import (
	"cmp"
	"context"
	"errors"
	"math/bits"
	"slices"

	"meldpad/rules/cards"
)

// bestLayoffs finds the losers' lay-offs of F7 and lists them in an order
// in which they can be made. The search stops with ctx's error once ctx is
// done.
//
// Ruling (F5, F7): each lay-off is one loser adding one or more of their
// own cards to one meld on the table, which must be a valid meld after
// every lay-off (F5), holding one trump at most, counting one already in
// it (F3). The losers may lay off in any order and more than once, so one
// loser's lay-off may open the way for another's: 3-4-5 of Lamps takes 6
// of Fromps from one loser, then 7 of Plungers from another. The lay-offs
// chosen leave the fewest cards in the losers' hands in total.
//
// Which final melds can be reached that way, lay-off by lay-off? Exactly
// those that are valid as they end (the same test as laying all the cards
// off at once), with one more condition, F7's gate, for a flush with gaps
// (two or more ranks missing between its lowest and highest cards, such
// as 1, 3 and 5 of Lamps) that is to end as a run: its gaps must be
// filled by cards of its own suit, which keep it a flush whoever lays
// them, and by one loser's cards laid off together, but for as many gaps
// as it has a trump for (none or one). Until a card of another suit joins
// it such a meld is a flush, and then it must be a run at once; and from
// any valid run every valid run holding it can be reached one card at a
// time (fill its gap, extend an end, or skip the one rank its trump
// stands for), a trump the meld is to hold being laid first. orderLayoffs
// writes the order. So F7's example leaves both cards in hand (1 2 3 5
// and 1 3 4 5 are not melds, and 1 2 3 4 5 needs both cards in one
// lay-off), while one loser holding both lays them off together.
//
// Tie-break: among the lay-offs that leave the fewest cards, one is
// chosen by a fixed rule that looks neither at the seat numbers nor at
// the order of the cards in a hand (see solve): natural cards before
// trumps, and each card onto the first meld, by index, that still allows
// the best count within the search's first plan that reaches it.
//
// How, exactly and fast enough for five losers of ten cards and a crowded
// table:
//   - A card that fits only melds that can never refuse it (a set, or a
//     flush that can never become a run, far from holding its whole rank or
//     suit) is laid off on the first of them.
//   - The other melds (those that may end as runs, and sets or flushes that
//     could come to hold all fifteen of a rank or all eleven of a suit,
//     where a trump no longer fits) are searched. They fall into groups
//     that share no card; see layoffGroup for the search of one group.
//   - Trumps are all alike, so a group only tells the others how many
//     natural cards it lays off for each number of trumps it takes; a small
//     knapsack shares the trumps out.
//   - The tie-break then walks each group's cards in deck order, keeping
//     at each step the first choice that still reaches the group's best,
//     with the values the search has already found.
func bestLayoffs(ctx context.Context, table, hands [][]cards.Card, winner int) ([]Layoff, error) {
	if len(table) == 0 {
		return nil, nil
	}
	p := newLayoffProblem(ctx, table, hands, winner)
	if err := p.solve(); err != nil {
		return nil, err
	}
	var laid []laidCard
	for k, h := range p.pool {
		if p.meldOf[k] >= 0 {
			laid = append(laid, laidCard{h, p.meldOf[k]})
		}
	}
	return orderLayoffs(table, laid)
}

// laidCard is a card laid off onto a meld.
type laidCard struct {
	heldCard
	meld int
}

// heldCard is one card in a loser's hand.
type heldCard struct {
	seat, pos int // seat, and position in that seat's hand
	card      cards.Card
}

// deckOrder orders the losers' cards for the tie-break: suited cards by
// colour, rank and suit, then trumps.
func deckOrder(a, b heldCard) int {
	x, y := a.card, b.card
	switch {
	case x.IsTrump() != y.IsTrump():
		if x.IsTrump() {
			return 1
		}
		return -1
	case x.IsTrump():
		return int(x.Trump) - int(y.Trump)
	case colourOf(x) != colourOf(y):
		return int(colourOf(x)) - int(colourOf(y))
	case x.Rank != y.Rank:
		return int(x.Rank) - int(y.Rank)
	}
	return int(x.Suit) - int(y.Suit)
}

// tableMeld is what the search knows of one meld on the table.
type tableMeld struct {
	base  shape // its natural cards
	trump bool  // it holds a trump already
	// runCapable melds may end as runs: their cards are of one colour,
	// ranks 0-9 without repeats, and the losers hold the ranks missing
	// between them (but one, if a trump could fill it).
	runCapable bool
	// searched melds are those whose final content must be searched (may
	// end as a run, or could hold a whole rank or suit); the others take
	// any card of their rank or suit, and a trump if they have none.
	searched bool
	// wholeSuitPossible reports whether the meld, a flush, could come to
	// hold all eleven cards of its suit and a trump, which F3 forbids; its
	// card count then matters to the search.
	wholeSuitPossible bool
	// gate holds, for a flush with two or more ranks missing between its
	// lowest and highest cards that may become a run, those ranks: F7's
	// gate (see bestLayoffs).
	gate  uint16
	group int // its group, when searched
	slot  int // its index among its group's melds, when searched
}

// layoffProblem is one F7 search.
type layoffProblem struct {
	ctx context.Context
	err error // ctx's error, once the search has stopped for it
	// held holds, by colour, the ranks of the losers' natural cards.
	held   [cards.Yellow + 1]uint16
	steps  int // search steps, to look at ctx now and then
	melds  []tableMeld
	pool   []heldCard // the losers' cards in deck order
	trumps int        // trumps among them
	// meldOf holds where each card of pool goes: a meld index, or -1 to
	// keep it. Filled in by solve.
	meldOf []int
	groups []*layoffGroup
	// direct counts the cards laid off on melds that never refuse them.
	direct int
}

func newLayoffProblem(ctx context.Context, table, hands [][]cards.Card, winner int) *layoffProblem {
	p := &layoffProblem{ctx: ctx}
	for seat, hand := range hands {
		if seat == winner {
			continue
		}
		for pos, c := range hand {
			p.pool = append(p.pool, heldCard{seat: seat, pos: pos, card: c})
			if c.IsTrump() {
				p.trumps++
			}
		}
	}
	slices.SortFunc(p.pool, deckOrder)
	p.meldOf = make([]int, len(p.pool))
	for i := range p.meldOf {
		p.meldOf[i] = -1
	}

	// Which ranks of each colour, and how many cards of each rank and suit,
	// the losers hold.
	held := &p.held
	var ofRank [cards.Infinity + 1]int
	var ofSuit [cards.Zurfs + 1]int
	for _, h := range p.pool {
		if !h.card.IsTrump() {
			held[colourOf(h.card)] |= rankBit(h.card.Rank)
			ofRank[h.card.Rank]++
			ofSuit[h.card.Suit]++
		}
	}
	p.melds = make([]tableMeld, len(table))
	for i, meld := range table {
		m := tableMeld{base: shapeOf(meld), trump: hasTrump(meld)}
		trumpPossible := m.trump || p.trumps > 0
		m.runCapable = m.base.runnable() && canBecomeRun(m.base, held[m.base.colour], trumpPossible)
		if lo, hi := m.base.span(); m.runCapable && m.base.sameSuit {
			gaps := (1<<(hi+1) - 1) &^ (1<<lo - 1) &^ m.base.ranks
			if bits.OnesCount16(gaps) >= 2 {
				m.gate = gaps
			}
		}
		m.wholeSuitPossible = trumpPossible && m.base.sameSuit && m.base.n+ofSuit[m.base.suit] >= ranksPerSuit
		wholeRankPossible := trumpPossible && m.base.sameRank() && m.base.n+ofRank[m.base.rank()] >= suitsPerRank
		m.searched = m.runCapable || m.wholeSuitPossible || wholeRankPossible
		p.melds[i] = m
	}
	p.makeGroups()
	return p
}

// reachesWithout reports whether natural card c could join the run of
// meld m without a trump added to it: every rank missing between the
// meld's cards and c is held by a loser, but one if the meld holds a
// trump already (F3). A bound for the search: without it, a trump must
// join the meld.
func (p *layoffProblem) reachesWithout(m *tableMeld, c cards.Card) bool {
	lo, hi := m.base.span()
	lo, hi = min(lo, int(c.Rank)), max(hi, int(c.Rank))
	var span uint16 = (1<<(hi+1) - 1) &^ (1<<lo - 1)
	missing := bits.OnesCount16(span &^ m.base.ranks &^ p.held[m.base.colour])
	return missing == 0 || missing == 1 && m.trump
}

// canBecomeRun reports whether a meld whose naturals have shape base could
// end as a run, given the ranks of its colour the losers hold: every rank
// missing between its lowest and highest must be held, but one, which a
// trump could fill.
func canBecomeRun(base shape, held uint16, trumpPossible bool) bool {
	lo, hi := base.span()
	unfillable := 0
	for r := lo; r <= hi; r++ {
		if base.ranks&(1<<r) == 0 && held&(1<<r) == 0 {
			unfillable++
		}
	}
	return unfillable == 0 || unfillable == 1 && trumpPossible
}

// fits reports whether natural card c could ever join meld m: a card of
// its rank (a set), of its suit (a flush), or of its colour and a rank
// 0-9 it lacks (a run that may grow). A card that does not fit can never
// leave a valid meld.
func (m tableMeld) fits(c cards.Card) bool {
	b := m.base
	switch {
	case b.sameRank() && c.Rank == b.rank():
		return true
	case b.sameSuit && c.Suit == b.suit:
		return true
	}
	return m.runCapable && colourOf(c) == b.colour && c.Rank <= 9 && b.ranks&rankBit(c.Rank) == 0
}

// makeGroups lays off every card that only fits melds that never refuse
// it, keeps every card that fits nothing, and gathers the searched melds
// into groups joined by the cards they could share.
func (p *layoffProblem) makeGroups() {
	parent := make([]int, len(p.melds))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	// options[k] lists the melds card k may join, lowest first; only the
	// first meld that never refuses it is listed, since it is always as
	// good as a later one.
	options := make([][]int, len(p.pool))
	for k, h := range p.pool {
		if h.card.IsTrump() {
			continue
		}
		firstSearched, sinkSeen := -1, false
		for i, m := range p.melds {
			if !m.fits(h.card) {
				continue
			}
			if m.searched {
				options[k] = append(options[k], i)
				if firstSearched < 0 {
					firstSearched = i
				} else {
					parent[find(i)] = find(firstSearched)
				}
			} else if !sinkSeen {
				options[k] = append(options[k], i)
				sinkSeen = true
			}
		}
		switch {
		case len(options[k]) == 0:
		case firstSearched < 0:
			p.meldOf[k] = options[k][0]
			p.direct++
		}
	}
	groupOfRoot := map[int]int{}
	for i := range p.melds {
		if !p.melds[i].searched {
			continue
		}
		gi, ok := groupOfRoot[find(i)]
		if !ok {
			gi = len(p.groups)
			groupOfRoot[find(i)] = gi
			p.groups = append(p.groups, &layoffGroup{problem: p, memo: map[string]trumpValues{}, exactOf: map[int]int16{}})
		}
		g := p.groups[gi]
		p.melds[i].group, p.melds[i].slot = gi, len(g.melds)
		g.melds = append(g.melds, i)
		g.start = append(g.start, pack(p.melds[i].base))
	}
	for k := range p.pool {
		if len(options[k]) == 0 || p.meldOf[k] >= 0 {
			continue
		}
		var g *layoffGroup
		var opts []layoffOption
		for _, i := range options[k] {
			m := p.melds[i]
			if m.searched {
				g = p.groups[m.group]
				opts = append(opts, layoffOption{meld: i, slot: m.slot})
			} else {
				opts = append(opts, layoffOption{meld: i, slot: -1})
			}
		}
		g.cards = append(g.cards, k)
		g.options = append(g.options, opts)
	}
	for _, g := range p.groups {
		g.prepare()
	}
}

// stopped reports whether the search must stop because ctx is done,
// looking at ctx once every few hundred steps.
func (p *layoffProblem) stopped() bool {
	if p.err != nil {
		return true
	}
	p.steps++
	if p.steps&0xff == 0 {
		p.err = p.ctx.Err()
	}
	return p.err != nil
}

// solve finds the best lay-offs and the tie-break's choice among them,
// filling in meldOf; it returns ctx's error if ctx is done first.
//
// Tie-break: the trumps are shared out group by group (the group of the
// lowest-numbered meld first), each taking the fewest that still allow the
// best total, so that natural cards go first; within a group, the first plan
// of forms (see layoffGroup) that reaches its best is kept, and its cards,
// in deck order, each go onto the first meld (by index) that still
// reaches it, or stay in hand only if none does. Then the trumps, in deck
// order, go each to the lowest-numbered meld that can take one, as long as
// the melds that need a trump still get one. Neither the seat numbers nor
// the order of the cards in a hand make a difference.
func (p *layoffProblem) solve() error {
	if err := p.ctx.Err(); err != nil {
		return err
	}
	share, target, err := p.bestShare()
	if err != nil {
		return err
	}
	states, naturals, err := p.chooseInGroups(share)
	if err != nil {
		return err
	}
	p.placeTrumps(p.trumpSpots(states), target-naturals)
	return nil
}

// trumpShare is one way to share the trumps between the groups' melds:
// trumps[gi] for group gi, a bound on the cards laid off in all, and the
// number of trumps on the groups' melds.
type trumpShare struct {
	trumps []int
	bound  int
	used   int // trumps on the groups' melds
}

// freeSpots counts the melds that never refuse a card and hold no trump:
// each takes a trump.
func (p *layoffProblem) freeSpots() int {
	n := 0
	for _, m := range p.melds {
		if !m.searched && !m.trump {
			n++
		}
	}
	return n
}

// trumpShares lists every share of the trumps between the groups' melds
// that each group can take (the rest go on melds that never refuse one,
// as far as there are such), best bounds first, and of equal bounds
// those putting the fewest trumps on the groups' melds first.
func (p *layoffProblem) trumpShares() []trumpShare {
	freeSpots := p.freeSpots()
	var shares []trumpShare
	var each func(gi, left int, trumps []int, bound int)
	each = func(gi, left int, trumps []int, bound int) {
		if gi == len(p.groups) {
			shares = append(shares, trumpShare{slices.Clone(trumps), bound + min(left, freeSpots), p.trumps - left})
			return
		}
		g := p.groups[gi]
		for t := 0; t <= min(left, g.maxTrumps); t++ {
			if ub := g.bound(t); ub != noWay {
				each(gi+1, left-t, append(trumps, t), bound+int(ub)+t)
			}
		}
	}
	each(0, p.trumps, nil, 0)
	slices.SortStableFunc(shares, func(a, b trumpShare) int { return cmp.Or(b.bound-a.bound, a.used-b.used) })
	return shares
}

// bestShare returns how the trumps are shared between the groups' melds,
// and the most cards laid off in all. Every share is bounded by the
// groups' bounds, and the groups' exact values are searched, one number
// of trumps at a time, only for shares whose bound beats the best total
// found so far, best bounds first. Of shares that tie, the one putting
// the fewest trumps on the groups' melds is kept (natural cards first),
// then the first found.
func (p *layoffProblem) bestShare() ([]int, int, error) {
	target, share, used, found := noWay, []int(nil), 0, false
	for _, sh := range p.trumpShares() {
		if sh.bound < target {
			break
		}
		if sh.bound == target && sh.used >= used {
			continue // no better, nor as good with fewer trumps
		}
		total, err := p.shareTotal(sh, target)
		if err != nil {
			return nil, 0, err
		}
		if total > target || total == target && sh.used < used {
			target, share, used, found = total, sh.trumps, sh.used, true
		}
	}
	if !found {
		// Keeping every card is always possible: a group's melds as they
		// are take no trump they must have.
		return nil, 0, errors.New("flathead: internal error: no way to share the trumps (F7)")
	}
	return share, target, nil
}

// shareTotal returns the most cards laid off in all with share sh (noWay
// if some group cannot take its trumps), searching the groups' exact
// values one by one; it stops as soon as the total cannot beat target,
// and returns ctx's error if ctx is done first.
func (p *layoffProblem) shareTotal(sh trumpShare, target int) (int, error) {
	total := sh.bound
	for gi, t := range sh.trumps {
		g := p.groups[gi]
		v := g.exact(t)
		if p.err != nil {
			return 0, p.err
		}
		if v == noWay {
			return noWay, nil
		}
		total -= int(g.bound(t) - v)
		if total <= target {
			break
		}
	}
	return total, nil
}

// chooseInGroups makes the tie-break's choice group by group, each group
// taking its trumps of share: the first plan that reaches the group's
// best with its trumps, then card by card in deck order, the first meld
// of that plan (or keeping the card, last) that still reaches it. It
// returns the groups' melds' final states and the natural cards the
// groups lay off.
func (p *layoffProblem) chooseInGroups(share []int) ([][]uint32, int, error) {
	states := make([][]uint32, len(p.groups))
	naturals := 0 // laid off by the groups; target does not count the others
	for gi, g := range p.groups {
		var err error
		var placed int
		states[gi], placed, err = g.choose(share[gi], g.exact(share[gi]))
		if err != nil {
			return nil, 0, err
		}
		naturals += placed
	}
	return states, naturals, nil
}

// trumpSpot is a meld that may take a trump, and whether it must.
type trumpSpot struct {
	meld      int
	mandatory bool
}

// trumpSpots lists, by meld index, the melds that may take a trump: the
// groups' melds in their final states that must or may take one, and the
// melds that never refuse a card and hold no trump.
func (p *layoffProblem) trumpSpots(states [][]uint32) []trumpSpot {
	var spots []trumpSpot
	for gi, g := range p.groups {
		for s, st := range states[gi] {
			switch g.status(s, st, anyKind) {
			case statusMandatory:
				spots = append(spots, trumpSpot{g.melds[s], true})
			case statusOptional:
				spots = append(spots, trumpSpot{g.melds[s], false})
			}
		}
	}
	for i, m := range p.melds {
		if !m.searched && !m.trump {
			spots = append(spots, trumpSpot{i, false})
		}
	}
	slices.SortFunc(spots, func(a, b trumpSpot) int { return a.meld - b.meld })
	return spots
}

// placeTrumps lays off toPlace trumps, in deck order, each on the
// lowest-numbered meld of spots that can take one, as long as the melds
// that need a trump still get one.
func (p *layoffProblem) placeTrumps(spots []trumpSpot, toPlace int) {
	needed := 0
	for _, s := range spots {
		if s.mandatory {
			needed++
		}
	}
	for k, h := range p.pool {
		if !h.card.IsTrump() || toPlace == 0 {
			continue
		}
		for si, s := range spots {
			after := needed
			if s.mandatory {
				after--
			}
			if after <= toPlace-1 {
				p.meldOf[k] = s.meld
				spots = slices.Delete(spots, si, si+1)
				needed = after
				toPlace--
				break
			}
		}
	}
}
