package event

import (
	"cmp"
	"context"
	"slices"

	"meldpad/rules/seating"
)

// State is where an event stands when its next round is seated.
type State struct {
	Round int // the round to seat, from 1
	// Ranked are the players to seat (those present this round), best
	// first by the standings, players level in an order drawn (Ranked).
	Ranked []int64
	// Met lists every meeting so far, once for each table two players
	// shared (tables that do not count included: they still met).
	Met [][2]int64
	// Byes counts the byes each player has had.
	Byes map[int64]int
	// Plan is the plan kept from an earlier round, or nil.
	Plan *Plan
	// Seed draws among equally good seatings: the same State and Seed
	// give the same seating.
	Seed uint64
}

// Seating is one round: its tables, best-ranked first, each listing its
// players best-ranked first, and the players who sit out.
type Seating struct {
	Tables [][]int64 `json:"tables"`
	Bye    []int64   `json:"bye,omitempty"`
}

// Plan is the rounds seated ahead, kept from one round to the next.
type Plan struct {
	From    int       `json:"from"`    // the round of Rounds[0]
	Players []int64   `json:"players"` // whom it seats: it holds while they are the players present
	Rounds  []Seating `json:"rounds"`
}

// seats returns the plan's seating of round when the plan reaches it and
// the players present are those it was made for.
func (p *Plan) seats(round int, players []int64) (Seating, bool) {
	if p == nil || round < p.From || round >= p.From+len(p.Rounds) || len(p.Players) != len(players) {
		return Seating{}, false
	}
	planned := slices.Clone(p.Players)
	present := slices.Clone(players)
	slices.Sort(planned)
	slices.Sort(present)
	if !slices.Equal(planned, present) {
		return Seating{}, false
	}
	return p.Rounds[round-p.From], true
}

// Next seats round st.Round of an event run as cfg says, and returns the
// plan to keep for the rounds after it (nil when there is none).
//
//   - Tables of more than two (and tables of two for the fewest
//     repeats): when everyone present fits the sizes allowed, every round
//     left is planned at once with package seating, which reaches the
//     best schedules known (no pair meeting twice where a design allows
//     it); the plan holds for the rounds after, as long as the same
//     players are present. A late arrival or a drop makes it plan the
//     rest again, from the meetings so far. When someone must sit out,
//     the byes go to the lowest-ranked of those with the fewest byes
//     (ChooseByes), and the round alone is seated for the fewest repeats.
//   - Swiss: the byes as above (one at most), then players of equal
//     standing paired, never twice (PairSwiss); should that be
//     impossible, the round is seated for the fewest repeats.
//   - Round robin: everyone against everyone, all the rounds left
//     planned at once (the circle method, through package seating); with
//     an odd number of players each round's bye is the partner of a
//     player who is not there, whom those who sat out already are kept
//     from meeting.
//
// The errors are seating.Plan's: a *seating.NoTableError when too few
// are present to fill one table, and ctx's when it ends first.
func Next(ctx context.Context, cfg Config, st State) (Seating, *Plan, error) {
	if s, ok := st.Plan.seats(st.Round, st.Ranked); ok {
		return ordered(s, st.Ranked), st.Plan, nil
	}
	left := max(1, cfg.Rounds-st.Round+1)
	switch cfg.Pairing {
	case Swiss:
		s, err := swissRound(ctx, st)
		return s, nil, err
	case RoundRobin:
		plan, err := roundRobin(ctx, st, left)
		if err != nil {
			return Seating{}, nil, err
		}
		return ordered(plan.Rounds[0], st.Ranked), plan, nil
	}
	byes, err := ByesNeeded(len(st.Ranked), cfg.Sizes)
	if err != nil {
		return Seating{}, nil, err
	}
	if byes == 0 {
		plan, err := planRounds(ctx, st.Ranked, cfg.Sizes, left, st.Met, st.Seed, st.Round)
		if err != nil {
			return Seating{}, nil, err
		}
		return ordered(plan.Rounds[0], st.Ranked), plan, nil
	}
	out := ChooseByes(st.Ranked, st.Byes, byes)
	plan, err := planRounds(ctx, without(st.Ranked, out), cfg.Sizes, 1, st.Met, st.Seed, st.Round)
	if err != nil {
		return Seating{}, nil, err
	}
	s := plan.Rounds[0]
	s.Bye = out
	return ordered(s, st.Ranked), nil, nil
}

