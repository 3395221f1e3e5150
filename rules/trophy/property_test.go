package trophy

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// model is an independent, slow reading of T1-T6 used to generate legal
// tricks: it keeps the hands as plain slices and recomputes everything
// from the plays, sharing no code with the referee.
type model struct {
	players int
	hands   [][]cards.Card // what each seat still holds
	folded  []bool
	turn    int
	plays   []Play
	ended   bool
	winner  int
	trumped bool
}

func (m *model) led() (cards.Card, bool) {
	for _, p := range m.plays {
		if !p.Fold {
			return p.Card, true
		}
	}
	return cards.Card{}, false
}

// rank is T4 from scratch: tier by first appearance among in-colour suits.
func (m *model) rank(c cards.Card) int {
	lead, _ := m.led()
	switch {
	case c.IsTrump():
		return 1000
	case c.Suit.Colour() != lead.Suit.Colour():
		return 1
	}
	var order []cards.Suit
	for _, p := range m.plays {
		if !p.Fold && !p.Card.IsTrump() && p.Card.Suit.Colour() == lead.Suit.Colour() && !slices.Contains(order, p.Card.Suit) {
			order = append(order, p.Card.Suit)
		}
	}
	tier := slices.Index(order, c.Suit)
	r := int(c.Rank)
	if c.Rank == cards.Infinity {
		r = 10
	}
	return 100 + 20*tier + r
}

// moves lists what the seat to act may do: a nil card stands for a fold.
func (m *model) moves() []*cards.Card {
	hand := m.hands[m.turn]
	var out []*cards.Card
	lead, led := m.led()
	if !led {
		for i := range hand {
			if !hand[i].IsTrump() {
				out = append(out, &hand[i])
			}
		}
		return out
	}
	holdsColour, holdsSuit := false, false
	for _, c := range hand {
		holdsColour = holdsColour || (!c.IsTrump() && c.Suit.Colour() == lead.Suit.Colour())
		holdsSuit = holdsSuit || (!c.IsTrump() && c.Suit == lead.Suit)
	}
	for i := range hand {
		if !holdsColour || (!hand[i].IsTrump() && hand[i].Suit.Colour() == lead.Suit.Colour()) {
			out = append(out, &hand[i])
		}
	}
	if !holdsSuit {
		out = append(out, nil)
	}
	return out
}

func (m *model) act(p Play) {
	m.plays = append(m.plays, p)
	if p.Fold {
		m.folded[p.Seat] = true
	} else {
		i := slices.Index(m.hands[p.Seat], p.Card)
		m.hands[p.Seat] = slices.Delete(slices.Clone(m.hands[p.Seat]), i, i+1)
		if p.Card.IsTrump() {
			m.ended, m.winner, m.trumped, m.turn = true, p.Seat, true, -1
			return
		}
	}
	var in []int
	for s := 0; s < m.players; s++ {
		if !m.folded[s] {
			in = append(in, s)
		}
	}
	if len(in) == 1 {
		m.ended, m.winner, m.turn = true, in[0], -1
		return
	}
	for k := 1; k <= m.players; k++ {
		s := (p.Seat + k) % m.players
		if !m.folded[s] && len(m.hands[s]) > 0 {
			m.turn = s
			return
		}
	}
	// Everybody still in is out of cards: their highest card wins, the
	// first played among cards that rank alike.
	best, bestRank := -1, -1
	for _, p := range m.plays {
		if !p.Fold && !m.folded[p.Seat] && m.rank(p.Card) > bestRank {
			best, bestRank = p.Seat, m.rank(p.Card)
		}
	}
	m.ended, m.winner, m.turn = true, best, -1
}

// randomLegalTrick deals random hands (sometimes short, so that players
// run out of cards) and plays a legal trick to its end.
func randomLegalTrick(rng *rand.Rand) (Trick, *model) {
	players := MinPlayers + rng.IntN(MaxPlayers-MinPlayers+1)
	deck := cards.Fanucci().Cards()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	// Deal from a few colours only, so that tricks stay in colour often.
	if rng.IntN(2) == 0 {
		colours := map[cards.Colour]bool{cards.Red: true, cards.FanucciColours()[rng.IntN(5)]: true}
		deck = slices.DeleteFunc(deck, func(c cards.Card) bool { return !c.IsTrump() && !colours[c.Colour()] })
	}
	t := Trick{Players: players, Leader: rng.IntN(players), Hands: make([][]cards.Card, players)}
	size := 1 + rng.IntN(min(HandSize(players), len(deck)/players))
	for seat := range t.Hands {
		t.Hands[seat], deck = deck[:size:size], deck[size:]
	}
	if MustRedeal(t.Hands[t.Leader]) {
		// T1 forbids this lead; deal again rather than test it here.
		return randomLegalTrick(rng)
	}
	m := &model{players: players, hands: slices.Clone(t.Hands), folded: make([]bool, players), turn: t.Leader, winner: -1}
	foldBias := 1 + rng.IntN(4)
	for !m.ended {
		moves := m.moves()
		choice := moves[rng.IntN(len(moves))]
		if moves[len(moves)-1] == nil && rng.IntN(foldBias) == 0 {
			choice = nil
		}
		p := Play{Seat: m.turn, Fold: choice == nil}
		if choice != nil {
			p.Card = *choice
		}
		m.act(p)
	}
	t.Plays = m.plays
	return t, m
}

