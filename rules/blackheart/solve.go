package blackheart

import (
	"math/bits"

	"meldpad/rules/cards"
)

// This file searches the readings of a set: which set it is (a group of
// which rank, a series of which suit and span, the Royale), what each wild
// diamond stands for and which hearts escort which court cards. With at most
// three wilds, and hearts whose part every reading fixes (in a group of pips
// or a heart series every heart is a member; in a group of courts or a black
// series every heart is an escort), the search is small and exact: each
// reading is a handful of counts, checked in a fixed order so that the
// verdict, the reading shown and the reason never depend on the order the
// cards were given in.

// piece is one card of a set as the solver sees it.
type piece struct {
	card  cards.Card
	as    cards.Card // the declared reading, zero when none was declared
	added bool       // laid off in this play (CheckLayoff)
}

// The wild diamonds, in the fixed order the search tries them.
const (
	slotJD = iota
	slotQD
	slotKD
	nSlots
)

var slotCards = [nSlots]cards.Card{jackOfDiamonds, queenOfDiamonds, kingOfDiamonds}

// maxOptions bounds the readings one diamond can have in one kind of set.
const maxOptions = 8

// option is one way to read a diamond in a given kind of set.
type option struct {
	as      cards.Card // the card it stands for; zero for an escort of any heart or a free series member
	natural bool       // read as itself: a J, Q or K in a group (B3.2)
	escort  bool       // a heart escorting a black court card (B2, B3.3)
	free    bool       // a series member whose rank the window decides
}

// reading is one way to read the whole set.
type reading struct {
	kind   Kind
	rank   cards.Rank // a group's rank
	suit   cards.Suit // a series' suit
	start  cards.Rank // a series' lowest rank in sequence order (K-A-2 starts at K)
	length int        // a series' number of members
	opts   [nSlots]option
}

// failCode says what stops a reading.
type failCode uint8

const (
	failNone failCode = iota
	failEmpty
	failNotInDeck
	failCopies
	failNotWild
	failBadReading
	failMisfit
	failTooFew
	failNoNatural
	failWildCopies
	failDuplicate
	failGap
	failHeartWrap
	failTooLong
	failEscorts
	failLayoffEscorts
)

// rule returns the id of the rule a failure breaks.
func (c failCode) rule() string {
	switch c {
	case failNotWild, failBadReading, failNoNatural, failWildCopies:
		return "B3"
	case failEscorts, failLayoffEscorts:
		return "B2"
	}
	return "B1"
}

// suggested reports whether some card points to the reading: a natural
// card (or a declared reading) of the group's rank, or of the series' suit.
// Hearts point to a group of their rank or a heart series, not to a black
// series or a group of courts, where they would only be escorts.
func (s *solver) suggested(rd reading) bool {
	for _, p := range s.pieces {
		c := p.card
		if !p.as.IsZero() {
			c = p.as
		}
		switch {
		case rd.kind == Group && c.Rank == rd.rank:
			return true
		case rd.kind == Series && c.Suit == rd.suit:
			return true
		}
	}
	return false
}

// failure is why the likeliest reading of an invalid set fails. Readings
// fail at stages: 1 a card that cannot belong, or too few members; 2 the
// shape (a gap, a repeat, a wild with no copy left to stand for); 3 the
// escorts; 4 the escorts of a lay-off. The deepest failure, then the one
// where most cards fit, is the one reported, as the reading the player most
// likely meant; a reading no card points to (see suggested) counts only
// when none does. Cards wrong in themselves are found before any reading.
type failure struct {
	stage int
	fits  int
	code  failCode
	piece int // the card the reason names, -1 for none
	count int // a number the reason needs
	rd    reading
}

// deeper reports whether f should be reported rather than g.
func (f failure) deeper(g failure) bool {
	if g.code == failNone {
		return f.code != failNone
	}
	if f.stage != g.stage {
		return f.stage > g.stage
	}
	return f.fits > g.fits
}

const courtBits = 1<<cards.Jack | 1<<cards.Queen | 1<<cards.King

// windows[l][start] holds the ranks of a black series of l cards from
// start, wrapping from K to A (B1).
var windows = func() (w [14][14]uint16) {
	for l := 1; l <= 13; l++ {
		for start := 1; start <= 13; start++ {
			for i := 0; i < l; i++ {
				w[l][start] |= 1 << ((start-1+i)%13 + 1)
			}
		}
	}
	return w
}()