// swissRound seats a Swiss round: the bye, then the pairs.
func swissRound(ctx context.Context, st State) (Seating, error) {
	if len(st.Ranked) < 2 {
		return Seating{}, &seating.NoTableError{Players: len(st.Ranked), Smallest: 2}
	}
	out := ChooseByes(st.Ranked, st.Byes, len(st.Ranked)%2)
	rest := without(st.Ranked, out)
	met := map[[2]int64]int{}
	for _, m := range st.Met {
		met[pairKey(m[0], m[1])]++
	}
	pairs, ok := PairSwiss(ctx, rest, func(a, b int64) int { return met[pairKey(a, b)] })
	if !ok {
		if err := ctx.Err(); err != nil {
			return Seating{}, err
		}
		plan, err := planRounds(ctx, rest, []int{2}, 1, st.Met, st.Seed, st.Round)
		if err != nil {
			return Seating{}, err
		}
		s := plan.Rounds[0]
		s.Bye = out
		return ordered(s, st.Ranked), nil
	}
	s := Seating{Bye: out}
	for _, p := range pairs {
		s.Tables = append(s.Tables, []int64{p[0], p[1]})
	}
	return ordered(s, st.Ranked), nil
}

// roundRobin plans the rounds left of a round robin. With an odd number
// of players a player who is not there makes the number even; whoever
// meets that player sits out, and the players who sat out already are
// counted as having met that player, so that the search keeps their
// second bye back.
func roundRobin(ctx context.Context, st State, rounds int) (*Plan, error) {
	players := slices.Clone(st.Ranked)
	const ghost = int64(-1) // no player's id: ids are positive
	odd := len(players)%2 == 1
	met := st.Met
	if odd {
		players = append(players, ghost)
		met = slices.Clone(met)
		for p, n := range st.Byes {
			for range n {
				met = append(met, [2]int64{p, ghost})
			}
		}
	}
	plan, err := planRounds(ctx, players, []int{2}, rounds, met, st.Seed, st.Round)
	if err != nil {
		return nil, err
	}
	plan.Players = slices.Clone(st.Ranked)
	if odd {
		for r, s := range plan.Rounds {
			var tables [][]int64
			var bye []int64
			for _, t := range s.Tables {
				switch {
				case t[0] == ghost:
					bye = append(bye, t[1])
				case t[1] == ghost:
					bye = append(bye, t[0])
				default:
					tables = append(tables, t)
				}
			}
			plan.Rounds[r] = Seating{Tables: tables, Bye: bye}
		}
	}
	return plan, nil
}

// planRounds seats players at tables of the sizes for rounds rounds,
// with package seating, given the meetings so far (only those between
// the players count), from round from on.
func planRounds(ctx context.Context, players []int64, sizes []int, rounds int, met [][2]int64, seed uint64, from int) (*Plan, error) {
	if len(players) < seating.MinPlayers {
		return nil, &seating.NoTableError{Players: len(players), Smallest: slices.Min(sizes)}
	}
	index := make(map[int64]int, len(players))
	for i, p := range players {
		index[p] = i
	}
	req := seating.Request{Players: len(players), Sizes: sizes, Rounds: rounds, Seed: seed + uint64(from)}
	for _, m := range met {
		a, okA := index[m[0]]
		b, okB := index[m[1]]
		if okA && okB && a != b {
			req.Met = append(req.Met, [2]int{a, b})
		}
	}
	schedule, err := seating.Plan(ctx, req)
	if err != nil {
		return nil, err
	}
	plan := &Plan{From: from, Players: slices.Clone(players)}
	for _, round := range schedule.Rounds {
		var s Seating
		for _, t := range round.Tables {
			table := make([]int64, len(t))
			for i, k := range t {
				table[i] = players[k]
			}
			s.Tables = append(s.Tables, table)
		}
		for _, k := range round.Bye {
			s.Bye = append(s.Bye, players[k])
		}
		plan.Rounds = append(plan.Rounds, s)
	}
	return plan, nil
}

// ordered is s with each table's players best-ranked first and the
// tables in the order of their best-ranked players, so that table 1
// seats the leader.
func ordered(s Seating, ranked []int64) Seating {
	pos := make(map[int64]int, len(ranked))
	for i, p := range ranked {
		pos[p] = i
	}
	byRank := func(a, b int64) int { return cmp.Compare(pos[a], pos[b]) }
	out := Seating{Bye: slices.Clone(s.Bye)}
	for _, t := range s.Tables {
		t = slices.Clone(t)
		slices.SortFunc(t, byRank)
		out.Tables = append(out.Tables, t)
	}
	slices.SortFunc(out.Tables, func(a, b []int64) int { return byRank(a[0], b[0]) })
	slices.SortFunc(out.Bye, byRank)
	return out
}

// without is players less those in out, in order.
func without(players, out []int64) []int64 {
	rest := make([]int64, 0, len(players))
	for _, p := range players {
		if !slices.Contains(out, p) {
			rest = append(rest, p)
		}
	}
	return rest
}

// pairKey is a pair of players in a fixed order, for counting meetings.
func pairKey(a, b int64) [2]int64 {
	if a > b {
		a, b = b, a
	}
	return [2]int64{a, b}
}

// Meetings lists the meetings of the event's tables so far, once for
// each table two players shared, for State.Met.
func Meetings(tables []Table) [][2]int64 {
	var out [][2]int64
	for _, t := range tables {
		for i, p := range t.Players {
			for _, q := range t.Players[i+1:] {
				out = append(out, pairKey(p, q))
			}
		}
	}
	return out
}
