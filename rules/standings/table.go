package standings

import (
	"maps"
	"slices"
	"time"

	"meldpad/rules/rating"
)

// Row is one player's line in a table.
type Row struct {
	Player   int64
	Played   int
	Wins     int
	PlaceSum int // sum of places: AvgPlace is PlaceSum/Played
	Scored   int
	Conceded int
	// Streak is the current run: +3 is three wins in a row, -2 two games
	// in a row without a win, 0 before the first game.
	Streak int
	Rating rating.Rating
	Last   time.Time // when the player's last game in the table finished
}

// WinRate is the share of games won, from 0 to 1; 0 without games.
func (r Row) WinRate() float64 {
	if r.Played == 0 {
		return 0
	}
	return float64(r.Wins) / float64(r.Played)
}

// AvgPlace is the average finishing place; 0 without games.
func (r Row) AvgPlace() float64 {
	if r.Played == 0 {
		return 0
	}
	return float64(r.PlaceSum) / float64(r.Played)
}

// Table is the standings of one scope: the games in the order they
// finished, every player's row, and the ratings after each game.
type Table struct {
	Games  []Game
	Places [][]int // Places[i][seat]: places in Games[i]
	// After[i][seat] is the rating of the player in that seat of Games[i]
	// just after that game.
	After  [][]rating.Rating
	Rows   []Row // in no particular order; see Sort
	Points Points
	index  map[int64]int // player -> Rows index
	// The Tails of Games', Places' and After's arrays (Reserve), which
	// the table Extend makes from this one may share.
	gamesTail, placesTail, afterTail *Tail
}

// Compute works out the table of the given games, which must all be
// finished. Players in include who played none of them get a row of
// zeros, so a new member shows in the table. points is what the table
// shows of points (PointsFor).
func Compute(games []Game, include []int64, points Points) Table {
	t := Table{Games: ByFinish(games), Points: points, index: map[int64]int{}}
	t.Places, t.After = make([][]int, 0, len(t.Games)), make([][]rating.Rating, 0, len(t.Games))
	for _, p := range include {
		t.rowOf(p)
	}
	t.add(t.Games)
	return t
}

// Extend returns the table of t's games followed by more, which must all
// have finished after t's last game (ByFinish(t.Games + more) is t.Games
// then ByFinish(more)); it is the table Compute would give for all of them,
// at the cost of the new games only. It reports false, and returns t, when
// a game of more finished before t's last: ratings then change from that
// game on, and only Compute gives them. t itself is left as it was: a
// table is shared by every request that reads it.
func Extend(t Table, more []Game) (Table, bool) {
	more = ByFinish(more)
	if len(more) > 0 && len(t.Games) > 0 && compareFinish(more[0], t.Games[len(t.Games)-1]) < 0 {
		return t, false
	}
	// The game lists grow in the arrays t's share when no other table
	// grew from t (Reserve): t reads only its own length of them.
	n := Table{Rows: slices.Clone(t.Rows), Points: t.Points, index: maps.Clone(t.index)}
	n.Games, n.gamesTail = Reserve(t.Games, t.gamesTail, len(more))
	n.Games = append(n.Games, more...)
	n.Places, n.placesTail = Reserve(t.Places, t.placesTail, len(more))
	n.After, n.afterTail = Reserve(t.After, t.afterTail, len(more))
	if n.index == nil {
		n.index = map[int64]int{}
	}
	n.add(more)
	return n, true
}

// rowOf returns the index of the player's row, adding a row the first
// time (so pointers into t.Rows would not survive it).
func (t *Table) rowOf(player int64) int {
	i, ok := t.index[player]
	if !ok {
		i = len(t.Rows)
		t.index[player] = i
		t.Rows = append(t.Rows, Row{Player: player, Rating: rating.New()})
	}
	return i
}

// add counts games, the last of t.Games, in finishing order: every row
// and rating, and the games' places and ratings after them.
func (t *Table) add(games []Game) {
	// One array each for every game's places and ratings: a table of 5,000
	// games is a handful of allocations, not 10,000.
	seats := 0
	for _, g := range games {
		seats += len(g.Seats)
	}
	allPlaces, allAfter := make([]int, seats), make([]rating.Rating, seats)
	var before []rating.Rating
	var rows []int
	for _, g := range games {
		n := len(g.Seats)
		places, after := allPlaces[:n:n], allAfter[:n:n]
		allPlaces, allAfter = allPlaces[n:], allAfter[n:]
		placesTo(places, g)
		sum := 0
		for _, s := range g.Seats {
			sum += s.Total
		}
		before, rows = before[:0], rows[:0]
		for _, s := range g.Seats {
			rows = append(rows, t.rowOf(s.Player))
		}
		for seat, s := range g.Seats {
			r := &t.Rows[rows[seat]]
			r.Played++
			r.PlaceSum += places[seat]
			if places[seat] == 1 {
				r.Wins++
				r.Streak = max(r.Streak, 0) + 1
			} else {
				r.Streak = min(r.Streak, 0) - 1
			}
			r.Scored += s.Total
			r.Conceded += sum - s.Total
			r.Last = g.Finished
			before = append(before, r.Rating)
		}
		rating.RatePlayersTo(after, before, places)
		for seat, r := range rows {
			t.Rows[r].Rating = after[seat]
		}
		t.Places = append(t.Places, places)
		t.After = append(t.After, after)
	}
}

// Equal reports whether t and u are the same standings: the same games
// in the same order, places, ratings after each game, and rows.
func (t Table) Equal(u Table) bool {
	return t.Points == u.Points && slices.EqualFunc(t.Games, u.Games, Game.Equal) &&
		slices.EqualFunc(t.Places, u.Places, slices.Equal) && slices.EqualFunc(t.After, u.After, slices.Equal) &&
		slices.Equal(t.Rows, u.Rows) && maps.Equal(t.index, u.index)
}

// Row returns the player's row, and false if the player is not in the
// table.
func (t Table) Row(player int64) (Row, bool) {
	i, ok := t.index[player]
	if !ok {
		return Row{}, false
	}
	return t.Rows[i], true
}