// solver holds one set, sorted into what the rules look at, while its
// readings are searched.
type solver struct {
	pieces  []piece
	layoff  bool
	collect func(reading) // when set, every valid reading is passed to it

	black       [2][14]uint8 // natural spades [0] and clubs [1] by rank
	blackMask   [2]uint16
	blackN      [2]int
	blackDup    [2]int // index of a repeated rank's second card, -1 if none
	addedBlackN int
	addedCourtN int
	heart       [11]uint8
	heartMask   uint16
	heartN      int
	addedHeartN int
	heartDup    int
	slot        [nSlots]int // index of JD, QD, KD, -1 when absent

	best  reading
	found bool
	bestF failure
}

func blackIndex(s cards.Suit) int {
	if s == cards.Clubs {
		return 1
	}
	return 0
}

func isBlack(s cards.Suit) bool { return s == cards.Spades || s == cards.Clubs }

func isBlackCourt(c cards.Card) bool { return isBlack(c.Suit) && c.Rank >= cards.Jack }

// inDeck reports whether c is a card of the Black Heart deck (§1).
func inDeck(c cards.Card) bool {
	if c.Trump != cards.NoTrump {
		return false
	}
	switch c.Suit {
	case cards.Spades, cards.Clubs:
		return c.Rank >= cards.Ace && c.Rank <= cards.King
	case cards.Hearts:
		return c.Rank >= cards.Ace && c.Rank <= cards.Ten
	case cards.Diamonds:
		return c.Rank >= cards.Jack && c.Rank <= cards.King
	}
	return false
}

func deckCopies(c cards.Card) int {
	if !inDeck(c) {
		return 0
	}
	if c.Suit == cards.Diamonds {
		return 1
	}
	return 2
}

func cardIndex(c cards.Card) int { return int(c.Suit)*14 + int(c.Rank) }

// mayStandFor reports whether the wild diamond w may be read as c (B3):
// JD as a heart, QD as a spade or club, KD as any card of the deck. Each
// may also be read as itself.
func mayStandFor(w, c cards.Card) bool {
	if c == w {
		return true
	}
	switch w {
	case jackOfDiamonds:
		return c.Suit == cards.Hearts && inDeck(c)
	case queenOfDiamonds:
		return isBlack(c.Suit) && inDeck(c)
	case kingOfDiamonds:
		return inDeck(c)
	}
	return false
}

// checkCards finds what is wrong with the cards themselves: one the deck
// lacks, more copies than it holds, or a reading that may not be declared.
// It looks for each of these in turn over all the cards, so that the rule
// reported does not depend on their order.
func checkCards(pieces []piece) (failure, bool) {
	if len(pieces) == 0 {
		return failure{code: failEmpty, piece: -1}, false
	}
	for i, p := range pieces {
		if !inDeck(p.card) {
			return failure{code: failNotInDeck, piece: i}, false
		}
	}
	var seen [5 * 14]uint8
	for i, p := range pieces {
		k := cardIndex(p.card)
		seen[k]++
		if int(seen[k]) > deckCopies(p.card) {
			return failure{code: failCopies, piece: i}, false
		}
	}
	for i, p := range pieces {
		if p.as.IsZero() || p.as == p.card {
			continue // a card declared as itself is read as itself, wild or not
		}
		if p.card.Suit != cards.Diamonds {
			return failure{code: failNotWild, piece: i}, false
		}
		if !mayStandFor(p.card, p.as) {
			return failure{code: failBadReading, piece: i}, false
		}
	}
	return failure{}, true
}

// newSolver sorts pieces, which checkCards has passed, for the search.
func newSolver(pieces []piece, layoff bool) *solver {
	s := &solver{pieces: pieces, layoff: layoff, blackDup: [2]int{-1, -1}, heartDup: -1, slot: [nSlots]int{-1, -1, -1}}
	for i, p := range pieces {
		c := p.card
		switch c.Suit {
		case cards.Diamonds:
			s.slot[c.Rank-cards.Jack] = i
		case cards.Hearts:
			if s.heartMask&(1<<c.Rank) != 0 && s.heartDup < 0 {
				s.heartDup = i
			}
			s.heart[c.Rank]++
			s.heartMask |= 1 << c.Rank
			s.heartN++
			if p.added {
				s.addedHeartN++
			}
		default:
			b := blackIndex(c.Suit)
			if s.blackMask[b]&(1<<c.Rank) != 0 && s.blackDup[b] < 0 {
				s.blackDup[b] = i
			}
			s.black[b][c.Rank]++
			s.blackMask[b] |= 1 << c.Rank
			s.blackN[b]++
			if p.added {
				s.addedBlackN++
			}
			if c.Rank >= cards.Jack && p.added {
				s.addedCourtN++
			}
		}
	}
	return s
}

