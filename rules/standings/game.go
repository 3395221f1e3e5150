package standings

import (
	"cmp"
	"slices"
	"time"
)

// Game is one finished game as standings need it.
type Game struct {
	Key      string // how pages link the game (its read-only link id)
	Rules    string // "fan"
	Started  time.Time
	Finished time.Time
	Winner   int // the winning seat
	Seats    []Seat
}

// Seat is one player's place at a game, in seat order.
type Seat struct {
	Player int64
	Total  int // the final total, bonuses included
	// Place is the finishing place the game's rules gave the seat (1 for
	// every winner, so a shared win is several firsts), or 0 when not
	// known: Places then works it out from Winner and the totals.
	Place int
}

// Equal reports whether g and h are the same game with the same result,
// as standings count it.
func (g Game) Equal(h Game) bool {
	return g.Key == h.Key && g.Rules == h.Rules && g.Winner == h.Winner &&
		g.Started.Equal(h.Started) && g.Finished.Equal(h.Finished) && slices.Equal(g.Seats, h.Seats)
}

// Places returns each seat's finishing place: as the game's rules gave
// them when known (Seat.Place), else 1 for the winner, then the others by
// final total, highest first, with equal totals sharing a place and the
// places after them skipped (1, 2, 2, 4).
func Places(g Game) []int {
	places := make([]int, len(g.Seats))
	placesTo(places, g)
	return places
}

// placesTo is Places writing into places (one per seat).
func placesTo(places []int, g Game) {
	if known(g) {
		for i, s := range g.Seats {
			places[i] = s.Place
		}
		return
	}
	for i, s := range g.Seats {
		if i == g.Winner {
			places[i] = 1
			continue
		}
		places[i] = 2
		for j, o := range g.Seats {
			if j != i && j != g.Winner && o.Total > s.Total {
				places[i]++
			}
		}
	}
}

// ByFinish orders games as they finished (then as they started, then by
// key), the order ratings are updated in. Games already in that order are
// returned as they are, not copied.
func ByFinish(games []Game) []Game {
	if slices.IsSortedFunc(games, compareFinish) {
		return games
	}
	sorted := slices.Clone(games)
	slices.SortStableFunc(sorted, compareFinish)
	return sorted
}

// MergeByFinish merges two lists of games each in finishing order
// (ByFinish) into one, as ByFinish would order them together, given
// that no two games share a key.
func MergeByFinish(a, b []Game) []Game {
	out := make([]Game, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if compareFinish(b[0], a[0]) < 0 {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}

// FinishedAfter reports whether a comes after b in finishing order
// (ByFinish).
func FinishedAfter(a, b Game) bool { return compareFinish(a, b) > 0 }

func compareFinish(a, b Game) int {
	if c := a.Finished.Compare(b.Finished); c != 0 {
		return c
	}
	if c := a.Started.Compare(b.Started); c != 0 {
		return c
	}
	return cmp.Compare(a.Key, b.Key)
}

// known reports whether the game's rules gave every seat its place.
func known(g Game) bool {
	for _, s := range g.Seats {
		if s.Place <= 0 {
			return false
		}
	}
	return len(g.Seats) > 0
}
