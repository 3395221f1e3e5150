package event

import (
	"cmp"
	"math/big"
	"math/rand/v2"
	"slices"
)

// Table is one table of the event as the standings read it: who sat
// where, and once its game is over, the game's result.
type Table struct {
	Round   int
	Players []int64 // by seat
	// Finished says the game is over: Places and Totals are its result.
	Finished bool
	// Counts is false for a table the organiser marked as not counting.
	Counts bool
	Places []int // by seat: 1 for every winner, equal places shared (1, 2, 2, 4)
	Totals []int // by seat: the final totals, bonuses included
}

// counted reports whether the table's result goes into the standings.
func (t Table) counted() bool {
	return t.Finished && t.Counts && len(t.Places) == len(t.Players) && len(t.Totals) == len(t.Players)
}

// Bye is a player sitting out a round.
type Bye struct {
	Round  int
	Player int64
}

// Row is one player's line in the standings.
type Row struct {
	Player int64
	// Rank is 1 for the leader; players level on every tie-break share
	// a rank, and the ranks after them are skipped (1, 2, 2, 4).
	Rank       int
	Points     *big.Rat // event points, byes included
	Played     int      // tables counted
	Wins       int      // tables counted with the player first (alone or shared)
	GamePoints int      // the games' final totals at the tables counted
	Byes       int
}

// PlaceShares are the event points of each seat of a finished table
// scored by place: a seat's place's points, or, for players sharing a
// place, the points of the places they fill, shared equally (P4: a
// shared win is shared). Places beyond the list are worth 0.
func PlaceShares(points []int, places []int) []*big.Rat {
	out := make([]*big.Rat, len(places))
	for i, p := range places {
		sharing := 0
		for _, q := range places {
			if q == p {
				sharing++
			}
		}
		sum := 0
		for k := range sharing {
			if at := p - 1 + k; at >= 0 && at < len(points) {
				sum += points[at]
			}
		}
		out[i] = big.NewRat(int64(sum), int64(sharing))
	}
	return out
}

// Standings ranks the event's players (every one who took part, those
// who dropped out too) from the tables and byes so far, as cfg says. A
// table still playing, or one that does not count, adds nothing. The
// rows are in rank order, players sharing a rank by id.
func Standings(players []int64, tables []Table, byes []Bye, cfg Config) []Row {
	rows := make([]Row, 0, len(players))
	index := map[int64]int{}
	rowOf := func(p int64) *Row {
		i, ok := index[p]
		if !ok {
			i = len(rows)
			index[p] = i
			rows = append(rows, Row{Player: p, Points: new(big.Rat)})
		}
		return &rows[i]
	}
	for _, p := range players {
		rowOf(p)
	}
	for _, t := range tables {
		if !t.counted() {
			continue
		}
		var shares []*big.Rat
		if cfg.Scoring == ByPlace {
			shares = PlaceShares(cfg.PlacePoints, t.Places)
		}
		for seat, p := range t.Players {
			r := rowOf(p)
			r.Played++
			if t.Places[seat] == 1 {
				r.Wins++
			}
			r.GamePoints += t.Totals[seat]
			if shares != nil {
				r.Points.Add(r.Points, shares[seat])
			} else {
				r.Points.Add(r.Points, big.NewRat(int64(t.Totals[seat]), 1))
			}
		}
	}
	for _, b := range byes {
		rowOf(b.Player).Byes++
	}
	for i := range rows {
		r := &rows[i]
		switch {
		case r.Byes == 0:
		case cfg.Bye == ByeFixed:
			r.Points.Add(r.Points, big.NewRat(int64(cfg.ByePoints*r.Byes), 1))
		case r.Played > 0: // ByeAverage: the player's own average for each bye
			avg := new(big.Rat).Mul(r.Points, big.NewRat(int64(r.Byes), int64(r.Played)))
			r.Points.Add(r.Points, avg)
		}
	}
	rank(rows, tables, cfg.TieBreaks)
	return rows
}