// run searches the readings in the order of preference: the Royale (it
// scores the most), groups by rank, then series of spades, clubs and
// hearts. It stops at the first valid reading unless collecting.
func (s *solver) run() {
	if s.royale() {
		return
	}
	for r := cards.Ace; r <= cards.King; r++ {
		if s.group(r) {
			return
		}
	}
	if s.blackSeries(cards.Spades) || s.blackSeries(cards.Clubs) {
		return
	}
	s.heartSeries()
}

// accept takes a valid reading and reports whether the search may stop.
func (s *solver) accept(rd reading) bool {
	if s.collect != nil {
		s.collect(rd)
		return false
	}
	s.best, s.found = rd, true
	return true
}

func (s *solver) fail(f failure) {
	if !s.suggested(f.rd) {
		f.stage -= 10 // a reading no card points to is reported only when none does
	}
	if f.deeper(s.bestF) {
		s.bestF = f
	}
}

func (s *solver) slotPiece(w int) piece { return s.pieces[s.slot[w]] }

// royale reads JD QD KD alone as the Diamond Royale (B3.1), unless the
// player declared one of them to stand for another card.
func (s *solver) royale() bool {
	if len(s.pieces) != 3 || s.layoff {
		return false
	}
	for w := range nSlots {
		if s.slot[w] < 0 {
			return false
		}
		if p := s.slotPiece(w); !p.as.IsZero() && p.as != p.card {
			return false
		}
	}
	return s.accept(reading{kind: Royale})
}

// misfits counts the cards that fit a reading and returns the first card,
// in the order given, that cannot belong to it. The fits weigh a natural
// card twice a diamond, since a wild fits almost anywhere and says little
// about the set the player meant; where hearts can only be escorts, only
// as many count as there may be court cards (escorts < 0 means hearts are
// members and count like any card).
func (s *solver) misfits(escorts int, bad func(p piece) bool) (fits, first int) {
	first = -1
	for i, p := range s.pieces {
		switch {
		case bad(p):
			if first < 0 {
				first = i
			}
		case p.card.Suit == cards.Diamonds:
			fits++
		case p.card.Suit == cards.Hearts && escorts >= 0:
			if escorts > 0 {
				fits += 2
				escorts--
			}
		default:
			fits += 2
		}
	}
	return fits, first
}

// memberFits weighs the members of a reading that has too few of them, as
// misfits weighs the cards that fit: too few members, the other cards left
// over as escorts, is no better a guess than cards that do not fit at all
// ("9H 10H JS" was meant as hearts, not as jacks or spades).
func memberFits(members, naturals int) int { return naturals + members }

// wildCourts counts QD and KD, which may stand for black court cards.
func (s *solver) wildCourts() int {
	n := 0
	if s.slot[slotQD] >= 0 {
		n++
	}
	if s.slot[slotKD] >= 0 {
		n++
	}
	return n
}

// groupOptions lists how diamond w may be read in a group of rank r (B3):
// as itself when it has the rank, or as a wild of rank r, or as a heart
// escort when r is a court rank.
func groupOptions(p piece, w int, r cards.Rank, out *[maxOptions]option) int {
	n := 0
	add := func(o option) {
		if !p.as.IsZero() { // a declared reading leaves only the option it names
			switch {
			case o.natural:
				if p.as != p.card {
					return
				}
			case o.escort:
				if p.as.Suit != cards.Hearts {
					return
				}
				o.as = p.as
			case o.as != p.as:
				return
			}
		}
		out[n] = o
		n++
	}
	pip := r <= cards.Ten
	if p.card.Rank == r {
		add(option{natural: true})
	}
	switch w {
	case slotJD:
		if pip {
			add(option{as: cards.Card{Rank: r, Suit: cards.Hearts}})
		} else {
			add(option{escort: true})
		}
	case slotQD:
		add(option{as: cards.Card{Rank: r, Suit: cards.Spades}})
		add(option{as: cards.Card{Rank: r, Suit: cards.Clubs}})
	case slotKD:
		add(option{as: cards.Card{Rank: r, Suit: cards.Spades}})
		add(option{as: cards.Card{Rank: r, Suit: cards.Clubs}})
		switch {
		case pip:
			add(option{as: cards.Card{Rank: r, Suit: cards.Hearts}})
		case r == cards.Jack:
			add(option{as: jackOfDiamonds})
		case r == cards.Queen:
			add(option{as: queenOfDiamonds})
		}
		if !pip {
			add(option{escort: true})
		}
	}
	return n
}

