package fan

import (
	"math/bits"

	"meldpad/rules/cards"
)

// Layoff is one defender card laid off onto one of the knocker's melds
// (N5). Meld indexes Result.Melds[knocker]. Lay-offs are listed in an order
// in which they can be made one after another: a run grows outwards from
// its ends.
type Layoff struct {
	Card cards.Card
	Meld int
}

// layoffOption is one way the defender can add cards to one knocker meld:
// a mask of defender cards and the order to lay them.
type layoffOption struct {
	mask  uint64       // defender-local bits
	order []cards.Card // lay order: down the run from its low end, then up from its top
}

// layoffOptions lists every choice of the defender's cards that can be laid
// off onto meld, one after another (N5), the empty choice first. A set of
// three takes its fourth card; a run takes a chain of cards below its low
// end and a chain above its top, each as long as the defender's cards
// reach. meld must be a valid meld.
func layoffOptions(def *hand, meld []cards.Card) []layoffOption {
	options := []layoffOption{{}}
	if judge(meld).kind == Set {
		if len(meld) != 3 {
			return options
		}
		var suits [5]bool
		for _, c := range meld {
			suits[c.Suit] = true
		}
		for _, s := range cards.StandardSuits() {
			fourth := cards.Card{Rank: meld[0].Rank, Suit: s}
			if b, ok := def.bit(fourth); ok && !suits[s] {
				options = append(options, layoffOption{mask: 1 << b, order: []cards.Card{fourth}})
			}
		}
		return options
	}
	lo, hi := meld[0].Rank, meld[0].Rank
	for _, c := range meld {
		lo, hi = min(lo, c.Rank), max(hi, c.Rank)
	}
	var down, up []cards.Card
	for r := lo - 1; r >= cards.Ace; r-- {
		c := cards.Card{Rank: r, Suit: meld[0].Suit}
		if _, ok := def.bit(c); !ok {
			break
		}
		down = append(down, c)
	}
	for r := hi + 1; r <= cards.King; r++ {
		c := cards.Card{Rank: r, Suit: meld[0].Suit}
		if _, ok := def.bit(c); !ok {
			break
		}
		up = append(up, c)
	}
	for d := 0; d <= len(down); d++ {
		for u := 0; u <= len(up); u++ {
			if d+u == 0 {
				continue
			}
			o := layoffOption{order: append(append([]cards.Card{}, down[:d]...), up[:u]...)}
			for _, c := range o.order {
				b, _ := def.bit(c)
				o.mask |= 1 << b
			}
			options = append(options, o)
		}
	}
	return options
}

// bit returns c's local bit in the hand, if the hand holds c.
func (h *hand) bit(c cards.Card) (int, bool) {
	g, ok := index(c)
	if !ok || h.local[g] < 0 {
		return 0, false
	}
	return int(h.local[g]), true
}

// reply is the defender's answer to a knock (N5): lay-offs, one option
// per knocker meld, and the deadwood left once the rest is melded.
type reply struct {
	deadwood int    // least deadwood after the lay-offs (N3)
	laid     uint64 // defender-local mask of the laid-off cards
	picks    []int  // picks[j]: index of the option taken for knocker meld j
}

// bestReply finds the defender's lay-offs and own melds that leave the
// least deadwood (N5), searching every combination of lay-off options
// exactly: a card laid off is one the defender cannot meld, and the other
// way round. Among equal deadwood it lays off the fewest cards, since a
// player melds their own cards first, then the first combination in the
// order of the options (fewer cards on earlier melds first).
func bestReply(def *hand, options [][]layoffOption) reply {
	s := replySearch{def: def, options: options, picks: make([]int, len(options))}
	s.best.deadwood = -1
	s.walk(0, 0)
	return s.best
}

type replySearch struct {
	def     *hand
	options [][]layoffOption
	picks   []int
	best    reply
}

func (s *replySearch) walk(j int, laid uint64) {
	if j == len(s.options) {
		dw := s.def.least(s.def.full() &^ laid)
		if s.best.deadwood < 0 || dw < s.best.deadwood ||
			dw == s.best.deadwood && bits.OnesCount64(laid) < bits.OnesCount64(s.best.laid) {
			s.best = reply{deadwood: dw, laid: laid, picks: append(s.best.picks[:0], s.picks...)}
		}
		return
	}
	for k, o := range s.options[j] {
		if o.mask&laid == 0 {
			s.picks[j] = k
			s.walk(j+1, laid|o.mask)
		}
	}
}