// rank sorts rows by the criteria, each deciding between the players the
// earlier ones left level, and gives each row its rank.
func rank(rows []Row, tables []Table, criteria []Criterion) {
	slices.SortFunc(rows, func(a, b Row) int { return cmp.Compare(a.Player, b.Player) })
	groups := [][]Row{rows}
	for _, c := range criteria {
		var next [][]Row
		for _, g := range groups {
			if len(g) == 1 {
				next = append(next, g)
				continue
			}
			keys := keysOf(c, g, tables)
			order := make([]int, len(g))
			for i := range order {
				order[i] = i
			}
			slices.SortStableFunc(order, func(a, b int) int { return keys[b].Cmp(keys[a]) }) // best first
			sorted := make([]Row, len(g))
			for i, k := range order {
				sorted[i] = g[k]
			}
			copy(g, sorted)
			start := 0
			for i := 1; i <= len(g); i++ {
				if i == len(g) || keys[order[i]].Cmp(keys[order[start]]) != 0 {
					next = append(next, g[start:i])
					start = i
				}
			}
		}
		groups = next
	}
	at := 1
	for _, g := range groups {
		for i := range g {
			g[i].Rank = at
		}
		at += len(g)
	}
}

// keysOf is each row's value of criterion c, higher is better; for
// HeadToHead, among the rows of group only.
func keysOf(c Criterion, group []Row, tables []Table) []*big.Rat {
	keys := make([]*big.Rat, len(group))
	var h2h map[int64]int
	if c == HeadToHead {
		h2h = headToHead(group, tables)
	}
	for i, r := range group {
		switch c {
		case ByPoints:
			keys[i] = r.Points
		case ByWins:
			keys[i] = big.NewRat(int64(r.Wins), 1)
		case HeadToHead:
			keys[i] = big.NewRat(int64(h2h[r.Player]), 2)
		case ByGameTotals:
			keys[i] = big.NewRat(int64(r.GamePoints), 1)
		case FewestByes:
			keys[i] = big.NewRat(-int64(r.Byes), 1)
		default:
			keys[i] = new(big.Rat)
		}
	}
	return keys
}

// headToHead scores the players of a group against each other, in
// halves, at the counted tables they shared: for each other player of
// the group at the table, 2 for a better place, 1 for the same.
func headToHead(group []Row, tables []Table) map[int64]int {
	in := make(map[int64]bool, len(group))
	for _, r := range group {
		in[r.Player] = true
	}
	score := map[int64]int{}
	for _, t := range tables {
		if !t.counted() {
			continue
		}
		for i, p := range t.Players {
			if !in[p] {
				continue
			}
			for j, q := range t.Players {
				if j == i || !in[q] {
					continue
				}
				switch {
				case t.Places[i] < t.Places[j]:
					score[p] += 2
				case t.Places[i] == t.Places[j]:
					score[p]++
				}
			}
		}
	}
	return score
}

// Ranked is the players of rows best first, as a seating that goes by
// the standings wants them: players sharing a rank in an order the seed
// draws, so that no one is always first among equals.
func Ranked(rows []Row, seed uint64) []int64 {
	rng := rand.New(rand.NewPCG(seed, pcgStream))
	out := make([]int64, 0, len(rows))
	for start := 0; start < len(rows); {
		end := start + 1
		for end < len(rows) && rows[end].Rank == rows[start].Rank {
			end++
		}
		level := make([]int64, 0, end-start)
		for _, r := range rows[start:end] {
			level = append(level, r.Player)
		}
		rng.Shuffle(len(level), func(i, j int) { level[i], level[j] = level[j], level[i] })
		out = append(out, level...)
		start = end
	}
	return out
}

// pcgStream is the second half of the draws' generator state; the seed
// is the first.
const pcgStream = 0x6576656e74 // "event"

// FormatPoints prints event points: whole numbers as they are, others
// to two decimals ("2.33").
func FormatPoints(p *big.Rat) string {
	if p == nil {
		return "0"
	}
	if p.IsInt() {
		return p.Num().String()
	}
	return p.FloatString(2)
}
