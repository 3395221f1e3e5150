package standings

import (
	"cmp"
	"slices"
	"strings"
)

// Column is a column a table can be sorted by.
type Column string

// The columns of a table, as they appear in URLs (?sort=wins).
const (
	ByName     Column = "name"
	ByPlayed   Column = "played"
	ByWins     Column = "wins"
	ByWinRate  Column = "winrate"
	ByAvgPlace Column = "place"
	ByScored   Column = "scored"
	ByConceded Column = "conceded"
	ByStreak   Column = "streak"
	ByRating   Column = "rating"
)

// Columns lists every column, in the order a table shows them.
var Columns = []Column{ByName, ByPlayed, ByWins, ByWinRate, ByAvgPlace, ByScored, ByConceded, ByStreak, ByRating}

// ParseColumn reads a column from a URL; anything else is ByRating.
func ParseColumn(s string) Column {
	for _, c := range Columns {
		if string(c) == s {
			return c
		}
	}
	return ByRating
}

// BestFirst reports the direction in which the column reads best first:
// most wins first, but lowest average place and fewest points conceded
// first, and names from A.
func (c Column) BestFirst() (descending bool) {
	switch c {
	case ByName, ByAvgPlace, ByConceded:
		return false
	}
	return true
}

// Sort orders rows by the column, descending or not. Ties are broken by
// rating (the ordinal, mu - 3 sigma), then by name, so the order is the
// same on every request. Players without games go last whatever the
// direction, because their averages are not numbers.
func Sort(rows []Row, by Column, descending bool, name func(player int64) string) {
	slices.SortStableFunc(rows, func(a, b Row) int {
		if (a.Played == 0) != (b.Played == 0) {
			if a.Played == 0 {
				return 1
			}
			return -1
		}
		c := compareBy(a, b, by, name)
		if descending {
			c = -c
		}
		if c != 0 {
			return c
		}
		if c := cmp.Compare(b.Rating.Ordinal(), a.Rating.Ordinal()); c != 0 {
			return c
		}
		return strings.Compare(strings.ToLower(name(a.Player)), strings.ToLower(name(b.Player)))
	})
}

func compareBy(a, b Row, by Column, name func(int64) string) int {
	switch by {
	case ByName:
		return strings.Compare(strings.ToLower(name(a.Player)), strings.ToLower(name(b.Player)))
	case ByPlayed:
		return cmp.Compare(a.Played, b.Played)
	case ByWins:
		return cmp.Compare(a.Wins, b.Wins)
	case ByWinRate:
		return cmp.Compare(a.WinRate(), b.WinRate())
	case ByAvgPlace:
		return cmp.Compare(a.AvgPlace(), b.AvgPlace())
	case ByScored:
		return cmp.Compare(a.Scored, b.Scored)
	case ByConceded:
		return cmp.Compare(a.Conceded, b.Conceded)
	case ByStreak:
		return cmp.Compare(a.Streak, b.Streak)
	}
	return cmp.Compare(a.Rating.Ordinal(), b.Rating.Ordinal())
}