// seriesOptions lists how diamond w may be read in a series of suit st:
// as a member whose rank the window decides (or the declared one), or, in
// a black series, as a heart escort (B3).
func seriesOptions(p piece, w int, st cards.Suit, out *[maxOptions]option) int {
	n := 0
	if p.as == p.card {
		return 0 // a diamond read as itself is only ever in a group or the Royale
	}
	member := (w == slotQD && st != cards.Hearts) || w == slotKD || (w == slotJD && st == cards.Hearts)
	escort := st != cards.Hearts && (w == slotJD || w == slotKD)
	switch {
	case p.as.IsZero():
		if member {
			out[n] = option{free: true}
			n++
		}
		if escort {
			out[n] = option{escort: true}
			n++
		}
	case p.as.Suit == st && member:
		out[n] = option{as: p.as}
		n++
	case p.as.Suit == cards.Hearts && escort:
		out[n] = option{as: p.as, escort: true}
		n++
	}
	return n
}

// heartRoom reports whether the set's hearts, with the extra readings of
// wild hearts, stay within the deck's two copies of each (B3). A heart
// escort of any rank needs some rank with a copy left.
func (s *solver) heartRoom(opts *[nSlots]option) bool {
	counts := s.heart
	total := s.heartN
	for w := range nSlots {
		o := opts[w]
		if s.slot[w] < 0 || !o.escort {
			continue
		}
		total++
		if o.as.IsZero() {
			continue
		}
		counts[o.as.Rank]++
		if counts[o.as.Rank] > 2 {
			return false
		}
	}
	return total <= 20
}

// combos calls leaf with every choice of one option per present diamond.
func (s *solver) combos(opts *[nSlots][maxOptions]option, nopt *[nSlots]int, leaf func(*[nSlots]option) bool) bool {
	var cnt [nSlots]int
	for w := range nSlots {
		cnt[w] = 1
		if s.slot[w] >= 0 {
			cnt[w] = nopt[w]
		}
	}
	var chosen [nSlots]option
	for a := 0; a < cnt[0]; a++ {
		chosen[0] = opts[0][a]
		for b := 0; b < cnt[1]; b++ {
			chosen[1] = opts[1][b]
			for c := 0; c < cnt[2]; c++ {
				chosen[2] = opts[2][c]
				if leaf(&chosen) {
					return true
				}
			}
		}
	}
	return false
}

// group tries the set as a group of rank r (B1), escorts on top (B2).
func (s *solver) group(r cards.Rank) bool {
	pip := r <= cards.Ten
	var opts [nSlots][maxOptions]option
	var nopt [nSlots]int
	if !s.groupWildOptions(r, &opts, &nopt) || !s.groupNaturalsFit(r, pip) {
		s.groupMisfit(r, pip, &nopt)
		return false
	}
	base, copies := s.groupNaturals(r, pip)
	return s.combos(&opts, &nopt, func(chosen *[nSlots]option) bool {
		return s.groupReading(reading{kind: Group, rank: r, opts: *chosen}, base, copies)
	})
}

// groupWildOptions lists in opts and nopt how each diamond present may be
// read in a group of rank r, and reports whether every one of them may.
func (s *solver) groupWildOptions(r cards.Rank, opts *[nSlots][maxOptions]option, nopt *[nSlots]int) bool {
	fit := true
	for w := range nSlots {
		if s.slot[w] >= 0 {
			nopt[w] = groupOptions(s.slotPiece(w), w, r, &opts[w])
			if nopt[w] == 0 {
				fit = false
			}
		}
	}
	return fit
}

// groupNaturalsFit reports whether every natural card may join a group of
// rank r: black cards of the rank, and hearts of the rank in a group of
// pips or as escorts in a group of courts.
func (s *solver) groupNaturalsFit(r cards.Rank, pip bool) bool {
	rb := uint16(1) << r
	return (s.blackMask[0]|s.blackMask[1])&^rb == 0 && !(pip && s.heartMask&^rb != 0)
}