// TestScoreLegalTricks plays random legal tricks (T1-T6) and checks that
// every prefix is accepted, that the referee agrees with the model on
// whose turn it is, and that the ended trick has exactly one winner, one
// still in, who scores what T7 gives.
func TestScoreLegalTricks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	endings := map[Ending]int{}
	for n := 0; n < 3000; n++ {
		trick, m := randomLegalTrick(rng)
		replay := &model{players: trick.Players, hands: slices.Clone(trick.Hands), folded: make([]bool, trick.Players), turn: trick.Leader, winner: -1}
		for i := 0; i <= len(trick.Plays); i++ {
			part := trick
			part.Plays = trick.Plays[:i]
			res, err := Score(part)
			if err != nil {
				t.Fatalf("legal trick %+v, first %d plays: %v", trick, i, err)
			}
			if res.Ended != replay.ended || res.Next != replay.turn || res.Winner != replay.winner {
				t.Fatalf("trick %+v after %d plays: ended %v next %d winner %d; model says %v %d %d",
					trick, i, res.Ended, res.Next, res.Winner, replay.ended, replay.turn, replay.winner)
			}
			if i < len(trick.Plays) {
				replay.act(trick.Plays[i])
			}
		}
		res, _ := Score(trick)
		endings[res.Ending]++
		stillIn := 0
		for _, f := range res.Folded {
			if !f {
				stillIn++
			}
		}
		if !res.Ended || res.Winner < 0 || res.Folded[res.Winner] || res.Winner != m.winner {
			t.Fatalf("trick %+v: winner %d, model %d", trick, res.Winner, m.winner)
		}
		if res.Ending == ByFolds && stillIn != 1 {
			t.Fatalf("trick %+v won by folds with %d players in", trick, stillIn)
		}
		points := 0
		for _, p := range trick.Plays {
			if p.Fold || p.Card.IsTrump() {
				continue
			}
			switch {
			case p.Card.Rank == 8 || p.Card.Rank == 9:
				points++
			case p.Card.Rank == cards.Infinity:
				points += 2
			case p.Card.Rank == 0 && m.trumped:
				points++
			}
		}
		handEnds := slices.ContainsFunc(m.hands, func(h []cards.Card) bool { return len(h) == 0 })
		if res.Points != points || res.HandEnds != handEnds || res.NextLeader != (m.winner+1)%trick.Players {
			t.Fatalf("trick %+v: points %d handEnds %v nextLeader %d; want %d %v %d",
				trick, res.Points, res.HandEnds, res.NextLeader, points, handEnds, (m.winner+1)%trick.Players)
		}
	}
	for _, e := range []Ending{ByTrump, ByFolds, ByOutOfCards} {
		if endings[e] == 0 {
			t.Errorf("no random trick ended %v: the generator misses a case", e)
		}
	}
}

// randomTrick builds any trick, legal or not, with or without hands.
func randomTrick(rng *rand.Rand) Trick {
	if rng.IntN(2) == 0 {
		trick, _ := randomLegalTrick(rng)
		if rng.IntN(2) == 0 && len(trick.Plays) > 0 {
			// Break it: move, drop or change a play.
			i := rng.IntN(len(trick.Plays))
			switch rng.IntN(3) {
			case 0:
				trick.Plays = slices.Delete(slices.Clone(trick.Plays), i, i+1)
			case 1:
				trick.Plays = slices.Clone(trick.Plays)
				trick.Plays[i].Seat = rng.IntN(trick.Players)
			case 2:
				trick.Plays = slices.Clone(trick.Plays)
				trick.Plays[i] = Play{Seat: trick.Plays[i].Seat, Fold: true}
			}
		}
		if rng.IntN(3) == 0 {
			trick.Hands = nil
		}
		return trick
	}
	players := MinPlayers + rng.IntN(3)
	deck := cards.Fanucci().Cards()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	t := Trick{Players: players, Leader: rng.IntN(players)}
	seat := t.Leader
	for i := rng.IntN(12); i > 0; i-- {
		if rng.IntN(4) == 0 {
			seat = rng.IntN(players)
		}
		p := Play{Seat: seat, Fold: rng.IntN(4) == 0}
		if !p.Fold {
			p.Card, deck = deck[0], deck[1:]
		}
		t.Plays = append(t.Plays, p)
		seat = (seat + 1) % players
	}
	return t
}

