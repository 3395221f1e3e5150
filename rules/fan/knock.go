package fan

import "context"

// knockPlan is what the knocker lays down and how the defender replies.
type knockPlan struct {
	melds    []uint64 // knocker-local masks, in the order laid
	deadwood int      // the knocker's deadwood
	options  [][]layoffOption
	reply    reply
}

// bestKnock finds the knocker's melds when the knocker did not say which
// were laid (N5): among every arrangement of the hand within the knock
// value, including those that keep a meld in hand, the one whose result
// after the defender's best reply is best for the knocker. Every N6 score
// rises with (defender's deadwood - knocker's deadwood), so that
// difference is what is maximised. Laying a set instead of a run, or not
// laying a meld at all, can be better than the least deadwood, because it
// blocks lay-offs.
//
// Ties between equally good arrangements go to the least knocker deadwood,
// then to the fewest melds (a long run rather than the same cards as two
// runs), then to the first in the search order: melds are tried by their
// lowest card (rank, then suit S H D C), a set of four before a set of
// three before a run, a longer run before a shorter one, and a meld is
// tried laid before not laid.
//
// The caller has checked that the hand's least deadwood is within
// knockValue, so some arrangement qualifies. The search checks ctx every
// checkEvery arrangements and returns ctx.Err() once it is done.
func bestKnock(ctx context.Context, knocker, def *hand, knockValue int) (knockPlan, error) {
	s := knockSearch{
		ctx:        ctx,
		knocker:    knocker,
		def:        def,
		knockValue: knockValue,
		total:      knocker.value(knocker.full()),
		options:    make([][]layoffOption, len(knocker.melds)),
		reachable:  make([]uint64, len(knocker.melds)+1),
	}
	for i, meld := range knocker.melds {
		s.options[i] = layoffOptions(def, knocker.cardsOf(meld))
	}
	for i := len(knocker.melds) - 1; i >= 0; i-- {
		s.reachable[i] = s.reachable[i+1] | knocker.melds[i]
	}
	s.walk(0, 0, 0)
	return s.best, s.err
}

// checkEvery is how many arrangements the search judges between two looks
// at its context: a few microseconds' work. The most a deal of the rules
// has found so far is 27 (BenchmarkScoreMostArrangements).
const checkEvery = 8

type knockSearch struct {
	ctx          context.Context
	err          error // ctx.Err() once seen, which ends the search
	leaves       int   // arrangements judged
	knocker, def *hand
	knockValue   int
	total        int              // value of the whole knocker hand
	options      [][]layoffOption // per candidate meld
	reachable    []uint64         // reachable[i]: cards in candidates i and later
	chosen       []int            // candidate indexes laid so far
	picked       [][]layoffOption // their options, in step with chosen
	best         knockPlan
	bestScore    int
	found        bool
}

func (s *knockSearch) walk(next int, used uint64, melded int) {
	if s.err != nil {
		return
	}
	// Even melding every card the later candidates hold cannot bring the
	// deadwood within the knock value: prune.
	if s.total-melded-s.knocker.value(s.reachable[next]&^used) > s.knockValue {
		return
	}
	if next == len(s.knocker.melds) {
		s.leaf(s.total - melded)
		return
	}
	if meld := s.knocker.melds[next]; meld&used == 0 {
		s.chosen = append(s.chosen, next)
		s.picked = append(s.picked, s.options[next])
		s.walk(next+1, used|meld, melded+s.knocker.value(meld))
		s.chosen = s.chosen[:len(s.chosen)-1]
		s.picked = s.picked[:len(s.picked)-1]
	}
	s.walk(next+1, used, melded)
}

func (s *knockSearch) leaf(deadwood int) {
	if s.leaves++; s.leaves%checkEvery == 0 {
		if s.err = s.ctx.Err(); s.err != nil {
			return
		}
	}
	r := bestReply(s.def, s.picked)
	score := r.deadwood - deadwood
	if s.found {
		switch {
		case score != s.bestScore:
			if score < s.bestScore {
				return
			}
		case deadwood != s.best.deadwood:
			if deadwood > s.best.deadwood {
				return
			}
		case len(s.chosen) >= len(s.best.melds):
			return
		}
	}
	s.found, s.bestScore = true, score
	s.best = knockPlan{deadwood: deadwood, reply: r, melds: make([]uint64, len(s.chosen)), options: make([][]layoffOption, len(s.chosen))}
	for i, c := range s.chosen {
		s.best.melds[i] = s.knocker.melds[c]
		s.best.options[i] = s.options[c]
	}
}