// groupMisfit reports the failure of a group of rank r that some card
// cannot join, naming the first such card; nopt holds the diamonds'
// readings in the group.
func (s *solver) groupMisfit(r cards.Rank, pip bool, nopt *[nSlots]int) {
	escortCap := -1
	if !pip {
		escortCap = int(s.black[0][r]+s.black[1][r]) + s.wildCourts()
	}
	fits, first := s.misfits(escortCap, func(p piece) bool {
		switch p.card.Suit {
		case cards.Diamonds:
			return nopt[p.card.Rank-cards.Jack] == 0
		case cards.Hearts:
			return pip && p.card.Rank != r
		}
		return p.card.Rank != r
	})
	s.fail(failure{stage: 1, fits: fits, code: failMisfit, piece: first, rd: reading{kind: Group, rank: r}})
}

// groupTally counts the parts of a group reading: its members, those of
// them not wild, its black court cards and its heart escorts, and of
// these the ones laid off in this play.
type groupTally struct {
	members, naturals         int
	courts, escorts           int
	addedCourts, addedEscorts int
}

// rankCopies counts the cards of a group's rank that a reading uses, to
// check them against the deck's copies (B3): spades, clubs and hearts,
// two of each in the deck, and each diamond, one of each.
type rankCopies struct {
	suits    [3]int // spades, clubs, hearts
	diamonds [nSlots]int
}

// groupNaturals tallies the natural cards of a group of rank r, before the
// wilds are read: in a group of pips the hearts are members, in a group of
// courts they are escorts.
func (s *solver) groupNaturals(r cards.Rank, pip bool) (groupTally, rankCopies) {
	naturalN := s.blackN[0] + s.blackN[1]
	t := groupTally{}
	copies := rankCopies{suits: [3]int{int(s.black[0][r]), int(s.black[1][r]), 0}}
	if pip {
		naturalN += s.heartN
		copies.suits[2] = int(s.heart[r])
	} else {
		t.courts, t.addedCourts = naturalN, s.addedBlackN
		t.escorts, t.addedEscorts = s.heartN, s.addedHeartN
	}
	t.members, t.naturals = naturalN, naturalN
	return t, copies
}

// groupReading judges the group reading rd, whose natural cards are
// tallied in t and copies, and accepts it or reports why it fails.
func (s *solver) groupReading(rd reading, t groupTally, copies rankCopies) bool {
	full := 2 * len(s.pieces)
	wildCopies := s.groupWilds(&rd.opts, &t, &copies)
	switch {
	case t.members < 3:
		s.fail(failure{stage: 1, fits: memberFits(t.members, t.naturals), code: failTooFew, piece: -1, count: t.members, rd: rd})
	case t.naturals == 0:
		s.fail(failure{stage: 2, fits: full, code: failNoNatural, piece: -1, rd: rd})
	case wildCopies >= 0:
		s.fail(failure{stage: 2, fits: full, code: failWildCopies, piece: wildCopies, rd: rd})
	case t.courts != t.escorts:
		s.fail(failure{stage: 3, fits: full, code: failEscorts, piece: -1, rd: rd})
	case s.layoff && t.addedCourts != t.addedEscorts:
		s.fail(failure{stage: 4, fits: full, code: failLayoffEscorts, piece: -1, rd: rd})
	default:
		return s.accept(rd)
	}
	return false
}

// groupWilds adds the diamonds, read as chosen, to t and copies, and
// returns the index of the first wild that stands for a card the deck has
// no copy left of, or -1 when every one has a copy.
func (s *solver) groupWilds(chosen *[nSlots]option, t *groupTally, copies *rankCopies) int {
	wildCopies := -1
	for w := range nSlots {
		if s.slot[w] < 0 {
			continue
		}
		t.addWild(w, chosen[w], s.slotPiece(w).added, copies)
		if wildCopies < 0 && copies.over() {
			wildCopies = s.slot[w]
		}
	}
	if wildCopies < 0 && !s.heartRoom(chosen) {
		wildCopies = s.escortWild(chosen)
	}
	return wildCopies
}

// addWild counts diamond w, read as o in a group and laid off in this play
// when added, as a member or an escort.
func (t *groupTally) addWild(w int, o option, added bool, copies *rankCopies) {
	switch {
	case o.natural:
		t.members++
		t.naturals++
		copies.diamonds[w]++
	case o.escort:
		t.escorts++
		if added {
			t.addedEscorts++
		}
	default:
		t.members++
		copies.add(o.as)
		if isBlackCourt(o.as) {
			t.courts++
			if added {
				t.addedCourts++
			}
		}
	}
}