// rotate renumbers every seat s as s+k, wrapping.
func rotate(t Trick, k int) Trick {
	shift := func(s int) int { return (s + k) % t.Players }
	out := Trick{Players: t.Players, Leader: shift(t.Leader)}
	for _, p := range t.Plays {
		p.Seat = shift(p.Seat)
		out.Plays = append(out.Plays, p)
	}
	if t.Hands != nil {
		out.Hands = make([][]cards.Card, t.Players)
		for s, h := range t.Hands {
			out.Hands[shift(s)] = h
		}
	}
	return out
}

// TestScoreRotation: seats are only names around the table, so turning
// the table by k seats turns every seat in the result by k and changes
// nothing else (T2).
func TestScoreRotation(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 3000; n++ {
		trick := randomTrick(rng)
		k := 1 + rng.IntN(trick.Players-1)
		shift := func(s int) int {
			if s < 0 {
				return s
			}
			return (s + k) % trick.Players
		}
		res, err := Score(trick)
		rot, rotErr := Score(rotate(trick, k))
		if ruleOf(err) != ruleOf(rotErr) {
			t.Fatalf("trick %+v: error %v; rotated by %d: %v", trick, err, k, rotErr)
		}
		if err != nil {
			continue
		}
		folded := make([]bool, trick.Players)
		for s, f := range res.Folded {
			folded[shift(s)] = f
		}
		if rot.Winner != shift(res.Winner) || rot.Highest != shift(res.Highest) || rot.Next != shift(res.Next) ||
			rot.NextLeader != shift(res.NextLeader) || !slices.Equal(rot.Folded, folded) ||
			rot.Points != res.Points || rot.Trumped != res.Trumped || rot.Ending != res.Ending ||
			rot.HandEnds != res.HandEnds || rot.HighestCard != res.HighestCard {
			t.Fatalf("trick %+v\n%+v\nrotated by %d:\n%+v", trick, res, k, rot)
		}
	}
}

// TestScoreSuitRelabelling: nothing in T1-T7 depends on which colour is
// which or on the order of a colour's suits, so renaming suits by any
// bijection that keeps colours together leaves the result unchanged.
func TestScoreSuitRelabelling(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	colours := cards.FanucciColours()
	for n := 0; n < 2000; n++ {
		perm := rng.Perm(len(colours))
		rename := map[cards.Suit]cards.Suit{}
		for i, from := range colours {
			to := colours[perm[i]].Suits()
			rng.Shuffle(len(to), func(a, b int) { to[a], to[b] = to[b], to[a] })
			for j, s := range from.Suits() {
				rename[s] = to[j]
			}
		}
		relabel := func(c cards.Card) cards.Card {
			if s, ok := rename[c.Suit]; ok {
				c.Suit = s
			}
			return c
		}
		trick := randomTrick(rng)
		moved := Trick{Players: trick.Players, Leader: trick.Leader}
		for _, p := range trick.Plays {
			p.Card = relabel(p.Card)
			moved.Plays = append(moved.Plays, p)
		}
		for _, h := range trick.Hands {
			var nh []cards.Card
			for _, c := range h {
				nh = append(nh, relabel(c))
			}
			moved.Hands = append(moved.Hands, nh)
		}
		res, err := Score(trick)
		got, gotErr := Score(moved)
		if ruleOf(err) != ruleOf(gotErr) {
			t.Fatalf("trick %+v: error %v; relabelled: %v", trick, err, gotErr)
		}
		if err != nil {
			continue
		}
		if got.Winner != res.Winner || got.Highest != res.Highest || got.Next != res.Next ||
			got.Points != res.Points || got.Ending != res.Ending || got.HandEnds != res.HandEnds ||
			got.HighestCard != relabel(res.HighestCard) {
			t.Fatalf("trick %+v\n%+v\nrelabelled:\n%+v", trick, res, got)
		}
	}
}

// ruleOf names an error for comparison: its rule id, "input" for an
// *InputError, "" for none.
func ruleOf(err error) string {
	if err == nil {
		return ""
	}
	if rule, ok := ruling.RuleOf(err); ok {
		return rule
	}
	var ie *InputError
	if errors.As(err, &ie) {
		return "input:" + ie.Field
	}
	return "other: " + err.Error()
}