// add counts one more card c of the group's rank.
func (u *rankCopies) add(c cards.Card) {
	switch c.Suit {
	case cards.Spades:
		u.suits[0]++
	case cards.Clubs:
		u.suits[1]++
	case cards.Hearts:
		u.suits[2]++
	case cards.Diamonds:
		u.diamonds[c.Rank-cards.Jack]++
	}
}

// over reports whether more cards are used than the deck holds.
func (u *rankCopies) over() bool {
	return u.suits[0] > 2 || u.suits[1] > 2 || u.suits[2] > 2 || u.diamonds[0] > 1 || u.diamonds[1] > 1 || u.diamonds[2] > 1
}

// blackSeries tries the set as a series of spades or clubs (B1), which may
// wrap from K to A to 2, every court card with its heart escort (B2).
func (s *solver) blackSeries(st cards.Suit) bool {
	b := blackIndex(st)
	var opts [nSlots][maxOptions]option
	var nopt [nSlots]int
	if !s.seriesWildOptions(st, &opts, &nopt) || s.blackN[1-b] > 0 {
		s.blackSeriesMisfit(st, &nopt)
		return false
	}
	if s.blackDup[b] >= 0 {
		s.fail(failure{stage: 2, fits: 2 * len(s.pieces), code: failDuplicate, piece: s.blackDup[b], rd: reading{kind: Series, suit: st}})
		return false
	}
	return s.combos(&opts, &nopt, func(chosen *[nSlots]option) bool {
		return s.blackSeriesReading(reading{kind: Series, suit: st, opts: *chosen})
	})
}

// seriesWildOptions lists in opts and nopt how each diamond present may be
// read in a series of suit st, and reports whether every one of them may.
func (s *solver) seriesWildOptions(st cards.Suit, opts *[nSlots][maxOptions]option, nopt *[nSlots]int) bool {
	fit := true
	for w := range nSlots {
		if s.slot[w] >= 0 {
			nopt[w] = seriesOptions(s.slotPiece(w), w, st, &opts[w])
			if nopt[w] == 0 {
				fit = false
			}
		}
	}
	return fit
}

// blackSeriesMisfit reports the failure of a series of suit st that some
// card cannot join, naming the first such card; nopt holds the diamonds'
// readings in the series. Hearts always fit, as escorts.
func (s *solver) blackSeriesMisfit(st cards.Suit, nopt *[nSlots]int) {
	escortCap := bits.OnesCount16(s.blackMask[blackIndex(st)]&courtBits) + s.wildCourts()
	fits, first := s.misfits(escortCap, func(p piece) bool {
		switch p.card.Suit {
		case cards.Diamonds:
			return nopt[p.card.Rank-cards.Jack] == 0
		case cards.Hearts:
			return false
		}
		return p.card.Suit != st
	})
	s.fail(failure{stage: 1, fits: fits, code: failMisfit, piece: first, rd: reading{kind: Series, suit: st}})
}

// seriesTally counts the parts of a black series reading beyond its
// natural members: the ranks the wilds are read as, and of these the ones
// laid off in this play; the wilds whose rank the window decides; and the
// heart escorts.
type seriesTally struct {
	fixedMask, addedFixedMask uint16
	freeN, freeAdded          int
	escorts, addedEscorts     int
}

// blackSeriesReading judges the black series reading rd, whatever its
// window, and accepts it or reports why it fails.
func (s *solver) blackSeriesReading(rd reading) bool {
	b := blackIndex(rd.suit)
	natMask, natN := s.blackMask[b], s.blackN[b]
	t, dup := s.blackSeriesWilds(&rd.opts, natMask)
	if dup >= 0 {
		s.fail(failure{stage: 2, fits: 2 * len(s.pieces), code: failDuplicate, piece: dup, rd: rd})
		return false
	}
	rd.length = natN + bits.OnesCount16(t.fixedMask) + t.freeN
	if !s.blackSeriesShape(rd, natN) {
		return false
	}
	bestStart, escortStart, layoffStart := s.blackWindows(rd, natMask|t.fixedMask, &t)
	return s.settleBlackSeries(rd, t.freeN, bestStart, escortStart, layoffStart)
}

// blackSeriesWilds tallies the diamonds of a black series, read as chosen,
// beyond the natural members natMask. It returns the index of a wild read
// as a rank the series already holds, or -1.
func (s *solver) blackSeriesWilds(chosen *[nSlots]option, natMask uint16) (seriesTally, int) {
	t := seriesTally{escorts: s.heartN, addedEscorts: s.addedHeartN}
	for w := range nSlots {
		if s.slot[w] < 0 {
			continue
		}
		o, added := chosen[w], s.slotPiece(w).added
		switch {
		case o.escort:
			t.escorts++
			if added {
				t.addedEscorts++
			}
		case o.free:
			t.freeN++
			if added {
				t.freeAdded++
			}
		default:
			bit := uint16(1) << o.as.Rank
			if (natMask|t.fixedMask)&bit != 0 {
				return t, s.slot[w]
			}
			t.fixedMask |= bit
			if added {
				t.addedFixedMask |= bit
			}
		}
	}
	return t, -1
}

// blackSeriesShape reports whether the black series reading rd, with natN
// natural members, has a size a series may have and a heart for every
// wild escort, reporting the failure when not.
func (s *solver) blackSeriesShape(rd reading, natN int) bool {
	full := 2 * len(s.pieces)
	l := rd.length
	switch {
	case l < 3:
		s.fail(failure{stage: 1, fits: memberFits(l, natN), code: failTooFew, piece: -1, count: l, rd: rd})
	case natN == 0:
		s.fail(failure{stage: 2, fits: full, code: failNoNatural, piece: -1, rd: rd})
	case l > 13:
		s.fail(failure{stage: 2, fits: full, code: failTooLong, piece: -1, count: 13, rd: rd})
	case !s.heartRoom(&rd.opts):
		s.fail(failure{stage: 2, fits: full, code: failWildCopies, piece: s.escortWild(&rd.opts), rd: rd})
	default:
		return true
	}
	return false
}

// blackWindows tries every window of rd.length ranks holding the ranks
// need, passing each valid one to collect when collecting. It returns the
// start of the valid window with the fewest leading gaps, or 0, and the
// first start whose window fails only on the escorts (B2), or only on the
// escorts of a lay-off, or 0.
func (s *solver) blackWindows(rd reading, need uint16, t *seriesTally) (bestStart, escortStart, layoffStart int) {
	l := rd.length
	bestLead := 99
	for start := cards.Ace; start <= cards.King; start++ {
		win := windows[l][start]
		if need&^win != 0 {
			continue
		}
		if bits.OnesCount16(win&courtBits) != t.escorts {
			if escortStart == 0 {
				escortStart = int(start)
			}
			continue
		}
		if s.layoff && !s.layoffEscortsFit(win, need, t) {
			if layoffStart == 0 {
				layoffStart = int(start)
			}
			continue
		}
		if s.collect != nil {
			all := rd
			all.start = start
			s.collect(all)
		}
		if lead := leadingGaps(need, start, l); lead < bestLead {
			bestLead, bestStart = lead, int(start)
		}
	}
	return bestStart, escortStart, layoffStart
}

// layoffEscortsFit reports whether the window win of a lay-off, holding
// the ranks need, can give the laid-off hearts exactly as many laid-off
// court cards to escort: the court ranks of the window no card fixes are
// filled by free wilds, laid off or not.
func (s *solver) layoffEscortsFit(win, need uint16, t *seriesTally) bool {
	addedFixedCourts := s.addedCourtN + bits.OnesCount16(t.addedFixedMask&courtBits)
	courtGaps := bits.OnesCount16(win &^ need & courtBits)
	want := t.addedEscorts - addedFixedCourts
	lo, hi := max(0, courtGaps-(t.freeN-t.freeAdded)), min(t.freeAdded, courtGaps)
	return want >= lo && want <= hi
}

// settleBlackSeries accepts the black series reading rd from bestStart, or
// reports why no window of it is valid: the escorts of a lay-off, the
// escorts, or a gap that freeN free wilds do not fill.
func (s *solver) settleBlackSeries(rd reading, freeN, bestStart, escortStart, layoffStart int) bool {
	full := 2 * len(s.pieces)
	switch {
	case bestStart > 0:
		rd.start = cards.Rank(bestStart)
		return s.accept(rd)
	case layoffStart > 0:
		rd.start = cards.Rank(layoffStart)
		s.fail(failure{stage: 4, fits: full, code: failLayoffEscorts, piece: -1, rd: rd})
	case escortStart > 0:
		rd.start = cards.Rank(escortStart)
		s.fail(failure{stage: 3, fits: full, code: failEscorts, piece: -1, rd: rd})
	default:
		s.fail(failure{stage: 2, fits: full, code: failGap, piece: -1, count: freeN, rd: rd})
	}
	return false
}

// escortWild returns the index of a wild read as a heart escort, for the
// reason when the deck has no heart left for it.
func (s *solver) escortWild(chosen *[nSlots]option) int {
	for w := nSlots - 1; w >= 0; w-- {
		if s.slot[w] >= 0 && chosen[w].escort {
			return s.slot[w]
		}
	}
	return -1
}

// leadingGaps counts the wild-filled places before the first fixed card of
// a series window. The reading with the fewest is preferred: wilds are read
// as extending a series upwards (3C 4C QD is 3-4-5), as players lay them.
func leadingGaps(need uint16, start cards.Rank, l int) int {
	for i := 0; i < l; i++ {
		if need&(1<<((int(start)-1+i)%13+1)) != 0 {
			return i
		}
	}
	return l
}

// heartSeries tries the set as a series of hearts (B1): A to 10, never
// wrapping, and never with a court card, so never with an escort.
func (s *solver) heartSeries() bool {
	var opts [nSlots][maxOptions]option
	var nopt [nSlots]int
	bad := 0
	for w := range nSlots {
		if s.slot[w] >= 0 {
			nopt[w] = seriesOptions(s.slotPiece(w), w, cards.Hearts, &opts[w])
			if nopt[w] == 0 {
				bad++
			}
		}
	}
	if bad > 0 || s.blackN[0]+s.blackN[1] > 0 {
		fits, first := s.misfits(-1, func(p piece) bool {
			if p.card.Suit == cards.Diamonds {
				return nopt[p.card.Rank-cards.Jack] == 0
			}
			return p.card.Suit != cards.Hearts
		})
		s.fail(failure{stage: 1, fits: fits, code: failMisfit, piece: first, rd: reading{kind: Series, suit: cards.Hearts}})
		return false
	}
	full := 2 * len(s.pieces)
	if s.heartDup >= 0 {
		s.fail(failure{stage: 2, fits: full, code: failDuplicate, piece: s.heartDup, rd: reading{kind: Series, suit: cards.Hearts}})
		return false
	}
	return s.combos(&opts, &nopt, func(chosen *[nSlots]option) bool {
		rd := reading{kind: Series, suit: cards.Hearts, opts: *chosen}
		fixedMask := uint16(0)
		freeN := 0
		for w := range nSlots {
			if s.slot[w] < 0 {
				continue
			}
			o := chosen[w]
			if o.free {
				freeN++
				continue
			}
			bit := uint16(1) << o.as.Rank
			if (s.heartMask|fixedMask)&bit != 0 {
				s.fail(failure{stage: 2, fits: full, code: failDuplicate, piece: s.slot[w], rd: rd})
				return false
			}
			fixedMask |= bit
		}
		l := len(s.pieces)
		rd.length = l
		switch {
		case l < 3:
			s.fail(failure{stage: 1, fits: memberFits(l, s.heartN), code: failTooFew, piece: -1, count: l, rd: rd})
			return false
		case s.heartN == 0:
			s.fail(failure{stage: 2, fits: full, code: failNoNatural, piece: -1, rd: rd})
			return false
		case l > 10:
			s.fail(failure{stage: 2, fits: full, code: failTooLong, piece: -1, count: 10, rd: rd})
			return false
		}
		need := s.heartMask | fixedMask
		bestLead, bestStart := 99, 0
		for start := cards.Ace; int(start)+l-1 <= 10; start++ {
			win := uint16((1<<l)-1) << start
			if need&^win != 0 {
				continue
			}
			if s.collect != nil {
				all := rd
				all.start = start
				s.collect(all)
			}
			if lead := bits.TrailingZeros16(need >> start); lead < bestLead {
				bestLead, bestStart = lead, int(start)
			}
		}
		if bestStart > 0 {
			rd.start = cards.Rank(bestStart)
			return s.accept(rd)
		}
		code := failGap
		for start := 1; start <= 10; start++ { // would a wrap from 10 to A have made it? (B1)
			var win uint16
			for i := 0; i < l; i++ {
				win |= 1 << ((start-1+i)%10 + 1)
			}
			if need&^win == 0 {
				code = failHeartWrap
				break
			}
		}
		s.fail(failure{stage: 2, fits: full, code: code, piece: -1, count: freeN, rd: rd})
		return false
	})
}
